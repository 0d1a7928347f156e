"""scikit-learn classification_report, built from sklearn/metrics/_classification.py (headers
precision/recall/f1-score/support, row_fmt with 2 digits, the accuracy row, 'macro avg' and
'weighted avg'; before 0.20 a single 'avg / total' row)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms

REPORT = """\
              precision    recall  f1-score   support

           0       0.91      0.95      0.93       120
           1       0.80      0.70      0.75        40

    accuracy                           0.89       160
   macro avg       0.86      0.83      0.84       160
weighted avg       0.88      0.89      0.88       160
"""


def test_average_rows_are_qualified_metrics_and_classes_are_scopes() -> None:
    metrics = {m.name: m.value for m in extract_metrics(REPORT)}
    assert {k: v for k, v in metrics.items() if not k[0].isdigit()} == {
        "accuracy": 0.89,
        "macro avg/precision": 0.86,
        "macro avg/recall": 0.83,
        "macro avg/f1-score": 0.84,
        "weighted avg/precision": 0.88,
        "weighted avg/recall": 0.89,
        "weighted avg/f1-score": 0.88,
    }


def test_claims_by_averaging() -> None:
    metrics = extract_metrics(REPORT)
    assert check_claimed_metric(metrics, "Macro F1", 84).ok
    assert not check_claimed_metric(metrics, "Macro F1", 0.88).ok  # the weighted F1
    assert not check_claimed_metric(metrics, "F1", 0.93).ok  # class 0 only
    assert check_claimed_metric(metrics, "F1 (class 0)", 0.93).ok
    assert not check_claimed_metric(metrics, "Accuracy", 160).ok  # the support


def test_pre_020_avg_total_row_is_weighted() -> None:
    text = """\
             precision    recall  f1-score   support

        ant       0.00      0.00      0.00         1
       bird       1.00      0.67      0.80         3

avg / total       0.70      0.60      0.61         5
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Weighted F1", 0.61).ok
    assert not check_claimed_metric(metrics, "Macro F1", 0.61).ok


def test_sperts_per_type_report_with_micro_and_macro_rows() -> None:
    text = (
        "--- Entities (named entity recognition (NER)) ---\n"
        "                type    precision       recall     f1-score      support\n"
        "                 Loc        81.20        77.45        79.28          427\n"
        "                 Org        **70.11**        62.30        65.97          198\n"
        "\n"
        "               micro        77.89        72.61        75.16          625\n"
        "               macro        75.66        69.88        72.63          625\n"
    )
    assert confirms(text, "Micro F1", 75.16)
    assert confirms(text, "Macro F1", 0.7263)
    assert not confirms(text, "Micro F1", 72.63)
    assert not confirms(text, "Micro Precision", 70.11)
    assert not confirms(text, "Micro F1", 625)
