"""Rules from the round on fresh45 (verdicts52): FuxiCTR's evaluation banners
(`readers/fuxictr.py`), a scored set's name leading a CAT/Kaldi score line (`readers/kaldi.py`),
a numberless title naming the data a block was computed on (`split_headings.data_title_split`),
a count of epochs leading a heading (`layout._COUNTER`) and the interpolation baselines of
image restoration (`readers/super_resolution.py`, `readers/line_leads.py`, `claim_rows`). Each
test is a crafted log of a general shape, never a corpus excerpt; public examples of each shape
are named in its comments."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_fuxictr_banners_split_train_validation_and_test_evaluations() -> None:
    # Shape: FuxiCTR's run_expid.py logs "****** Train/validation evaluation ******", then
    # evaluates the best model on the training set and on the validation set (two "[Metrics]"
    # lines, train first), then "******** Test evaluation ********" and the test line; the BARS
    # benchmark pages paste these logs whole (https://github.com/reczoo/BARS, e.g.
    # ranking/ctr/FiBiNET ... FiBiNET_avazu_x4_012 and FwFM_criteo_x4_001 logs; the per-epoch
    # lines after "Start training" are validation evaluations of a run in progress).
    # Given a FuxiCTR 1.x log
    log = (
        "2021-03-01 10:00:00,000 P1 INFO **** Start training: 100 batches/epoch ****\n"
        "2021-03-01 10:10:00,000 P1 INFO [Metrics] logloss: 0.380001 - AUC: 0.790001\n"
        "2021-03-01 10:10:00,100 P1 INFO ************ Epoch=1 end ************\n"
        "2021-03-01 10:20:00,000 P1 INFO [Metrics] logloss: 0.390002 - AUC: 0.780002\n"
        "2021-03-01 10:20:00,100 P1 INFO Training finished.\n"
        "2021-03-01 10:21:00,000 P1 INFO ****** Train/validation evaluation ******\n"
        "2021-03-01 10:25:00,000 P1 INFO [Metrics] logloss: 0.300003 - AUC: 0.880003\n"
        "2021-03-01 10:26:00,000 P1 INFO [Metrics] logloss: 0.380001 - AUC: 0.790001\n"
        "2021-03-01 10:26:00,100 P1 INFO ******** Test evaluation ********\n"
        "2021-03-01 10:26:00,200 P1 INFO Loading data...\n"
        "2021-03-01 10:27:00,000 P1 INFO [Metrics] logloss: 0.379004 - AUC: 0.791004\n"
    )
    # Then the re-evaluation on the training set answers no unsplit or test claim
    assert not confirms(log, "AUC", 0.8800)
    assert not confirms(log, "Test AUC", 0.880003)
    assert confirms(log, "Train AUC", 0.880003)
    # And the second line of the block is the validation set's, the last the test set's
    assert confirms(log, "Validation AUC", 0.790001)
    assert not confirms(log, "Test AUC", 0.790001)
    assert confirms(log, "Test AUC", 0.791004)
    assert confirms(log, "AUC", 0.7910)
    assert confirms(log, "Test logloss", 0.379004)
    # And an earlier epoch's validation value is a running one
    assert not confirms(log, "Validation AUC", 0.780002)


def test_fuxictr_single_line_train_validation_block_is_the_validation_sets() -> None:
    # Shape: runs that skip the training-set evaluation print one line under the banner
    # (reczoo/BARS AutoInt_avazu_x4_013 log: "****** Train/validation evaluation ******",
    # "[Metrics] logloss: 0.372695 - AUC: 0.791962", "******** Test evaluation ********");
    # FuxiCTR 2.x logs "Start training: 50 batches/epoch" bare and "****** Validation
    # evaluation ******" (reczoo/BARS ranking/ctr/AutoInt/AutoInt_frappe_x1/
    # AutoInt_frappe_x1_005_2b296630.log).
    # Given both
    one_line = (
        "2020-05-11 19:44:16,275 P2 INFO ****** Train/validation evaluation ******\n"
        "2020-05-11 19:44:56,883 P2 INFO [Metrics] logloss: 0.372695 - AUC: 0.791962\n"
        "2020-05-11 19:44:56,984 P2 INFO ******** Test evaluation ********\n"
        "2020-05-11 19:45:56,984 P2 INFO [Metrics] logloss: 0.371001 - AUC: 0.792501\n"
    )
    v2 = (
        "2022-06-27 08:11:55,745 P3 INFO Start training: 50 batches/epoch\n"
        "2022-06-27 08:12:09,903 P3 INFO [Metrics] AUC: 0.929346 - logloss: 0.389975\n"
        "2022-06-27 08:12:24,045 P3 INFO [Metrics] AUC: 0.932565 - logloss: 0.291329\n"
        "2022-06-27 08:19:27,575 P3 INFO ****** Validation evaluation ******\n"
        "2022-06-27 08:19:28,818 P3 INFO [Metrics] AUC: 0.932565 - logloss: 0.291329\n"
        "2022-06-27 08:19:28,851 P3 INFO ******** Test evaluation ********\n"
        "2022-06-27 08:19:29,523 P3 INFO [Metrics] AUC: 0.933085 - logloss: 0.263684\n"
    )
    # Then the one line is the validation set's
    assert confirms(one_line, "Validation AUC", 0.791962)
    assert not confirms(one_line, "Test AUC", 0.791962)
    assert confirms(one_line, "Test AUC", 0.792501)
    # And FuxiCTR 2.x's blocks are read alike
    assert confirms(v2, "Test AUC", 0.933085)
    assert confirms(v2, "Validation AUC", 0.932565)
    assert not confirms(v2, "Test AUC", 0.932565)
    assert not confirms(v2, "AUC", 0.929346)


def test_a_set_name_leading_a_cat_score_line_names_the_set() -> None:
    # Shape: thu-spmi/CAT's pipeline prints each scored set's name before cat/utils/wer.py's
    # "%SER ... | %WER ... [ ... ]" (https://github.com/thu-spmi/CAT egs/*/exp/*/readme.md:
    # "dev_clean       %SER 27.64 | %WER 2.18 [...]", "test_en %SER 100.00 | %WER 411.75
    # [...]"; Red-Liu199/CAT egs/libri/exp/rnnt/*/readme.md), one line per set.
    # Given dev and test lines of one system
    log = (
        "dev_clean\t%SER 25.10 | %WER 2.21 [ 1202 / 54402, 120 ins, 90 del, 992 sub ]\n"
        "test_clean\t%SER 26.20 | %WER 2.43 [ 1277 / 52576, 130 ins, 95 del, 1052 sub ]\n"
        "test_other\t%SER 44.90 | %WER 5.52 [ 2889 / 52343, 290 ins, 240 del, 2359 sub ]"
        "     [0.5, 0.75]\n"
    )
    # Then the dev line's WER answers no test set's claim
    assert not confirms(log, "WER", 2.21, "LibriSpeech test-clean")
    assert confirms(log, "WER", 2.43, "LibriSpeech test-clean")
    assert not confirms(log, "WER", 2.43, "LibriSpeech test-other")
    # And the sentence error rate is the set's too (decoding weights after the line name none)
    assert confirms(log, "WER", 5.52, "LibriSpeech test-other")
    assert confirms(log, "SER", 26.20, "LibriSpeech test-clean")
    assert not confirms(log, "SER", 25.10, "LibriSpeech test-clean")


def test_a_numberless_title_naming_the_data_splits_the_block_below() -> None:
    # Shape: a results file titling each block by the data it was computed on, an in-sample
    # check included ("Evaluation for test data" / "Validation for train data" above MAE and
    # RMSE lines); logger banners of the same words ("=================Evaluation for Test
    # Dataset=================", a public training script's logger.info), and a README's
    # "Evaluation for test data." above its results table.
    # Given a test block and a training-data block of one model
    log = (
        "## Gradient boosting\n"
        "Evaluation for test data\n"
        "MAE: 0.2120\n"
        "RMSE: 0.3801\n"
        "Validation for train data\n"
        "MAE: 0.1500\n"
        "RMSE: 0.2999\n"
    )
    # Then the training block's values answer no test, validation or unsplit claim
    assert not confirms(log, "Test RMSE", 0.2999)
    assert not confirms(log, "RMSE", 0.2999)
    assert not confirms(log, "Validation RMSE", 0.2999)
    assert not confirms(log, "MAE", 0.15)
    assert confirms(log, "Train MAE", 0.15)
    # And the test block's do
    assert confirms(log, "Test RMSE", 0.3801)
    assert confirms(log, "MAE", 0.212)
    assert not confirms(log, "Validation RMSE", 0.3801)


def test_a_count_of_epochs_leading_a_heading_marks_running_values() -> None:
    # Shape: a README listing a score per training length as headings ("### 12 Epochs with
    # train loss 1.3013 : BLEU = 30.59", one per checkpoint); notebook exports of the same
    # ("## 100 epochs: 37.66", "## 150 epochs: 36.69", "## 200 epochs: 36.88" under a model's
    # comment, a public regression notebook); the values before the last are a run's earlier
    # checkpoints.
    # Given three checkpoints of one run
    log = (
        "### 10 Epochs with train loss 1.2000 : BLEU = 29.10, 60.1/35.2/23.0/15.1 (BP=0.950)\n"
        "\n"
        "### 20 Epochs with train loss 0.7000 : BLEU = 33.40, 63.0/39.0/26.1/17.7 (BP=0.990)\n"
        "\n"
        "### 40 Epochs with train loss 0.2000 : BLEU = 32.20, 62.2/37.0/25.0/17.0 (BP=1.000)\n"
    )
    # Then only the last checkpoint's BLEU is the run's
    assert confirms(log, "BLEU", 32.2)
    assert not confirms(log, "BLEU", 33.4)
    assert not confirms(log, "BLEU", 29.1)


def test_interpolation_baselines_are_not_the_models_psnr() -> None:
    # Shape: VDSR-style evaluation scripts print "psnr for bicubic is {}dB" before "psnr for
    # vdsr is {}dB" and "PSNR improvement is {}dB" (twtygqyy/pytorch-vdsr derivatives; a
    # README pasting "Evaluation of 02.png: psnr for bicubic is 27.90dB / psnr for vdsr is
    # 27.37dB"; "Avg. PSNR for BICUBIC is %.4f" / "Avg. PSNR for PREDICTION is %.4f" in
    # another public script); experiment notes list the bicubic and bilinear results first.
    # Given a VDSR evaluation and notes led by the interpolation baselines
    vdsr = (
        "- psnr for bicubic is 30.1234567dB\n"
        "- It takes 4.5s for processing in cpu mode\n"
        "- psnr for vdsr is 31.7654321dB\n"
        "- PSNR improvement is 1.6419754dB\n"
    )
    notes = (
        "- bicubic result: PSNR:27.11, SSIM:0.701\n"
        "- bilinear result: PSNR:27.35, SSIM:0.712\n"
        "- residual output only: PSNR:28.90, SSIM:0.790\n"
    )
    # Then the model's PSNR answers the claim, the baseline's and the improvement do not
    assert confirms(vdsr, "PSNR", 31.77)
    assert not confirms(vdsr, "PSNR", 30.12)
    assert not confirms(vdsr, "PSNR", 1.64)
    assert not confirms(vdsr, "PSNR", 4.5)
    # And a line led by an interpolation baseline is that baseline's
    assert confirms(notes, "PSNR", 28.9)
    assert not confirms(notes, "PSNR", 27.11)
    assert not confirms(notes, "SSIM", 0.712)


def test_pointnet_avg_class_acc_is_the_mean_class_accuracy() -> None:
    # Shape: PointNet's and PointNet++'s train.py/evaluate.py log "eval accuracy: %f" and
    # "eval avg class acc: %f" (the mean of per-class accuracies) after each evaluation
    # (https://github.com/charlesq34/pointnet/blob/master/train.py,
    # https://github.com/charlesq34/pointnet2/blob/master/train.py, and their many forks).
    # Given an evaluation summary
    log = "eval mean loss: 0.412345\neval accuracy: 0.901234\neval avg class acc: 0.871234\n"
    # Then the class-averaged accuracy answers a mean class accuracy claim, not an accuracy one
    assert confirms(log, "Mean Class Accuracy", 87.12)
    assert confirms(log, "mAcc", 0.8712)
    assert not confirms(log, "Overall Accuracy", 87.12)
    assert not confirms(log, "Mean Class Accuracy", 90.12)
    assert confirms(log, "Overall Accuracy", 90.12)


def test_a_line_of_a_percentage_and_its_metric_is_that_metrics_value() -> None:
    # Shape: results notes that head each result with the value first ("##### 62.13% mIoU (12
    # classes)" / "##### 39.24% mIoU (19 classes)" in a segmentation experiment log's other
    # entries, MingZx8/USAnnotation experiment.md 2021-08-13), and READMEs listing
    # "Window-aligned pairing: 71% top-1 accuracy"-style results one a line.
    # Given two values of one metric qualified in parentheses, and lines that are no result
    log = (
        "##### 3163 epoch\n"
        "##### 61.20% mIoU (12 classes)\n"
        "##### 38.10% mIoU (19 classes)\n"
        "- 72.5% top-1 accuracy\n"
        "+0.5% top-1 accuracy\n"
        "59% done\n"
        "70.1% top-1 accuracy in paper\n"
    )
    # Then each value answers its metric, and the parenthesis tells the two apart
    assert confirms(log, "mIoU", 61.2)
    assert confirms(log, "mIoU", 0.381)
    assert confirms(log, "mIoU (19 classes)", 38.1)
    assert not confirms(log, "mIoU (19 classes)", 61.2)
    assert confirms(log, "Top-1 Accuracy", 72.5)
    # And a gain, a progress note and a paper's value are none
    assert not confirms(log, "Top-1 Accuracy", 0.5)
    assert not confirms(log, "Top-1 Accuracy", 70.1)
    assert not confirms(log, "mIoU", 3163)


def test_containers_and_rouge_system_ids_are_no_data_sets() -> None:
    # Shape: ROUGE-1.5.5 prints the peer's system id before each measure ("C ROUGE-1 Average_F:
    # 0.35953 (95%-conf.int. ...)" when the id is a letter; ROUGE-1.5.5.pl `print "$sysID
    # $measure Average_F: ..."`); READMEs tabulate a run's metrics as "| Metric | Score |"
    # (a two-column table whose value column is headed "Score"); Hugging Face's
    # trainer_state.json keeps evaluations under "log_history". None names a data set.
    # Given each shape
    rouge = (
        "C ROUGE-1 Average_R: 0.35000 (95%-conf.int. 0.33000 - 0.37000)\n"
        "C ROUGE-1 Average_F: 0.36000 (95%-conf.int. 0.34000 - 0.38000)\n"
    )
    table = "| Metric | Score |\n|---|---|\n| Precision | 0.9100 |\n| Dice Score | 0.7700 |\n"
    state = (  # (trainer_state.json is written with indent=2)
        '{\n  "log_history": [\n    {\n      "epoch": 1.0,\n      "eval_accuracy": 0.301,\n'
        '      "step": 50\n    },\n    {\n      "epoch": 2.0,\n      "eval_accuracy": 0.312,\n'
        '      "step": 100\n    }\n  ]\n}\n'
    )
    # Then a claim naming its data set is answered by them
    assert confirms(rouge, "ROUGE-1", 36.0, "CNN/DailyMail")
    assert not confirms(rouge, "ROUGE-1", 35.0, "CNN/DailyMail")
    assert confirms(table, "Dice", 0.77, "BraTS 2020")
    assert not confirms(table, "Dice", 0.91, "BraTS 2020")
    assert confirms(state, "Validation Accuracy", 31.2, "QuALITY")
    assert not confirms(state, "Validation Accuracy", 30.1, "QuALITY")
