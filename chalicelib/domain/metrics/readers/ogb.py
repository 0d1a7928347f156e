"""OGB example loggers: `Logger.print_statistics()` blocks (`All runs:` or `Run 01:` then
`Highest Train: 88.63 ± 1.42`, `Highest Valid: ...`, `  Final Train: ...`, `   Final Test:
50.18 ± 1.52`). In the link-prediction examples each block follows a line naming its metric
(`Hits@50`, `MRR`), so the values are named `<metric> (<row>)` (`Hits@50 (Final Test)`) with the
row's split; without such a line `generic` reads them (`Final Test` stands for the main metric).
The mean is the value; `± std` is not. Per-epoch `Run: 01, Epoch: 100, ... Test: 80.00%` lines
are running values read by `generic`.

Format source: snap-stanford/ogb examples/*/logger.py `print_statistics` (`print(f'Run {run +
1:02d}:')`, `print('All runs:')`, `print(f'Highest Train: {r.mean():.2f} ± {r.std():.2f}')`,
`print(f'Highest Valid: ...')`, `print(f'  Final Train: ...')`, `print(f'   Final Test: ...')`)
and examples/linkproppred/*/gnn.py (`for key in loggers.keys(): print(key);
loggers[key].print_statistics()`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_KEY = re.compile(r"^\s*+([A-Za-z][\w\-]*+(?:@\d++)?+)\s*+$")
_BLOCK = re.compile(r"^\s*+(?:All runs|Run \d++):\s*+$")
_ROW = re.compile(
    r"^\s*+((?:Highest|Final) (Train|Valid|Test)):\s*+("
    + NUM
    + r")(?:\s*+(?:±|\+/-)\s*+"
    + NUM
    + r")?+\s*+$"
)
_SPLITS = {"Train": "train", "Valid": "val", "Test": "test"}


@reader("ogb", markers=("All runs", "Run ", "Highest ", "Final ", "@"), order=13)
def read_ogb_statistics(line: str, state: LogState, out: Sink) -> bool:
    context = state.context
    if _BLOCK.match(line):
        context["ogb_key"] = context.get("ogb_candidate")
        return True
    row = _ROW.match(line)
    if row:
        label, split, value = row.groups()
        key = context.get("ogb_key")
        if not key:
            return False  # generic names it by the row
        out.add(f"{key} ({label})", value, "ogb", split=_SPLITS[split], running=False)
        return True
    key = _KEY.match(line)
    # a line holding only a metric name, the header of the next block
    context["ogb_candidate"] = key.group(1) if key else None
    return False
