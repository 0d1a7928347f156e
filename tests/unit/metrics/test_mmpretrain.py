"""mmpretrain / MMSegmentation (format strings: mmengine LogProcessor `Epoch({mode})
[{epoch}][{n}/{n}]  ` / `Iter({mode}) [{n}/{n}]  ` + "{name}: {val:.4f}"; mmcv TextLoggerHook
`Iter(val) [{iter}]\\t` + "{name}: {val:.4f}" joined by ", "; mmseg 0.x 'Summary:' PrettyTable)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_validation_after_each_epoch_is_a_running_value() -> None:
    # Given two mmengine validation lines of a training run
    text = (
        "2023/06/08 09:30:00 - mmengine - INFO - Epoch(val) [1][27/27]    accuracy/top1: 61.2000"
        "  accuracy/top5: 88.1000  data_time: 0.0010  time: 0.0900\n"
        "2023/06/08 09:40:00 - mmengine - INFO - Epoch(val) [2][27/27]    accuracy/top1: 70.5000"
        "  accuracy/top5: 91.3000  data_time: 0.0010  time: 0.0910\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the last validation stands and timings are not read
    assert metrics == {"accuracy/top1": 70.5, "accuracy/top5": 91.3}
    assert confirms(text, "Validation Top-1 Accuracy", 70.5)
    assert not confirms(text, "Test Top-1 Accuracy", 70.5)


def test_mmseg_0x_iter_val_skips_per_class_values() -> None:
    # Given an mmcv Iter(val) line with per-class IoU.<class>/Acc.<class> entries
    text = (
        "2021-06-01 10:00:00,000 - mmseg - INFO - Iter(val) [8000]\taAcc: 0.9598, mIoU: 0.7850, "
        "mAcc: 0.8580, IoU.road: 0.9812, IoU.sidewalk: 0.8411, Acc.road: 0.9901, "
        "Acc.sidewalk: 0.9102\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then only the means are read
    assert metrics == {"aAcc": 0.9598, "mIoU": 0.785, "mAcc": 0.858}
    assert not confirms(text, "mIoU", 0.8411)


def test_mmseg_summary_table() -> None:
    # Given mmseg 0.x test output: per-class table, then the Summary table
    text = (
        "per class results:\n"
        "+----------+-------+-------+\n"
        "|  Class   |  IoU  |  Acc  |\n"
        "+----------+-------+-------+\n"
        "|   road   | 98.12 | 99.01 |\n"
        "| sidewalk | 84.11 | 91.02 |\n"
        "+----------+-------+-------+\n"
        "Summary:\n"
        "+-------+-------+-------+\n"
        "|  aAcc |  mIoU |  mAcc |\n"
        "+-------+-------+-------+\n"
        "| 95.98 | 78.51 | 85.82 |\n"
        "+-------+-------+-------+\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the summary values are read, the class rows as class rows, and no class value
    # passes for the mean
    assert {k: v for k, v in metrics.items() if "/class " not in k} == {
        "aAcc": 95.98,
        "mIoU": 78.51,
        "mAcc": 85.82,
    }
    assert metrics["sidewalk/class IoU"] == 84.11
    assert not confirms(text, "mIoU", 84.11)


def test_mmcv_log_json_validation_lines() -> None:
    # Given *.log.json lines: a training iteration and a validation
    text = (
        '{"mode": "train", "epoch": 3, "iter": 100, "lr": 0.1, "loss": 1.2345, "time": 0.2}\n'
        '{"mode": "val", "epoch": 3, "iter": 10, "lr": 0.1, "accuracy_top-1": 71.25}\n'
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the validation value is read, with its split, and nothing of training
    assert metrics == {"accuracy_top-1": 71.25}
    assert not confirms(text, "Test Top-1 Accuracy", 71.25)


def test_mmcv_names_with_a_space_are_one_metric_each() -> None:
    # Given an mmcv validation line whose metric names hold a space (MMAction v1)
    text = "2020-01-01 10:00:00 - INFO - Epoch(val) [3][100]\ttop1 acc: 0.2100, top5 acc: 0.4400"
    # When the metrics are extracted
    metrics = found(text)
    # Then each name keeps its top-k, and the top-5 value is not top-1
    assert metrics == {"top1 acc": 0.21, "top5 acc": 0.44}
    assert confirms(text, "Validation Top-1 Accuracy", 0.21)
    assert not confirms(text, "Top-1 Accuracy", 0.44)
