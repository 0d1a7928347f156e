"""Rows that hold a metric's name but cannot answer a claim of it (`claim_rows`): difference
rows of comparison tables, per-class values indexed by number, negated class names, and scopes
written partly that tell two values apart."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

_COMPARISON = """\
| Model              | NDCG   | HR     |
|--------------------|--------|--------|
| Reported baseline  | 0.4120 | 0.6010 |
| Our rerun          | 0.4197 | 0.6122 |
| Gain               | +0.0077 | +0.0112 |
"""


def test_a_difference_row_is_no_value_of_the_metric() -> None:
    # Given a comparison table with a row of differences
    # Then the difference never answers a claim of the metric
    assert not confirms(_COMPARISON, "NDCG", 0.0077)
    assert not confirms(_COMPARISON, "HR", 0.0112)
    # And the run's own row still does
    assert confirms(_COMPARISON, "NDCG", 0.4197)


def test_a_difference_column_or_row_is_no_value_of_the_metric() -> None:
    # Given differences named by a word before the metric, and a difference row of a table
    text = "mAP: 0.512, gain mAP: 0.031, improvement F1: +0.02, F1: 0.77\n"
    table = """\
| Setting | Recall@20 | NDCG@20 |
|---|---|---|
| Official | 0.1820 | 0.1540 |
| Reproduced | 0.1851 | 0.1566 |
| Difference | +0.0031 | +0.0026 |
"""
    # Then a difference never answers a claim of the metric
    assert not confirms(text, "mAP", 0.031)
    assert not confirms(text, "F1", 0.02)
    assert not confirms(table, "NDCG@20", 0.0026)
    assert confirms(text, "mAP", 0.512)
    # unless the claim is of the difference
    assert confirms(text, "F1 improvement", 0.02)


_INDEXED = (
    "eval: oa: 0.9710 mean_iou: 0.8802 iou_0: 0.9655 iou_1: 0.7949 f1_0: 0.9824 f1_1: 0.8857\n"
)


def test_a_class_named_by_a_word_is_not_any_indexed_row() -> None:
    # Given two classes indexed 0 and 1 (a binary task: 1 is the positive class)
    # Then a claim of the foreground class is the row indexed 1, never the one indexed 0
    assert not confirms(_INDEXED, "IoU (building class)", 96.55)
    assert confirms(_INDEXED, "IoU (building class)", 79.49)
    # and a claim of the negated class is the row indexed 0
    assert confirms(_INDEXED, "F1 (non-building class)", 98.24)
    assert not confirms(_INDEXED, "F1 (non-building class)", 88.57)
    # And a class named by its index is that index's row
    assert confirms(_INDEXED, "F1 (class 0)", 0.9824)
    assert not confirms(_INDEXED, "F1 (class 0)", 0.8857)


def test_indexed_rows_of_many_classes_never_answer_a_class_named_by_a_word() -> None:
    text = "acc_0: 0.91 acc_1: 0.84 acc_2: 0.77 mean_acc: 0.84\n"
    assert not confirms(text, "Accuracy (pedestrian class)", 0.77)
    assert not confirms(text, "Accuracy (pedestrian class)", 0.91)


def test_a_negated_class_name_is_not_the_class() -> None:
    # Given per-class rows whose names contain the claimed class's word, one negated
    text = """\
+--------------+-------+-------+
|    Class     |  IoU  |  Acc  |
+--------------+-------+-------+
|   non-road   | 97.12 | 99.01 |
| road-surface | 61.40 | 70.33 |
+--------------+-------+-------+
"""
    # Then the negated class never answers a claim of the class
    assert not confirms(text, "IoU (road class)", 97.12)
    assert confirms(text, "IoU (road class)", 61.40)


def test_a_scope_written_partly_tells_two_values_of_one_model_apart() -> None:
    # Given one model's two F1 variants as keys
    text = "{'test/ema/segment_f1': 0.4410, 'test/ema/boundary_f1': 0.6120}\n"
    # Then a claim of the segment-based F1 of the EMA model is its segment value only
    assert not confirms(text, "Segment-based F1 (ema)", 61.20)
    assert confirms(text, "Segment-based F1 (ema)", 44.10)


def test_a_data_set_whose_name_goes_on_in_digits_is_another_data_set() -> None:
    # Given logs naming CIFAR-10 or CIFAR-100, in the metric's name or on a dataset line
    for text, named, other in [
        ("CIFAR-10 test accuracy: 93.5\n", "CIFAR-10", "CIFAR-100"),
        ("CIFAR-100 test accuracy: 93.5\n", "CIFAR-100", "CIFAR-10"),
        ("Dataset: cifar10\nTest accuracy: 93.5\n", "CIFAR-10", "CIFAR-100"),
        ("Dataset: cifar100\nTest accuracy: 93.5\n", "CIFAR-100", "CIFAR-10"),
    ]:
        # Then the value answers a claim on the data set the log names, never on the other
        assert confirms(text, "Accuracy", 93.5, dataset=named), text
        assert not confirms(text, "Accuracy", 93.5, dataset=other), text


def test_a_bare_copy_of_a_value_its_line_scopes_to_another_data_set_answers_nothing_else() -> None:
    # Given a sentence read twice: bare, and scoped to the data set it names
    text = "I got 93.5% accuracy on CIFAR-10 after 200 epochs.\n"
    # Then it answers a claim on CIFAR-10 (or none), not one on another data set
    assert confirms(text, "Accuracy", 93.5, dataset="CIFAR-10")
    assert not confirms(text, "Accuracy", 93.5, dataset="CIFAR-100")
    assert not confirms(text, "Accuracy", 93.5, dataset="SVHN")


def test_an_average_over_parts_never_answers_a_claim_of_one_part() -> None:
    # Given a log that prints only the mean over classes
    text = "Evaluation finished.\nmean_dice: 0.8123\nmean AP: 0.7710\n"
    # Then a claim naming one class in parentheses is refused
    assert not confirms(text, "Dice (liver)", 0.8123)
    assert not confirms(text, "Dice (whole tumor)", 81.23)
    # And the mean itself still answers the metric, named plainly or as a mean
    assert confirms(text, "Dice", 0.8123)
    assert confirms(text, "Mean Dice", 0.8123)
    # And AP is a mean by definition: a data set in parentheses is no part of it
    assert confirms(text, "mAP (VOC2007)", 0.771)
