"""PyTorch Geometric example logs (readers/pyg.py): examples/ogbn_products_sage.py prints an
epoch line then `Train: .., Val: .., Test: ..` after inference."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_split_lines_after_epoch_lines_are_running() -> None:
    # Given two epochs, each followed by its evaluation line without a counter
    text = (
        "Epoch 00, Loss: 2.1922, Approx. Train: 0.4017\nTime 2.56\n"
        "Train: 0.5455, Val: 0.5342, Test: 0.4670\n"
        "Epoch 01, Loss: 2.2190, Approx. Train: 0.3943\nTime 1.78\n"
        "Train: 0.5429, Val: 0.5406, Test: 0.4877\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the last evaluation stands and the epoch time is not a metric
    assert check_claimed_metric(metrics, "Test Accuracy", 0.4877).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.467).ok
    assert not check_claimed_metric(metrics, "Training time", 1.78).ok


def test_split_line_without_epochs_is_a_final_result() -> None:
    # Given a single evaluation print with no training loop before it
    metrics = extract_metrics("Train: 1.0000, Val: 0.7860, Test: 0.8150\n")
    # When a test claim is checked, then the printed value confirms it
    assert check_claimed_metric(metrics, "Test Accuracy", 81.5).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 78.6).ok
