"""Hostile review of the verdicts44-47 rules (hostile50): crafted logs a claimant could submit
to get a claim confirmed that a careful reader refuses, each a general shape, never a corpus
excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_split_named_after_a_stated_value_scopes_it() -> None:
    # Given a sentence stating a value and, after it, the split it was measured on
    for log in (
        "Accuracy is 91.2% on the validation set.\n",
        "The accuracy is 91.2% on the validation set.\n",
    ):
        # Then it is a validation value: no test claim, a validation claim
        assert not confirms(log, "Test Accuracy", 91.2)
        assert confirms(log, "Validation Accuracy", 91.2)
    # Given a training value stated the same way
    log = "Accuracy was 91.2% on the training set.\n"
    # Then it answers no claim that does not say train
    assert not confirms(log, "Accuracy", 91.2)
    # Given metric words and words after the value that name two splits
    log = "Test accuracy is 91.2% on the training set.\n"
    # Then nothing tells which it is
    assert not confirms(log, "Test Accuracy", 91.2)
    # Given the test set named after the value
    assert confirms("Accuracy is 91.2% on the test set.\n", "Test Accuracy", 91.2)


def test_a_data_set_named_after_a_stated_value_scopes_it() -> None:
    # Given a sentence stating a value measured on another data set than the claim's
    for log in ("Accuracy is 91.2% on CIFAR-100.\n", "The accuracy is 91.2% on CIFAR-100.\n"):
        # Then it answers the claim on that data set only
        assert not confirms(log, "Accuracy", 91.2, "CIFAR-10")
        assert confirms(log, "Accuracy", 91.2, "CIFAR-100")
    # Given a system named after the value ("for <checkpoint>"), not a data set
    log = "The mAP is 48.5 for yolo5x.pt.\n"
    # Then the claim on the data set is still answered
    assert confirms(log, "mAP", 48.5, "COCO")


def test_a_rank_listed_before_an_error_is_that_rank_s_error() -> None:
    # Given two ranks sharing one metric word written once after the last one
    log = "Top-1 and top-5 error of 18.8 and 5.0.\n"
    # Then the first value is the top-1 error, never a top-1 accuracy
    assert not confirms(log, "Top-1 Accuracy", 18.8)
    assert confirms(log, "Top-1 Error", 18.8)
    # Given a split written once for both ranks
    log = "Top-1 and top-5 val accuracy of 81.2 and 95.0.\n"
    # Then the top-1 value is a validation value too
    assert not confirms(log, "Test Top-1 Accuracy", 81.2)
    assert confirms(log, "Top-1 Validation Accuracy", 81.2)
    # Given the usual shape: the accuracy pairs as before
    assert confirms("We got top-1 and top-5 accuracy of 76.1 and 93.0.\n", "Top-1 Accuracy", 76.1)
