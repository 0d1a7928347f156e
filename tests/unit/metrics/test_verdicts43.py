"""Results written in sentences (verdicts43): parallel lists of names and values."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

# Crafted sentences in the shapes people use in issues and reproduction reports.
METRICS_THEN_VALUES = "With the released weights I get EM/F1 of about 81.2 and 88.6 on SQuAD v1.1."
VALUES_FOR_METRICS = "I could only reach 41.3 +/- 0.2 and 19.7 +/- 0.1 for ROUGE-1 and ROUGE-2."
LABELS_RESPECTIVELY = "The IoU for road, car and person is 97.1, 92.4 and 80.3, respectively."
DATASETS_AFTER_VALUES = "I measured 71.2 and 44.9 accuracy on SST-2 and CoLA-v2, respectively."
THEIRS_RESPECTIVELY = "The paper reports EM and F1 of 80.8 and 88.5 respectively."
LABELS_WITHOUT_RESPECTIVELY = "The IoU for road and car is 97.1 and 92.4."


def test_metric_names_then_their_values_pair_in_order() -> None:
    # Given a sentence listing two metrics, then their two values
    # Then the n-th value is the n-th metric's, and never the other's
    assert confirms(METRICS_THEN_VALUES, "Exact Match", 81.2)
    assert confirms(METRICS_THEN_VALUES, "F1", 88.6)
    assert not confirms(METRICS_THEN_VALUES, "F1", 81.2)


def test_values_then_for_metrics_drop_the_spread() -> None:
    assert confirms(VALUES_FOR_METRICS, "ROUGE-1", 41.3)
    assert confirms(VALUES_FOR_METRICS, "ROUGE-2", 19.7)
    assert not confirms(VALUES_FOR_METRICS, "ROUGE-1", 0.2)


def test_labels_respectively_are_parts_of_the_result() -> None:
    # Given one metric over a list of classes, paired respectively
    # Then each class's value is that class's, and none is the whole result's
    assert confirms(LABELS_RESPECTIVELY, "IoU (car)", 92.4)
    assert not confirms(LABELS_RESPECTIVELY, "IoU (car)", 97.1)
    assert not confirms(LABELS_RESPECTIVELY, "IoU", 97.1)


def test_data_sets_after_the_values_scope_them() -> None:
    assert confirms(DATASETS_AFTER_VALUES, "Accuracy", 44.9, "CoLA-v2")
    assert not confirms(DATASETS_AFTER_VALUES, "Accuracy", 71.2, "CoLA-v2")


def test_someone_elses_lists_and_unpaired_labels_are_not_read() -> None:
    assert not confirms(THEIRS_RESPECTIVELY, "Exact Match", 80.8)
    # without "respectively", which label a value is of is not said
    assert not confirms(LABELS_WITHOUT_RESPECTIVELY, "IoU (car)", 92.4)


# A statement opening a sentence, with no article before the metric.
OPENING_STATEMENT = "Fine-tuning finished after 3 epochs. Test accuracy was 91.2%."
OPENING_ON_PROGRESS = "Epoch 3/10: Accuracy is 88.0%"


def test_a_sentence_opening_with_the_metric_states_its_value() -> None:
    assert confirms(OPENING_STATEMENT, "Test Accuracy", 91.2)
    assert not confirms(OPENING_STATEMENT, "Test Accuracy", 3)


def test_a_progress_line_is_no_statement_of_the_result() -> None:
    assert not confirms(OPENING_ON_PROGRESS + "\nEpoch 4/10: Accuracy is 89.0%", "Accuracy", 88.0)
