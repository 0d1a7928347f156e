"""MMDetection 2.x/3.x (format strings: mmcv TextLoggerHook "Epoch(val) [{epoch}][{iter}]\\t"
+ "{name}: {val:.4f}" joined by ", "; mmengine "Epoch(test) [{n}/{n}]  " + "{name}: {val:.4f}"
joined by two spaces; 2.x tools/test.py `print(metric)` of an OrderedDict)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found, splits


def test_mmdet2_test_script_ordered_dict() -> None:
    # Given the OrderedDict mmdet 2.x tools/test.py prints, with box, mask and copypaste strings
    text = (
        "OrderedDict([('bbox_mAP', 0.382), ('bbox_mAP_50', 0.588), ('bbox_mAP_75', 0.414), "
        "('bbox_mAP_copypaste', '0.382 0.588 0.414 0.219 0.409 0.495'), ('segm_mAP', 0.347), "
        "('segm_mAP_50', 0.557), ('segm_mAP_copypaste', '0.347 0.557 0.372 0.158 0.369 0.511')])"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the named values are read, the copypaste strings are not
    assert metrics == {
        "bbox_mAP": 0.382,
        "bbox_mAP_50": 0.588,
        "bbox_mAP_75": 0.414,
        "segm_mAP": 0.347,
        "segm_mAP_50": 0.557,
    }
    assert confirms(text, "mask AP", 34.7)
    assert not confirms(text, "box AP", 0.347)


def test_validation_and_test_lines_carry_their_split() -> None:
    # Given an mmengine validation line during training and a test line after it
    text = (
        "06/04 11:40:00 - mmengine - INFO - Epoch(val) [12][500/500]    coco/bbox_mAP: 0.3710  "
        "coco/bbox_mAP_50: 0.5750  data_time: 0.0030  time: 0.0600\n"
        "06/04 11:48:04 - mmengine - INFO - Epoch(test) [500/500]    coco/bbox_mAP: 0.3740  "
        "coco/bbox_mAP_50: 0.5810  data_time: 0.0030  time: 0.0610\n"
    )
    # When the splits are read
    # Then a test claim is confirmed only by the test value
    assert splits(text)["coco/bbox_mAP"] in ("val", "test")
    assert confirms(text, "Test box AP", 0.374)
    assert not confirms(text, "Test box AP", 0.371)
    assert confirms(text, "Validation box AP", 0.371)


def test_training_lines_are_not_results() -> None:
    # Given mmcv training iterations (the last one of an epoch too)
    text = (
        "2022-04-12 01:20:00,000 - mmdet - INFO - Epoch [1][7330/7330]\tlr: 2.000e-02, "
        "eta: 0:00:00, time: 0.500, data_time: 0.010, memory: 7000, loss_cls: 0.4512, "
        "loss_bbox: 0.3011, loss: 0.7523\n"
    )
    # When the metrics are extracted, then nothing is read
    assert found(text) == {}


def test_a_copypaste_line_alone_is_read_by_position() -> None:
    # Given only mmdet's copypaste lines (3.x logs them apart from the named values)
    text = (
        "bbox_mAP_copypaste: 0.428 0.476 0.468 -1.000 0.109 0.464\n"
        "segm_mAP_copypaste: 0.000 0.000 0.000 0.000 0.000 0.000\n"
    )
    # Then the fields are mAP, mAP_50, mAP_75, mAP_s, mAP_m, mAP_l, box and mask kept apart
    assert found(text)["bbox_mAP_l"] == 0.464 and "bbox_mAP_s" not in found(text)
    assert confirms(text, "box AP", 42.8) and confirms(text, "mask AP", 0.0)
    assert not confirms(text, "mask AP", 0.428) and not confirms(text, "box AP", 0.476)
    assert not confirms(text, "APl", 0.109)
