"""General shapes read by verdicts48 (from tools' and writers' real shapes, not the corpus).

1. A `name: value` pair followed by a split in parentheses ("Accuracy: 91.2% (val)", "mAP:
   0.412 (test)", "F1: 88.1 (dev)"): the parenthesis scopes the value's split, so a claim of
   another split is refused. Real shapes: google-research/bert#345 ("F1: 90.0 (test set)",
   https://github.com/google-research/bert/issues/345), a project README's "**Accuracy**:
   92.8% (val)" (found with the code search; its scene-context classifier section).
"""

from __future__ import annotations

import pytest

from tests.unit.metrics._helpers import confirms


@pytest.mark.parametrize(
    ("text", "metric", "value", "split"),
    [
        ("Accuracy: 91.2% (val)", "Accuracy", 91.2, "Validation"),
        ("mAP: 0.412 (test)", "mAP", 0.412, "Test"),
        ("F1: 88.1 (dev)", "F1", 88.1, "Dev"),
        ("acc: 0.912 (val set)", "Accuracy", 91.2, "Validation"),
        ("- **Accuracy**: 92.8% (val)", "Accuracy", 92.8, "Validation"),
        ("bbox mAP: 41.2 (test-dev)", "box AP", 41.2, "Test"),
        ("mAP: 0.412 (val2017)", "mAP", 0.412, "Validation"),
        (
            "my code only achieves a performance of about F1: 90.0 (test set).",
            "F1",
            90.0,
            "Test",
        ),
    ],
)
def test_a_parenthesis_after_a_colon_value_gives_its_split(
    text: str, metric: str, value: float, split: str
) -> None:
    # Given a colon pair whose value the parenthesis puts on one split
    other = {"Validation": "Test", "Dev": "Test", "Test": "Validation"}[split]
    # Then a claim of that split is confirmed, one of another split is refused
    assert confirms(text, f"{split} {metric}", value)
    assert not confirms(text, f"{other} {metric}", value)


def test_a_split_that_contradicts_the_name_answers_neither() -> None:
    text = "Test accuracy: 91.2 (val)"
    assert not confirms(text, "Test Accuracy", 91.2)
    assert not confirms(text, "Validation Accuracy", 91.2)


def test_a_training_scheme_in_parentheses_is_no_train_split() -> None:
    # "(joint training)" names how the model was trained, not the train split
    text = "My mAP: 61.9 (joint training)"
    assert confirms(text, "mAP", 61.9)
    assert confirms(text, "Test mAP", 61.9)  # read as a train value, it would answer no test claim


def test_a_qualifier_in_parentheses_after_a_colon_value() -> None:
    text = "Accuracy: 93.0 (top-5)"
    assert confirms(text, "Top-5 Accuracy", 93.0)
    assert not confirms(text, "Top-1 Accuracy", 93.0)
