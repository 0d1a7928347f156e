"""Ultralytics YOLO and YOLOv5 validation tables: the `all` row under a `Class Images Instances
Box(P R mAP50 mAP50-95)` header gives P, R, mAP50, mAP50-95 (`Labels ... mAP@.5 mAP@.5:.95`
in older YOLOv5); segmentation and pose add a second column group (`Mask(P R mAP50
mAP50-95)`), and then every column is named by its group (`Box mAP50`, `Mask mAP50`), since
box and mask values are different metrics; classification prints `classes top1_acc top5_acc`
(YOLOv5: `Class Images top1_acc top5_acc`). Per-class rows are not the result and are not read.
During training (after an `Epoch GPU_mem ...` header) each epoch's `all` row is a running
value; the final validation of the best weights (`Validating .../best.pt...`) stands. Argument
dumps (`val: data=..., conf_thres=0.001, iou_thres=0.6`), `yolo ...` command lines, model
summaries (`157 layers, 1867405 parameters`) and `Speed:` lines are consumed with nothing read;
an argument dump's `task=val` / `task=test` (`split=` in ultralytics) is the split of the
table that follows.
A printed `results_dict` (`{'metrics/precision(B)': 0.7, ..., 'metrics/mAP50-95(M)': 0.4,
'fitness': 0.5}`) is read with the task suffix as a prefix (`mask/metrics/mAP50-95(M)`);
`fitness` is a weighted selection score, not a metric.
ultralytics/yolov3's test.py of 2019 printed `Class Images Targets P R mAP F1`: its `mAP` is
the mean AP at one IoU threshold, `iou_thres` (0.5 unless its `Namespace(...)` says another),
not COCO's AP@[.5:.95] that pycocotools prints below it with `--save-json`; it is read as
`mAP@0.5`.

Format source: ultralytics/ultralytics ultralytics/models/yolo/detect/val.py `get_desc`
(("%22s" + "%11s" * 6) % ("Class", "Images", "Instances", "Box(P", "R", "mAP50",
"mAP50-95)")), `print_results` ("%22s" + "%11i" * 2 + "%11.3g" * len(keys)); segment/val.py
(adds "Mask(P", "R", "mAP50", "mAP50-95)"); classify/val.py (("%22s" + "%11s" * 2) %
("classes", "top1_acc", "top5_acc"); "%22s" + "%11.3g" * 2 for the all row); engine/trainer.py
(f"\\n{epochs} epochs completed in {hours:.3f} hours.", "Validating {best}..."); ultralytics/
yolov5 val.py (s = ('%22s' + '%11s' * 6) % ('Class', 'Images', 'Instances', 'P', 'R', 'mAP50',
'mAP50-95'), earlier 'Labels', 'mAP@.5', 'mAP@.5:.95'), classify/val.py, utils/general.py
`print_args` (colorstr(f'{name}: ') + ', '.join(f'{k}={v}' ...)).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.readers.results_csv import task_named

MAX_COLUMNS = 24
# The header: two column names or more after it ("Class mIoU: 0.80" is a class mIoU's value).
_HEAD = re.compile(r"^\s*+(?:Class|classes)\s++(?=[A-Za-z][^\s:]*+\s++[A-Za-z(])")
_TQDM_TAIL = re.compile(r":\s++\d++%")
_ALL = re.compile(r"^\s*+all\s++(.*?)\s*+$")
_GROUP = re.compile(r"^(\w++)\((.*)$")
_TRAINING = re.compile(r"^\s*+Epoch\s++gpu_mem\s", re.IGNORECASE)
_TRAINING_END = re.compile(r"\bepochs completed in\b|^\s*+Validating\s")
# (three `key=value, ` pairs make an arguments line, also when the pasted line is wrapped or cut
# before its last pair: "... workers=8, singl\")
_ARGS = re.compile(r"^\s*+(?:[a-z_]++/)?+[a-z_]++:\s++(?:\w++=[^,]*+,\s++){3,}+")
_COMMAND = re.compile(r"^\s*+[$!]?+\s*+yolo\s++[a-z]")
_SUMMARY = re.compile(r"(?i)\bsummary(?:\s*+\(fused\))?+:\s*+\d++ layers")
_SPEED = re.compile(r"^\s*+Speed:\s*+[\d.]++\s*+ms")
# val.py's arguments name the split it evaluates: `task=val` (the default), `task=test`;
# ultralytics' `split=val`.
_TASK_SPLIT = re.compile(r"(?<![\w.])(?:task|split)=(val|test|train)\b")
_SPLITS = {"val": "val", "test": "test", "train": "train"}
# ultralytics/yolov3 test.py (2019): ('%20s' + '%10s' * 6) % ('Class', 'Images', 'Targets', 'P',
# 'R', 'mAP', 'F1'), the mAP at `iou_thres`.
_OLD_YOLOV3 = ["Images", "Targets", "P", "R", "mAP", "F1"]
_IOU_THRES = re.compile(r"(?<![\w.])iou_thres=(0?+\.\d{1,3}+)\b")


def _columns(header: str) -> list[str]:
    """`Box(P R mAP50 mAP50-95) Mask(P ...)` -> [Box P, Box R, ..., Mask P, ...]; one group
    alone (`Box(P R ...)`) gives plain names."""
    tail = _TQDM_TAIL.search(header)
    tokens = (header[: tail.start()] if tail else header).split(None, MAX_COLUMNS)
    groups = [t for t in tokens if _GROUP.match(t)]
    columns: list[str] = []
    group = ""
    for token in tokens:
        match = _GROUP.match(token)
        if match:
            group, token = match.group(1), match.group(2)
        closing = token.endswith(")")
        token = token.rstrip("):")
        if token:
            columns.append(f"{group} {token}" if group and len(groups) > 1 else token)
        if closing:
            group = ""
    return columns


def _named(columns: list[str], state: LogState) -> list[str]:
    """Old yolov3's `mAP` named by its IoU threshold."""
    if columns != _OLD_YOLOV3:
        return columns
    iou = state.context.get("yolo_iou", "0.5")
    name = "mAP@0.5" if iou == "0.5" else f"mAP@IoU={iou}"
    return [name if c == "mAP" else c for c in columns]


_MARKERS = ("Class", "classes", "all", "PU_mem", "pu_mem", "epochs completed", "Validating", "=")


@reader("yolo", markers=(*_MARKERS, "ummary", "Speed:"), order=12)
def read_yolo(line: str, state: LogState, out: Sink) -> bool:
    head = _HEAD.match(line) if "lass" in line else None
    if head is not None:
        state.context["yolo_cols"] = _named(_columns(line[head.end() :]), state)
        return True
    columns: list[str] | None = state.context.get("yolo_cols")
    if columns and "all" in line:
        match = _ALL.match(line)
        if match:
            numbers = match.group(1).split(None, MAX_COLUMNS)
            if len(numbers) == len(columns):
                running = bool(state.context.get("yolo_training"))
                for name, number in zip(columns, numbers, strict=True):
                    out.add(name, number, "yolo", running=running)
                return True
    if _TRAINING.match(line):
        state.context["yolo_training"] = True
        return True
    if _TRAINING_END.search(line):
        state.context["yolo_training"] = False
        return False
    if _ARGS.match(line) or _COMMAND.match(line):
        task = _TASK_SPLIT.search(line)
        if task:  # the split of everything val.py prints next (pycocotools' summary too)
            state.log_split = _SPLITS[task.group(1)]
        return True
    return bool(_SUMMARY.search(line) or _SPEED.match(line))


@reader("yolo", markers=("iou_thres=",), order=4)
def note_iou_threshold(line: str, state: LogState, out: Sink) -> bool:
    """The `iou_thres=` of test.py's arguments (before the configuration reader consumes the
    `Namespace(...)` line): the IoU of an old yolov3 table's `mAP`."""
    iou = _IOU_THRES.search(line)
    if iou:
        state.context["yolo_iou"] = str(float(iou.group(1)))
    return False


_RESULTS_DICT = re.compile(
    r"'(metrics/[^'\n]{1,60}+)':\s*+(?:np\.float\d++\(\s*+)?+(" + NUM + r")" + END
)


@reader("yolo", markers=("'metrics/",), order=12)
def read_results_dict(line: str, state: LogState, out: Sink) -> bool:
    found = False
    for match in _RESULTS_DICT.finditer(line):
        out.add(task_named(match.group(1)), match.group(2), "yolo", running=False)
        found = True
    return found
