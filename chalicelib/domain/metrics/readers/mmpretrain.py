"""OpenMMLab log lines (mmpretrain/mmcls, MMSegmentation, MMOCR, MMDetection...), for both
loggers:

- mmengine (OpenMMLab 2.x): `Epoch(val) [10][500/500]  accuracy/top1: 76.5500  accuracy/top5:
  93.0600  data_time: 0.0100  time: 0.2000`, `Epoch(test) [108/108]  ...`, `Iter(val)
  [500/500]  aAcc: 95.9800  mIoU: 78.5100  mAcc: 85.8200`; its vis_data `scalars.json` lines
  (`{"coco/bbox_mAP": 0.719, ..., "step": 12}`; training lines carry `lr`).
- mmcv (OpenMMLab 1.x): `Epoch(val) [12][548]\\tbbox_mAP: 0.2670, bbox_mAP_50: ...`,
  `Iter(val) [500]\\taAcc: 0.9598, mIoU: 0.7850, ..., IoU.road: 0.9812, ...` and the
  `*.log.json` lines `{"mode": "val", "epoch": 12, ..., "accuracy_top-1": 76.55}`.

`(val)` values are validation results of a run in progress (split `val`, running: the last
evaluation's stand), `(test)` ones test results. Training lines (`Epoch(train)`, mmcv's `Epoch
[1][50/7330]`, `"mode": "train"`) carry per-iteration values and are consumed with nothing
read, as are per-class values (`IoU.road`), `*_copypaste` strings and MMOCR's candidate
thresholds (`prediction score threshold: 0.30, recall: ..., hmean: ...`; the best is logged as
`icdar/hmean`). The config the runner prints at start (`Config:` then Python code:
`model = dict(backbone=dict(type='ResNet', depth=50, ...))`) is consumed with nothing read.
MMSegmentation's `Summary:` table (`| aAcc | mIoU | mAcc |` then one row) is read; its
per-class table is not.

Format source: open-mmlab/mmengine mmengine/runner/log_processor.py `get_log_after_epoch`
(`f'Epoch({mode}) [{cur_epoch}][{dataloader_len}/{dataloader_len}]  '`, `f'Epoch({mode})
[{n}/{n}]  '`, `f'Iter({mode}) [{n}/{n}]  '`; items f'{name}: {val:.{num_digits}f}' joined by
two spaces); open-mmlab/mmcv mmcv/runner/hooks/logger/text.py `TextLoggerHook._log_info`
(f'Epoch({log_dict["mode"]}) [{log_dict["epoch"]}][{log_dict["iter"]}]\\t', items
f'{name}: {val:.4f}' joined by ', '; `_dump_log` writes the json lines); open-mmlab/
mmsegmentation mmseg/datasets/custom.py (0.x `evaluate`: PrettyTable `summary_table_data`
printed after 'Summary:'); open-mmlab/mmocr mmocr/evaluation/metrics/hmean_iou_metric.py
(f'prediction score threshold: {pred_score_thr:.2f}, recall: {recall:.4f}, ...');
mmengine/runner/runner.py (`self.logger.info(f'Config:\n{self.cfg.pretty_text}')`).
"""

from __future__ import annotations

import json
import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number

_BRACKET = r"\[\s*+\d++(?:\s*+/\s*+\d++)?+\s*+\]"
_HEAD = re.compile(
    r"(?<![\w(])(?:Epoch|Iter)\((train|val|test)\)\s*+" + _BRACKET + r"(?:\s*+" + _BRACKET + ")?+"
)
# mmcv training iterations: "Epoch [1][50/7330]\tlr: ..." or "Iter [50/80000]\tlr: ...".
_MMCV_TRAIN = re.compile(
    r"(?<![\w(])(?:Epoch|Iter)\s*+" + _BRACKET + r"(?:" + _BRACKET + r")?+\s*+lr:"
)
# A name may hold single spaces: items are joined by ", " (mmcv) or two spaces (mmengine), and
# MMAction's v1 logger printed `top1 acc: 0.0659, top5 acc: 0.1613` (one metric each).
_PAIR = re.compile(
    r"(?<![\w.\-/])([A-Za-z][\w.\-/@]{0,79}+(?: [A-Za-z0-9][\w.\-/@]{0,40}+){0,3}+):\s*+"
    r"(" + NUM + r")" + END
)
_SPLITS = {"val": "val", "test": "test"}
_MMDET = re.compile(r"(?:bbox|segm|proposal|mask)_mAP|pascal_voc/|coco/")


def source_of(name: str) -> str:
    return "mmdetection" if _MMDET.search(name) else "mmpretrain"


def skipped(name: str, line: str = "") -> bool:
    """Per-class values (`IoU.road`, `Acc.person`, mmdet's per-category AP) and mmdet's
    `*_copypaste` strings."""
    return "." in name or name.endswith("copypaste") or category_ap(name, line)


def category_ap(name: str, line: str) -> bool:
    """MMDetection's COCO evaluation with `classwise=True` stores each category's AP as
    `<category>_precision` beside the mean (`coco/person_precision: 0.5530  coco/bbox_mAP:
    0.4010`; 2.x `person_precision: 0.553, bbox_mAP: 0.401`): a class row, not a precision."""
    return name.endswith("_precision") and ("coco/" in name or "_mAP" in line)


# MMOCR's HmeanIOUMetric logs one line per candidate score threshold before the best one.
_THRESHOLD = re.compile(r"(?<!\w)prediction score threshold:\s*+[\d.]++,")


@reader(
    "mmpretrain",
    markers=("Epoch(", "Iter(", "Epoch [", "Iter [", "prediction score threshold"),
    order=25,
)
def read_openmmlab_line(line: str, state: LogState, out: Sink) -> bool:
    head = _HEAD.search(line)
    if head is None:
        # mmcv training iterations and MMOCR's per-threshold candidates
        return _MMCV_TRAIN.search(line) is not None or _THRESHOLD.search(line) is not None
    mode = head.group(1)
    if mode == "train":
        return True
    split = _SPLITS[mode]
    for pair in _PAIR.finditer(line, head.end()):
        name = pair.group(1)
        if not skipped(name, line):
            out.add(name, pair.group(2), source_of(name), split=split, running=mode == "val")
    return True


_TIMING_KEYS = frozenset({"epoch", "iter", "step", "lr", "time", "data_time", "memory", "eta"})


@reader("mmpretrain", markers=('"mode"', '"data_time"'), order=39)
def read_openmmlab_json(line: str, state: LogState, out: Sink) -> bool:
    """mmcv `*.log.json` lines (with a "mode") and mmengine `scalars.json` lines."""
    start, end = line.find("{"), line.rfind("}")
    if start < 0 or end <= start:
        return False
    try:
        data = json.loads(line[start : end + 1])
    except ValueError:
        return False
    if not isinstance(data, dict):
        return False
    mode = data.get("mode")
    if mode is None and "data_time" not in data:
        return False
    if mode == "train" or (mode is None and "lr" in data):
        return True  # a training iteration
    split = _SPLITS.get(mode) if isinstance(mode, str) else None
    for name, value in data.items():
        if name in _TIMING_KEYS or skipped(name, line):
            continue
        if isinstance(value, int | float) and not isinstance(value, bool):
            out.add(name, float(value), source_of(name), split=split, running=True)
    return True


# MMSegmentation's summary table: a header of summary names, then one row of values.
_SUMMARY_NAMES = frozenset(
    {"aAcc", "mIoU", "mAcc", "mDice", "mFscore", "mPrecision", "mRecall", "Scope"}
)
_ROW = re.compile(r"^\s*+\|(.*)\|\s*+$")


def _summary_open(state: LogState) -> bool:
    return state.context.get("mmseg_summary") is not None


@reader("mmpretrain", markers=("aAcc", "mIoU"), order=19, open=_summary_open)
def read_mmseg_summary(line: str, state: LogState, out: Sink) -> bool:
    names: list[str] | None = state.context.get("mmseg_summary")
    match = _ROW.match(line) if "|" in line else None
    cells = [c.strip() for c in match.group(1).split("|")] if match else []
    if names is None:
        if cells and all(c in _SUMMARY_NAMES for c in cells) and cells[-1] != "Scope":
            state.context["mmseg_summary"] = cells
            return True
        return False
    if line.strip().startswith("+") and not line.strip("+-= \t"):
        return True  # a rule line of the table
    state.context["mmseg_summary"] = None
    if len(cells) != len(names):
        return False
    for name, cell in zip(names, cells, strict=True):
        if name != "Scope" and parse_number(cell) is not None:
            out.add(name, cell, "mmpretrain", running=False)
    return True


_CONFIG_START = re.compile(r"(?:^|\s)Config:\s*+$")
# A line of Python config code: an assignment, a dict( call, a bracket, a string or an indent.
_CONFIG_CODE = re.compile(r"^(?:\s|[A-Za-z_][\w.]*+\s*+=|[\])}\[({'\"#])|(?<![\w.])dict\(")


def _in_config(state: LogState) -> bool:
    return bool(state.context.get("mm_config"))


@reader("mmpretrain", markers=("Config:", "dict("), order=4, open=_in_config)
def read_openmmlab_config(line: str, state: LogState, out: Sink) -> bool:
    if _CONFIG_START.search(line):
        state.context["mm_config"] = True
        return True
    if not line.strip():
        return False
    if _CONFIG_CODE.search(line) and not _HEAD.search(line):
        return True
    state.context["mm_config"] = False
    return False
