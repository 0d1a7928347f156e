# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""Reading rules found on the fresh25 blind set (verdicts32): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

_SAT_DECODES = """\
%WER 12.40 [ 990 / 7984, 101 ins, 150 del, 739 sub ] exp/tri4a/decode_eval/wer_16_0.5
%WER 17.85 [ 1425 / 7984, 160 ins, 190 del, 1075 sub ] exp/tri4a/decode_eval.si/wer_13_1.0
"""


def test_a_speaker_independent_first_pass_is_not_the_sets_wer() -> None:
    # Given steps/decode_fmllr.sh's two decodes of one set: the final one and its .si pass
    assert found(_SAT_DECODES) == {"eval/%WER": 12.40, "eval.si/%WER": 17.85}
    # Then the set's WER is the final pass, never the speaker-independent one
    assert confirms(_SAT_DECODES, "WER (tri4a)", 12.40, "eval")
    assert not confirms(_SAT_DECODES, "WER (tri4a)", 17.85, "eval")
    assert not confirms(_SAT_DECODES, "WER", 17.85)


_KERAS_EVALUATE = """\
391/391 [==============================] - 48s 121ms/step - loss: 1.3021 - categorical_accuracy: 0.6814 - top_k_categorical_accuracy: 0.8853
"""


def test_keras_accuracy_names_say_how_labels_are_encoded_not_a_dataset() -> None:
    # Given Keras' evaluate() line with its built-in accuracy metrics
    # Then categorical_accuracy is the top-1 accuracy on whatever data set the claim names
    assert confirms(_KERAS_EVALUATE, "Top-1 Accuracy", 68.14, "ImageNet")
    # And top_k_categorical_accuracy is top-5 (keras' default k), never top-1
    assert confirms(_KERAS_EVALUATE, "Top-5 Accuracy", 88.53)
    assert not confirms(_KERAS_EVALUATE, "Top-1 Accuracy", 0.8853)
    assert not confirms(_KERAS_EVALUATE, "Accuracy", 88.53)


_SEGM_ONLY = """\
The released checkpoint gives me only 0.412 mAP, not the 0.43 in the table.
Evaluate annotation type *segm*
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.412
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.633
"""


def test_an_unqualified_ap_repeating_the_only_mask_evaluation_is_no_box_ap() -> None:
    # Given a segm-only COCO summary and the reporter's own "mAP" that repeats its AP
    assert confirms(_SEGM_ONLY, "mask AP", 41.2)
    # Then a box AP claim of that value is refused: the log never evaluated boxes
    assert not confirms(_SEGM_ONLY, "box AP", 41.2)
    # And an unqualified AP of another value (a bbox block whose header was cut) still is box
    cut = "{'AP': 44.1, 'AP50': 63.0},\n('segm', {'AP': 39.8, 'AP50': 60.2})\n"
    assert confirms(cut, "box AP", 44.1)


_KEYED_PROSE = "I ran the script unchanged and got 47.9 F1 (cuhk_pedes_rerank_split_mean). The paper reports 49.2."


def test_an_experiment_key_beside_a_prose_value_scopes_it() -> None:
    # Given a writer's own value followed by the tool's experiment key in parentheses
    assert found(_KEYED_PROSE) == {"cuhk_pedes_rerank_split_mean/F1": 47.9}
    # Then the value answers its own data set, and a claim without one, never another data set
    assert confirms(_KEYED_PROSE, "F1", 47.9, "CUHK-PEDES")
    assert confirms(_KEYED_PROSE, "F1", 47.9)
    assert not confirms(_KEYED_PROSE, "F1", 47.9, "ICFG-PEDES")


_TF_OD_VOC = """\
INFO:tensorflow:Saving dict for global step 12000: Losses/Loss/classification_loss = 1.204, PascalBoxes_Precision/mAP@0.5IOU = 0.6412, WeightedPascalBoxes_Precision/mAP@0.5IOU = 0.7031, global_step = 12000
"""
_TF_OD_COCO = """\
DetectionBoxes_Precision/mAP: 0.3312
DetectionBoxes_Precision/mAP@.50IOU: 0.5521
DetectionMasks_Precision/mAP: 0.2987
"""


def test_tf_od_api_names_are_read_as_the_detection_metrics_they_are() -> None:
    # Given the TF OD API's prefixed names: the prefix names the protocol, never a data set
    assert confirms(_TF_OD_VOC, "mAP@0.5", 64.12, "Oxford Pets")
    assert confirms(_TF_OD_COCO, "box AP", 33.12, "my-dataset")
    assert confirms(_TF_OD_COCO, "box AP50", 0.5521)
    # And Boxes/Masks are box and mask AP
    assert confirms(_TF_OD_COCO, "mask AP", 29.87)
    assert not confirms(_TF_OD_COCO, "box AP", 29.87)
    assert not confirms(_TF_OD_COCO, "mask AP", 33.12)


def test_a_plain_map_is_the_voc_protocols_map_at_half_iou() -> None:
    # Given the PASCAL VOC protocol's mAP (defined at IoU 0.5) and its weighted variant
    # Then a plain mAP claim is the PASCAL one, never the weighted one
    assert confirms(_TF_OD_VOC, "mAP", 0.6412, "Oxford Pets")
    assert not confirms(_TF_OD_VOC, "mAP", 0.7031)
    # And on a log that also has a COCO mAP over 0.50:0.95, the plain mAP is that one only
    both = _TF_OD_VOC + _TF_OD_COCO
    assert confirms(both, "mAP", 0.3312)
    assert not confirms(both, "mAP", 0.6412)


_COUNT_AND_PERCENT = (
    "I retrained it for 20 epochs and now I get 9712/10000 (97%) accuracy on the test set."
)


def test_a_count_out_of_a_total_quotes_its_percentage_as_the_value() -> None:
    # Given a writer quoting the MNIST example's "correct/total (percent)" accuracy
    # Then the percentage is the accuracy, the count and the epochs are not
    assert confirms(_COUNT_AND_PERCENT, "Test Accuracy", 97)
    assert confirms(_COUNT_AND_PERCENT, "Accuracy", 0.97)
    assert not confirms(_COUNT_AND_PERCENT, "Accuracy", 9712)
    assert not confirms(_COUNT_AND_PERCENT, "Accuracy", 20)
