# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""DGL example summaries, built from examples/pytorch/sign/sign.py ("Test accuracy: mean
{:.5f}, std {:.5f}") and the README headings above them."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_mean_is_the_value_and_headings_name_the_dataset() -> None:
    text = """\
### [Ogbn-products](https://ogb.stanford.edu/docs/nodeprop/#ogbn-products) (Amazon co-purchase dataset)
Test accuracy: mean 0.78672, std 0.00059

### Reddit
Test accuracy: mean 0.96326, std 0.00010
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Test Accuracy", 0.78672, dataset="ogbn-products").ok
    assert check_claimed_metric(metrics, "Test Accuracy", 96.33, dataset="Reddit").ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.96326, dataset="ogbn-products").ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.00059).ok
