"""torchvision reference scripts (format strings of references/classification/train.py and
references/segmentation/utils.py)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_ema_summary_is_its_own_metric() -> None:
    # Given the model and the EMA summaries (header f"Test: {log_suffix}", log_suffix "EMA")
    text = "Test:  Acc@1 76.130 Acc@5 92.862\nTest: EMA Acc@1 76.310 Acc@5 92.950\n"
    # When the metrics are extracted
    metrics = found(text)
    # Then the EMA values are named apart from the model's
    assert metrics == {"Acc@1": 76.13, "Acc@5": 92.862, "EMA/Acc@1": 76.31, "EMA/Acc@5": 92.95}


def test_progress_lines_before_the_summary_are_not_results() -> None:
    # Given MetricLogger progress lines (running acc1/acc5) and the summary
    text = (
        "Test:  [ 0/40]  eta: 0:01:52  loss: 1.8256 (1.8256)  acc1: 57.8125 (57.8125)  "
        "acc5: 82.4219 (82.4219)  time: 2.8022  data: 0.9022  max mem: 1122\n"
        "Test:  Total time: 0:00:04\n"
        "Test:  Acc@1 60.470 Acc@5 81.070\n"
    )
    # When the metrics are extracted, then only the summary is read
    assert found(text) == {"Acc@1": 60.47, "Acc@5": 81.07}
    # And a claim of the first batch's accuracy is refused
    assert not confirms(text, "Top-1 Accuracy", 57.8125)


def test_segmentation_reference_reads_global_and_mean_iou_only() -> None:
    # Given ConfusionMatrix.__str__ output: per-class lists between the two summaries
    text = (
        "global correct: 92.4\n"
        "average row correct: ['96.1', '81.2', '77.0']\n"
        "IoU: ['91.5', '63.8', '55.2']\n"
        "mean IoU: 70.2\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the per-class IoU of one class does not pass for the mean IoU
    assert metrics == {"global correct": 92.4, "mean IoU": 70.2}
    assert confirms(text, "mIoU", 70.2)
    assert not confirms(text, "mIoU", 63.8)


def test_summaries_pasted_one_per_model_with_a_note_in_parentheses() -> None:
    # Given DeiT's `* Acc@1 .. Acc@5 .. loss ..` summaries pasted with the model's name and a note
    text = (
        "Small - Acc@1 79.512 Acc@5 94.870 loss 0.902 (batch size 128 per gpu, 8 gpus)\n"
        "Base - Acc@1 81.640 Acc@5 95.555 loss 0.811 (batch size 64 per gpu, 8 gpus)\n"
    )
    assert found(text)["Base/Acc@1"] == 81.640
    assert confirms(text, "Top-1 Accuracy", 81.64)
    assert confirms(text, "Top-5 Accuracy", 94.87)
    assert not confirms(text, "Top-5 Accuracy", 79.512)
    assert not confirms(text, "Top-1 Accuracy", 128)
    # While a progress line's running average in parentheses is still no summary
    progress = "Test: [ 10/196] Acc@1 78.125 (80.540) Acc@5 93.750 (95.170)\n"
    assert not confirms(progress, "Top-1 Accuracy", 80.54)
