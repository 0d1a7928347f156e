# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""fastai training tables (format of fastai/callback/progress.py ProgressCallback: metric names
as a header, then per epoch [f'{l:.6f}' ...] with the epoch number and an mm:ss time)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_notebook_table_copied_with_tabs() -> None:
    # Given a fit table copied from a notebook (tab-separated), with a #na# cell
    text = (
        "epoch\ttrain_loss\tvalid_loss\terror_rate\ttime\n"
        "0\t0.530232\t#na#\t#na#\t00:12\n"
        "0\t0.530232\t0.301143\t0.101218\t00:12\n"
        "1\t0.331540\t0.240921\t0.080514\t00:12\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the last epoch stands; its metric is a validation value
    assert metrics == {"train_loss": 0.33154, "valid_loss": 0.240921, "error_rate": 0.080514}
    assert confirms(text, "Error Rate", 8.05)
    assert not confirms(text, "Test Error Rate", 0.080514)


def test_durations_are_not_values() -> None:
    # Given a long epoch (h:mm:ss time column)
    text = "epoch     train_loss  valid_loss  accuracy  time\n0         0.2         0.1         0.95      1:02:03\n"
    # When the metrics are extracted, then the time is not read
    assert found(text) == {"train_loss": 0.2, "valid_loss": 0.1, "accuracy": 0.95}
    assert not confirms(text, "Accuracy", 1.02)
