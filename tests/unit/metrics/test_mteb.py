"""MTEB results (readers/json_results.py for TaskResult JSON, readers/model_index.py for the
model-card YAML that mteb/create_meta.py writes: `name: MTEB <Task> (<subset>)`, `- type:` /
`value:` metric items)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

RESULT = """{
  "dataset_revision": "ec0fa4fe99da2ff19ca1214b7966684033a58814",
  "evaluation_time": 32.5,
  "kg_co2_emissions": null,
  "mteb_version": "1.12.0",
  "scores": {
    "test": [
      {
        "hf_subset": "default",
        "languages": ["eng-Latn"],
        "main_score": 0.64508,
        "ndcg_at_10": 0.64508,
        "ndcg_at_100": 0.67521
      }
    ]
  },
  "task_name": "SciFact"
}
"""


def test_result_file_names_metrics_by_task_even_when_the_name_comes_last() -> None:
    # Given a result file written with sorted keys (task_name after the scores)
    metrics = extract_metrics(RESULT)
    values = {m.name: m.value for m in metrics}
    # When it is read, then each metric is named task/split/metric; the time is not a metric
    assert values == {
        "SciFact/test/main_score": 0.64508,
        "SciFact/test/ndcg_at_10": 0.64508,
        "SciFact/test/ndcg_at_100": 0.67521,
    }
    assert check_claimed_metric(metrics, "NDCG@10", 64.51, "SciFact").ok
    assert not check_claimed_metric(metrics, "NDCG@10", 32.5, "SciFact").ok


def test_language_subsets_are_part_of_the_name() -> None:
    # Given a multilingual task with two hf_subsets and the task name first
    text = (
        '{\n  "task_name": "AmazonReviewsClassification",\n  "scores": {\n    "test": [\n'
        '      {\n        "hf_subset": "en",\n        "accuracy": 0.4812\n      },\n'
        '      {\n        "hf_subset": "de",\n        "accuracy": 0.4411\n      }\n'
        "    ]\n  }\n}\n"
    )
    # When it is read
    values = {m.name: m.value for m in extract_metrics(text)}
    # Then the subsets tell the values apart
    assert values == {
        "AmazonReviewsClassification/test/en/accuracy": 0.4812,
        "AmazonReviewsClassification/test/de/accuracy": 0.4411,
    }


def test_model_index_yaml_names_metrics_by_dataset() -> None:
    # Given a model card's model-index with two subsets of one task
    text = """model-index:
- name: my-model
  results:
  - dataset:
      config: en
      name: MTEB AmazonCounterfactualClassification (en)
      split: test
      type: mteb/amazon_counterfactual
    metrics:
    - type: accuracy
      value: 71.6716
    task:
      type: Classification
  - dataset:
      config: de
      name: MTEB AmazonCounterfactualClassification (de)
      split: test
      type: mteb/amazon_counterfactual
    metrics:
    - type: accuracy
      value: 68.1
    task:
      type: Classification
"""
    # When it is read
    metrics = extract_metrics(text)
    # Then each value carries its task and subset, and a claim is held to its subset
    names = {m.name for m in metrics}
    assert names == {
        "MTEB/AmazonCounterfactualClassification (en)/accuracy",
        "MTEB/AmazonCounterfactualClassification (de)/accuracy",
    }
    claim_en = "AmazonCounterfactualClassification (en)"
    assert check_claimed_metric(metrics, "Accuracy", 71.6716, claim_en).ok
    assert not check_claimed_metric(metrics, "Accuracy", 68.1, claim_en).ok
