"""Flair trainer output (readers/torchmetrics_misc.py) as flair/trainers/trainer.py logs it,
and Ignite's example print `Validation Results - Epoch: {}  Avg accuracy: {:.2f} Avg loss:
{:.2f}` (generic reader)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_flair_dev_and_test_lines() -> None:
    # Given Flair 0.4 epoch and evaluation lines with timestamps
    text = (
        "2019-02-19 18:37:11,947 epoch 1 - iter 240/249 - loss 0.03491753\n"
        "2019-02-19 18:37:12,097 EPOCH 1 done: loss 0.0350 - lr 0.1000 - bad epochs 0\n"
        "2019-02-19 18:37:12,571 DEV  : loss 0.03877527 - f-score 0.5586 - acc 0.5586\n"
        "2019-02-19 18:37:13,162 TEST : loss 0.04066545 - f-score 0.5521 - acc 0.5521\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then DEV is validation, TEST is test, and progress, lr and counters are dropped
    assert check_claimed_metric(metrics, "Test F1", 0.5521).ok
    assert check_claimed_metric(metrics, "Validation F1", 0.5586).ok
    assert not check_claimed_metric(metrics, "Test F1", 0.5586).ok
    assert not check_claimed_metric(metrics, "Test Loss", 0.03491753).ok
    assert not check_claimed_metric(metrics, "Learning rate", 0.1).ok


def test_flair_final_results_keep_their_averaging() -> None:
    # Given Flair's final Results block
    text = "Results:\n- F-score (micro) 0.6971\n- F-score (macro) 0.6967\n- Accuracy 0.6971\n"
    # When it is read
    metrics = extract_metrics(text)
    # Then micro and macro are different metrics
    assert check_claimed_metric(metrics, "Macro F1", 0.6967).ok
    assert not check_claimed_metric(metrics, "Micro F1", 0.6967).ok


def test_ignite_validation_lines_are_running() -> None:
    # Given Ignite's per-epoch validation prints
    text = (
        "Validation Results - Epoch: 1  Avg accuracy: 0.92 Avg loss: 0.21\n"
        "Validation Results - Epoch: 2  Avg accuracy: 0.93 Avg loss: 0.28\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the last epoch's validation values stand
    assert check_claimed_metric(metrics, "Validation Accuracy", 0.93).ok
    assert not check_claimed_metric(metrics, "Validation Loss", 0.21).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.93).ok
