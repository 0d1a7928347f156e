"""Names the vocabulary reads into the metric a claim means (vocabulary.py, phrases.py): each
rule on a minimal log written for it (the corpus holds the real logs)."""

from __future__ import annotations

from chalicelib.domain.metrics.sense_compare import same_metric
from chalicelib.domain.metrics.vocabulary import sense_of
from tests.unit.metrics._helpers import confirms


def test_waymo_difficulty_levels_are_qualifiers_of_ap_and_aph_not_squared_error() -> None:
    openpcdet = (
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_1/AP: 0.6120 \n"
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_1/APH: 0.5980 \n"
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_2/AP: 0.5890 \n"
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_2/APH: 0.5761 \n"
    )
    assert confirms(openpcdet, "Cyclist L2 APH", 57.61)
    assert confirms(openpcdet, "Cyclist mAPH (L2)", 0.5761)
    assert confirms(openpcdet, "Cyclist Level 1 AP", 0.612)
    assert not confirms(openpcdet, "Cyclist L2 AP", 0.5761)  # that is the APH
    assert not confirms(openpcdet, "Cyclist L1 APH", 0.5761)  # that is level 2
    mmdet3d = "Overall/L1 mAP: 0.6810\nOverall/L1 mAPH: 0.6512\nOverall/L2 mAPH: 0.5987\n"
    assert confirms(mmdet3d, "L2 mAPH", 0.5987) and not confirms(mmdet3d, "L1 mAPH", 0.5987)
    assert sense_of("L2 loss").base == "mse"  # without an AP, L2 stays the squared error
    assert not same_metric("Vehicle L1 APH", "Vehicle L2 APH")


def test_coco_average_recall_counts_detections_per_image_as_its_cutoff() -> None:
    efficientdet = "{'AP': 0.412, 'ARmax1': 0.331, 'ARmax10': 0.52, 'ARmax100': 0.553}"
    assert confirms(efficientdet, "AR@100", 0.553) and confirms(efficientdet, "AR", 55.3)
    assert not confirms(efficientdet, "AR@100", 0.331) and not confirms(efficientdet, "AR", 0.331)
    assert sense_of("AR1").k == 1 and sense_of("AR_max_100").k == 100
    assert same_metric("AR100", "AR@100") and not same_metric("AR1", "AR@100")


def test_a_namespace_that_is_the_metric_word_names_no_data_set() -> None:
    mmengine = "Epoch(val) [12][50/50]  acc/top1: 0.7312  acc/top5: 0.9120  acc/mean1: 0.7005"
    assert sense_of("acc/top1").scope == () and sense_of("acc/top5").k == 5
    assert confirms(mmengine, "Validation Top-1 Accuracy", 73.12, dataset="UCF101")
    assert sense_of("rouge1/precision").scope == ("rouge1",)  # another metric's namespace stays


def test_mmaction_mean_class_accuracy_names() -> None:
    mmaction2 = "Epoch(val) [12][50/50]  acc/top1: 0.7312  acc/top5: 0.9120  acc/mean1: 0.7005"
    assert confirms(mmaction2, "Mean Class Accuracy", 0.7005)
    assert not confirms(mmaction2, "Mean Class Accuracy", 0.7312)
    assert not confirms(mmaction2, "Top-1 Accuracy", 0.7005)
    legacy = "Evaluating top_k_accuracy ...\ntop1_acc\t0.7312\ntop5_acc\t0.9120\nmean_acc\t0.7005"
    assert confirms(legacy, "Mean Class Accuracy", 70.05)
    assert not confirms(legacy, "Mean Class Accuracy", 0.7312)


def test_depth_estimation_metrics_are_known_and_kept_apart() -> None:
    assert same_metric("AbsRel", "depth_absrel") and same_metric("Sq Rel", "sq_rel")
    assert same_metric("RMSE log", "RMSlog") and not same_metric("RMSE log", "RMSE")
    assert same_metric("delta < 1.25", "\u03b41") and same_metric("<1.25", "a1")
    assert same_metric("\u03b4<1.25^2", "delta2") and not same_metric("delta1", "delta2")
    log = (
        "cam_auc_3: 0.5829\ncam_auc_30: 0.9426\n"
        "depth_absrel: 0.0518\ndepth_absrel_aligned: 0.0126\n"
    )
    assert confirms(log, "AUC@30", 0.9426) and not confirms(log, "AUC@3", 0.9426)
    assert confirms(log, "AbsRel", 0.0518, "ETH3D")
    assert not confirms(log, "AbsRel", 0.0126)  # the scale-aligned variant is another result


def test_link_prediction_speaker_pose_text_and_flow_names() -> None:
    assert same_metric("MRR", "inverse_harmonic_mean_rank")
    assert same_metric("Mean Rank", "mean_rank") and not same_metric("Mean Rank", "MRR")
    assert same_metric("EER", "Equal Error Rate") and same_metric("minDCF", "min_dcf")
    assert same_metric("PCKh@0.5", "PCKh") and same_metric("Word Accuracy", "accuracy")
    assert same_metric("EPE", "AEPE") and same_metric("Fl-all", "F1-all")
    assert not same_metric("EPE", "per_image_epe")


def test_an_accuracy_at_an_iou_threshold_is_another_metric_at_each_threshold() -> None:
    # Given grounding accuracies at two IoU thresholds
    text = "ACC@0.5: 88.67\nACC@0.75: 80.57\n"
    # Then each threshold is its own metric, whatever the spelling of the threshold
    assert confirms(text, "Acc@0.5", 88.67)
    assert confirms(text, "Accuracy@0.50", 88.67)
    assert not confirms(text, "Acc@0.5", 80.57)
    # ...and the threshold is no top-k cutoff ("@0.5" is not top-0), while an integer is
    assert sense_of("Acc@0.5").k is None and "at0.5" in sense_of("Acc@0.5").qualifiers
    assert confirms("Accuracy@.5 = 0.148\n", "Acc@0.5", 14.8)
    assert sense_of("Acc@1").k == 1


def test_tracking_rcll_lrap_and_instance_accuracy_name_known_metrics() -> None:
    # MOTChallenge's Rcll is recall; scikit-learn's LRAP; PointNet's instance accuracy is the
    # overall accuracy of a point-cloud classifier
    assert sense_of("Rcll").base == "recall"
    assert same_metric("LRAP", "Label Ranking Average Precision")
    assert confirms("Test Instance Accuracy: 0.917800\n", "Overall Accuracy", 91.78)
    assert not confirms("Test Instance Accuracy: 0.917800\n", "Class Accuracy", 91.78)


def test_anti_spoofing_min_tdcf_and_action_segmentation_mof() -> None:
    # Given an ASVspoof score line and a frame-wise accuracy
    text = "eval: EER=2.31% min-tDCF=0.0712\nframe accuracy: 0.6154\n"
    # Then min t-DCF is read under its spellings, and is not the verification minDCF
    assert confirms(text, "min t-DCF", 0.0712)
    assert confirms(text, "min-tDCF", 0.0712)
    assert not confirms(text, "minDCF", 0.0712)
    # And MoF (mean over frames) is the frame accuracy
    assert confirms(text, "MoF", 61.54)


def test_a_cmc_point_written_glued_is_that_rank() -> None:
    log = "Single Query:   [mAP: 41.07%], [cmc1: 63.22%], [cmc5: 80.10%], [cmc10: 85.93%]\n"
    assert confirms(log, "Rank-1", 63.22) and confirms(log, "Rank-10", 0.8593)
    assert not confirms(log, "Rank-1", 80.10) and not confirms(log, "Rank-5", 63.22)


def test_mean_iu_and_meaniou_in_capitals_are_miou() -> None:
    assert confirms("meanIOU: 0.4410\n", "mIoU", 44.1)
    assert confirms("mean IU: 61.3\n", "mIoU", 61.3)
    assert not confirms("meanIOU: 0.4410\n", "mAcc", 44.1)


def test_indexed_class_rows_are_each_classs_iou_never_the_mean() -> None:
    log = (
        "class  0 grass        IU 71.02\n"
        "class  1 street_lamp IU 12.40\n"
        "class  2 bus          IU 55.65\n"
        "meanIOU: 0.4636\n"
    )
    assert confirms(log, "IoU (street_lamp)", 12.4) and confirms(log, "IoU (bus)", 55.65)
    assert not confirms(log, "IoU (grass)", 55.65)
    assert not confirms(log, "mIoU", 71.02) and confirms(log, "mIoU", 46.36)


def test_mmocr_evaluator_prefix_names_neither_the_metric_nor_a_data_set() -> None:
    log = (
        '{"mode": "val", "hmean-iou:recall": 0.70211, "hmean-iou:precision": 0.79004, '
        '"hmean-iou:hmean": 0.74349}\n'
    )
    assert confirms(log, "Precision", 79.0) and confirms(log, "Recall", 0.70211)
    assert confirms(log, "Hmean", 0.7435)
    assert not confirms(log, "Hmean", 0.79004) and not confirms(log, "Recall", 0.79004)
    assert confirms(log, "Precision", 0.79004, dataset="ICDAR2015")


def test_a_scripts_arrow_leads_a_pair_and_overall_is_not_mean() -> None:
    log = ">>> overall accuracy 0.9012\n>>> mean accuracy 0.7134\n"
    assert confirms(log, "Pixel Accuracy", 90.12) and confirms(log, "Mean Accuracy", 71.34)
    assert not confirms(log, "Mean Accuracy", 90.12)
    assert not confirms(log, "Overall Accuracy", 71.34)
    assert confirms("Best Instance Accuracy: 0.8840\n", "Overall Accuracy", 88.4)


def test_part_segmentation_class_and_instance_miou_abbreviations() -> None:
    text = "Cls. mIoU: 0.7912  Ins. mIoU: 0.8533\nmIoU(c): 79.12, mIoU (i): 85.33\n"
    assert confirms(text, "Class mIoU", 79.12)
    assert confirms(text, "Instance mIoU", 0.8533)
    assert not confirms(text, "Class mIoU", 85.33)
    assert not confirms(text, "Instance mIoU", 0.7912)
    assert sense_of("Cat. mIoU").scope == ("class",)


def test_top_k_accuracy_at_other_cutoffs_than_1_and_5() -> None:
    text = 'Validation results:\n  "top10": 0.6412,\n  "top100": 0.8903,\n'
    assert confirms(text, "Top-10 Accuracy", 64.12)
    assert confirms(text, "Validation Top-100 Accuracy", 0.8903)
    assert not confirms(text, "Top-10 Accuracy", 0.8903)
    assert not confirms(text, "Top-1 Accuracy", 0.6412)


def test_a_long_parenthesis_listing_data_set_and_setting_scopes_the_claim() -> None:
    text = "Stats for replacing tail ->\nMean Reciprocal Rank 0.3581\nHits@10 are 0.5212\n"
    sense = sense_of("MRR (WN18RR-v2, tail replacement)")
    assert sense.base == "mrr" and sense.k is None
    assert set(sense.scope) == {"wn18rrv2", "tailreplacement"}
    assert confirms(text, "MRR (WN18RR-v2, tail replacement)", 0.358)
    assert not confirms(text, "MRR (WN18RR-v2, tail replacement)", 0.5212)
    assert sense_of("NDCG@5 (MSLR-WEB10K, LambdaMART, listwise)").k == 5
