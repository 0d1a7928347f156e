"""Results files written as CSV and pasted into issues: a header line of column names, then
rows of values. timm's `summary.csv` (`epoch,train_loss,eval_loss,eval_top1,eval_top5`) and
its `results-imagenet.csv` (`model,top1,top1_err,top5,top5_err,param_count,img_size,...`);
ultralytics / YOLOv5 `results.csv` (`epoch, train/box_loss, ..., metrics/mAP50(B), ...,
lr/pg0`, right-aligned with padding). A first column `epoch` (or step/iter) makes each row
the values of one epoch: running values, the last row's stand. A first column of names
(`model`) prefixes that row's metrics (`resnet50/top1`). Columns that are not results (lr,
param_count, img_size, crop_pct) are skipped by the vocabulary. Ultralytics suffixes `(B)`,
`(M)`, `(P)` say box, mask or pose: they become a prefix (`mask/metrics/mAP50-95(M)`), since
box and mask values are different metrics.

Format source: huggingface/pytorch-image-models timm/utils/summary.py `update_summary`
(csv.DictWriter, fieldnames epoch + train_* + eval_*), validate.py `write_results`
(csv.DictWriter of the result dicts); ultralytics/ultralytics ultralytics/engine/trainer.py
`save_metrics` (header "%s," * n % tuple(["epoch", *keys]) with each key right-justified to
23 characters, rows "%23.5g," * n); ultralytics/yolov5 utils/loggers/__init__.py
(`s = '' if file.exists() else (('%20s,' * n % tuple(['epoch'] + self.keys)).rstrip(',') +
'\\n')`, rows '%20.5g,').
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

MAX_COLUMNS = 64
_CELL = re.compile(r"[A-Za-z_][\w/().:@\-]{0,60}+")
_COUNTERS = frozenset({"epoch", "step", "iter", "iteration", "global_step"})
_KEYS = frozenset({"model", "name", "model_name", "arch"})
_TASK_SUFFIX = {"(B)": "box", "(M)": "mask", "(P)": "pose"}


def _header(cells: list[str]) -> list[str] | None:
    if not 3 <= len(cells) <= MAX_COLUMNS or not all(_CELL.fullmatch(c) for c in cells):
        return None
    first = cells[0].lower()
    # A results header starts with a counter or a name column, or has slashes or underscores
    # in its names; a line of plain words separated by commas is prose.
    if first in _COUNTERS or first in _KEYS or any("_" in c or "/" in c for c in cells):
        return cells
    return None


def _source(columns: list[str]) -> str:
    joined = ",".join(columns)
    if "metrics/" in joined or "train/box_loss" in joined or "train/loss" in joined:
        return "yolo"
    if "eval_top1" in joined or "top1_err" in joined:
        return "timm"
    return "csv"


def task_named(column: str) -> str:
    """`metrics/mAP50-95(M)` -> `mask/metrics/mAP50-95(M)` (ultralytics' task suffixes)."""
    suffix = column[-3:]
    task = _TASK_SUFFIX.get(suffix)
    return f"{task}/{column}" if task else column


def _open(state: LogState) -> bool:
    return state.context.get("csv_columns") is not None


@reader("results_csv", markers=(",",), order=38, open=_open)
def read_results_csv(line: str, state: LogState, out: Sink) -> bool:
    cells = [c.strip() for c in line.strip().split(",", MAX_COLUMNS)] if "," in line else []
    if cells and not cells[-1]:
        cells.pop()  # a trailing comma
    columns: list[str] | None = state.context.get("csv_columns")
    if columns is not None and len(cells) == len(columns) and _row(cells, columns, state, out):
        return True
    state.context["csv_columns"] = columns = _header(cells) if cells else None
    if columns is not None:
        state.context["csv_source"] = _source(columns)
        return True
    return False


def _row(cells: list[str], columns: list[str], state: LogState, out: Sink) -> bool:
    values = [parse_number(c) for c in cells]
    if sum(v is not None for v in values) < 2:
        return False
    first = columns[0].lower()
    running = first in _COUNTERS
    if running and values[0] is None:
        return False
    prefix = cells[0] + "/" if first in _KEYS and values[0] is None and cells[0] else ""
    source = state.context.get("csv_source", "csv")
    for column, cell, value in zip(columns, cells, values, strict=True):
        if value is None or column.lower() in _COUNTERS:
            continue
        out.add(prefix + task_named(column), cell, source, running=running)
    return True
