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
