"""sklearn `classification_report` tables (readers/sklearn.py). The texts are laid out with the
format strings of scikit-learn sklearn/metrics/_classification.py (`head_fmt`, `row_fmt`,
`row_fmt_accuracy`; `avg / total` before 0.20)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

CURRENT = """
              precision    recall  f1-score   support

     class 0       0.50      1.00      0.67         1
     class 1       0.00      0.00      0.00         1
     class 2       1.00      0.67      0.80         3

    accuracy                           0.60         5
   macro avg       0.50      0.56      0.49         5
weighted avg       0.70      0.60      0.61         5
"""


def _values(text: str) -> dict[str, float]:
    return {m.name: m.value for m in extract_metrics(text)}


def test_current_layout_names_rows_by_class_and_average() -> None:
    # Given a >= 0.20 report whose class names contain spaces
    # When it is read
    values = _values(CURRENT)
    # Then each class row and each summary row is named by its heading, support is dropped
    assert values["class 0/precision"] == 0.5
    assert values["class 2/f1-score"] == 0.8
    assert values["accuracy"] == 0.6
    assert values["macro avg/recall"] == 0.56
    assert values["weighted avg/f1-score"] == 0.61
    assert not any("support" in name for name in values)
    assert 5 not in values.values()


def test_averages_are_told_apart_in_claims() -> None:
    # Given the same report
    metrics = extract_metrics(CURRENT)
    # When macro and weighted F1 are claimed, then each is confirmed only by its own row
    assert check_claimed_metric(metrics, "Macro F1", 0.49).ok
    assert check_claimed_metric(metrics, "Weighted F1", 0.61).ok
    assert not check_claimed_metric(metrics, "Macro F1", 0.61).ok
    assert not check_claimed_metric(metrics, "Accuracy", 5).ok


def test_old_avg_total_row_is_the_weighted_average() -> None:
    # Given a report printed by scikit-learn < 0.20 (`avg / total`, one blank line after the
    # header) with a two-digit digits setting
    text = (
        "             precision    recall  f1-score   support\n\n"
        "          0       0.82      0.78      0.80        23\n"
        "          1       0.38      0.43      0.40         7\n\n"
        "avg / total       0.71      0.70      0.71        30\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    values = {m.name: m.value for m in metrics}
    # Then the summary row is the weighted average, with its printed line as evidence
    assert values["weighted avg/recall"] == 0.7
    evidence = next(m.evidence for m in metrics if m.name == "weighted avg/recall")
    assert evidence.startswith("avg / total")
    assert check_claimed_metric(metrics, "Weighted F1", 0.71).ok


def test_report_ends_at_the_first_line_that_is_not_a_row() -> None:
    # Given a report followed by the user's own prints
    text = CURRENT + "Accuracy: 0.9867\nF1-score (macro): 0.8847\n"
    # When it is read
    values = _values(text)
    # Then the prints are read by the generic reader, not as report rows, the averaging in
    # parentheses kept as a word of the name
    assert values["Accuracy"] == 0.9867
    assert values["F1-score macro"] == 0.8847
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Macro F1", 0.8847).ok
    assert not check_claimed_metric(metrics, "Micro F1", 0.8847).ok


def test_multilabel_samples_and_micro_rows() -> None:
    # Given a multilabel report (micro avg replaces accuracy, samples avg is added) with a
    # timestamped logging prefix on the header line only, digits=4
    text = (
        "2024-01-01 10:00:00 INFO               precision    recall  f1-score   support\n\n"
        "       toxic     0.9000    0.8000    0.8471        10\n\n"
        "   micro avg     0.9000    0.8000    0.8471        10\n"
        " samples avg     0.4500    0.4000    0.4235        10\n"
    )
    # When it is read
    values = _values(text)
    # Then the micro and samples averages are their own rows
    assert values["micro avg/f1-score"] == 0.8471
    assert values["samples avg/precision"] == 0.45
    assert values["toxic/recall"] == 0.8
