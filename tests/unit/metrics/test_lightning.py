"""PyTorch Lightning results, built from loops/evaluation_loop.py `_print_results` (the rich
table with "Test metric" / "DataLoader i" headers and the plain-text fallback with "─" bars and
centred cells)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_rich_table_stage_is_the_split() -> None:
    text = """\
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
┃        Test metric        ┃       DataLoader 0        ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━┩
│         acc_epoch         │    0.9186999797821045     │
└───────────────────────────┴───────────────────────────┘
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Test Accuracy", 91.87).ok
    assert not check_claimed_metric(metrics, "Validation Accuracy", 91.87).ok


def test_plain_table_with_two_dataloaders_and_blank_cells() -> None:
    text = """\
────────────────────────────────────────────────────────────────────────────────
     Validate metric           DataLoader 0             DataLoader 1
────────────────────────────────────────────────────────────────────────────────
         val_acc                   0.91                     0.85
        val_loss                   0.31
────────────────────────────────────────────────────────────────────────────────
"""
    metrics = {(m.name, m.value) for m in extract_metrics(text)}
    assert metrics == {("val_acc", 0.91), ("val_acc (DataLoader 1)", 0.85), ("val_loss", 0.31)}
