"""MTEB results in model-card model-index YAML, built from mteb's model card metadata (`- dataset:
{name: MTEB <task> (<subset>), split: test, ...}` then `metrics: [- type: ..., value: ...]`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

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
