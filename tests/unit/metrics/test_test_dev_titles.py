"""COCO's and VQA's test-dev split named by a title line is a test split, never "dev"
(found in the review pass: "On test-dev:" made the block below validation values, so a
"Validation mAP" claim was confirmed by a test-dev result)."""

from __future__ import annotations

import pytest

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


@pytest.mark.parametrize(
    "title", ["On test-dev:", "test-dev results:", "test_dev:", "Results on COCO test-dev:"]
)
def test_a_test_dev_title_gives_the_test_split(title: str) -> None:
    metrics = extract_metrics(f"{title}\nmAP: 40.8\n")
    assert not check_claimed_metric(metrics, "Validation mAP", 40.8).ok
    assert check_claimed_metric(metrics, "Test mAP", 40.8).ok


def test_a_dev_title_is_still_validation() -> None:
    metrics = extract_metrics("On dev:\nmAP: 40.8\n")
    assert check_claimed_metric(metrics, "Validation mAP", 40.8).ok
    assert not check_claimed_metric(metrics, "Test mAP", 40.8).ok
