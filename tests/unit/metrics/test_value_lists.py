"""Values listed before their names ("76.1% and 93.0% top-1 and top-5 accuracy"): the name right
after the last value is the first of a list, not that value's (found reviewing verdicts43)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

VALUES_THEN_METRICS = "With my own training run I got 71.3% and 90.2% top-1 and top-5 accuracy."
THEIRS = "The official model reports 71.3% and 90.2% top-1 and top-5 accuracy."
EACH_VALUE_NAMED = "I got 71.3% top-1 and 90.2% top-5 accuracy after 90 epochs."


def test_values_then_metric_names_pair_in_order() -> None:
    # Given two values, then two metric names, in one sentence of the writer's own run
    # Then the n-th value is the n-th metric's, and the last value is not the first name's
    assert confirms(VALUES_THEN_METRICS, "Top-1 Accuracy", 71.3)
    assert confirms(VALUES_THEN_METRICS, "Top-5 Accuracy", 90.2)
    assert not confirms(VALUES_THEN_METRICS, "Top-1 Accuracy", 90.2)


def test_someone_elses_values_then_names_are_not_read() -> None:
    assert not confirms(THEIRS, "Top-1 Accuracy", 71.3)
    assert not confirms(THEIRS, "Top-1 Accuracy", 90.2)


def test_a_value_named_right_after_it_keeps_its_name() -> None:
    assert confirms(EACH_VALUE_NAMED, "Top-1 Accuracy", 71.3)
    assert confirms(EACH_VALUE_NAMED, "Top-5 Accuracy", 90.2)
    assert not confirms(EACH_VALUE_NAMED, "Top-1 Accuracy", 90.2)
