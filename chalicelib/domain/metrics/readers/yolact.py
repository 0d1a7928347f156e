"""YOLACT's evaluation table (`eval.py`): a header of IoU thresholds, then a `box` and a `mask`
row of AP values, each cell ` %5s |`:

           |  all  |  .50  |  .55  | ... |  .95  |
    -------+-------+-------+-------+ ... +-------+
       box | 32.54 | 53.04 | 50.75 | ... |  0.84 |
      mask | 29.83 | 48.30 | 45.91 | ... |  1.59 |

`all` is COCO's AP@[.5:.95] (`box AP (all)`, `mask AP (all)`), `.50` and `.75` are AP50 and
AP75 (`mask AP50`); the other thresholds are not read (no claim names AP at .55 or .85, and no
name of theirs may pass for AP). The two kinds stay apart: a box claim is never confirmed by the
mask row.

Format source: dbolya/yolact eval.py `print_maps`: make_row = lambda vals: (' %5s |' *
len(vals)) % tuple(vals); make_sep = lambda n: ('-------+' * n); the header row
make_row([''] + ['.%d ' % x if isinstance(x, int) else x + ' ' for x in all_maps['box']]),
then make_row([iou_type] + ['%.2f' % x ...]) for 'box' and 'mask'.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_HEADER = re.compile(r"^\s*+\|\s*+all\s*+\|\s*+\.50\s*+\|")
_ROW = re.compile(r"^\s*+(box|mask)\s*+\|")
_NAMES = {"all": " (all)", ".50": "50", ".75": "75"}


@reader("yolact", markers=("|",), order=15)
def read_yolact(line: str, state: LogState, out: Sink) -> bool:
    if _HEADER.match(line):
        state.context["yolact_columns"] = [c.strip() for c in line.split("|")[1:]]
        return True
    columns = state.context.get("yolact_columns")
    row = _ROW.match(line) if columns else None
    if row is None or columns is None:
        return False
    cells = [c.strip() for c in line[row.end() :].split("|")]
    for column, cell in zip(columns, cells, strict=False):
        suffix = _NAMES.get(column)
        if suffix is not None and parse_number(cell) is not None:
            out.add(f"{row.group(1)} AP{suffix}", cell, "yolact", running=False)
    return True
