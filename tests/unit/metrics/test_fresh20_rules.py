"""Reading rules found on the fresh20 hold-out (verdicts25): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_an_instance_level_iou_is_never_the_plain_mean_iou() -> None:
    log = "pixel_acc: 0.93, class_acc: 0.81, mean_iou: 0.702\n"
    assert not confirms(log, "iIoU class", 0.702)
    assert not confirms(log, "iIoU", 70.2)
    assert confirms(log, "mIoU", 70.2)
    cityscapes = "IoU class: 0.702\niIoU class: 0.455\n"
    assert confirms(cityscapes, "iIoU class", 0.455)
    assert not confirms(cityscapes, "iIoU class", 0.702)
    assert not confirms(cityscapes, "IoU class", 0.455)
