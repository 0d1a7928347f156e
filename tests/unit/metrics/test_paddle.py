# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""PaddleSeg / PaddleDetection / PaddleClas (format strings: paddleseg/core/val.py "[EVAL]
#Images: {} mIoU: {:.4f} Acc: {:.4f} Kappa: {:.4f} Dice: {:.4f}", train.py "[EVAL] The model
with the best validation mIoU ({:.4f}) was saved at iter {}."; ppdet VOCMetric "mAP({:.2f}, {})
= {:.2f}%"; ppcls "[Eval][Epoch {}][Avg]{}")."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

SEG_TRAINING = """\
2022-05-11 01:00:00 [INFO]\t[TRAIN] epoch: 1, iter: 1000/2000, loss: 0.4512, lr: 0.005, batch_cost: 0.5, reader_cost: 0.01, ips: 16 samples/sec | ETA 00:08:00
2022-05-11 01:05:00 [INFO]\t[EVAL] #Images: 500 mIoU: 0.6012 Acc: 0.9301 Kappa: 0.9012 Dice: 0.7100
2022-05-11 01:05:00 [INFO]\t[EVAL] The model with the best validation mIoU (0.6012) was saved at iter 1000.
2022-05-11 01:10:00 [INFO]\t[TRAIN] epoch: 2, iter: 2000/2000, loss: 0.3012, lr: 0.0, batch_cost: 0.5, reader_cost: 0.01, ips: 16 samples/sec | ETA 00:00:00
2022-05-11 01:15:00 [INFO]\t[EVAL] #Images: 500 mIoU: 0.5891 Acc: 0.9288 Kappa: 0.8990 Dice: 0.6980
2022-05-11 01:15:00 [INFO]\t[EVAL] The model with the best validation mIoU (0.6012) was saved at iter 1000.
"""


def test_paddleseg_training_evaluations_are_running_values() -> None:
    # Given two evaluations during PaddleSeg training
    metrics = found(SEG_TRAINING)
    # Then the last evaluation stands, the best is kept, counts and training loss are not read
    assert metrics["mIoU"] == 0.5891
    assert metrics["best validation mIoU"] == 0.6012
    assert "#Images" not in metrics and "Images" not in metrics
    assert not confirms(SEG_TRAINING, "mIoU", 500)
    assert not confirms(SEG_TRAINING, "Test mIoU", 0.5891)


def test_ppdet_voc_map_is_ap50_not_coco_ap() -> None:
    # Given PaddleDetection's VOC metric line
    text = "[05/05 14:03:38] ppdet.metrics.metrics INFO: mAP(0.50, integral) = 80.55%\n"
    # When claims are checked
    # Then it confirms an AP50 claim and not a COCO-style AP claim
    assert confirms(text, "mAP@0.5", 80.55)
    assert not confirms(text, "box AP", 80.55)


def test_paddleclas_avg_line_is_validation_and_iter_lines_are_skipped() -> None:
    # Given PaddleClas evaluation output
    text = (
        "[2022/03/01 10:00:00] ppcls INFO: [Eval][Epoch 20][Iter: 10/32]CELoss: 1.20000, "
        "loss: 1.20000, top1: 0.55000, top5: 0.80000, batch_cost: 0.10000s, reader_cost: 0.01"
        "000, ips: 640.00000 images/sec\n"
        "[2022/03/01 10:00:05] ppcls INFO: [Eval][Epoch 20][Avg]CELoss: 0.84000, loss: 0.84000, "
        "top1: 0.79120, top5: 0.94300\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the averages are read as validation values
    assert metrics["top1"] == 0.7912
    assert 0.55 not in metrics.values()
    assert confirms(text, "Top-1 Accuracy", 79.12)
    assert not confirms(text, "Test Top-1 Accuracy", 79.12)


def test_paddleseg_eval_lines_with_equals_signs() -> None:
    # Given PaddleSeg 2.1's evaluation line, which printed `=` where later versions print `:`
    text = "2021-06-02 10:12:44 [INFO]\t[EVAL] #Images=120 mIoU=0.7731 Acc=0.9815 Kappa=0.7702\n"
    # Then its values are read (the image count is no metric) as the validation split's
    assert found(text) == {"mIoU": 0.7731, "Acc": 0.9815, "Kappa": 0.7702}
    assert confirms(text, "mIoU", 77.31)
    assert confirms(text, "Kappa", 0.7702)
