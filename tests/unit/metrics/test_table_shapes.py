"""Generic table shapes (`readers/tables.py`): grid tables with `+---+` borders between rows,
per-class tables whose rows are never the mean."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_grid_table_reads_across_its_borders() -> None:
    log = (
        "+-------+------+------+\n"
        "| model | acc  | f1   |\n"
        "+=======+======+======+\n"
        "| ours  | 81.2 | 79.0 |\n"
        "+-------+------+------+\n"
    )
    assert found(log) == {"ours/acc": 81.2, "ours/f1": 79.0}
    assert confirms(log, "Accuracy", 81.2) and not confirms(log, "Accuracy", 79.0)


def test_a_row_of_a_per_class_table_is_never_the_mean() -> None:
    log = (
        "| Category | mIoU | Acc  |\n"
        "|----------|------|------|\n"
        "|    0     | 21.5 | 30.1 |\n"
        "|   road   | 64.2 | 90.3 |\n"
        "|   mean   | 42.9 | 60.2 |\n"
    )
    assert not confirms(log, "mIoU", 21.5) and not confirms(log, "mIoU", 64.2)
    assert confirms(log, "mIoU", 42.9)
    assert confirms(log, "road IoU", 64.2)


def test_a_transposed_table_names_each_value_by_its_row_metric_and_column() -> None:
    # Given a hand-made table whose rows are metrics and whose columns are splits
    text = "|      | Valid | Test |\n|---|---|---|\n| CER | 4.21 | 4.87 |\n| BLEU | 30.2 | 29.4 |\n"
    # Then each value is its row's metric on its column's split
    assert found(text) == {
        "Valid/CER": 4.21,
        "Test/CER": 4.87,
        "Valid/BLEU": 30.2,
        "Test/BLEU": 29.4,
    }
    assert confirms(text, "Test CER", 4.87) and not confirms(text, "Test CER", 4.21)
    assert confirms(text, "CER", 4.21, "dev")


def test_an_untitled_first_column_labels_its_rows() -> None:
    text = (
        "|  | Dev F1 | Test F1 |\n"
        "|---|---|---|\n"
        "| seed 1 run | 88.1 | 87.4 |\n"
        "| seed 2 run | 89.0 | 88.2 |\n"
    )
    assert found(text) == {
        "seed 1 run/Dev F1": 88.1,
        "seed 1 run/Test F1": 87.4,
        "seed 2 run/Dev F1": 89.0,
        "seed 2 run/Test F1": 88.2,
    }
    # a transposed table keeps naming the metric by its row
    transposed = "|  | Dev | Test |\n|---|---|---|\n| WER | 10.4 | 10.9 |\n"
    assert confirms(transposed, "Test WER", 10.9)


def test_an_empty_spacer_column_does_not_hide_the_table() -> None:
    # Given a reproduction table with an empty column between two groups of metrics
    log = (
        "|              | Dice_kidney | Dice_avg |   | SurfDice_kidney |\n"
        "|--------------|-------------|----------|---|-----------------|\n"
        "| baseline     | 0.9666      | 0.8926   |   | 0.9336          |\n"
        "| my run       | 0.9732      | 0.9356   |   | 0.9454          |\n"
    )
    # Then its rows are read, each value under its own column
    assert found(log)["my run/SurfDice_kidney"] == 0.9454
    assert found(log)["my run/Dice_kidney"] == 0.9732
    # (a header repeating a real name is still pairs of columns, not one table)
    assert found("| cat | AP | cat | AP |\n|---|---|---|---|\n| a | 1.5 | b | 2.5 |\n") == {}


def test_a_decimal_comma_after_a_zero_is_a_decimal_point_in_a_table_cell() -> None:
    log = "| model | Dice |\n|---|---|\n| mine | 0,9356 |\n"
    assert found(log) == {"mine/Dice": 0.9356}
    # (a thousands comma is not a decimal one)
    assert "mine/Dice" not in found("| model | Dice |\n|---|---|\n| mine | 1,935 |\n")


def test_a_results_table_whose_header_lost_its_leading_pipe_is_still_read() -> None:
    # Given two lm-evaluation-harness tables, the second one's header copied without its
    # leading pipe
    log = (
        "### base\n"
        "|Tasks|Version|Filter|n-shot|Metric|   |Value|   |Stderr|\n"
        "|-----|------:|------|-----:|------|---|----:|---|-----:|\n"
        "|arc_easy|1|none|0|acc|↑|0.64|±|0.0482|\n"
        "\n"
        "### quantized\n"
        " Tasks  |Version|Filter|n-shot| Metric |   |Value|   |Stderr|\n"
        "|--------|------:|------|-----:|--------|---|----:|---|-----:|\n"
        "|arc_easy|      1|none  |     0|acc     |↑  | 0.67|±  |0.0473|\n"
    )
    # Then the second table's rows are read as lm-eval rows too
    assert confirms(log, "ARC-Easy acc", 0.67)
    assert not confirms(log, "ARC-Easy acc", 0.0473)
    # (a line of pipes no family reader knows is no header)
    assert found("loss | 0.5 | step | 10 |\n|---|---|---|---|\n|a|1|b|2|\n") == {}


def test_a_rows_dataset_cell_scopes_what_is_read_from_the_row() -> None:
    # Given a table with a dataset column whose result cells print "name : value"
    log = (
        "| net       | dataset  | raw                 | int8                |\n"
        "| --------- | -------- | ------------------- | ------------------- |\n"
        "| resnet50  | imagenet | Acc@1 72.614        | Acc@1 72.402        |\n"
        "| arcface   | lfw      | AUC  : 0.8556991111 | AUC  : 0.8178183333 |\n"
        "\n"
        "AUC: 0.91\n"
    )
    # Then a value is its row's data set's: another data set's claim is refused
    assert confirms(log, "AUC", 0.8557, "LFW")
    assert not confirms(log, "AUC", 0.8557, "ImageNet")
    # and the scope ends with the table
    assert found(log)["AUC"] == 0.91 and found(log)["lfw/AUC"] == 0.8178183333
