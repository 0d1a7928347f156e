"""Lightning result tables (readers/lightning.py, tables.read_box_table), laid out as
evaluation_loop.py `_print_results` prints them with and without rich."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_plain_table_assigns_values_to_their_dataloader_column() -> None:
    # Given the non-rich printer with two dataloaders (columns centred in 25-wide cells)
    bar = "─" * 75
    row = "{:^25}{:^25}{:^25}"
    text = "\n".join(
        [
            bar,
            row.format("Test metric", "DataLoader 0", "DataLoader 1").rstrip(),
            bar,
            row.format("test_acc", "0.91", "").rstrip(),
            row.format("test_loss", "", "0.25").rstrip(),
            bar,
        ]
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then each value is named by stage, dataloader and key
    assert {m.name: m.value for m in metrics} == {
        "Test metric/DataLoader 0/test_acc": 0.91,
        "Test metric/DataLoader 1/test_loss": 0.25,
    }


def test_rich_table_stage_gives_the_split() -> None:
    # Given a rich 'Validate metric' table whose keys carry no split
    text = (
        "┏━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━┓\n"
        "┃ Validate metric ┃  DataLoader 0   ┃\n"
        "┡━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━┩\n"
        "│    accuracy     │       0.8       │\n"
        "└─────────────────┴─────────────────┘\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the accuracy is a validation value
    assert check_claimed_metric(metrics, "Validation Accuracy", 0.8).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.8).ok


def test_old_dataloader_results_dict_takes_the_split_of_its_header() -> None:
    # Given Lightning < 1.6 output
    text = "-" * 80 + "\nDATALOADER:0 TEST RESULTS\n{'acc': 0.9187}\n" + "-" * 80 + "\n"
    # When it is read
    metrics = extract_metrics(text)
    # Then the key without a split is a test value
    assert check_claimed_metric(metrics, "Test Accuracy", 0.9187).ok
    assert not check_claimed_metric(metrics, "Validation Accuracy", 0.9187).ok
