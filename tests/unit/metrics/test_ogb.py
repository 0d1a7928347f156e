"""OGB example logs (readers/ogb.py), as examples/*/logger.py `print_statistics` and the
link-prediction examples (`print(key)` before each block) print them."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_per_run_and_all_runs_statistics() -> None:
    # Given two per-run summaries and the all-runs summary
    text = (
        "Run 01:\nHighest Train: 99.67\nHighest Valid: 91.98\n  Final Train: 99.67\n"
        "   Final Test: 81.72\n"
        "Run 02:\nHighest Train: 99.50\nHighest Valid: 91.50\n  Final Train: 99.50\n"
        "   Final Test: 81.30\n"
        "All runs:\nHighest Train: 99.58 ± 0.09\nHighest Valid: 91.74 ± 0.24\n"
        "  Final Train: 99.58 ± 0.09\n   Final Test: 81.51 ± 0.21\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    values = {m.name: m.value for m in metrics}
    # Then per-run values carry their run, the all-runs mean is unprefixed, the std is dropped
    assert values["Run 01/Final Test"] == 81.72
    assert values["Run 02/Final Test"] == 81.3
    assert values["Final Test"] == 81.51
    assert check_claimed_metric(metrics, "Test Accuracy", 81.51).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.21).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 91.74).ok


def test_link_prediction_key_qualifies_what_follows() -> None:
    # Given collab-style output: each key printed before its epoch line and its statistics
    text = (
        "Hits@10\nRun: 01, Epoch: 01, Loss: 0.5000, Train: 20.00%, Valid: 15.00%, Test: 12.00%\n"
        "Hits@50\nRun: 01, Epoch: 01, Loss: 0.5000, Train: 40.00%, Valid: 35.00%, Test: 30.00%\n"
        "Hits@50\nAll runs:\nHighest Train: 88.63 ± 1.42\nHighest Valid: 53.22 ± 1.10\n"
        "Final Train: 88.17 ± 1.75\nFinal Test: 50.18 ± 1.52\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then a Hits@50 claim is held to the Hits@50 values
    assert check_claimed_metric(metrics, "Hits@50", 50.18).ok
    assert not check_claimed_metric(metrics, "Hits@100", 50.18).ok
    assert not check_claimed_metric(metrics, "Hits@50", 12.0).ok
