"""How a log says which data set and split a value is of, for every reader (engine.py,
vocabulary.py): split-led lines, data-set titles and `Dataset:` lines, JSON objects naming
their scene, threshold sweeps and Marian's counters, a printed zero, camel-case compounds.
Each rule on a minimal log of the shape that motivated it (the corpus holds the real logs)."""

from __future__ import annotations

from chalicelib.domain.metrics import extract_metrics
from chalicelib.domain.metrics.vocabulary import sense_of
from tests.unit.metrics._helpers import confirms, found


def test_a_split_word_leading_a_line_of_pairs_is_the_split_of_every_pair() -> None:
    # PyTorch's transfer-learning tutorial: print(f"{phase} Loss: {l:.4f} Acc: {a:.4f}")
    text = (
        "train Loss: 0.5053 Top-1 Acc: 83.5682 Top-5 Acc: 98.6244\n"
        "test Loss: 0.6568 Top-1 Acc: 79.6296 Top-5 Acc: 97.5612\n"
    )
    assert {m.value: m.split for m in extract_metrics(text) if m.name == "Top-1 Acc"} == {
        83.5682: "train",
        79.6296: "test",
    }
    assert confirms(text, "Top-1 Accuracy", 79.63)
    assert not confirms(text, "Top-1 Accuracy", 83.57)  # the training phase's


def test_a_data_set_title_scopes_its_block_up_to_a_blank_line() -> None:
    text = (
        "ETTh2(mae:0.3653, mse:0.3125) is not as the paper stated\n"
        "\n"
        "ETTh2:\n"
        "test shape: (76, 256, 96, 1) (76, 256, 96, 1)\n"
        "mae:0.3653, mse:0.3125, rmse:0.5590\n"
        "\n"
        "ETTm1:\n"
        "mae:0.3601, mse:0.3050, rmse:0.5523\n"
    )
    assert found(text)["ETTm1/mse"] == 0.305
    assert confirms(text, "MSE", 0.3125, dataset="ETTh2")
    assert confirms(text, "MSE", 0.305, dataset="ETTm1")
    assert not confirms(text, "MSE", 0.305, dataset="ETTh2")  # ETTm1's


def test_a_title_without_a_data_set_shape_scopes_nothing() -> None:
    # "Results:" is no data set: its values stay unscoped
    assert "Accuracy" in found("Results:\nAccuracy: 0.91\n")


def test_a_dataset_line_scopes_what_follows() -> None:
    text = "Dataset:    earnings22-debug\nModel: openai/whisper-tiny.en\nWER:   19.37\n"
    assert found(text)["earnings22-debug/WER"] == 19.37
    assert confirms(text, "WER", 19.37, dataset="earnings22")
    assert confirms(text, "WER", 19.37)


def test_a_json_object_naming_its_scene_scopes_its_numbers() -> None:
    # nerfstudio's ns-eval output, pretty-printed, one object per scene
    text = (
        "{\n"
        '  "experiment_name": "chair",\n'
        '  "results": {\n'
        '    "psnr": 25.481481552124023\n'
        "  }\n"
        "}\n"
        "{\n"
        '  "experiment_name": "seq04",\n'
        '  "results": {\n'
        '    "psnr": 33.06938552856445\n'
        "  }\n"
        "}\n"
    )
    assert confirms(text, "PSNR", 33.07, dataset="seq04")
    assert not confirms(text, "PSNR", 25.48, dataset="seq04")
    one_line = '{"experiment_name": "chair", "results": {"psnr": 25.48}}\n'
    assert found(one_line) == {"chair/results/psnr": 25.48}


def test_a_threshold_sweep_reports_running_values() -> None:
    text = (
        "ppocr INFO: thr 0.5:precision:0.84875 recall:0.84130 hmean:0.84501\n"
        "ppocr INFO: thr 0.8:precision:0.88388 recall:0.82179 hmean:0.85170\n"
        "ppocr INFO: hmean:0.8517020559487699\n"
    )
    assert confirms(text, "Hmean", 0.8517)
    assert not confirms(text, "Hmean", 0.845)  # one point of the sweep


def test_marian_update_counters_mark_running_validation_values() -> None:
    text = (
        "[2019-09-27 16:49:51] [valid] Ep. 2 : Up. 30000 : bleu-detok : 11.5215 : new best\n"
        "[2019-09-27 18:05:06] [valid] Ep. 2 : Up. 40000 : bleu-detok : 29.6744 : new best\n"
    )
    assert confirms(text, "BLEU", 29.6744)
    assert not confirms(text, "BLEU", 11.5215)


def test_a_printed_zero_never_stands_for_a_non_zero_claim() -> None:
    text = '{"epoch": 3, "test_en-fr_mt_bleu": 0.0}\n'
    assert not confirms(text, "BLEU", 1.099e-06)
    assert confirms(text, "BLEU", 0.0)


def test_a_split_word_inside_a_camel_case_name_is_no_split() -> None:
    assert sense_of("HumanEvalSynthesize-Python pass@1").split is None
    assert sense_of("TestAcc").split == "test"
    assert sense_of("bestValAcc").split == "val"
    text = "humanevalsynthesize-python/pass@1: 0.506\n"
    assert confirms(text, "HumanEvalSynthesize-Python pass@1", 0.506)


def test_generative_and_detection_metric_names_fold() -> None:
    text = (
        "frechet_inception_distance: 151.2\n"
        "kernel_inception_distance_mean: 0.12\n"
        "inception_score_mean: 3.4\n"
        "ppocr INFO: hmean:0.8517\n"
    )
    assert confirms(text, "FID", 151.2)
    assert not confirms(text, "FID", 0.12)  # the KID
    assert confirms(text, "F-measure", 0.8517)  # text detection's hmean is the F-measure


def test_a_benchmark_the_vocabulary_does_not_know_matches_its_namespaced_row() -> None:
    # lighteval prints "custom:aime2024:0" (namespace, task, shots)
    text = (
        "|       Task        |Version|     Metric     |Value |   |Stderr|\n"
        "|-------------------|------:|----------------|-----:|---|-----:|\n"
        "|all                |       |extractive_match|0.3667|±  |0.0895|\n"
        "|custom:aime2024:0  |      1|extractive_match|0.3667|±  |0.0895|\n"
    )
    assert confirms(text, "AIME 2024", 36.67)
    assert not confirms(text, "AIME 2025", 36.67)


def test_yolov5_val_arguments_name_the_split_of_what_follows() -> None:
    text = (
        "val: data=data/carpal.yaml, weights=['best.pt'], batch_size=16, imgsz=640, "
        "conf_thres=0.001, iou_thres=0.6, task=val, device=, workers=8\n"
        "               Class     Images     Labels          P          R     mAP@.5 mAP@.5:.95\n"
        "                 all          4         22          1          1      0.995      0.995\n"
    )
    assert not confirms(text, "Test mAP@0.5", 0.995)  # task=val: validation values
    assert confirms(text, "mAP@0.5", 0.995)
    assert confirms(text.replace("task=val", "task=test"), "Test mAP@0.5", 0.995)


def test_a_progress_title_with_its_percentage_is_no_result() -> None:
    text = "Testing: 100%\n235/235 [00:01<00:00, 198.38it/s]\nDATALOADER:0 TEST RESULTS\n{}\n"
    assert extract_metrics(text) == []
    assert not confirms(text, "Test Accuracy", 100)


def test_a_class_row_never_confirms_a_claim_of_the_whole_result() -> None:
    text = "Class1 Top1: 87.23%\nClass2 Top1: 65.45%\n"
    assert not confirms(text, "Top-1 Accuracy", 87.23)
    assert confirms(text, "Class1 Top-1 Accuracy", 87.23)


def test_a_claim_at_exactly_half_a_printed_digit_is_not_its_rounding() -> None:
    text = "Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.135\n"
    assert not confirms(text, "AP", 0.13)  # 0.135 rounds to 0.14
    assert confirms(text, "AP", 0.14) and confirms(text, "AP", 0.135)


def test_a_shell_line_setting_the_scene_scopes_the_results_below_it() -> None:
    # Given a 3DGS script with each scene's results pasted under its command
    log = (
        "export SCENE=room; python train.py -s data/$SCENE --eval\n"
        '# "SSIM": 0.9012, "PSNR": 31.47, "LPIPS": 0.1403\n'
        "export SCENE=garden; python train.py -s data/$SCENE --eval\n"
        '# "SSIM": 0.8577, "PSNR": 27.35, "LPIPS": 0.1089\n'
    )
    assert confirms(log, "PSNR", 31.47, dataset="room")
    assert not confirms(log, "PSNR", 27.35, dataset="room")
    assert confirms(log, "PSNR", 27.35, dataset="garden")


def test_a_sentence_naming_the_data_set_scopes_what_follows() -> None:
    # Given a report of two runs, each introduced by a sentence naming its data set
    log = (
        "My results on the CUHK03 dataset:\n"
        "mAP: 61.2%\n"
        "Then I tested on MSMT17 dataset as well.\n"
        "mAP: 44.9%\n"
    )
    assert confirms(log, "mAP", 61.2, dataset="CUHK03")
    assert not confirms(log, "mAP", 44.9, dataset="CUHK03")
    assert confirms(log, "mAP", 0.449, dataset="MSMT17")
    # And words that name no data set ("on the test dataset", "on my dataset") scope nothing
    log = "I evaluated on my dataset and on the test dataset:\nmAP: 50.1%\n"
    assert confirms(log, "mAP", 50.1, dataset="Market-1501")


def test_a_motchallenge_devkit_sequence_title_scopes_its_table() -> None:
    # evaluateTracking.m: fprintf('\t... %s\n', seqName), then the sequence's table
    log = (
        "\t... MOT17-04\n"
        "*** 2D (Bounding Box overlap) ***\n"
        " IDF1  IDP  IDR| Rcll  Prcn   FAR|  MOTA  MOTP\n"
        " 61.5 70.2 54.7| 66.0  84.8  2.10|  53.9  77.1\n"
        "\n"
        "\t... MOT17-09\n"
        "*** 2D (Bounding Box overlap) ***\n"
        " IDF1  IDP  IDR| Rcll  Prcn   FAR|  MOTA  MOTP\n"
        " 52.3 60.9 45.8| 62.1  82.5  1.20|  48.0  76.4\n"
    )
    assert confirms(log, "IDF1", 52.3, dataset="MOT17-09")
    assert not confirms(log, "IDF1", 61.5, dataset="MOT17-09")
    assert confirms(log, "MOTA", 53.9, dataset="MOT17-04")


def test_a_baselines_heading_opens_a_section_of_other_peoples_numbers() -> None:
    # Given a report listing literature baselines under a heading, then the run's own results
    log = (
        "### Baselines:\n"
        "**Wave-U-Net:**\n"
        "SI-SDR: 14.32\n"
        "\n"
        "**Conv-TasNet:**\n"
        "SI-SDR: 15.30\n"
        "\n"
        "### Our run\n"
        "**Conv-TasNet (ours):**\n"
        "SI-SDR: 14.87\n"
    )
    # Then the baselines (across their sub-titles) confirm nothing; the run's section does
    assert not confirms(log, "SI-SDR", 15.30)
    assert not confirms(log, "SI-SDR", 14.32)
    assert confirms(log, "SI-SDR", 14.87)


def test_the_word_score_beside_a_metric_names_no_scope() -> None:
    # "accuracy score", "roc_auc score_val", "rouge1 score": the metric, not a data set "score"
    assert sense_of("accuracy score").scope == ()
    assert sense_of("roc_auc score_val").scope == ()
    assert sense_of("roc_auc score_val").split == "val"
    assert sense_of("HellaSwag accuracy score").scope == ("hellaswag",)


def test_a_category_title_scopes_its_block_and_an_average_title_qualifies_it() -> None:
    # Given one value a line under "Category X:" titles, then a "Macro avg" block
    text = (
        "Category C:\n\tprecision\t0.91\n\tf1 score\t0.79\n\n\n"
        "Category R:\n\tprecision\t0.0\n\tf1 score\t0.0\n\n\n"
        "Macro avg\n\tprecision\t0.45\n\tf1 score\t0.395\n"
    )
    # Then a category's F1 is not the aggregate, and the macro block is the macro average
    assert not confirms(text, "F1", 0.0)
    assert confirms(text, "Macro F1", 0.395)
    assert not confirms(text, "Micro F1", 0.395)


def test_fold_rows_of_a_table_are_not_the_cross_validated_value() -> None:
    # Given a per-fold table and the averages below it
    text = (
        "| Fold | Validation RMSE | Validation R² |\n|---|---|---|\n"
        "| 1 | 1.10 | 0.11 |\n| 2 | 1.40 | 0.24 |\n\nAverage Validation R²: 0.175\n"
    )
    # Then a fold's value answers no unscoped claim; the average does
    assert not confirms(text, "R²", 0.24)
    assert confirms(text, "R²", 0.175)
    # ...and with no aggregate printed at all, a fold's row still answers none
    assert not confirms(text, "Validation RMSE", 1.40)


def test_a_value_followed_by_for_a_dataset_is_that_datasets() -> None:
    # Given a prose report with one value per data set, named after the value
    text = "I got\nmAP : 67.90 for oxford (73.9 on your paper)\nmAP : 76.64 for paris\n"
    # Then each value is its data set's, and answers an unscoped claim too
    assert confirms(text, "mAP", 67.9, dataset="Oxford5k")
    assert not confirms(text, "mAP", 67.9, dataset="Paris6k")
    assert confirms(text, "mAP", 76.64)
    # ...but "for"/"on" before words naming no data set scopes nothing
    assert confirms("acc: 0.91 on average\n", "Accuracy", 0.91, dataset="CIFAR-10")


def test_a_banner_naming_the_dataset_it_ran_for_scopes_what_follows() -> None:
    # Given two sections, each opened by a banner naming its data set after "for"
    text = (
        "--- Grid Search Complete for combined dataset ~ 21k ---\n"
        "Test Set Accuracy: 0.4360\n\n"
        "--- Grid Search Complete for anjila-big dataset ~12k ---\n"
        "Test Set Accuracy: 0.5188\n"
    )
    # Then each accuracy is its data set's
    assert confirms(text, "Test Accuracy", 0.436, dataset="combined")
    assert not confirms(text, "Test Accuracy", 0.436, dataset="anjila-big")
    assert confirms(text, "Test Accuracy", 0.5188, dataset="anjila-big")


def test_a_list_item_naming_a_data_set_scopes_its_nested_items() -> None:
    # Given a Markdown list: one item per data set, its values as nested items
    text = """\
Scores per benchmark:
- VCTK Mix 2:
  - PESQ: 2.91
  - STOI: 0.931
- DNS Blind:
  - Mean PESQ: 3.05
  - STOI: 0.902
"""
    # Then each value is its data set's: another data set's value never answers the claim
    assert not confirms(text, "PESQ", 3.05, dataset="VCTK")
    assert confirms(text, "PESQ", 2.91, dataset="VCTK")
    assert confirms(text, "STOI", 0.902, dataset="DNS Blind")
    assert not confirms(text, "STOI", 0.931, dataset="DNS Blind")


def test_a_list_item_naming_a_split_or_a_kind_of_output_scopes_nothing() -> None:
    text = """\
- Test Results:
  - Accuracy: 0.912
"""
    assert confirms(text, "Test Accuracy", 91.2)
    assert found(text) == {"Accuracy": 0.912}


def test_a_heading_naming_a_split_scopes_its_section() -> None:
    # Given a report whose sections are headed by the data file they score
    log = (
        "## Scores\n### corpus.train\n\nall: f1=0.991 prec=0.990\n\n"
        "### corpus.testa\n\nall: f1=0.872 prec=0.880\n\n### corpus.testb\n"
    )
    # Then the train section's values answer only a train claim
    assert confirms(log, "Train F1", 0.991) and not confirms(log, "F1", 0.991)
    # And the testa (development) section's values are validation values
    assert confirms(log, "Validation F1", 0.872) and not confirms(log, "Test F1", 0.872)
    assert confirms(log, "F1", 0.872)


def test_a_heading_telling_a_story_names_no_split() -> None:
    log = "## results after training 12 epochs\n\nall: f1=0.871 prec=0.880\n"
    assert confirms(log, "Test F1", 0.871) and confirms(log, "F1", 0.871)


def test_a_line_led_by_a_split_named_in_chinese_is_that_split() -> None:
    # Given a model's scores on its training and validation sets, each line led by the set's name
    log = "GBM:\n训练集：{'mae': 0.0153, 'r2': 0.9871}\n验证集：{'mae': 0.0421, 'r2': 0.5532}\n"
    # Then the training value answers only a train claim, the validation one a validation claim
    assert not confirms(log, "Validation R2", 0.9871) and confirms(log, "Train R2", 0.9871)
    assert confirms(log, "Validation R2", 0.5532) and confirms(log, "R2", 0.5532)
    assert not confirms(log, "R2", 0.9871)


def test_a_sample_file_name_titles_its_per_case_block() -> None:
    # Given a per-case evaluation: the mean block printed nan, then one volume's values
    log = (
        "Mean_Dice\nDice_kidneynan\n\n"
        "case_00042.nii.gz\n"
        "Dice_kidney: 0.9412\n"
        "Dice_tumor: 0.7120\n"
        "DSC:0.8266\n"
    )
    # Then the volume's values answer no claim of the aggregate, with or without a data set
    assert not confirms(log, "Mean Dice", 0.8266)
    assert not confirms(log, "Dice", 0.8266, dataset="KiTS")
    assert not confirms(log, "Kidney Dice", 0.9412)
    # ...but a claim naming the case is that case's
    assert confirms(log, "DSC", 0.8266, dataset="case_00042")


def test_a_heading_that_is_a_split_ratio_scopes_the_values_below_it() -> None:
    text = (
        "## 60-20-20\n"
        '{"segm/AP": 71.25, "segm/AP50": 90.5, "iter": 900}\n'
        "## 75/15/10\n"
        '{"segm/AP": 64.8, "segm/AP50": 85.1, "iter": 900}\n'
    )
    assert confirms(text, "mask AP (60-20-20 split)", 71.25)
    assert confirms(text, "mask AP (75/15/10)", 64.8)
    assert not confirms(text, "mask AP (60-20-20 split)", 64.8)  # the other partition's
    assert not confirms(text, "mask AP (75/15/10)", 71.25)


def test_a_sentence_naming_a_split_gives_it_to_the_rest_code_block_below() -> None:
    text = (
        "Last, we score the classifier on the validation nodes:\n\n"
        ".. code-block:: python\n\n"
        "    logits = net(graph)\n\n"
        "    print(f'F1: {f1:.3f}')\n"
        "    >>> F1: 0.732\n\n"
        "The final report on held-out data prints\n\n"
        "F1: 0.694\n"
    )
    assert confirms(text, "Validation F1", 0.732)
    assert not confirms(text, "Test F1", 0.732)  # the validation nodes' value
    assert confirms(text, "Test F1", 0.694)  # after the block: unsplit again


def test_a_bare_split_label_printing_a_named_variable_is_that_variable() -> None:
    text = (
        "for epoch in range(1, 4):\n"
        "    print(f'Epoch: {epoch:02d}, Val: {val_rmse:.3f}, Test: {test_rmse:.3f}')\n\n"
        "Epoch: 01, Val: 0.912, Test: 0.934\n"
        "Epoch: 02, Val: 0.851, Test: 0.866\n"
        "Epoch: 03, Val: 0.837, Test: 0.848\n"
    )
    assert confirms(text, "Test RMSE", 0.848)
    assert not confirms(text, "Test Accuracy", 0.848)  # an RMSE, not the run's score
    assert not confirms(text, "Test RMSE", 0.837)  # the validation one


def test_a_configuration_line_naming_a_sample_list_scopes_the_values_below() -> None:
    text = (
        "----- settings -----\n"
        "eval_list: /data/bench/lists/test2_night.txt\n"
        "match_iou: 0.5\n"
        "precision: 0.7411\n"
        "F1: 0.7025\n"
        "----- settings -----\n"
        "eval_list: /data/bench/lists/test5_rain.txt\n"
        "match_iou: 0.5\n"
        "precision: 0.6308\n"
        "F1: 0.5917\n"
    )
    assert confirms(text, "F1", 0.7025, dataset="Bench Night")
    assert confirms(text, "F1", 0.5917, dataset="Bench Rain")
    assert not confirms(text, "F1", 0.7025, dataset="Bench Rain")  # the night list's


def test_a_sentence_scoping_a_metric_once_scopes_its_second_value_too() -> None:
    text = (
        "During training the log showed CER = 4.2% for aishell-2, but with the standalone "
        "scorer I get CER = 5.7%. Why the gap?\n"
    )
    assert confirms(text, "CER", 5.7, dataset="AISHELL-2")
    assert not confirms(text, "CER", 5.7, dataset="WenetSpeech")  # only AISHELL-2 is named


def test_a_capitalised_title_after_a_blank_line_scopes_its_section_across_blank_lines() -> None:
    # Given a report evaluating several collections one after another, each under a title
    # line of capitalised words, with a second block of the same section after a blank line
    log = (
        "MS-MARCO Passage\n"
        "MRR @10: 0.3301\n"
        "\n"
        "TREC eval:\n"
        "map                   \tall\t0.3362\n"
        "\n"
        "MS-MARCO Document\n"
        "MRR @100: 0.3795\n"
        "\n"
        "TREC eval:\n"
        "map                   \tall\t0.3796\n"
        "\n"
        "Natural Questions (NQ)\n"
        "Top20   accuracy: 0.8224\n"
        "\n"
        "Trivia QA\n"
        "Top20   accuracy: 0.8010\n"
    )
    # Then each value is its section's: a sibling collection's claim is refused
    assert confirms(log, "MAP", 0.3362, "MS MARCO passage")
    assert not confirms(log, "MAP", 0.3362, "MS MARCO document")
    assert confirms(log, "MAP", 0.3796, "MS MARCO document")
    assert confirms(log, "Top-20 Accuracy", 0.8224, "Natural Questions")
    assert not confirms(log, "Top-20 Accuracy", 0.8224, "TriviaQA")
    # (a title of a split, a metric or a kind of output is no data set's section)
    assert confirms("Test Results\nTop20 accuracy: 0.8224\n", "Top-20 Accuracy", 0.8224, "NQ")
