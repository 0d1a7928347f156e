"""MTEB results in model-card model-index YAML, built from mteb's model card metadata (`- dataset:
{name: MTEB <task> (<subset>), split: test, ...}` then `metrics: [- type: ..., value: ...]`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms

CARD = """\
model-index:
- name: my-embedder
  results:
  - dataset:
      config: en-ext
      name: MTEB AmazonCounterfactualClassification (en-ext)
      split: test
      type: mteb/amazon_counterfactual
    metrics:
    - type: accuracy
      value: 72.7136
    - type: f1
      value: 60.4454
    - type: f1_weighted
      value: 77.8541
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
"""


def test_subsets_stay_apart() -> None:
    metrics = extract_metrics(CARD)
    claim = "AmazonCounterfactualClassification (en)"
    assert check_claimed_metric(metrics, "Accuracy", 71.6716, dataset=claim).ok
    assert not check_claimed_metric(metrics, "Accuracy", 72.7136, dataset=claim).ok


def test_weighted_f1_beside_f1_is_not_read() -> None:
    names = {m.name for m in extract_metrics(CARD)}
    assert "MTEB/AmazonCounterfactualClassification (en-ext)/f1" in names
    assert not any(name.endswith("f1_weighted") for name in names)


def test_the_evaluation_line_names_the_task_and_split_of_the_next_scores_dict() -> None:
    # MTEB 1.x: logger.info(f"Evaluation for {task} on {split} took ...") then the scores
    log = (
        "INFO:mteb.evaluation.MTEB:Evaluation for SICK-R on test took 12.40 seconds\n"
        "INFO:mteb.evaluation.MTEB:Scores: {'cos_sim': {'pearson': 0.8011, 'spearman': 0.7623}}\n"
        "Running task:  BIOSSES\n"
    )
    assert confirms(log, "Cosine Spearman", 76.23, dataset="SICK-R")
    assert confirms(log, "Test Spearman", 0.7623)
    assert not confirms(log, "Spearman", 0.7623, dataset="BIOSSES")


def test_a_result_file_pasted_in_an_inline_code_quote_is_still_named_by_its_task() -> None:
    log = (
        "`{\n"
        '  "mteb_version": "1.4",\n'
        '  "scores": {\n'
        '    "test": [\n'
        "      {\n"
        '        "cosine_spearman": 0.6112,\n'
        '        "main_score": 0.6112\n'
        "      }\n"
        "    ]\n"
        "  },\n"
        '  "task_name": "BIOSSES"\n'
        "}\n"
        "`\n"
    )
    assert confirms(log, "Spearman", 0.6112, dataset="BIOSSES")
    assert not confirms(log, "Spearman", 0.6112, dataset="SICK-R")
