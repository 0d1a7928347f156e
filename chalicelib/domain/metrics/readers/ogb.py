"""OGB example loggers: `Logger.print_statistics()` blocks (`All runs:` or `Run 01:` then
`Highest Train: 88.63 ± 1.42`, `Highest Valid: ...`, `  Final Train: ...`, `   Final Test:
50.18 ± 1.52`). In the link-prediction examples each block follows a line naming its metric
(`Hits@50`, `MRR`), so the values are named `<metric> (<row>)` (`Hits@50 (Final Test)`) with the
row's split; without such a line `generic` reads them (`Final Test` stands for the main metric).
The mean is the value; `± std` is not. Per-epoch `Run: 01, Epoch: 100, ... Test: 80.00%` lines
are running values read by `generic`. The graph property prediction examples print each epoch's
evaluations as `{'Train': {'rocauc': 0.89}, 'Validation': {...}, 'Test': {...}}` (running
values, named `Test/rocauc`, ...) and, after training, the epoch of the best validation score:
`Best validation score: 0.85` and `Test score: 0.78`, the results (named as the dict's metric of
that split, so they supersede its per-epoch values).

Format source: snap-stanford/ogb examples/*/logger.py `print_statistics` (`print(f'Run {run +
1:02d}:')`, `print('All runs:')`, `print(f'Highest Train: {r.mean():.2f} ± {r.std():.2f}')`,
`print(f'Highest Valid: ...')`, `print(f'  Final Train: ...')`, `print(f'   Final Test: ...')`)
and examples/linkproppred/*/gnn.py (`for key in loggers.keys(): print(key);
loggers[key].print_statistics()`); examples/graphproppred/mol/main_pyg.py (`print({'Train':
train_perf, 'Validation': valid_perf, 'Test': test_perf})` per epoch, then `print('Finished
training!')`, `print('Best validation score: {}'.format(valid_curve[best_val_epoch]))`,
`print('Test score: {}'.format(test_curve[best_val_epoch]))`; forks add `Train score: {}`).
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


# The graph property prediction examples' per-epoch evaluations and their result lines.
_EPOCH_DICT = re.compile(r"^\s*+\{\s*+(?:'Train':\s*+\{[^{}]*+\},\s*+)?+'Validation':\s*+\{")
_PERF = re.compile(r"'(Train|Validation|Test)':\s*+\{\s*+'(\w++)':\s*+(" + NUM + r")\s*+\}")
_RESULT = re.compile(r"^\s*+(Train|Best validation|Test) score:\s*+(" + NUM + r")\s*+$")
_PERF_SPLITS = {"Train": "train", "Validation": "val", "Test": "test"}
_RESULT_KEYS = {"Train": "Train", "Best validation": "Validation", "Test": "Test"}


@reader("ogb", markers=("'Validation': {", " score: "), order=14)
def read_ogb_graphprop(line: str, state: LogState, out: Sink) -> bool:
    context = state.context
    if "'Validation'" in line and _EPOCH_DICT.match(line):
        found = False
        for perf in _PERF.finditer(line):
            split, metric, value = perf.groups()
            out.add(f"{split}/{metric}", value, "ogb", split=_PERF_SPLITS[split], running=True)
            context["ogb_perf"] = metric
            found = True
        return found
    metric = context.get("ogb_perf")
    result = _RESULT.match(line) if metric else None
    if result is None:
        return False
    split = _RESULT_KEYS[result.group(1)]
    out.add(f"{split}/{metric}", result.group(2), "ogb", split=_PERF_SPLITS[split], running=False)
    return True
