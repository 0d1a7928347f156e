"""Results written as sentences, the number first (readers/prose.py)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_percentage_of_a_metric_on_a_test_set_is_a_test_value() -> None:
    text = "- 96.34% accuracy on the standard MNIST testing set\n"
    assert confirms(text, "Test Accuracy", 96.34, dataset="MNIST")
    assert not confirms(text, "Validation Accuracy", 96.34)


def test_a_percentage_of_a_named_dataset_is_scoped_to_it() -> None:
    text = "Our model achieves 81.5% top-1 accuracy on ImageNet, beating the baseline.\n"
    assert confirms(text, "Top-1 Accuracy", 81.5, dataset="ImageNet")


def test_words_that_are_no_metric_give_nothing() -> None:
    assert found("Training took 95% of the time on the cluster\n") == {}
    assert found("We ran 50% dropout on the test set\n") == {}
