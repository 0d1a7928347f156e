"""COCO-style detection and segmentation results: pycocotools `COCOeval.summarize()` blocks
(also LVIS `APr/APc/APf`), detectron2 `copypaste:` lines, and the IoU type a log is
evaluating (`IoU metric: segm`, `Evaluate annotation type *bbox*`, `copypaste: Task: bbox`),
which prefixes the names that follow (`bbox/AP`, `segm/AP`): box AP and mask AP are
different metrics. A value of -1 means "not computed" and is skipped, as is `nan`.

Format source: cocodataset/cocoapi PythonAPI/pycocotools/cocoeval.py `_summarize`:
` {:<18} {} @[ IoU={:<9} | area={:>6s} | maxDets={:>3d} ] = {:0.3f}`; detectron2
detectron2/evaluation/testing.py `print_csv_format` ("copypaste: " + ",".join(...)). Also:
a block without a task line whose rows say `maxDets= 20` is a keypoints block (COCO keypoint
evaluation is the one that uses 20 detections); `==== BOX EVAL ====`-style headers name the
task; the results dict users print from detectron2's `inference_on_dataset`
(`OrderedDict([('bbox', {'AP': 40.2, ..., 'AP-person': 55.1}), ('segm', {...})])`) is read
task by task, without its per-category `AP-<class>` entries (one class is not the result).
An IoU type evaluated again (cvpods' and detectron2's `EVAL_PERIOD` evaluations during
training, one table each) starts a new round: a value of the same name in an earlier round is
not the run's final one (`Sink`'s summary values superseded after a counter).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM, parse_number

_SUMMARY = re.compile(
    r"Average\s++(?:Precision|Recall)\s++\((AP|AR)\)\s*+@\[\s*+IoU\s*+=\s*+([\d.]++(?::[\d.]++)?+)"
    r"\s*+\|\s*+area\s*+=\s*+(\w++)\s*+\|\s*+maxDets\s*+=\s*+(-?\d++)\s*+"
    r"(?:catIds\s*+=\s*+(\w++)\s*+)?+\]\s*+=\s*+(" + NUM + r")"
)
_TASK = re.compile(
    r"IoU metric:\s*+(\w++)|Evaluate annotation type \*(\w++)\*|Evaluating (bbox|segm|keypoints|"
    r"proposal)\b|Evaluation results for (\w++):|copypaste:\s*+Task:\s*+(\w++)|"
    r"Evaluating predictions for (bbox|segm|keypoints)|"
    r"=\s*+(BOX|BBOX|SEGM|MASK|KEYPOINTS?)\s++EVAL\b|"
    r"^\s*+Task:\s*+(bbox|segm|keypoints)\s*+$"
)
TASK_MARKERS = ("IoU metric", "annotation type", "Evaluat", "Task:", " EVAL")
_TASK_NAMES = {"box": "bbox", "mask": "segm", "keypoint": "keypoints"}
_COPYPASTE = re.compile(r"(?<![\w])copypaste:\s*+(.*?)\s*+$")
_NAMES = re.compile(r"[A-Za-z][\w\-]*+(?:,[A-Za-z][\w\-]*+)++")
_VALUES = re.compile(r"[-+\w.]++(?:,[-+\w.]++)++")
TABLE_NAMES = frozenset(
    ("AP", "AP50", "AP75", "APs", "APm", "APl", "APr", "APc", "APf", "AR1", "AR10", "AR100")
) | frozenset(("ARs", "ARm", "ARl"))
_AREAS = {"small": "s", "medium": "m", "large": "l", "s": "s", "m": "m", "l": "l"}


def coco_name(name: str, state: LogState) -> str:
    """`AP` -> `segm/AP` while the log is evaluating masks."""
    task = state.context.get("coco_task")
    return f"{task}/{name}" if task else name


@reader("coco", markers=TASK_MARKERS, order=1)
def note_coco_task(line: str, state: LogState, out: Sink) -> bool:
    """Remembers which IoU type is being evaluated; never consumes the line."""
    match = _TASK.search(line)
    if match:
        task = next(g for g in match.groups() if g).lower()
        task = _TASK_NAMES.get(task, task)
        _note_task((match.lastindex, task), task, state)
    return False


# A short title naming the IoU type of the block below it ("Box proposals", "Segmentation
# proposals", "keypoints", "Mask results:"), written by a person pasting several blocks.
_TASK_TITLE = re.compile(
    r"(?i)^[\s#*_>-]*+(b?box(?:es)?+|segm(?:entation)?+|masks?+|keypoints?+)"
    r"(?:\s++(?:proposals?+|results?+|evaluation|eval|metrics?+))?+[\s:*_]*+$"
)
_TITLE_TASKS = {"b": "bbox", "s": "segm", "m": "segm", "k": "keypoints"}


@reader(
    "coco",
    markers=("box", "Box", "BOX", "egm", "EGM", "ask", "ASK", "eypoint", "EYPOINT"),
    order=1,
)
def note_coco_task_title(line: str, state: LogState, out: Sink) -> bool:
    """A task title line sets the IoU type like a task line; never consumes the line."""
    if len(line) > 40:
        return False
    match = _TASK_TITLE.match(line)
    if match:
        task = _TITLE_TASKS[match.group(1)[0].lower()]
        _note_task(("title", task), task, state)
    return False


def _note_task(header: tuple[object, str], task: str, state: LogState) -> None:
    state.context["coco_task"] = task
    # (one evaluation prints several headers for its task: `Evaluate annotation type
    # *bbox*`, `Evaluation results for bbox:`, `copypaste: Task: bbox`; the same header
    # again for the same task is the next evaluation)
    seen = state.context.setdefault("coco_headers_seen", set())
    if header in seen:
        # the same IoU type evaluated again (a periodic evaluation during training): a new
        # round, whose values supersede the earlier round's (the last one is the run's)
        state.counter_lines += 1
        seen.clear()
    seen.add(header)


def _iou_suffix(iou: str) -> str:
    low, _, high = iou.partition(":")
    try:
        low_f = float(low)
        high_f = float(high) if high else low_f
    except ValueError:
        return iou
    if high and abs(low_f - 0.5) < 1e-9 and abs(high_f - 0.95) < 1e-9:
        return ""
    if abs(low_f - high_f) < 1e-9:
        return str(round(low_f * 100))
    return f"{round(low_f * 100)}-{round(high_f * 100)}"


@reader("coco", markers=("Average",), order=10)
def read_pycocotools(line: str, state: LogState, out: Sink) -> bool:
    match = _SUMMARY.search(line)
    if not match:
        return False
    kind, iou, area, max_dets, cat_ids, number = match.groups()
    value = parse_number(number)
    if value is None or value < 0:  # -1.000: pycocotools could not compute it
        return True
    if max_dets.strip() == "20" and not state.context.get("coco_task"):
        state.context["coco_task"] = "keypoints"  # only keypoint evaluation uses 20 detections
    iou_part = _iou_suffix(iou)
    area_part = _AREAS.get(area.lower(), "")
    if kind == "AP":
        name = f"AP{cat_ids}" if cat_ids and cat_ids != "all" else f"AP{iou_part}{area_part}"
    elif not iou_part and not area_part:
        # keypoint evaluation (`_summarizeKps`) has one maxDets (20): its AR row is the AR
        name = "AR" if max_dets.strip() == "20" else f"AR{max_dets}"
    else:
        name = f"AR{iou_part}{area_part}"
    if cat_ids is not None:  # the LVIS layout (lvis-api): the scope says so
        name = f"LVIS/{name}"
    out.add(coco_name(name, state), number, "coco", running=False)
    return True


@reader("coco", markers=("copypaste:",), order=11)
def read_detectron2_copypaste(line: str, state: LogState, out: Sink) -> bool:
    match = _COPYPASTE.search(line)
    if match is None:
        return False  # e.g. mmdetection's "bbox_mAP_copypaste: ..."
    content = match.group(1)
    if _NAMES.fullmatch(content):
        state.context["d2_names"] = content.split(",")
    elif state.context.get("d2_names") and _VALUES.fullmatch(content):
        names = state.context["d2_names"]
        values = content.split(",")
        if len(values) == len(names):
            for name, number in zip(names, values, strict=True):
                value = parse_number(number)
                if value is not None and value >= 0:
                    out.add(coco_name(name, state), number, "coco", running=False)
    return True  # "Task:" and "Dataset:" lines carry no metric


def _bare_names_open(state: LogState) -> bool:
    return state.context.get("d2_bare_names") is not None


@reader("coco", markers=("AP,AP",), order=12, open=_bare_names_open)
def read_detectron2_bare_csv(line: str, state: LogState, out: Sink) -> bool:
    """detectron2's `print_csv_format` lines pasted without their `copypaste:` prefix
    (`Task: bbox`, `AP,AP50,AP75,APs,APm,APl`, `39.7079,58.7788,...`): a header of COCO names
    only, then its values on the next line."""
    content = line.strip()
    names = state.context.pop("d2_bare_names", None)
    if _NAMES.fullmatch(content) and all(n in TABLE_NAMES for n in content.split(",")):
        state.context["d2_bare_names"] = content.split(",")
        return True
    if names is None or not _VALUES.fullmatch(content):
        return False
    values = content.split(",")
    if len(values) != len(names):
        return False
    for name, number in zip(names, values, strict=True):
        value = parse_number(number)
        if value is not None and value >= 0:
            out.add(coco_name(name, state), number, "coco", running=False)
    return True


_D2_TASK = re.compile(r"'(bbox|segm|keypoints|sem_seg|panoptic_seg)'\s*+[,:]\s*+(?:\{|$)")
_D2_PAIR = re.compile(r"'([A-Za-z][\w\-]{0,40}+)':\s*+(?:np\.float\d++\()?+(" + NUM + r")")


def _in_task_dict(state: LogState) -> bool:
    return state.context.get("d2_task") is not None


@reader(
    "coco",
    markers=("'bbox'", "'segm'", "'keypoints'", "'sem_seg'"),
    order=15,
    open=_in_task_dict,
)
def read_detectron2_results_dict(line: str, state: LogState, out: Sink) -> bool:
    """`OrderedDict([('bbox', {'AP': 40.2, ...}), ('segm', {...})])`, or the same as a dict,
    on one line or pretty-printed over many (`('segm',` then ` {'AP': 64.9,` ... `'APs': 43.9})`:
    the task stays open until its dict closes)."""
    tasks = list(_D2_TASK.finditer(line))
    if not tasks:
        task_name = state.context.get("d2_task")
        if task_name is None:
            return False
        _task_pairs(task_name, line, 0, len(line), out)
        if "}" in line:
            state.context["d2_task"] = None
        return True
    ends = [t.start() for t in tasks[1:]] + [len(line)]
    for task, end in zip(tasks, ends, strict=True):
        _task_pairs(task.group(1), line, task.end(), end, out)
    closed = "}" in line[tasks[-1].end() :]
    state.context["d2_task"] = None if closed else tasks[-1].group(1)
    return True


def _task_pairs(task: str, line: str, start: int, end: int, out: Sink) -> None:
    for pair in _D2_PAIR.finditer(line, start, end):
        name, number = pair.groups()
        value = parse_number(number)
        if "-" not in name and value is not None and value >= 0:
            out.add(f"{task}/{name}", number, "coco", running=False)
