# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""Vision and speech tools' output built from their format strings (one test per format
variant; each docstring names the code that prints it). Values are made up."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

MMENGINE = "2023/03/06 12:12:12 - mmengine - INFO - "


def test_mmdet3_classwise_category_precision_keys_are_class_rows_not_a_precision() -> None:
    """open-mmlab/mmdetection 3.x mmdet/evaluation/metrics/coco_metric.py `compute_metrics`
    with classwise=True: `eval_results[f'{nm["name"]}_precision'] = round(ap, 3)` beside
    `f'{metric}_{metric_item}'`; mmengine log_processor prefixes `coco/` and joins
    `f'{name}: {val:.4f}'` with two spaces."""
    text = (
        MMENGINE
        + "Epoch(val) [12][5000/5000]    coco/person_precision: 0.5530  coco/traffic light_precision: 0.2710  coco/bbox_mAP: 0.4010  coco/bbox_mAP_50: 0.6110  coco/bbox_mAP_75: 0.4350  coco/bbox_mAP_s: 0.2310  coco/bbox_mAP_m: 0.4410  coco/bbox_mAP_l: 0.5210  data_time: 0.0025  time: 0.0512\n"
    )
    # Then the mean AP confirms, and one category's AP is neither a precision nor the AP
    assert confirms(text, "box AP", 40.1)
    assert not confirms(text, "Precision", 55.3)
    assert not confirms(text, "Precision", 0.553)
    assert not confirms(text, "AP", 0.553)
    assert not any("precision" in name for name in found(text))


def test_mmdet2_ordered_dict_with_category_precision_keys() -> None:
    """open-mmlab/mmdetection 2.x mmdet/datasets/coco.py `evaluate(classwise=True)`
    (`eval_results[f'{nm["name"]}_precision'] = round(ap, 3)` in later 2.x releases) printed by
    tools/test.py `print(metric)` as an OrderedDict."""
    text = "OrderedDict([('person_precision', 0.541), ('bicycle_precision', 0.312), ('bbox_mAP', 0.382), ('bbox_mAP_50', 0.589), ('bbox_mAP_copypaste', '0.382 0.589 0.414 0.219 0.417 0.496')])\n"
    assert confirms(text, "box AP", 38.2)
    assert not confirms(text, "Precision", 54.1)
    assert not confirms(text, "box AP", 31.2)


NEMO_FIT = """\
Epoch 98: 100%|██████████| 1100/1100 [12:01<00:00,  1.52it/s, loss=13.1, v_num=0, val_wer=0.0631]
Epoch 98, global step 108900: 'val_wer' reached 0.06310 (best 0.06310), saving model to '/results/Conformer-CTC-BPE/checkpoints/Conformer-CTC-BPE--val_wer=0.0631-epoch=98.ckpt' as top 3
Epoch 99: 100%|██████████| 1100/1100 [12:02<00:00,  1.52it/s, loss=12.3, v_num=0, val_wer=0.0638]
Epoch 99, global step 110000: 'val_wer' was not in top 3
`Trainer.fit` stopped: `max_epochs=100` reached.
"""


def test_lightning_fit_bar_postfix_and_checkpoint_message_give_the_validation_wer() -> None:
    """Lightning-AI/pytorch-lightning callbacks/progress/tqdm_progress.py (main bar
    `f"Epoch {trainer.current_epoch}"`, `set_postfix(self.get_metrics(...))`) and
    callbacks/model_checkpoint.py (`f"Epoch {epoch:d}, global step {step:d}: {self.monitor!r}
    reached {current:0.5f} (best {self.best_model_score:0.5f}), saving model to {filepath!r} as
    top {k}"`, `... was not in top {self.save_top_k}`), as NVIDIA NeMo ASR training prints them
    (exp_manager monitors `val_wer`)."""
    # Then the last epoch's validation WER and the best one confirm a validation claim
    assert confirms(NEMO_FIT, "Validation WER", 6.38)
    assert confirms(NEMO_FIT, "Validation WER", 0.0631)
    # and not a test claim, an earlier epoch's value as the last, a step or the training loss
    assert not confirms(NEMO_FIT, "Test WER", 6.38)
    assert not confirms(NEMO_FIT, "WER", 110000)
    assert not confirms(NEMO_FIT, "Loss", 12.3)
    assert "loss" not in found(NEMO_FIT)


def test_lightning_0x_checkpoint_message_without_global_step() -> None:
    """Lightning 0.x callbacks/model_checkpoint.py (`f'\\nEpoch {epoch:05d}: {self.monitor}
    reached {current:0.5f} (best {self.best:0.5f}), saving model to {filepath} as top {k}'`)."""
    text = (
        "Epoch 00012: val_loss reached 0.41234 (best 0.41234), saving model to /tmp/ckpt/epoch=12.ckpt as top 1\n"
        "Epoch 00013: val_loss  was not in top 1\n"
    )
    assert confirms(text, "Validation loss", 0.4123)
    assert not confirms(text, "Validation loss", 12)


def test_icefall_wer_summary_file_named_by_the_head_line_above_it() -> None:
    """k2-fsa/icefall egs/librispeech/ASR/*/decode.py `save_results` (`params.res_dir /
    f"wer-summary-{test_set_name}-{key}-{params.suffix}.txt"`, `print("settings\\tWER", file=f)`,
    `print("{}\\t{}".format(key, val), file=f)`), two files shown by `head`."""
    text = """\
==> zipformer/exp/modified_beam_search/wer-summary-test-other-beam_size_4-epoch-30-avg-9-modified_beam_search-use-averaged-model.txt <==
settings	WER
beam_size_4	4.89

==> zipformer/exp/modified_beam_search/wer-summary-test-clean-beam_size_4-epoch-30-avg-9-modified_beam_search-use-averaged-model.txt <==
settings	WER
beam_size_4	2.15
"""
    # Then each file's WER is its set's, and the beam size is a setting, not a value
    assert confirms(text, "WER", 2.15, "test-clean")
    assert confirms(text, "WER", 4.89, "test-other")
    assert not confirms(text, "WER", 4.89, "test-clean")
    assert not confirms(text, "WER", 4)


def test_icefall_cer_summary_file_alone() -> None:
    """k2-fsa/icefall egs/aishell/ASR/*/decode.py `save_results` (`print("settings\\tCER",
    file=f)`, one `<setting>\\t<value>` line per decoding setting, best first)."""
    text = "settings\tCER\nmodified_beam_search\t4.38\ngreedy_search\t4.47\n"
    assert confirms(text, "CER", 4.38)
    assert confirms(text, "CER", 4.47)
    assert not confirms(text, "WER", 4.38)


def test_espnet1_word_level_result_file_grep_hits_are_wers_of_their_sets() -> None:
    """espnet/espnet ESPnet1 utils/score_sclite.sh with `--wer true` (`sclite ... -o all
    stdout > ${dir}/result.wrd.txt`, `grep -e Avg -e SPKR -m 2 ${dir}/result.wrd.txt`), grepped
    over the decode directories as egs/wsj/asr1 RESULTS show it."""
    text = """\
exp/train_si284_pytorch_vggblstmp/decode_test_eval92_beam30_eacc.best_p0_len0.0-0.0_ctcw0.3_rnnlm1.0/result.wrd.txt:|  SPKR   |  # Snt    # Wrd  |  Corr       Sub        Del       Ins       Err     S.Err  |
exp/train_si284_pytorch_vggblstmp/decode_test_eval92_beam30_eacc.best_p0_len0.0-0.0_ctcw0.3_rnnlm1.0/result.wrd.txt:|  Sum/Avg|   333      5643  |  95.1       4.2        0.7       0.6       5.5      45.9  |
exp/train_si284_pytorch_vggblstmp/decode_test_dev93_beam30_eacc.best_p0_len0.0-0.0_ctcw0.3_rnnlm1.0/result.wrd.txt:|  SPKR   |  # Snt    # Wrd  |  Corr       Sub        Del       Ins       Err     S.Err  |
exp/train_si284_pytorch_vggblstmp/decode_test_dev93_beam30_eacc.best_p0_len0.0-0.0_ctcw0.3_rnnlm1.0/result.wrd.txt:|  Sum/Avg|   503      8234  |  92.1       6.9        1.0       1.1       9.0      60.2  |
"""
    assert confirms(text, "WER", 5.5, "eval92")
    assert confirms(text, "WER", 9.0, "dev93")
    assert not confirms(text, "WER", 9.0, "eval92")
    assert not confirms(text, "CER", 5.5)
    assert not confirms(text, "WER", 45.9)


def test_torchvision_video_classification_clip_and_video_summaries() -> None:
    """pytorch/vision references/video_classification/train.py `evaluate` (`print(" * Clip
    Acc@1 {top1.global_avg:.3f} Clip Acc@5 {top5.global_avg:.3f}")`, then `" * Video Acc@1
    {acc1:.3f} Video Acc@5 {acc5:.3f}"` over the aggregated clip predictions)."""
    text = """\
Test:  [   0/1211]  eta: 0:47:01  loss: 1.0211 (1.0211)  acc1: 70.8333 (70.8333)  acc5: 91.6667 (91.6667)  time: 2.3295  data: 2.1542  max mem: 3211
Test: Total time: 0:03:51
 * Clip Acc@1 63.952 Clip Acc@5 84.211
 * Video Acc@1 68.101 Video Acc@5 87.922
"""
    assert confirms(text, "Video Top-1 Accuracy", 68.101)
    assert confirms(text, "Clip Top-1 Accuracy", 63.95)
    assert not confirms(text, "Video Top-1 Accuracy", 63.952)
    assert not confirms(text, "Top-1 Accuracy", 70.8333)


def test_timm_validate_summary_with_averaged_precision_recall_f1() -> None:
    """huggingface/pytorch-image-models validate.py with `--metrics-avg macro` (`log_string +=
    ' | Precision({avg}) {prec:.3f} | Recall({avg}) {rec:.3f} | F1-score({avg}) {f1:.3f}'`)."""
    text = " * Acc@1 90.120 (9.880) Acc@5 99.210 (0.790) | Precision(macro) 89.874 | Recall(macro) 90.120 | F1-score(macro) 89.951\n"
    assert confirms(text, "Top-1 Accuracy", 90.12)
    assert confirms(text, "Macro F1", 89.951)
    assert confirms(text, "Macro Precision", 89.87)
    assert not confirms(text, "Macro F1", 89.874)
    assert not confirms(text, "Top-1 Accuracy", 9.88)


def test_mmdet3_voc_metric_line_and_map_table() -> None:
    """open-mmlab/mmdetection 3.x mmdet/evaluation/metrics/voc_metric.py (`eval_results['mAP']`,
    `f'AP{int(iou_thr * 100):02d}'`, prefix `pascal_voc/`) after mean_ap.py `print_map_summary`
    (`class gts dets recall ap` rows, then `mAP`)."""
    text = (
        MMENGINE
        + """
+-------------+------+------+--------+-------+
| class       | gts  | dets | recall | ap    |
+-------------+------+------+--------+-------+
| aeroplane   | 285  | 812  | 0.930  | 0.861 |
| bicycle     | 337  | 1204 | 0.947  | 0.843 |
+-------------+------+------+--------+-------+
| mAP         |      |      |        | 0.804 |
+-------------+------+------+--------+-------+
"""
        + MMENGINE
        + "Epoch(test) [4952/4952]    pascal_voc/mAP: 0.8040  pascal_voc/AP50: 0.8040  data_time: 0.0021  time: 0.0411\n"
    )
    assert confirms(text, "mAP", 80.4)
    assert confirms(text, "AP50", 0.804)
    assert not confirms(text, "mAP", 86.1)
    assert not confirms(text, "Recall", 93.0)


def test_mmcls_0x_test_script_prints_and_mmpretrain_single_label_line() -> None:
    """open-mmlab/mmclassification 0.x tools/test.py (`print(f'\\n{k} : {v:.2f}')` per
    evaluation result) and mmpretrain 1.x SingleLabelMetric keys (`single-label/precision`,
    `single-label/recall`, `single-label/f1-score`) on an `Epoch(test)` line."""
    mmcls = "\naccuracy_top-1 : 76.55\n\naccuracy_top-5 : 93.06\n\nprecision : 75.12\n\nf1_score : 74.87\n"
    assert confirms(mmcls, "Top-1 Accuracy", 76.55)
    assert confirms(mmcls, "F1", 74.87)
    assert not confirms(mmcls, "Top-1 Accuracy", 93.06)
    mmpretrain = (
        MMENGINE
        + "Epoch(test) [50/50]    single-label/precision: 88.1200  single-label/recall: 87.9100  single-label/f1-score: 87.9800  accuracy/top1: 88.2000  data_time: 0.0096  time: 0.1330\n"
    )
    assert confirms(mmpretrain, "F1", 87.98)
    assert confirms(mmpretrain, "Test Top-1 Accuracy", 88.2)
    assert not confirms(mmpretrain, "F1", 88.12)


def test_ultralytics_pose_box_and_pose_columns_are_kept_apart() -> None:
    """ultralytics/ultralytics ultralytics/models/yolo/pose/val.py `get_desc` (("%22s" + "%11s"
    * 10) % ("Class", "Images", "Instances", "Box(P", "R", "mAP50", "mAP50-95)", "Pose(P", "R",
    "mAP50", "mAP50-95)")) and the `all` row ("%22s" + "%11i" * 2 + "%11.3g" * 8)."""
    text = """\
                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95)     Pose(P          R      mAP50  mAP50-95): 100%|██████████| 1/1 [00:00<00:00,  2.11it/s]
                   all          4         14      0.912      0.857      0.931      0.721      0.891      0.786      0.852      0.561
"""
    assert confirms(text, "pose mAP50-95", 56.1)
    assert confirms(text, "box mAP50-95", 72.1)
    assert not confirms(text, "pose mAP50-95", 72.1)


def test_jiwer_visualize_alignment_summary() -> None:
    """jitsi/jiwer src/jiwer/alignment.py `visualize_alignment(show_measures=True)` (`=== SUMMARY
    ===`, `f"substitutions={output.substitutions} ..."`, `f"\\nwer={output.wer * 100:.2f}%\\n"`
    after mer, wil, wip; `cer=` for character output)."""
    text = """\
=== SUMMARY ===
number of sentences: 2620
substitutions=1012 deletions=118 insertions=141 hits=51446

mer=2.41%
wil=3.77%
wip=96.23%
wer=2.42%
"""
    assert confirms(text, "WER", 2.42)
    assert confirms(text, "WER", 0.0242)
    assert not confirms(text, "WER", 2.41)
    assert not confirms(text, "WER", 3.77)
    assert confirms("=== SUMMARY ===\nnumber of sentences: 2620\n\ncer=0.41%\n", "CER", 0.41)
