"""nuScenes detection results (the nuscenes-devkit's `DetectionEval.main`, printed by
mmdetection3d, BEVFusion, BEVDet, ...): after the summary lines (`mAP: 0.5716`, `NDS:
0.5806`, read as pairs) comes `Per-class results:`, a header `Object Class AP ATE ASE AOE AVE
AAE` and one row per class (`car 0.925 0.170 ...`, `nan` where a class has no such error),
named `<class>/<column>` (`car/ATE`; a class's AP is `car/class AP`, a class row that never
stands for the mAP). The same summary is often pasted as a two-line table, a
header of its names (`mAP mATE mASE mAOE mAVE mAAE NDS`, tab or space separated) over one row
of values, named by the columns; a title line just above that names a split (`The result
on the val set:`) is the split of its values.

Format source: nutonomy/nuscenes-devkit python-sdk/nuscenes/eval/detection/evaluate.py
`main`: print('%-20s\\t%-6s\\t%-6s\\t%-6s\\t%-6s\\t%-6s\\t%-6s' % ('Object Class', 'AP', 'ATE',
'ASE', 'AOE', 'AVE', 'AAE')), then print('%-20s\\t%-6.3f\\t...' % (class_name,
class_aps[class_name], ...)) per class; the summary print('mAP: %.4f' % ...), print('NDS:
%.4f' % ...).
"""

from __future__ import annotations

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_PER_CLASS = ["Object", "Class", "AP", "ATE", "ASE", "AOE", "AVE", "AAE"]
_SUMMARY = frozenset({"mAP", "mATE", "mASE", "mAOE", "mAVE", "mAAE", "NDS"})


def _open(state: LogState) -> bool:
    return state.context.get("nusc_columns") is not None


@reader("nuscenes", markers=("Object Class", "mATE", "NDS"), order=16, open=_open)
def read_nuscenes(line: str, state: LogState, out: Sink) -> bool:
    cells = line.split()
    columns: list[str] | None = state.context.get("nusc_columns")
    if columns is not None:
        if _row(cells, columns, state, out):
            return True
        state.context["nusc_columns"] = None
    if cells == _PER_CLASS or (len(cells) >= 3 and set(cells) <= _SUMMARY):
        per_class = cells == _PER_CLASS
        state.context["nusc_columns"] = _PER_CLASS[2:] if per_class else cells
        state.context["nusc_per_class"] = per_class
        # a title line naming the split ("The result on the val set:") is the table's split
        state.context["nusc_split"] = state.line_split
        return True
    return False


def _row(cells: list[str], columns: list[str], state: LogState, out: Sink) -> bool:
    per_class = state.context.get("nusc_per_class")
    label, values = (cells[0], cells[1:]) if per_class and cells else ("", cells)
    if len(values) != len(columns):
        return False
    if not all(parse_number(v) is not None or v.lower() == "nan" for v in values):
        return False
    split = state.context.get("nusc_split")
    for column, value in zip(columns, values, strict=True):
        if parse_number(value) is None:
            continue
        # a class's AP is marked as a class row: it never stands for the mAP
        name = f"{label}/class {column}" if label and column == "AP" else f"{label}/{column}"
        out.add(name if label else column, value, "nuscenes", split=split, running=False)
    if not per_class:
        state.context["nusc_columns"] = None  # the summary table has one row
    return True
