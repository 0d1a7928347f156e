"""OGB logger statistics, built from examples/*/logger.py `print_statistics` ('All runs:',
'Highest Train: {:.2f} ± {:.2f}', ..., '   Final Test: ...') and the link-prediction examples'
`print(key)` before each block."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_blocks_are_named_by_their_metric_line() -> None:
    text = """\
Hits@20
All runs:
Highest Train: 70.12 ± 1.10
Highest Valid: 61.02 ± 0.98
  Final Train: 69.80 ± 1.31
   Final Test: 53.44 ± 1.20
Hits@50
All runs:
Highest Train: 88.63 ± 1.42
Highest Valid: 66.22 ± 1.10
  Final Train: 88.17 ± 1.75
   Final Test: 60.18 ± 1.52
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Hits@50", 60.18, dataset="ogbl-collab").ok
    assert not check_claimed_metric(metrics, "Hits@50", 53.44).ok
    assert not check_claimed_metric(metrics, "Hits@100", 60.18).ok
    assert not check_claimed_metric(metrics, "Hits@50", 66.22).ok  # validation
