"""Rules found by reading the fresh17 and fresh18 corpus sets: each a general rule about how
tools and writers print results, each with a crafted log (not a corpus excerpt)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_html_emphasis_closed_on_its_line_is_its_text() -> None:
    # Given KITTI blocks pasted into an issue with a threshold underlined by `<ins>...</ins>`
    text = (
        "Car AP_R40@0.70, 0.70, 0.70:\n"
        "3d   AP:41.1000, 40.2000, 39.3000\n"
        "\n"
        "Car AP_R40@<ins>0.70</ins>, 0.50, 0.50:\n"
        "3d   AP:81.4000, 80.5000, 79.6000\n"
    )
    # Then the second block is still read as the looser setting, never as the standard one
    assert confirms(text, "Car 3D AP R40 (easy)", 41.1)
    assert not confirms(text, "Car 3D AP R40 (easy)", 81.4)
    assert not confirms(text, "Car 3D AP R40 (moderate, IoU 0.7)", 80.5)


def test_a_log_printing_iou_and_miou_reports_two_metrics() -> None:
    # Given a completion IoU printed beside the mean of the per-class IoUs
    text = "Precision=61.2, Recall=70.4, IoU=52.7\nmIoU=31.9\n"
    # Then a mIoU claim is the mIoU and an IoU claim the IoU, never the other
    assert confirms(text, "mIoU", 31.9)
    assert not confirms(text, "SSC mIoU", 52.7)
    assert confirms(text, "Completion IoU", 52.7)
    assert not confirms(text, "IoU", 31.9)
    # and a log printing one IoU keeps it for either name
    assert confirms("IoU=52.7\n", "mIoU", 52.7)


def test_a_banner_naming_a_split_opens_that_splits_section() -> None:
    # Given epochs whose evaluation is printed under "Valid Epoch N" banners
    text = (
        "==== Train Epoch 1 ====\n"
        "Training loss: 3.1\n"
        "==== Valid Epoch 1 ====\n"
        "{'HR@10': 0.41, 'NDCG@10': 0.22}\n"
        "==== Train Epoch 2 ====\n"
        "Training loss: 2.9\n"
        "==== Valid Epoch 2 ====\n"
        "{'HR@10': 0.45, 'NDCG@10': 0.25}\n"
    )
    # Then the last values are validation values: a test claim is not confirmed by them
    assert confirms(text, "HR@10", 0.45)
    assert confirms(text, "Validation HR@10", 0.45)
    assert not confirms(text, "Test HR@10", 0.45)


def test_a_deepspeech_report_is_its_summary_not_its_sample_items() -> None:
    # Given a DeepSpeech test report: the summary, then one item per sample
    text = (
        "I Test of Epoch 120 - WER: 0.082000, loss: 11.5, mean edit distance: 0.041000\n"
        "I ----------------------------------------------------------------\n"
        "I WER: 0.250000, loss: 20.1, mean edit distance: 0.120000\n"
        'I  - src: "the cat sat"\n'
        'I  - res: "the cat sad"\n'
    )
    # Then the summary is the test WER; a sample's WER is no result
    assert confirms(text, "Test WER", 0.082)
    assert confirms(text, "WER", 8.2)
    assert not confirms(text, "WER", 0.25)
    assert not confirms(text, "Test WER", 25.0)


def test_a_model_line_scopes_its_block_to_that_model() -> None:
    # Given a script evaluating one checkpoint per data set, each named by its path
    text = (
        "Evaluating model: ./ckpt/stgat-zara1\n"
        "Testing ....\n"
        "ADE: 0.3412  FDE: 0.6921\n"
        "*************************\n"
        "Evaluating model: ./ckpt/stgat-eth\n"
        "Testing ....\n"
        "ADE: 0.6518  FDE: 1.1037\n"
    )
    # Then each value is its checkpoint's: a claim on one data set is not confirmed by another's
    assert confirms(text, "ADE", 0.65, "ETH")
    assert not confirms(text, "ADE", 0.34, "ETH")
    assert confirms(text, "FDE", 0.69, "ZARA1")
    assert not confirms(text, "FDE", 1.10, "ZARA1")


def test_a_model_is_no_data_set_and_keeps_the_logs_data_set() -> None:
    # Given a run scoped to a data set, then the model it evaluated
    text = "Dataset: speechbench-v2\nModel name: whisper-small\nWER: 12.34\n"
    # Then the value is the data set's: another data set's claim is refused, its own confirmed
    assert confirms(text, "WER", 12.34, "speechbench-v2")
    assert not confirms(text, "WER", 12.34, "LibriSpeech")
    assert confirms("Model name: whisper-small\nWER: 12.34\n", "WER", 12.34, "LibriSpeech")


def test_a_line_led_by_whose_results_scopes_its_pairs() -> None:
    # Given two back ends' results per model, one line each
    text = (
        "Model name: resnet50\n"
        "ONNX accuracy: Top1 = 74.10, Top5 = 91.80\n"
        "TensorRT accuracy: Top1 = 73.20, Top5 = 91.40\n"
    )
    # Then each value is that model's on that back end
    assert confirms(text, "Top-1 Accuracy", 73.2, "resnet50 TensorRT")
    assert not confirms(text, "Top-1 Accuracy", 73.2, "resnet50 ONNX")
    assert confirms(text, "Top-1 Accuracy", 74.1, "resnet50 ONNX")


def test_mtebs_nauc_statistics_are_not_the_metric() -> None:
    # Given an MTEB retrieval result with the nAUC calibration statistics beside the scores
    text = '{"map_at_10": 0.4121, "nauc_map_at_10_max": 0.2873, "nauc_ndcg_at_10_diff1": 0.5012}\n'
    # Then a statistic of a metric confirms no claim of the metric
    assert confirms(text, "MAP@10", 0.4121)
    assert not confirms(text, "MAP@10", 0.2873)
    assert not confirms(text, "NDCG@10", 0.5012)


def test_a_metric_printed_only_per_label_has_no_overall_value() -> None:
    # Given a tagger's metrics: accuracy, then F1 per tag only
    text = '  "test_accuracy": 0.8812,\n  "test_F1_B-LOC": 0.9021,\n  "test_F1_I-LOC": 0.7714,\n'
    # Then no tag's F1 is the F1 of the run; a claim naming the tag is that tag's
    assert confirms(text, "Test Accuracy", 88.12)
    assert not confirms(text, "F1", 0.9021)
    assert not confirms(text, "F1", 0.7714)
    assert confirms(text, "F1 B-LOC", 0.9021)
    assert not confirms(text, "F1 B-LOC", 0.7714)


def test_pairs_in_a_parenthesis_after_a_source_are_the_sources() -> None:
    # Given the writer's scores, then the paper's in a parenthesis after "in paper"
    text = "My scores(BLEU: 27.10) are below yours in paper (chrF: 55.2, BLEU: 29.80).\n"
    # Then every pair in the paper's parenthesis is the paper's; the writer's glued pair is theirs
    assert confirms(text, "BLEU", 27.1)
    assert not confirms(text, "BLEU", 29.8)
    assert not confirms(text, "chrF", 55.2)
