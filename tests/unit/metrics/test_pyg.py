"""PyG example prints, built from examples/ogbn_products_sage.py (`Epoch {:02d}, Loss: ...`
then `Train: {:.4f}, Val: {:.4f}, Test: {:.4f}`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_split_lines_after_epoch_lines_are_running() -> None:
    text = """\
Epoch 00, Loss: 2.1922, Approx. Train: 0.4017
Train: 0.5455, Val: 0.5342, Test: 0.4670
Epoch 01, Loss: 2.2190, Approx. Train: 0.3943
Evaluating:  33%|███▎      | 1/3 [00:00<00:00,  2.87it/s]
Train: 0.5429, Val: 0.5406, Test: 0.4877
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Test Accuracy", 0.4877).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.467).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 33).ok
