"""spaCy output, built from spacy/training/loggers.py console_logger (["E", "#"] + "LOSS <pipe>"
+ score columns + "SCORE", rows of "{0:.2f}"), the package README accuracy table (| Type | Score
|) and the model-index YAML of spaCy model cards."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_console_table_rows_are_running_dev_scores() -> None:
    text = """\
ℹ Training. Initial learn rate: 0.001
E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE
---  ------  ------------  --------  ------  ------  ------  ------
  0       0          0.00     49.24    0.00    0.00    0.00    0.00
  5     800        102.73    853.66   84.21   85.03   83.41    0.84
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Validation NER F1", 84.21).ok
    assert not check_claimed_metric(metrics, "Test NER F1", 84.21).ok
    assert not check_claimed_metric(metrics, "NER F1", 0.0).ok  # superseded first row
    assert not check_claimed_metric(metrics, "Learning rate", 0.001).ok


def test_package_table_and_per_type_dicts() -> None:
    text = """\
| Type | Score |
| --- | --- |
| `ENTS_F` | 86.74 |
| `NER_LOSS` | 35115.85 |

{'p': 96.875, 'r': 86.11111111111111, 'f': 91.1764705882353} - for "ORG"
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "NER F1", 86.74).ok
    assert not check_claimed_metric(metrics, "NER F1", 91.18).ok  # one entity type


def test_model_card_index() -> None:
    text = """\
model-index:
- name: en_pipeline
  results:
  - task:
      name: NER
      type: token-classification
    metrics:
    - name: NER Precision
      type: precision
      value: 0.898708838
    - name: NER F Score
      type: f_score
      value: 0.8990237797
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "NER F1", 89.9).ok
    assert not check_claimed_metric(metrics, "NER F1", 89.87).ok
