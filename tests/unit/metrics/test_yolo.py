# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""Ultralytics / YOLOv5 (format strings: detect/val.py ("%22s" + "%11s" * 6) header and
"%22s" + "%11i" * 2 + "%11.3g" * n rows; segment/val.py adds "Mask(P" ... columns;
classify/val.py "classes top1_acc top5_acc"; trainer "Validating {best}...")."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

SEGMENT = (
    "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95)"
    "     Mask(P          R      mAP50  mAP50-95): 100%|██████████| 4/4 [00:01<00:00,  2.4it/s]\n"
    "                   all        128        929      0.712      0.645      0.702      0.521"
    "      0.701      0.634      0.687      0.432\n"
    "                person        128        254      0.821      0.756      0.833      0.618"
    "      0.801      0.712      0.790      0.501\n"
)


def test_segmentation_box_and_mask_columns_are_kept_apart() -> None:
    # Given a segmentation validation table (box and mask column groups)
    metrics = found(SEGMENT)
    # Then every column is named by its group, and per-class rows are not read
    assert metrics["Box mAP50-95"] == 0.521
    assert metrics["Mask mAP50-95"] == 0.432
    assert 0.618 not in metrics.values()
    assert confirms(SEGMENT, "mask mAP50-95", 0.432)
    assert not confirms(SEGMENT, "mask mAP50-95", 0.521)
    assert confirms(SEGMENT, "mAP50-95", 0.521)


def test_training_epochs_are_superseded_by_the_final_validation() -> None:
    # Given two epochs of training validation, then the validation of best.pt
    header = (
        "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95)\n"
    )
    text = (
        "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size\n"
        + header
        + "                   all        128        929      0.601      0.523      0.581      0.402\n"
        + header
        + "                   all        128        929      0.655      0.571      0.633      0.455\n"
        + "\n100 epochs completed in 0.053 hours.\n"
        + "Validating runs/detect/train/weights/best.pt...\n"
        + header
        + "                   all        128        929      0.662      0.575      0.641      0.461\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the final validation stands and earlier epochs are not results
    assert metrics["mAP50-95"] == 0.461
    assert 0.402 not in metrics.values()
    assert not confirms(text, "mAP50-95", 0.402)


def test_yolov5_classify_row_with_image_count() -> None:
    # Given YOLOv5 classify/val.py output: Class, Images, top1_acc, top5_acc
    text = (
        "                   Class      Images    top1_acc    top5_acc\n"
        "                     all       50000       0.715       0.902\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the image count is not a metric
    assert metrics == {"top1_acc": 0.715, "top5_acc": 0.902}
    assert confirms(text, "Top-1 Accuracy", 71.5)
    assert not confirms(text, "Top-1 Accuracy", 50000)


def test_argument_dump_is_not_read() -> None:
    # Given YOLOv5 print_args and ultralytics' trainer argument dumps
    text = (
        "val: data=coco.yaml, weights=['yolov5s.pt'], batch_size=32, imgsz=640, conf_thres=0.001,"
        " iou_thres=0.6, max_det=300\n"
        "engine/trainer: task=detect, mode=train, model=yolov8n.pt, epochs=100, iou=0.7, "
        "lr0=0.01, box=7.5, cls=0.5\n"
    )
    # When the metrics are extracted, then nothing is read
    assert found(text) == {}


def test_a_wrapped_arguments_line_still_names_the_split_it_evaluates() -> None:
    # Given val.py's arguments pasted wrapped (cut mid-word with a backslash), task=val
    log = (
        "val: data=data/coco128.yaml, weights=['best.pt'], batch_size=32, imgsz=640, task=val, "
        "device=, workers=8, singl\\\n"
        "e_cls=False, augment=False\n"
        "                 Class     Images  Instances          P          R      mAP50   mAP50-95: 100%|##########| 4/4\n"
        "                   all        128        929      0.712      0.634      0.713      0.475\n"
    )
    # Then its results are validation values: a test claim is refused
    assert confirms(log, "mAP@0.5", 0.713)
    assert not confirms(log, "Test mAP@0.5", 0.713)


def test_a_line_starting_with_class_and_one_name_is_a_value_not_the_header() -> None:
    text = "Class mIoU: 0.6421, Instance mIoU: 0.7710\n"
    assert confirms(text, "Class mIoU", 0.6421)
    assert confirms(text, "Instance mIoU", 77.1)
