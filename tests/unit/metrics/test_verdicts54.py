"""Rules from the verdicts54 round on fresh47 (the most-used tools' output as users paste it in
their own issues). Each test is a crafted log of a general shape, never a corpus excerpt; the
comments cite public examples of the shape."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_diff_hunks_context_and_removed_lines_are_the_old_files_numbers() -> None:
    # Shape: a pull request's review thread pastes the hunk it comments on; its context lines
    # are the file as it was (pytorch/vision#4811: a model registry's older weights'
    # `"acc@5": 94.046,` above the new entry, under `@@ -127,6 +137,16 @@`)
    # Given an evaluation, then a review thread's hunk of a weights registry
    log = (
        "Acc@1 80.113 Acc@5 94.912\n"
        "\n"
        "models/resnet.py:88\n"
        "```diff\n"
        "@@ -80,6 +80,12 @@ class ResNet50Weights(Weights):\n"
        '             "acc@1": 76.130,\n'
        '-            "acc@5": 92.862,\n'
        "+    V2 = WeightEntry(\n"
        "```\n"
    )
    # Then the registry's old numbers confirm nothing; the evaluation's do
    assert not confirms(log, "Top-1 Accuracy", 76.13)
    assert not confirms(log, "Top-5 Accuracy", 92.862)
    assert confirms(log, "Top-5 Accuracy", 94.912)


def test_a_diff_hunks_added_lines_are_kept() -> None:
    # Shape: a pull request adding the results file its run wrote (embeddings-benchmark/mteb#634:
    # `@@ -0,0 +1,21 @@` then `+    "accuracy": 0.2632548618219038,`)
    # Given a new file's hunk
    log = (
        "results/model/Task.json:9\n"
        "```diff\n"
        "@@ -0,0 +1,6 @@\n"
        "+{\n"
        '+  "test": {\n'
        '+    "accuracy": 0.7125,\n'
        "```\n"
    )
    # Then its values are read
    assert confirms(log, "Accuracy", 71.25)


def test_a_hunk_ends_at_a_line_no_diff_prefix_leads() -> None:
    # Given a hunk pasted without a fence, then the writer's own output
    log = "@@ -1,2 +1,2 @@\n-acc: 0.51\n+acc: 0.52\nmy run: acc: 0.64\n"
    # Then the output after the hunk is read
    assert found(log).get("acc") == 0.64 or confirms(log, "Accuracy", 0.64)
    assert not confirms(log, "Accuracy", 0.51)


_OLD_YOLOV3 = (
    "Namespace(batch_size=16, cfg='cfg/yolov3.cfg', conf_thres=0.001, img_size=416, "
    "iou_thres=0.5, nms_thres=0.5, save_json=True)\n"
    "               Class    Images   Targets         P         R       mAP        F1\n"
    "Computing mAP: 100%|█████| 313/313 [06:20<00:00,  1.43it/s]\n"
    "                 all     5e+03  3.58e+04     0.106     0.726     0.542     0.181\n"
    " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.311\n"
)


def test_old_yolov3_test_py_map_is_at_iou_0_5() -> None:
    # Shape: ultralytics/yolov3's test.py of 2019 printed ('Class', 'Images', 'Targets', 'P',
    # 'R', 'mAP', 'F1') with the mAP at `iou_thres` (0.5), above pycocotools' AP@[.5:.95]
    # (ultralytics/yolov3#273: `all ... 0.542` then `IoU=0.50:0.95 ... = 0.311`; #787: "test.py
    # can calculate the metrics (P, R, mAP, F1) at 0.5 or at 0.5:0.95. The default is 0.5")
    # Then the table's mAP is an AP50, not COCO's AP
    assert not confirms(_OLD_YOLOV3, "box AP", 0.542)
    assert not confirms(_OLD_YOLOV3, "mAP", 54.2)
    assert confirms(_OLD_YOLOV3, "mAP@0.5", 0.542)
    assert confirms(_OLD_YOLOV3, "box AP", 31.1)


def test_old_yolov3_map_follows_its_namespace_iou_threshold() -> None:
    # Given the same table evaluated at another IoU threshold
    log = _OLD_YOLOV3.replace("iou_thres=0.5,", "iou_thres=0.7,")
    # Then its mAP is no AP50
    assert not confirms(log, "mAP@0.5", 0.542)
    assert not confirms(log, "box AP", 0.542)


def test_a_first_person_report_quoted_inside_the_writers_sentence_is_someone_elses() -> None:
    # Shape: a writer quoting a tutorial's own sentence in a code span (flashlight/wav2letter#734:
    # "But it was mentioned **`We got a WER of 18.96 on test-clean!`** in that page.")
    # Given the writer's result and a quoted first-person report
    log = (
        "I trained for 40 epochs and got WER 21.5 on test-clean. But the page says "
        "`We got a WER of 17.2 on test-clean!` there.\n"
    )
    # Then the quoted report confirms nothing; the writer's does
    assert not confirms(log, "WER", 17.2)
    assert confirms(log, "WER", 21.5)

    # Given the same in quotation marks
    log = 'The README says "we get 76.1% top-1 accuracy" on ImageNet.\n'
    assert not confirms(log, "Top-1 Accuracy", 76.1)


def test_an_unquoted_first_person_report_is_still_read() -> None:
    # Given a code span elsewhere in the writer's sentence
    log = "I ran `python eval.py` and we got a WER of 5.2 on test-clean.\n"
    # Then the writer's value is read
    assert confirms(log, "WER", 5.2)


def test_a_bare_ap_in_prose_is_the_kind_the_writer_says_they_evaluate() -> None:
    # Shape: facebookresearch/detectron2#2654 ("I used the code like below to evaluate the Mask
    # AP performace. As a result, I got the AP 0.367")
    # Given prose naming mask AP alone, then a bare AP
    log = (
        "I want to check the instance segmentation model on COCO val2017.\n"
        "I used the script below to evaluate the Mask AP.\n"
        "As a result, I got the AP 0.351, lower than the model zoo.\n"
    )
    # Then the AP is the mask AP, not the box AP
    assert confirms(log, "mask AP", 35.1)
    assert not confirms(log, "box AP", 0.351)


def test_a_bare_ap_keeps_no_kind_when_the_prose_names_both() -> None:
    # Shape: facebookresearch/detectron2#721 ("while I'm able to get box AP, I'm unable to
    # reproduce the mask AP")
    # Given prose naming both kinds, then a bare AP
    log = "I can reproduce the box AP but not the mask AP.\nI got the AP 0.351 after training.\n"
    # Then the bare AP is no mask AP (an unqualified AP means box AP)
    assert not confirms(log, "mask AP", 35.1)


def test_numbers_after_a_link_to_a_post_are_the_posts() -> None:
    # Shape: Azure/fast_retraining#62 ("this computation corresponds in the [post](https://
    # blogs.technet.microsoft.com/...) to airline subsample size 100M, 500 rounds, xgb_hist.
    # Then the time was 2098s and AUC=0.856.")
    # Given the writer's lines, then a paragraph citing a post by a link
    log = (
        "Computed LightGBM with 1e+07 samples in 104.2s with AUC=0.811\n"
        "\n"
        "This run corresponds in the [post](https://example.org/blog/benchmarks) to the "
        "10M subsample. There the time was 201s and AUC=0.805.\n"
    )
    # Then the post's figure confirms nothing; the run's does
    assert not confirms(log, "AUC", 0.805)
    assert confirms(log, "AUC", 0.811)


def test_a_linked_source_with_the_writers_own_words_is_the_writers() -> None:
    # Given a sentence where the writer got the value with the linked source's settings
    log = "I used the settings in the [post](https://example.org/blog) and got AUC=0.79.\n"
    # Then the writer's value is read
    assert confirms(log, "AUC", 0.79)


def test_a_question_tacked_on_after_a_comma_leaves_the_statement_before_it() -> None:
    # Shape: pytorch/vision#1757 ("after one epoch I'm getting an accuracy of 76.6, how can it
    # be? isn't the models fully trained?")
    # Given a result, then a question tacked on after a comma
    log = "After two epochs I'm getting an accuracy of 71.3, how can it be? Is it a bug?\n"
    # Then the stated result is read
    assert confirms(log, "Accuracy", 71.3)


def test_a_question_with_the_value_inside_stays_a_question() -> None:
    # Given a value asked about, then another question
    log = "Is my accuracy of 71.3 right, or should it be higher?\n"
    # Then no value is read
    assert not confirms(log, "Accuracy", 71.3)


def test_an_abbreviations_full_stop_ends_no_sentence() -> None:
    # Shape: NVIDIA/NeMo#4655 ("I get an avg. WER of 18 % when evaluating the model on Common
    # Voice 10.")
    # Given an abbreviation between the writer's verb and the metric
    log = "I get an avg. WER of 14 % when evaluating the model on my test set.\n"
    # Then the value is the writer's
    assert confirms(log, "WER", 14)
    # And "approx." alike
    assert confirms("We got approx. 0.41 mAP after 12 epochs.\n", "mAP", 0.41)


def test_a_markdown_header_without_its_closing_pipe_heads_its_rows() -> None:
    # Shape: open-mmlab/mmdetection#5233 ("| model   | box AP | mask AP" over rows "| mask_rcnn_r50_
    # fpn_mstrain-poly_3x_coco |  40.9  |  37.1  |"); GitHub Flavored Markdown makes the outer
    # pipes optional (https://github.github.com/gfm/#tables-extension-)
    # Given a header that lost its closing pipe
    log = (
        "| model   | box AP | mask AP\n"
        "| ------------------ |  ------ |   ------ | \n"
        "| mask_rcnn_r50_3x |  41.2  |  37.4  |\n"
        "| mask_rcnn_r101_3x|  42.9  |  38.8\n"
    )
    # Then each column names its values
    assert confirms(log, "box AP", 41.2)
    assert confirms(log, "mask AP", 37.4)
    assert confirms(log, "mask AP", 38.8)
    assert not confirms(log, "mask AP", 41.2)


def test_a_table_with_a_difference_column_after_each_metric_reads_the_metrics() -> None:
    # Shape: vllm-project/vllm-ascend#904 ("| Base Image | | TTFT | Improvement | TPOT |
    # Improvement | ITL | Improvement |"): serving latencies as vLLM's benchmark_serving.py names
    # them (`Mean TTFT (ms)`, `Mean TPOT (ms)`, `Mean ITL (ms)`), each with its gain over a
    # baseline row
    # Given such a table
    log = (
        "| Image | | TTFT | Improvement | TPOT | Improvement |\n"
        "|---|---|:-:|:-:|:-:|:-:|\n"
        "| img:v1 | v1 (Baseline) | 90.12 | 0.00% | 30.50 | 0.00% |\n"
        "| img:v2 | v2 + kernels | 61.70 | 31.54% | 20.41 | 33.08% |\n"
    )
    # Then each metric column is read, never a difference as a metric
    assert confirms(log, "TTFT", 61.7)
    assert confirms(log, "TPOT", 20.41)
    assert not confirms(log, "TPOT", 31.54)
    assert not confirms(log, "TTFT", 20.41)
