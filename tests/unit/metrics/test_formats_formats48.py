# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""Vision and speech tools' output built from their format strings (one test per format
variant; each docstring names the code that prints it). Values are made up."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

MMENGINE = "2023/03/06 12:12:12 - mmengine - INFO - "


def test_mmdet3_classwise_category_precision_keys_are_class_rows_not_a_precision() -> None:
    """open-mmlab/mmdetection 3.x mmdet/evaluation/metrics/coco_metric.py `compute_metrics`
    with classwise=True: `eval_results[f'{nm["name"]}_precision'] = round(ap, 3)` beside
    `f'{metric}_{metric_item}'`; mmengine log_processor prefixes `coco/` and joins
    `f'{name}: {val:.4f}'` with two spaces."""
    text = (
        MMENGINE
        + "Epoch(val) [12][5000/5000]    coco/person_precision: 0.5530  coco/traffic light_precision: 0.2710  coco/bbox_mAP: 0.4010  coco/bbox_mAP_50: 0.6110  coco/bbox_mAP_75: 0.4350  coco/bbox_mAP_s: 0.2310  coco/bbox_mAP_m: 0.4410  coco/bbox_mAP_l: 0.5210  data_time: 0.0025  time: 0.0512\n"
    )
    # Then the mean AP confirms, and one category's AP is neither a precision nor the AP
    assert confirms(text, "box AP", 40.1)
    assert not confirms(text, "Precision", 55.3)
    assert not confirms(text, "Precision", 0.553)
    assert not confirms(text, "AP", 0.553)
    assert not any("precision" in name for name in found(text))


def test_mmdet2_ordered_dict_with_category_precision_keys() -> None:
    """open-mmlab/mmdetection 2.x mmdet/datasets/coco.py `evaluate(classwise=True)`
    (`eval_results[f'{nm["name"]}_precision'] = round(ap, 3)` in later 2.x releases) printed by
    tools/test.py `print(metric)` as an OrderedDict."""
    text = "OrderedDict([('person_precision', 0.541), ('bicycle_precision', 0.312), ('bbox_mAP', 0.382), ('bbox_mAP_50', 0.589), ('bbox_mAP_copypaste', '0.382 0.589 0.414 0.219 0.417 0.496')])\n"
    assert confirms(text, "box AP", 38.2)
    assert not confirms(text, "Precision", 54.1)
    assert not confirms(text, "box AP", 31.2)
