"""Names and values paired by slashes (readers/slashed.py)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_slash_paired_names_take_their_values_in_order() -> None:
    # Given one line per data set, two methods, two metrics paired by slashes
    log = (
        "- TREC-COVID: SPLADE Recall@100 / nDCG@10 = 0.4211 / 0.7020; ColBERT = 0.4630 / 0.7380.\n"
    )
    # Then the n-th name is the n-th value's, and the second clause is the other method's
    assert found(log) == {
        "TREC-COVID/SPLADE Recall@100": 0.4211,
        "TREC-COVID/SPLADE nDCG@10": 0.702,
        "TREC-COVID/ColBERT Recall@100": 0.463,
        "TREC-COVID/ColBERT nDCG@10": 0.738,
    }
    assert confirms(log, "NDCG@10", 0.702, "TREC-COVID")
    assert not confirms(log, "NDCG@10", 0.4211, "TREC-COVID")
    assert not confirms(log, "nDCG@10", 0.4211)


def test_slash_pairs_need_as_many_values_as_names() -> None:
    assert not confirms("P / R / F1 = 0.81 / 0.77\n", "F1", 0.77)
    assert confirms("P / R / F1 = 0.81 / 0.77 / 0.79\n", "F1", 0.79)


def test_slashed_names_then_values_without_a_separator_and_class_rows() -> None:
    # hszhao/semseg's test.py: 'Eval result: mIoU/mAcc/allAcc {:.4f}/{:.4f}/{:.4f}.'
    text = (
        "[2019-09-20 22:33:20,678 INFO test.py line 249 24510] Eval result: "
        "mIoU/mAcc/allAcc 0.0039/0.0165/0.0077.\n"
        "[2019-09-20 22:33:20,678 INFO test.py line 251 24510] Class_2 result: "
        "iou/accuracy 0.0149/0.1796, name: building.\n"
    )
    assert confirms(text, "mIoU", 0.39) and confirms(text, "Pixel Accuracy", 0.0077)
    assert not confirms(text, "mIoU", 0.0149)  # one class's IoU


def test_comma_paired_names_and_values() -> None:
    text = "Test model; Metrics mAP0.25, mAP0.50: 23.42, 5.02\nAR0.25, AR0.50: 61.67, 16.26\n"
    assert confirms(text, "mAP@0.25", 23.42) and confirms(text, "mAP@0.5", 5.02)
    assert confirms(text, "AR@0.25", 61.67) and not confirms(text, "mAP@0.25", 5.02)


def test_comma_paired_names_with_values_separated_by_spaces() -> None:
    text = "Valid Loss, AUC: 0.533157 0.669853\nValid Q AUC: 0.5377058630577555\n"
    assert confirms(text, "Validation AUC", 0.6699) and confirms(text, "Validation Loss", 0.533157)
    assert confirms(text, "AUC", 66.99)
    assert not confirms(text, "Validation AUC", 0.5377) and not confirms(text, "Test AUC", 0.669853)
    assert not confirms("Loss, AUC: 0.53 0.66 0.12\n", "AUC", 0.66)
