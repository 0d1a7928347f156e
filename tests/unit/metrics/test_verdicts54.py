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
