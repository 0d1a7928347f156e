"""detectron2 / cvpods (format strings of detectron2/evaluation/testing.py `print_csv_format`:
"copypaste: Task: {}", "copypaste: " + ",".join(names), "copypaste: " + ",".join("{0:.4f}");
the OrderedDict returned by `inference_on_dataset`)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_cvpods_loguru_prefix_copypaste() -> None:
    # Given cvpods' loguru-prefixed copypaste lines for two tasks
    prefix = "2022-04-11 19:33:02 | INFO     | cvpods.evaluation.testing:22 - "
    text = "\n".join(
        prefix + line
        for line in (
            "copypaste: Task: bbox",
            "copypaste: AP,AP50,AP75,APs,APm,APl",
            "copypaste: 41.2000,61.8000,44.9000,24.1000,45.3000,53.2000",
            "copypaste: Task: segm",
            "copypaste: AP,AP50,AP75,APs,APm,APl",
            "copypaste: 37.3000,58.6000,40.1000,18.2000,40.3000,54.9000",
        )
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then box and mask values are kept apart
    assert metrics["bbox/AP"] == 41.2
    assert metrics["segm/AP"] == 37.3
    assert confirms(text, "mask AP", 37.3)
    assert not confirms(text, "box AP", 37.3)


def test_printed_results_dict_skips_per_category_entries() -> None:
    # Given the OrderedDict a user printed from inference_on_dataset
    text = (
        "OrderedDict([('bbox', {'AP': 40.21, 'AP50': 61.02, 'AP75': 43.77, 'APs': 24.1, "
        "'APm': 43.5, 'APl': 52.0, 'AP-person': 55.13, 'AP-bicycle': 30.2}), "
        "('segm', {'AP': 36.52, 'AP50': 58.01, 'AP-person': 48.9})])"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the task prefixes the names and per-category values are not results
    assert metrics["bbox/AP"] == 40.21
    assert metrics["segm/AP50"] == 58.01
    assert not any("person" in name or "bicycle" in name for name in metrics)
    assert not confirms(text, "box AP", 55.13)


def test_a_pretty_printed_results_dict_keeps_each_task_open_until_it_closes() -> None:
    text = (
        "           'APs': 51.336633663366335}),\n"
        "         ('segm',\n"
        "          {'AP': 64.95811724029545,\n"
        "           'AP-aorta': 58.059405940594054,\n"
        "           'AP50': 100.0,\n"
        "           'APs': 43.968411126826965})])\n"
    )
    metrics = found(text)
    assert metrics["segm/AP"] == 64.95811724029545
    assert "segm/AP-aorta" not in metrics
    assert confirms(text, "mask AP", 64.96)


def test_an_iou_type_evaluated_again_supersedes_the_earlier_evaluation() -> None:
    # Given two periodic evaluations during training (EVAL_PERIOD), one table each
    log = (
        "[d2.evaluation.coco_evaluation]: Evaluation results for bbox:\n"
        "|   AP   |  AP50  |\n"
        "|:------:|:------:|\n"
        "| 21.500 | 40.100 |\n"
        "\n"
        "[d2.evaluation.coco_evaluation]: Evaluation results for bbox:\n"
        "|   AP   |  AP50  |\n"
        "|:------:|:------:|\n"
        "| 23.250 | 41.900 |\n"
    )
    # Then the last evaluation is the run's result, the earlier one a running value
    assert confirms(log, "box AP", 23.25)
    assert not confirms(log, "box AP", 21.5)
    assert not confirms(log, "AP50", 40.1)


def test_copypaste_lines_pasted_without_their_prefix_keep_box_and_mask_apart() -> None:
    # Given print_csv_format's lines with the `copypaste: ` prefix cut off by the reporter
    text = (
        "Task: bbox\n"
        "AP,AP50,AP75,APs,APm,APl\n"
        "39.7079,58.7788,43.0693,23.8695,43.3261,50.0747\n"
        "Task: segm\n"
        "AP,AP50,AP75,APs,APm,APl\n"
        "35.6635,56.5818,37.6740,16.8149,39.1003,50.3024\n"
    )
    # Then each task's values are read under its IoU type
    assert found(text)["bbox/AP"] == 39.7079 and found(text)["segm/AP75"] == 37.674
    assert confirms(text, "box AP", 39.71) and confirms(text, "mask AP", 35.66)
    assert not confirms(text, "mask AP", 39.7079)
    # (a CSV header of other names is no COCO header)
    assert found("AP,recall,note\n39.7,58.7,1.0\n") == {}
