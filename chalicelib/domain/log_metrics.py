"""Find metric values in pasted terminal output and check a claimed value against them.

Pure functions, standard library only, no I/O.

`extract_metrics` reads a log line by line and recognises these output families (the
`source` label of each `ExtractedMetric` is given in parentheses):

- PyTorch ImageNet example / Swin-style ` * Acc@1 76.130 Acc@5 92.862` and
  `Accuracy of the network on the 50000 test images: 83.9%` (pytorch_imagenet)
- timm `validate.py` ` * Acc@1 82.708 (17.292) Acc@5 96.236 (3.764)`; the numbers in
  parentheses are error rates and are NOT extracted (timm). timm's `--result` JSON is read by
  the JSON reader (keys `top1`, `top5`, `top1_err`, ... are labelled timm).
- Hugging Face Trainer: `***** eval metrics *****` blocks and Python-repr dicts
  `{'eval_loss': 0.41, 'eval_accuracy': 0.9124}`, including `tensor(...)`/`np.float32(...)`
  wrapped values (hf_trainer)
- lm-evaluation-harness / lighteval markdown tables; a row's metric is named `task/metric`
  (e.g. `hellaswag/acc`); rows with an empty task cell belong to the task above (lm_eval)
- pycocotools summaries, detectron2 `copypaste:` lines and result tables, mmdetection
  `bbox_mAP: 0.3740` lines (coco). pycocotools lines are named AP, AP50, AP75, APs, APm, APl,
  APr/APc/APf (LVIS), AR1, AR10, AR100, ARs, ARm, ARl. A value of -1 means "not computed" and
  is skipped, as is `nan`. When the log says which IoU type is being evaluated
  (`IoU metric: segm`, `Evaluate annotation type *bbox*`, `copypaste: Task: bbox`, ...) the
  name is prefixed with it: `bbox/AP`, `segm/AP`. mmdetection's `*_mAP_copypaste` lines are
  ignored (the same numbers are always printed with names next to them).
- fairseq `BLEU4 = 27.51, ...`, sacrebleu text (`BLEU|nrefs:1|... = 20.8 ...`, also chrF and
  TER) and sacrebleu JSON `{"name": "BLEU", "score": 20.8}` (bleu)
- Keras progress lines; only finished bars (`313/313`) are read, not partial ones (keras)
- PyTorch Lightning result tables (box drawing) and `DATALOADER:0 TEST RESULTS` dicts
  (lightning)
- ultralytics YOLO validation tables: the `all` row under a `Class Images Instances ...`
  header gives P, R, mAP50, mAP50-95 (or mAP@.5, mAP@.5:.95 for older YOLOv5); a second
  column group such as `Mask(P R mAP50 mAP50-95)` is named `Mask P`, `Mask mAP50`, ... (yolo)
- JSON: a line holding a JSON object (possibly after a log prefix) and pretty-printed JSON
  spanning lines. Numeric leaves become metrics; nested keys are joined with "/"
  (`results/arc_challenge/acc`); lm-eval's `acc,none` keys lose their `,filter` part (jsonl)
- anything else that looks like `name: value`, `name = value`, `Top-1 accuracy: 76.1%`
  (a trailing % is dropped, the number is kept as printed) (generic). Progress bars, batch
  counters such as `Test: [ 10/196]`, timestamps, dates and version strings yield nothing.

Values are kept exactly as printed (no percent/fraction scaling); each metric also remembers
how many decimals were printed so `check_claimed_metric` can compare "within printed
rounding".
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from chalicelib.domain.text import metric_key

__all__ = [
    "ExtractedMetric",
    "MetricCheck",
    "check_claimed_metric",
    "extract_metrics",
    "extract_metrics_from_lines",
]

MAX_NAME_LEN = 80  # longer "names" are almost always a line of prose, not a metric
_MAX_JSON_DEPTH = 8


@dataclass(frozen=True)
class ExtractedMetric:
    name: str  # metric name as printed (e.g. "Acc@1", "eval_accuracy", "AP50", "BLEU")
    value: float  # the number as printed (no scaling)
    source: str  # which format family matched, e.g. "pytorch_imagenet", "coco", "generic"
    # Digits after the decimal point as printed ("76.130" -> 3); None when unknown.
    decimals: int | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class MetricCheck:
    ok: bool
    detail: str  # a sentence a person can act on


# --------------------------------------------------------------------------------------------
# Numbers

_NUM = r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?"
# A number ends at a non-word, non-dot character, at the end of the line, or at a full stop
# that ends a sentence. So "1.13.0", "3ms", "10/196" and "12:30" never yield a number.
_END = r"(?=\.(?:\s|$)|[^\w.]|$)"
_NUM_RE = re.compile(_NUM)


def _decimals(text: str) -> int:
    mantissa, _, exponent = text.strip().lstrip("+-").lower().partition("e")
    decimals = len(mantissa.split(".", 1)[1]) if "." in mantissa else 0
    if exponent:
        try:
            decimals -= int(exponent)
        except ValueError:
            return decimals
    return max(decimals, 0)


def _parse_number(text: str) -> float | None:
    """The float in `text` if `text` is exactly one finite number, else None."""
    text = text.strip()
    if not _NUM_RE.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


# --------------------------------------------------------------------------------------------
# Line-level patterns (compiled once)

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_BRACKET_COUNTER = re.compile(r"\[\s*(\d+)\s*/\s*(\d+)\s*\]")
_TQDM = re.compile(r"\d%\||\bit/s\]|\bs/it\]|\d+it \[")

_STAR_ACC = re.compile(r"(?:^|\s)\*\s*(?:[A-Za-z]+\s+)?(?:Acc|Prec)@\d")
_ACC_PAIR = re.compile(
    r"\b((?:Acc|Prec)@\d+|loss)\s+(" + _NUM + r")" + _END + r"(\s*\(\s*" + _NUM + r"\s*\))?"
)
_NET_ACC = re.compile(r"\bAccuracy of the network on the \d+ test images:\s+(" + _NUM + r")\s*%")

_COCO = re.compile(
    r"Average\s+(?:Precision|Recall)\s+\((AP|AR)\)\s*@\[\s*IoU\s*=\s*([\d.]+(?::[\d.]+)?)\s*\|"
    r"\s*area\s*=\s*(\w+)\s*\|\s*maxDets\s*=\s*(-?\d+)\s*(?:catIds\s*=\s*(\w+)\s*)?\]"
    r"\s*=\s*(" + _NUM + r")"
)
_COCO_TASK = re.compile(
    r"IoU metric:\s*(\w+)|Evaluate annotation type \*(\w+)\*|Evaluating (bbox|segm|keypoints|"
    r"proposal)\b|Evaluation results for (\w+):|copypaste:\s*Task:\s*(\w+)"
)
_D2_COPYPASTE = re.compile(r"copypaste:\s*(.*?)\s*$")
_D2_NAMES = re.compile(r"[A-Za-z][\w\-]*(?:,[A-Za-z][\w\-]*)+")
_D2_VALUES = re.compile(r"[-+\w.]+(?:,[-+\w.]+)+")
_COCO_TABLE_NAMES = frozenset(
    [
        "AP",
        "AP50",
        "AP75",
        "APs",
        "APm",
        "APl",
        "APr",
        "APc",
        "APf",
        "AR1",
        "AR10",
        "AR100",
        "ARs",
        "ARm",
        "ARl",
    ]
)
_MMDET = re.compile(
    r"(?<![\w/])((?:[\w\-]+/)?(?:bbox|segm|mask|proposal)_mAP(?:_\w+?)?)\s*:\s*("
    + _NUM
    + r")"
    + _END
)

_YOLO_HEAD = re.compile(r"^\s*Class\s+Images\s+(?:Labels|Instances)\s+(.+?)(?::\s+\d+%.*)?$")
_YOLO_ALL = re.compile(r"^\s*all\s+\d+\s+\d+\s+(.*?)\s*$")
_YOLO_GROUP = re.compile(r"^(\w+)\((.*)$")

_BLEU = re.compile(
    r"(?<![\w])(BLEU\d?|chrF\d*\+*|TER)(?:[|+][^\s=]*)?\s*=\s*(" + _NUM + r")" + _END
)

_KERAS = re.compile(r"^\s*(\d+)/(\d+)\s+(?:\[[=>.]*\]|[━╸─]+|-\s)")
_KERAS_PAIR = re.compile(r"(?:^|\s)-\s+([A-Za-z_][\w\-]{0,59}):\s+(" + _NUM + r")" + _END)

_HF_HEAD = re.compile(r"^\s*\*{3,}\s*[\w ]*?\b(?:metrics|results)\s*\*{3,}\s*$", re.IGNORECASE)
_HF_LINE = re.compile(r"^\s*([A-Za-z_][\w\-/]*)\s*=\s*(\S+)\s*$")

_LIGHTNING_HEAD = re.compile(r"\b(?:TEST|VALIDATE|VALIDATION|VAL)\s+RESULTS\b")
_DASHES = re.compile(r"^\s*-{10,}\s*$")
_BOX_SPLIT = re.compile(r"[│┃]")
_BOX_DRAWING = re.compile(r"[│┃─━═┼╪├┤╞╡┌┐└┘┏┓┗┛┡┩╇┳┻┬┴╒╕╘╛╤╧]")
# -1 is the "not computed" sentinel of pycocotools and torchmetrics for AP/AR-like metrics.
_SENTINEL_NAME = re.compile(r"(?i:ma[pr])|A[PR]")

_TABLE_LINE = re.compile(r"^[\s+>#]*(\|.*\|)\s*$")
_TABLE_SEPARATOR_CELL = re.compile(r"^:?-+:?$")
_TASK_INDENT = re.compile(r"^[\s\-]+")

_JSON_OPEN = re.compile(r'^\s*(?:"([^"\n]{1,80})"\s*:\s*)?[{\[]\s*$')
_JSON_CLOSE = re.compile(r"^\s*[}\]][}\],\s]*$")
_JSON_KV = re.compile(
    r'^\s*"([^"\n]{1,80})"\s*:\s*(?:"([^"\n]*)"|(' + _NUM + r"|NaN|-?Infinity|null|true|false))"
    r"\s*,?\s*$"
)
_JSON_ANY = re.compile(r'^\s*(?:["{}\[\]]|[-\d.]|true|false|null)')
_QUOTED_KV = re.compile(
    r"""(['"])([A-Za-z_][^'"\n]{0,79})\1\s*:\s*"""
    r"(?:(?:tensor|np\.float\d+|numpy\.float\d+|float)\(\s*)?(" + _NUM + r")" + _END
)

_GENERIC = re.compile(
    r"(?<![\w@.\-/])"
    r"([A-Za-z][\w@.\-/]{0,40}(?:[ \t]+[A-Za-z0-9][\w@.\-/]{0,40}){0,3})"
    r"([ \t]*(?::[ \t]+|=[ \t]*))"
    r"(" + _NUM + r")" + _END + r"(?:[ \t]?%)?"
)
_LOG_LEVEL_WORDS = frozenset(["INFO", "DEBUG", "WARNING", "WARN", "ERROR", "CRITICAL", "NOTE"])
_GENERIC_NAME_BLOCKLIST = frozenset(["numpy", "shape", "dtype", "device", "grad_fn"])

_TIMM_KEYS = frozenset(["top1", "top5", "top1_err", "top5_err"])
_BLEU_NAMES = ("bleu", "chrf", "ter")


# --------------------------------------------------------------------------------------------
# Extraction


class _Collector:
    def __init__(self) -> None:
        self.metrics: list[ExtractedMetric] = []
        self._seen: set[tuple[str, float]] = set()

    def add(self, name: str, number: str | float, source: str) -> bool:
        name = " ".join(name.split()).strip(" :=-")
        if not name or len(name) > MAX_NAME_LEN:
            return False
        if isinstance(number, str):
            value = _parse_number(number)
            decimals = _decimals(number)
        else:
            value = float(number) if math.isfinite(number) else None
            decimals = _float_decimals(number)
        if value is None or (value == -1 and _SENTINEL_NAME.search(name)):
            return False
        if (name, value) in self._seen:
            return True
        self._seen.add((name, value))
        self.metrics.append(ExtractedMetric(name, value, source, decimals))
        return True


class _State:
    """What earlier lines told us about the lines that follow."""

    def __init__(self) -> None:
        self.coco_task: str | None = None
        self.d2_names: list[str] | None = None
        self.table_mode: str | None = None  # "lm_eval" | "coco" | "other"
        self.table_cols: tuple[int, int] = (0, 0)  # lm_eval metric and value column
        self.table_names: list[str] = []
        self.table_task = ""
        self.box_header: list[str] | None = None
        self.yolo_cols: list[str] | None = None
        self.hf_block = False
        self.lightning = False
        self.lightning_seen_body = False
        self.json_stack: list[str] = []
        self.json_names: dict[int, str] = {}


def extract_metrics(text: str) -> list[ExtractedMetric]:
    """All metric name/value pairs found in pasted terminal output, in order of appearance,
    de-duplicated (same name+value once)."""
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    return _extract(text, _Plan.for_text(text))


def extract_metrics_from_lines(lines: Iterable[str]) -> list[ExtractedMetric]:
    """The streaming form of `extract_metrics`, for logs too large to hold as one string
    (uploaded run logs): feed the lines one at a time (with or without their line ends);
    only the reader state and the metrics found are kept."""
    out = _Collector()
    state = _State()
    plan = _Plan(readers=_READERS, coco_task=True, tables=True, boxes=True)
    for raw in lines:
        line = raw.rstrip("\r\n")
        if "\x1b" in line:
            line = _ANSI.sub("", line)
        _read_line(line, state, out, plan)
    return out.metrics


@dataclass(frozen=True)
class _Plan:
    """Which readers can fire anywhere in a text. Every reader first looks for a marker
    (`Average`, `copypaste:`, `|`, `@`, ...) in its line, so a reader whose markers are
    nowhere in the text is left out for all lines: the same result, without 13 calls per
    line of a long training log (bench/bench_pipeline.py)."""

    readers: tuple[Callable[[str, _State, _Collector], bool], ...]
    coco_task: bool  # the text names an IoU type somewhere
    tables: bool  # "|" somewhere (markdown tables)
    boxes: bool  # box-drawing characters somewhere (Lightning / rich tables)

    @staticmethod
    def for_text(text: str) -> _Plan:
        readers = tuple(
            reader for reader, markers in _READER_MARKERS if any(m in text for m in markers)
        )
        return _Plan(
            readers=readers,
            coco_task=any(k in text for k in _COCO_TASK_MARKERS),
            tables="|" in text,
            boxes=_BOX_DRAWING.search(text) is not None,
        )


def _extract(text: str, plan: _Plan) -> list[ExtractedMetric]:
    out = _Collector()
    state = _State()
    for line in text.splitlines():
        _read_line(line, state, out, plan)
    return out.metrics


def _read_line(line: str, state: _State, out: _Collector, plan: _Plan) -> None:
    stripped = line.strip()
    if not stripped:
        state.hf_block = False
        state.table_mode = None
        state.box_header = None
        return

    if plan.coco_task:
        _note_coco_task(line, state)
    if plan.tables and not stripped.startswith("|") and not _TABLE_LINE.match(line):
        state.table_mode = None
    if plan.boxes and not _BOX_DRAWING.search(line):
        state.box_header = None

    # A progress line (batch n of N, n < N) reports running numbers, not results.
    if "[" in line and "/" in line:
        for match in _BRACKET_COUNTER.finditer(line):
            if match.group(1) != match.group(2):
                return

    for reader in plan.readers:
        if reader(line, state, out):
            return
    _read_generic(line, out)


_COCO_TASK_MARKERS = ("IoU metric", "annotation type", "Evaluat", "Task:")


def _note_coco_task(line: str, state: _State) -> None:
    if not any(k in line for k in _COCO_TASK_MARKERS):
        return
    match = _COCO_TASK.search(line)
    if match:
        task = next(g for g in match.groups() if g).lower()
        state.coco_task = "bbox" if task == "box" else task


def _coco_name(name: str, state: _State) -> str:
    return f"{state.coco_task}/{name}" if state.coco_task else name


def _read_coco(line: str, state: _State, out: _Collector) -> bool:
    if "Average" not in line:
        return False
    match = _COCO.search(line)
    if not match:
        return False
    kind, iou, area, max_dets, cat_ids, number = match.groups()
    value = _parse_number(number)
    if value is None or value < 0:  # -1.000: pycocotools could not compute it
        return True
    iou_part = _iou_suffix(iou)
    area_part = {"small": "s", "medium": "m", "large": "l", "s": "s", "m": "m", "l": "l"}.get(
        area.lower(), ""
    )
    if kind == "AP":
        name = f"AP{cat_ids}" if cat_ids and cat_ids != "all" else f"AP{iou_part}{area_part}"
    elif not iou_part and not area_part:
        name = f"AR{max_dets}"
    else:
        name = f"AR{iou_part}{area_part}"
    out.add(_coco_name(name, state), number, "coco")
    return True


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


def _read_d2_copypaste(line: str, state: _State, out: _Collector) -> bool:
    if "copypaste:" not in line:
        return False
    match = _D2_COPYPASTE.search(line)
    content = match.group(1) if match else ""
    if _D2_NAMES.fullmatch(content):
        state.d2_names = content.split(",")
    elif state.d2_names and _D2_VALUES.fullmatch(content):
        values = content.split(",")
        if len(values) == len(state.d2_names):
            for name, number in zip(state.d2_names, values, strict=True):
                value = _parse_number(number)
                if value is not None and value >= 0:
                    out.add(_coco_name(name, state), number, "coco")
    return True  # "Task:" and "Dataset:" lines carry no metric


def _read_mmdet(line: str, state: _State, out: _Collector) -> bool:
    if "_mAP" not in line:
        return False
    found = False
    for match in _MMDET.finditer(line):
        name, number = match.groups()
        found = True
        value = _parse_number(number)
        if name.endswith("copypaste") or value is None or value < 0:
            continue
        out.add(name, number, "coco")
    return found


def _read_imagenet(line: str, state: _State, out: _Collector) -> bool:
    if "@" in line and _STAR_ACC.search(line):
        pairs = list(_ACC_PAIR.finditer(line))
        source = "timm" if any(p.group(3) for p in pairs) else "pytorch_imagenet"
        for pair in pairs:
            out.add(pair.group(1), pair.group(2), source)
        return True
    if "Accuracy of the network" in line:
        match = _NET_ACC.search(line)
        if match:
            out.add("Accuracy", match.group(1), "pytorch_imagenet")
            return True
    return False


def _read_yolo(line: str, state: _State, out: _Collector) -> bool:
    if "Class" in line and "Images" in line:
        match = _YOLO_HEAD.match(line)
        if match:
            state.yolo_cols = _yolo_columns(match.group(1))
            return True
    if state.yolo_cols and "all" in line:
        match = _YOLO_ALL.match(line)
        if match:
            numbers = match.group(1).split()
            if len(numbers) >= len(state.yolo_cols):
                for name, number in zip(state.yolo_cols, numbers, strict=False):
                    out.add(name, number, "yolo")
                return True
    return False


def _yolo_columns(header: str) -> list[str]:
    columns: list[str] = []
    group = ""
    first_group = ""
    for token in header.split():
        match = _YOLO_GROUP.match(token)
        if match:
            group, token = match.group(1), match.group(2)
            first_group = first_group or group
        closing = token.endswith(")")
        token = token.rstrip("):")
        if token:
            columns.append(f"{group} {token}" if group and group != first_group else token)
        if closing:
            group = ""
    return columns


def _read_bleu(line: str, state: _State, out: _Collector) -> bool:
    if "BLEU" not in line and "chrF" not in line and "TER" not in line:
        return False
    found = False
    for match in _BLEU.finditer(line):
        out.add(match.group(1), match.group(2), "bleu")
        found = True
    return found


def _read_keras(line: str, state: _State, out: _Collector) -> bool:
    if "/" not in line:
        return False
    match = _KERAS.match(line)
    if not match:
        return False
    if match.group(1) == match.group(2):  # a finished bar; partial ones show running numbers
        for pair in _KERAS_PAIR.finditer(line):
            out.add(pair.group(1), pair.group(2), "keras")
    return True


def _read_hf_block(line: str, state: _State, out: _Collector) -> bool:
    if "***" in line and _HF_HEAD.match(line):
        state.hf_block = True
        return True
    if not state.hf_block:
        return False
    match = _HF_LINE.match(line)
    if not match:
        state.hf_block = False
        return False
    if _parse_number(match.group(2)) is not None:
        out.add(match.group(1), match.group(2), "hf_trainer")
    return True  # e.g. "eval_runtime = 0:00:42.21" is read and ignored


def _read_markdown_table(line: str, state: _State, out: _Collector) -> bool:
    if "|" not in line:
        return False
    match = _TABLE_LINE.match(line)
    if not match:
        return False
    cells = [c.strip() for c in match.group(1)[1:-1].split("|")]
    if all(_TABLE_SEPARATOR_CELL.match(c) for c in cells if c):
        return True
    if state.table_mode is None:
        _table_header(cells, state)
        return True
    if state.table_mode == "lm_eval":
        _lm_eval_row(cells, state, out)
    elif state.table_mode == "coco":
        if len(cells) == len(state.table_names):
            for name, cell in zip(state.table_names, cells, strict=True):
                value = _parse_number(cell)
                if value is not None and value >= 0:
                    out.add(_coco_name(name, state), cell, "coco")
        state.table_mode = "other"  # detectron2 prints exactly one row
    return True


def _table_header(cells: list[str], state: _State) -> None:
    lowered = [c.lower() for c in cells]
    if "metric" in lowered and "value" in lowered:
        state.table_mode = "lm_eval"
        state.table_cols = (lowered.index("metric"), lowered.index("value"))
        state.table_task = ""
    elif cells and all(c in _COCO_TABLE_NAMES for c in cells):
        state.table_mode = "coco"
        state.table_names = cells
    else:
        state.table_mode = "other"


def _lm_eval_row(cells: list[str], state: _State, out: _Collector) -> None:
    metric_col, value_col = state.table_cols
    if len(cells) <= max(metric_col, value_col):
        return
    task = _TASK_INDENT.sub("", cells[0]) if cells else ""
    if task:
        state.table_task = task
    metric = cells[metric_col]
    if not metric or _parse_number(cells[value_col]) is None:
        return
    name = f"{state.table_task}/{metric}" if state.table_task else metric
    out.add(name, cells[value_col], "lm_eval")


def _read_box_table(line: str, state: _State, out: _Collector) -> bool:
    if "│" not in line and "┃" not in line:
        return False
    cells = [c.strip() for c in _BOX_SPLIT.split(line)]
    cells = [c for c in cells[1:-1]] if len(cells) > 2 else cells
    if not cells or all(not c for c in cells):
        return True
    numeric = [_parse_number(c) is not None for c in cells]
    if not any(numeric[1:]):
        state.box_header = cells
        return True
    header = state.box_header
    if header is None or "metric" in header[0].lower() or len(cells) == 2:
        if not numeric[0] and numeric[1]:
            out.add(cells[0], cells[1], "lightning")
        return True
    # A table with one row per system and one column per metric (sacrebleu multi-system).
    for column, cell in enumerate(cells[1:], start=1):
        if column < len(header) and numeric[column]:
            metric = header[column]
            source = "bleu" if metric.lower().startswith(_BLEU_NAMES) else "generic"
            out.add(f"{cells[0]}/{metric}", cell, source)
    return True


def _read_json_line(line: str, state: _State, out: _Collector) -> bool:
    if "{" not in line or "}" not in line:
        return False
    start, end = line.index("{"), line.rindex("}")
    if end <= start or ":" not in line[start:end]:
        return False
    try:
        data = json.loads(line[start : end + 1])
    except ValueError:
        return False
    if not isinstance(data, dict):
        return False
    _flatten_json(data, [], out, 0)
    return True


def _flatten_json(data: dict[str, Any], path: list[str], out: _Collector, depth: int) -> None:
    if depth > _MAX_JSON_DEPTH:
        return
    name, score = data.get("name"), data.get("score")
    named_score = isinstance(name, str) and _is_json_number(score)
    if isinstance(name, str) and named_score:  # sacrebleu: {"name": "BLEU", "score": 20.8}
        source = "bleu" if name.lower().startswith(_BLEU_NAMES) else "jsonl"
        out.add("/".join([*path, name]), float(score), source)  # type: ignore[arg-type]
    timm = "top1_err" in data
    for raw_key, value in data.items():
        key = _json_key(str(raw_key))
        if named_score and raw_key == "score":
            continue
        if _is_json_number(value):
            source = "timm" if timm or key in _TIMM_KEYS else "jsonl"
            out.add("/".join([*path, key]), value, source)
        elif isinstance(value, dict):
            _flatten_json(value, [*path, key], out, depth + 1)


def _is_json_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _json_key(key: str) -> str:
    # lm-evaluation-harness writes "acc,none" (metric,filter); the metric is the part before ","
    return key.split(",", 1)[0] if "," in key else key


def _read_json_block(line: str, state: _State, out: _Collector) -> bool:
    """Pretty-printed JSON, one key per line, remembering the enclosing keys."""
    if state.json_stack and not _JSON_ANY.match(line):
        state.json_stack.clear()
        state.json_names.clear()
        return False
    match = _JSON_OPEN.match(line)
    if match:
        state.json_stack.append(match.group(1) or "")
        return True
    if _JSON_CLOSE.match(line) and any(c in line for c in "}]"):
        for _ in range(sum(line.count(c) for c in "}]")):
            if state.json_stack:
                state.json_names.pop(len(state.json_stack), None)
                state.json_stack.pop()
        return True
    match = _JSON_KV.match(line)
    if not match:
        return False
    raw_key, string_value, number = match.groups()
    depth = len(state.json_stack)
    if string_value is not None:
        if raw_key == "name":
            state.json_names[depth] = string_value
        return True
    if number is None or _parse_number(number) is None:
        return True
    path = [k for k in state.json_stack if k]
    key = _json_key(raw_key)
    named = state.json_names.get(depth)
    if raw_key == "score" and named:
        source = "bleu" if named.lower().startswith(_BLEU_NAMES) else "jsonl"
        out.add("/".join([*path, named]), number, source)
    else:
        out.add("/".join([*path, key]), number, "timm" if key in _TIMM_KEYS else "jsonl")
    return True


def _read_quoted_pairs(line: str, state: _State, out: _Collector) -> bool:
    if _LIGHTNING_HEAD.search(line):
        state.lightning = True
        state.lightning_seen_body = False
        return True
    if _DASHES.match(line):
        if state.lightning_seen_body:
            state.lightning = False
        return True
    if state.lightning:
        state.lightning_seen_body = True
    if "'" not in line and '"' not in line:
        return False
    source = "lightning" if state.lightning else "hf_trainer"
    found = False
    for match in _QUOTED_KV.finditer(line):
        out.add(match.group(2), match.group(3), source)
        found = True
    return found


def _read_generic(line: str, out: _Collector) -> None:
    if (":" not in line and "=" not in line) or _TQDM.search(line):
        return
    for match in _GENERIC.finditer(line):
        words, separator, number = match.group(1).split(), match.group(2), match.group(3)
        if separator.startswith("="):
            # key=value lists ("model=yolov8l.pt imgsz=640"): the name is one word
            words = words[-1:]
        while words and words[0] in _LOG_LEVEL_WORDS:
            words = words[1:]
        if not words or words[-1].lower() in _GENERIC_NAME_BLOCKLIST:
            continue
        out.add(" ".join(words), number, "generic")


# Readers in the order they are tried on a line, each with the markers one of which its line
# must contain for it to read or change state (see the first test in each reader).
_READER_MARKERS: tuple[tuple[Callable[[str, _State, _Collector], bool], tuple[str, ...]], ...] = (
    (_read_coco, ("Average",)),
    (_read_d2_copypaste, ("copypaste:",)),
    (_read_yolo, ("Class",)),  # rows count only after a "Class Images ..." header
    (_read_markdown_table, ("|",)),
    (_read_box_table, ("│", "┃")),
    (_read_imagenet, ("@", "Accuracy of the network")),
    (_read_bleu, ("BLEU", "chrF", "TER")),
    (_read_mmdet, ("_mAP",)),
    (_read_keras, ("/",)),
    (_read_hf_block, ("***",)),  # a block starts at a "***** eval metrics *****" line
    (_read_json_line, ("{",)),
    # A block opens at a line with "{" or "["; a lone `"key": value` line is read as well, and
    # a line of closing brackets is consumed.
    (_read_json_block, ("{", "[", "}", "]", '"')),
    (_read_quoted_pairs, ("'", '"', "RESULTS", "-" * 10)),
)
_READERS = tuple(reader for reader, _ in _READER_MARKERS)


# --------------------------------------------------------------------------------------------
# Checking a claim

# Names that denote the same metric. Keys are compared after `metric_key` (case and
# punctuation removed), so "Top-1 Accuracy", "top1_accuracy" and "TOP1 accuracy" are one entry.
_ALIAS_GROUPS: dict[str, tuple[str, ...]] = {
    "top1": ("top1", "top1 acc", "top1 accuracy", "acc@1", "accuracy@1", "prec@1"),
    "top5": ("top5", "top5 acc", "top5 accuracy", "acc@5", "accuracy@5", "prec@5"),
    "accuracy": ("accuracy", "acc"),
    "bleu": ("bleu", "sacrebleu", "bleu4", "bleu-4", "bleu score"),
    "chrf": ("chrf", "chrf2"),
    "f1": ("f1", "f1 score", "f1-score"),
    "ap": (
        *("ap", "map", "box ap", "bbox ap", "bbox map", "box map", "ap bbox", "mAP50-95"),
        *("mAP@.5:.95", "mAP@[.5:.95]", "AP@[.5:.95]", "coco ap", "coco map"),
        *("mask ap", "mask map", "segm ap", "segm map"),
    ),
    "ap50": (
        *("ap50", "map50", "box ap50", "bbox map 50", "mAP@.5", "mAP@0.5", "AP@0.5"),
        *("mask ap50", "segm map 50"),
    ),
    "ap75": (
        *("ap75", "map75", "box ap75", "bbox map 75", "mAP@.75", "mAP@0.75", "AP@0.75"),
        *("mask ap75", "segm map 75"),
    ),
    "aps": ("aps", "ap small", "map small", "bbox map s", "box aps"),
    "apm": ("apm", "ap medium", "map medium", "bbox map m", "box apm"),
    "apl": ("apl", "ap large", "map large", "bbox map l", "box apl"),
}
_ALIASES: dict[str, str] = {
    metric_key(alias): group for group, aliases in _ALIAS_GROUPS.items() for alias in aliases
}
_SPLIT_PREFIX = re.compile(r"^(?:eval|test|val|valid|validation|predict|dev)[_\-/ .]+", re.I)


def _canonical(name: str) -> set[str]:
    keys = {metric_key(name), metric_key(_SPLIT_PREFIX.sub("", name))}
    return {_ALIASES.get(k, k) for k in keys if k}


def _metric_forms(name: str) -> set[str]:
    """Keys under which an extracted metric can be claimed: its full name and every trailing
    part of a "/"-joined name ("hellaswag/acc" is also "acc"), with an eval_/test_/val_ prefix
    dropped or kept, and aliases folded."""
    parts = [p for p in name.split("/") if p.strip()]
    forms: set[str] = set()
    for i in range(len(parts)):
        forms |= _canonical("/".join(parts[i:]))
    return forms


def _qualifier(name: str) -> str | None:
    key = metric_key(name)
    if "segm" in key or "mask" in key:
        return "mask"
    if "bbox" in key or "box" in key:
        return "box"
    return None


def _names_match(claim: str, metric: ExtractedMetric) -> bool:
    claim_q, metric_q = _qualifier(claim), _qualifier(metric.name)
    if claim_q and metric_q and claim_q != metric_q:
        return False  # box AP and mask AP are different metrics
    return bool(_canonical(claim) & _metric_forms(metric.name))


def _float_decimals(value: float) -> int:
    if isinstance(value, int):
        return 0
    text = repr(float(value))
    if "e" in text or "E" in text:
        return _decimals(text)
    return len(text.split(".", 1)[1]) if "." in text else 0


def _printed(metric: ExtractedMetric) -> str:
    decimals = metric.decimals if metric.decimals is not None else _float_decimals(metric.value)
    return f"{metric.value:.{decimals}f}" if decimals <= 12 else repr(metric.value)


def _value_match(claim: float, claim_decimals: int, metric: ExtractedMetric) -> str | None:
    """How `claim` matches the printed value within printed rounding: "" directly, "percent"
    or "fraction" after scaling by 100; None when it does not match."""
    printed_decimals = (
        metric.decimals if metric.decimals is not None else _float_decimals(metric.value)
    )
    candidates = [("", metric.value, printed_decimals)]
    if abs(metric.value) <= 1.0:
        candidates.append(("percent", metric.value * 100, max(printed_decimals - 2, 0)))
    if abs(metric.value) <= 100.0 and abs(claim) <= 1.0:
        candidates.append(("fraction", metric.value / 100, printed_decimals + 2))
    for label, value, decimals in candidates:
        tolerance = 0.5 * 10.0 ** -min(claim_decimals, decimals)
        if abs(claim - value) <= tolerance + 1e-9 * max(1.0, abs(claim)):
            return label
    return None


def _name_list(names: list[str], limit: int = 12) -> str:
    unique = list(dict.fromkeys(names))
    shown = ", ".join(unique[:limit])
    return shown if len(unique) <= limit else f"{shown} and {len(unique) - limit} more"


def check_claimed_metric(metrics: list[ExtractedMetric], name: str, value: float) -> MetricCheck:
    """Does the submitted (name, value) appear among the extracted metrics?"""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return MetricCheck(False, f"the claimed value {value!r} is not a finite number")
    claim_decimals = _float_decimals(value)
    claim_text = f"{value:.{claim_decimals}f}" if claim_decimals <= 12 else repr(value)

    named = [m for m in metrics if _names_match(name, m)]
    if _qualifier(name) is None and any(_qualifier(m.name) != "mask" for m in named):
        # An unqualified claim ("mAP50-95") means the box metric when the log has both.
        named = [m for m in named if _qualifier(m.name) != "mask"]
    if not named:
        if not metrics:
            return MetricCheck(False, f"no metric named '{name}' in the log; no metrics were found")
        found = _name_list([m.name for m in metrics])
        return MetricCheck(False, f"no metric named '{name}' in the log; found: {found}")

    for metric in named:
        scaled = _value_match(float(value), claim_decimals, metric)
        if scaled is None:
            continue
        detail = f"{metric.name} = {_printed(metric)} found in the log ({metric.source})"
        if scaled == "percent":
            detail += f"; the claim {claim_text} is the same value as a percentage"
        elif scaled == "fraction":
            detail += f"; the claim {claim_text} is the same value as a fraction"
        return MetricCheck(True, detail)

    printed = _name_list([f"{_printed(m)} ({m.source})" for m in named], limit=6)
    detail = f"{named[0].name} in the log is {printed}, not {claim_text}"
    elsewhere = [
        m.name
        for m in metrics
        if m not in named and _value_match(float(value), claim_decimals, m) is not None
    ]
    if elsewhere:
        detail += f"; {claim_text} appears only as {_name_list(elsewhere, limit=6)}"
    return MetricCheck(False, detail)
