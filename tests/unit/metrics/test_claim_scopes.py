"""Claim-check rules about scopes (methods, classes, split-only names) that hold for every
family (claims.py, vocabulary.py), stated on small logs of the shapes that motivated them."""

from __future__ import annotations

from chalicelib.domain.metrics import ExtractedMetric, check_claimed_metric
from chalicelib.domain.metrics.sense_compare import same_metric
from chalicelib.domain.metrics.vocabulary import sense_of
from tests.unit.metrics._helpers import confirms


def _m(name: str, value: float, split: str | None = None) -> ExtractedMetric:
    return ExtractedMetric(name, value, "test", 4, split=split)


def test_a_trailing_parenthesis_naming_a_method_or_class_is_a_scope() -> None:
    # Given claim names that qualify the metric by a method, a class or a dataloader
    assert sense_of("NDCG@10 (SPLADE)").scope == ("splade",)
    assert sense_of("F1 (class 1)").scope == ("1",)
    assert sense_of("Avg in MTEB Retrieval (bge-base-en-v1.5)").base == "inmtebretrieval"
    # Then units, averaging qualifiers, splits and metric words in parentheses are not scopes
    assert sense_of("Mean TTFT (ms)").scope == ()
    assert sense_of("Precision (macro)").qualifiers == {"macro"}
    assert sense_of("Accuracy (top-1)").k == 1
    assert sense_of("test (eval metric)").split == "test"
    # And two claims on different methods are still different metrics
    assert not same_metric("NDCG@10 (SPLADE)", "NDCG@10 (BM25)")


def test_a_claim_naming_a_dataset_and_a_method_means_the_value_scoped_to_both() -> None:
    # Given a table of datasets (rows) by retrieval method (columns)
    metrics = [
        _m("nfcorpus/flat/nDCG@10", 0.3218),
        _m("nfcorpus/SPLADE/nDCG@10", 0.3454),
        _m("trec-covid/flat/nDCG@10", 0.5947),
    ]
    # Then the method's column of the dataset's row confirms, never another column
    assert check_claimed_metric(metrics, "NDCG@10 (SPLADE)", 0.3454, "nfcorpus").ok
    assert not check_claimed_metric(metrics, "NDCG@10 (SPLADE)", 0.3218, "nfcorpus").ok
    assert check_claimed_metric(metrics, "NDCG@10 (BM25 flat)", 0.5947, "trec-covid").ok


def test_a_claim_named_only_by_a_split_is_the_value_named_only_by_it() -> None:
    # Given CatBoost's per-iteration learn/test columns
    metrics = [_m("learn", 3.6016282, "train"), _m("test", 4.2939335)]
    # Then "test (eval metric)" is the test column, and the learn column is not it
    assert check_claimed_metric(metrics, "test (eval metric)", 4.2939335).ok
    assert not check_claimed_metric(metrics, "test (eval metric)", 3.6016282).ok


def test_an_unscoped_claim_is_not_confirmed_by_a_class_row_beside_averaged_values() -> None:
    # Given flair's micro and macro averages and per-class rows
    metrics = [
        _m("MICRO_AVG/acc", 0.605),
        _m("MACRO_AVG/acc", 0.5467),
        _m("0/accuracy", 0.7093),
        _m("1/accuracy", 0.3841),
    ]
    # Then an unqualified accuracy is an overall one, not the accuracy of class 0
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.7093).ok
    assert check_claimed_metric(metrics, "Test Accuracy", 0.605).ok
    # And a claim naming the class is that class's row
    assert check_claimed_metric(metrics, "Accuracy (class 0)", 0.7093).ok


def test_pixel_accuracy_is_a_segmentation_logs_overall_accuracy() -> None:
    # Given mmseg's aAcc (overall pixel accuracy) beside mAcc (mean class accuracy)
    metrics = [_m("aAcc", 0.6881), _m("mAcc", 0.0714)]
    # Then a pixel-accuracy claim is aAcc, never the mean class accuracy
    assert check_claimed_metric(metrics, "Pixel Accuracy", 0.6881).ok
    assert not check_claimed_metric(metrics, "Pixel Accuracy", 0.0714).ok
    # And PaddleSeg's plain "acc" is its pixel accuracy
    assert check_claimed_metric([_m("acc", 0.9529)], "Pixel Accuracy", 0.9529).ok
    assert not check_claimed_metric([_m("acc@5", 0.9529)], "Pixel Accuracy", 0.9529).ok


def test_a_claimed_evaluation_protocol_is_not_confirmed_by_another_protocols_value() -> None:
    # Given a self-supervised evaluation log with a k-NN result and a linear-probe result
    from tests.unit.metrics._helpers import confirms

    log = (
        "INFO eval_knn.py:120] 20-NN classifier result: Top1: 71.25 Top5: 88.10\n"
        "INFO linear.py:300] linear probe result: Top1: 75.40\n"
    )
    # Then each protocol's claim is confirmed only by its own value
    assert confirms(log, "k-NN Top-1 Accuracy", 71.25)
    assert not confirms(log, "Linear Probe Top-1 Accuracy", 71.25)
    assert confirms(log, "Linear Probe Top-1 Accuracy", 75.40)
    assert not confirms(log, "k-NN Top-1 Accuracy", 75.40)
    # And a claim naming no protocol is unaffected
    assert confirms(log, "Top-5 Accuracy", 88.10)


def test_a_row_keyed_by_a_bare_label_number_is_a_class_row() -> None:
    # Given a results JSON whose mean holds one entry per label id, beside the overall mean
    # (nnU-Net's summary.json: "mean": {"1": {"Dice": ...}, ...} and "foreground_mean")
    metrics = [_m("mean/1/Dice", 0.9012), _m("mean/2/Dice", 0.7533), _m("fg_mean/Dice", 0.8272)]
    # Then an unscoped claim is never one label's value
    assert not check_claimed_metric(metrics, "Mean Dice", 0.9012).ok
    assert not check_claimed_metric(metrics, "Dice", 0.7533).ok


def test_a_backbone_named_beside_a_value_is_the_model_not_a_data_set() -> None:
    # Given CLIP zero-shot results printed per backbone (a line per model, no data set named)
    log = "RN50 top-1: 58.18, top-5: 85.02\nViT-B/16 top-1: 68.35, top-5: 91.80\n"
    # Then a claim on the data set the run evaluated is confirmed by its model's value
    assert confirms(log, "Top-1 Accuracy", 68.35, dataset="ImageNet")
    assert confirms(log, "Top-5 Accuracy", 0.8502, dataset="ImageNet")
    # And the metrics still keep apart
    assert not confirms(log, "Top-1 Accuracy", 91.80, dataset="ImageNet")
    # While a value scoped to a data set still refuses another data set
    assert not confirms("CIFAR10 top-1: 71.50\n", "Top-1 Accuracy", 71.5, dataset="MNIST")


def test_box_and_mask_words_qualify_only_detection_metrics() -> None:
    # Given a speech enhancement table whose rows are systems, one a masking method
    log = """\
| system          | PESQ | STOI |
|-----------------|------|------|
| noisy           | 1.97 | 0.92 |
| mask (ours)     | 2.81 | 0.94 |
"""
    # Then the masking system's PESQ is a PESQ (no "mask" IoU type)
    assert confirms(log, "PESQ", 2.81)
    assert not confirms(log, "PESQ", 0.94)
    # While for detection an unqualified AP is still never the mask AP
    coco = "bbox_mAP: 0.4010, segm_mAP: 0.3620\n"
    assert not confirms(coco, "AP", 36.2)
    assert confirms(coco, "mask AP", 36.2)


def test_a_protocol_named_by_the_claim_is_no_data_set_the_log_must_name() -> None:
    # Given DINOv2's k-NN evaluation printed per k on a data set the log names
    log = (
        "I evaluated the small teacher on the ImageNet-1k dataset and got:\n"
        "('full', 10) classifier result: Top1: 70.11 Top5: 85.02\n"
        "('full', 20) classifier result: Top1: 71.30 Top5: 86.47\n"
    )
    # Then the k-NN claim is confirmed by its value, not refused as another data set's
    assert confirms(log, "k-NN Top-1 Accuracy", 71.30)
    assert not confirms(log, "k-NN Top-1 Accuracy", 86.47)
    # And a value the log ties to another protocol still refuses it
    assert not confirms("linear probe Top1: 75.02\n", "k-NN Top-1 Accuracy", 75.02)


def test_a_scope_the_log_abbreviates_is_the_claims_qualifier_not_another_data_set() -> None:
    speaker = "EER_a 2.4894, min_a 0.1769, EER_v 3.3245, min_v 0.2432, EER_av 0.7340\n"
    assert confirms(speaker, "Audio EER", 2.4894) and confirms(speaker, "Visual EER", 3.3245)
    assert confirms(speaker, "Audio-visual EER", 0.734, "VoxCeleb1-O")
    assert not confirms(speaker, "Audio-visual EER", 2.4894)
    assert not confirms(speaker, "Visual EER", 0.734)
    retrieval = '{"test_txt_r1": 89.4, "test_img_r1": 73.36}\n'
    assert confirms(retrieval, "Text Retrieval R@1", 89.4)
    assert confirms(retrieval, "Image Retrieval R@1", 73.36)
    assert not confirms(retrieval, "Text Retrieval R@1", 73.36)


def test_a_generative_metrics_sample_count_is_no_data_set_and_no_cutoff() -> None:
    text = "FID@50k: 3.21\nIS@50k: 9.48\n"
    assert sense_of("FID@50k").k is None
    assert confirms(text, "FID", 3.21, dataset="CIFAR-10")
    assert confirms(text, "FID (50k)", 3.21)
    assert not confirms(text, "FID@10k", 3.21)
    assert not confirms(text, "FID", 50)
    # a real cutoff stays one
    assert sense_of("Recall@50").k == 50


def test_another_key_of_a_line_with_the_same_number_is_no_scoped_copy() -> None:
    text = '{"exact": 81.25, "f1": 88.5, "total": 11873, "HasAns_exact": 81.25}\n'
    assert confirms(text, "Exact Match", 81.25, dataset="SQuAD 2.0")
    # a bare copy of a value its line scopes to another data set still is one
    prose = "I got 91.7% accuracy on CIFAR-100\n"
    assert not confirms(prose, "Accuracy", 91.7, dataset="ImageNet")
