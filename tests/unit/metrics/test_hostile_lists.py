"""Wrong confirmations a hostile review found in sentences that list values and in names of a
bound (review of this session's rules): each text is crafted, each claim a careful reader refuses.
"""

from __future__ import annotations

import pytest

from tests.unit.metrics._helpers import confirms


def test_listed_values_keep_a_split_or_data_set_named_after_them() -> None:
    on_val = "Top-1 and top-5 accuracy of 81.2 and 95.0 on the validation set."
    assert not confirms(on_val, "Test Top-1 Accuracy", 81.2)
    assert confirms(on_val, "Validation Top-1 Accuracy", 81.2)
    on_data = "Top-1 and top-5 accuracy of 81.2 and 95.0 on CIFAR-100."
    assert not confirms(on_data, "Top-1 Accuracy", 81.2, "CIFAR-10")
    assert confirms(on_data, "Top-1 Accuracy", 81.2, "CIFAR-100")


@pytest.mark.parametrize(
    "text",
    [
        "Top-1 and top-5 accuracy of 81.2 and 95.0 for the teacher.",
        "Top-1 and top-5 accuracy of 81.2 and 95.0 with the official weights.",
        "Top-1 and top-5 accuracy of the baseline are 81.2 and 95.0; ours 76.1 and 93.0.",
    ],
)
def test_listed_values_of_another_model_or_condition_are_not_the_runs(text: str) -> None:
    assert not confirms(text, "Top-1 Accuracy", 81.2)


def test_listed_values_of_the_writer_still_pair() -> None:
    text = "I get top-1 and top-5 accuracy of 76.1 and 93.0 on the test set."
    assert confirms(text, "Test Top-1 Accuracy", 76.1)
    assert confirms("Precision and recall are 0.81 and 0.77.", "Recall", 0.77)


@pytest.mark.parametrize(
    "line",
    ["Human accuracy: 91.2%", "Oracle accuracy: 91.2", "Accuracy (upper bound): 91.2"],
)
def test_a_bound_or_reference_level_is_no_value_of_the_metric(line: str) -> None:
    assert not confirms(line, "Accuracy", 91.2)


def test_a_claim_that_names_the_bound_is_answered_by_it() -> None:
    assert confirms("Human accuracy: 91.2%", "Human Accuracy", 91.2)


@pytest.mark.parametrize(
    "text", ["We have not yet got 41.7 mAP.", "I have never reached 41.7 mAP on COCO."]
)
def test_a_negated_have_reports_no_value(text: str) -> None:
    assert not confirms(text, "mAP", 41.7)


def test_have_with_a_value_still_reports_it() -> None:
    assert confirms("We had 41.7 mAP after the fix.", "mAP", 41.7)


@pytest.mark.parametrize(
    ("text", "split_claim"),
    [
        ("Accuracy is 91.2% (val).", "Validation Accuracy"),
        ("The accuracy is 91.2 (train).", "Train Accuracy"),
    ],
)
def test_a_split_in_parentheses_after_a_stated_value_is_its_split(
    text: str, split_claim: str
) -> None:
    assert not confirms(text, "Test Accuracy", 91.2)
    assert confirms(text, split_claim, 91.2)
