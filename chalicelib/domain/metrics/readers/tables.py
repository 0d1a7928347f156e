"""Tables: markdown tables (lm-evaluation-harness and lighteval results with `Metric` and
`Value` columns, whose rows are named `task/metric`, rows with an empty task cell belonging
to the task above; detectron2's one-row COCO tables `| AP | AP50 | ... |`) and box-drawing
tables (PyTorch Lightning `┃ Test metric ┃ DataLoader 0 ┃`, rich tables, sacrebleu's
multi-system table, whose rows are named `system/metric`).

Format source: EleutherAI/lm-evaluation-harness lm_eval/utils.py `make_table` (pytablewriter
MarkdownTableWriter, headers "Tasks", "Version", "Filter", "n-shot", "Metric", "", "Value",
"", "Stderr"); facebookresearch/detectron2 detectron2/evaluation/coco_evaluation.py
`_derive_coco_results` (tabulate pipe table); Lightning-AI/pytorch-lightning
src/lightning/pytorch/loops/evaluation_loop.py `_print_results` (rich Table, "┃").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number
from chalicelib.domain.metrics.readers.coco import TABLE_NAMES, coco_name

_TABLE_LINE = re.compile(r"^[\s+>#]*+(\|.*\|)\s*+$")
_SEPARATOR_CELL = re.compile(r"^:?-++:?$")
_TASK_INDENT = re.compile(r"^[\s\-]++")
_BOX_SPLIT = re.compile(r"[│┃]")
_BLEU_NAMES = ("bleu", "chrf", "ter")


def _markdown_open(state: LogState) -> bool:
    return state.context.get("md_mode") is not None


@reader("tables", markers=("|",), order=20, open=_markdown_open)
def read_markdown_table(line: str, state: LogState, out: Sink) -> bool:
    match = _TABLE_LINE.match(line) if "|" in line else None
    if not match:
        state.context["md_mode"] = None
        return False
    cells = [c.strip() for c in match.group(1)[1:-1].split("|")]
    if all(_SEPARATOR_CELL.match(c) for c in cells if c):
        return True
    mode = state.context.get("md_mode")
    if mode is None:
        _header(cells, state)
        return True
    if mode == "lm_eval":
        _lm_eval_row(cells, state, out)
    elif mode == "coco":
        names = state.context["md_names"]
        if len(cells) == len(names):
            for name, cell in zip(names, cells, strict=True):
                value = parse_number(cell)
                if value is not None and value >= 0:
                    out.add(coco_name(name, state), cell, "coco", running=False)
        state.context["md_mode"] = "other"  # detectron2 prints exactly one row
    else:
        return False  # rows of other tables: left to the family readers and generic
    return True


def _header(cells: list[str], state: LogState) -> None:
    lowered = [c.lower() for c in cells]
    if "metric" in lowered and "value" in lowered:
        state.context["md_mode"] = "lm_eval"
        state.context["md_cols"] = (lowered.index("metric"), lowered.index("value"))
        state.context["md_task"] = ""
    elif cells and all(c in TABLE_NAMES for c in cells):
        state.context["md_mode"] = "coco"
        state.context["md_names"] = cells
    else:
        state.context["md_mode"] = "other"
        state.context["md_header"] = cells


def _lm_eval_row(cells: list[str], state: LogState, out: Sink) -> None:
    metric_col, value_col = state.context["md_cols"]
    if len(cells) <= max(metric_col, value_col):
        return
    task = _TASK_INDENT.sub("", cells[0]) if cells else ""
    if task:
        state.context["md_task"] = task
    metric = cells[metric_col]
    if not metric or parse_number(cells[value_col]) is None:
        return
    task = state.context.get("md_task", "")
    name = f"{task}/{metric}" if task else metric
    out.add(name, cells[value_col], "lm_eval", running=False)


def _box_open(state: LogState) -> bool:
    return state.context.get("box_header") is not None


@reader("tables", markers=("│", "┃"), order=21, open=_box_open)
def read_box_table(line: str, state: LogState, out: Sink) -> bool:
    if "│" not in line and "┃" not in line:
        if not any(c in line for c in "─━═┼╪├┤╞╡┌┐└┘┏┓┗┛┡┩╇┳┻┬┴╒╕╘╛╤╧"):
            state.context["box_header"] = None
        return False
    cells = [c.strip() for c in _BOX_SPLIT.split(line)]
    cells = cells[1:-1] if len(cells) > 2 else cells
    if not cells or all(not c for c in cells):
        return True
    numeric = [parse_number(c) is not None for c in cells]
    if not any(numeric[1:]):
        state.context["box_header"] = cells
        return True
    header = state.context.get("box_header")
    if header is None or "metric" in header[0].lower() or len(cells) == 2:
        if not numeric[0] and numeric[1]:
            out.add(cells[0], cells[1], "lightning", running=False)
        return True
    # A table with one row per system and one column per metric (sacrebleu multi-system).
    for column, cell in enumerate(cells[1:], start=1):
        if column < len(header) and numeric[column]:
            metric = header[column]
            source = "bleu" if metric.lower().startswith(_BLEU_NAMES) else "tables"
            out.add(f"{cells[0]}/{metric}", cell, source, running=False)
    return True
