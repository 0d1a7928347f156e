"""Open Graph Benchmark example logs.

- `Logger.print_statistics`: `Run 01:` (or `All runs:`) then `Highest Train: 99.67`,
  `Highest Valid: 91.98`, `  Final Train: 99.67`, `   Final Test: 81.72` (over all runs
  `81.72 ± 0.30`, the mean being the value). Per-run summaries are named `Run 01/Final Test`,
  the all-runs ones `Final Test`; none are running values.
- Link-prediction examples (collab, ddi, ppa, citation2) log several metrics at once and print
  the metric's key (`Hits@50`, `MRR`) on its own line before each `Run: 01, Epoch: 02, Loss:
  ..., Train: 70.12%, Valid: 60.01%, Test: 55.10%` line and before each `print_statistics`
  block: the key qualifies what follows (`Hits@50 Final Test`, `Hits@50 Test`).
- Per-epoch `Run: .., Epoch: ..` lines are running values.

Format source: snap-stanford/ogb examples/nodeproppred/arxiv/logger.py `print_statistics`
(`print(f'Run {run + 1:02d}:')`, `print(f'Highest Train: {result[:, 0].max():.2f}')`,
`print(f'   Final Test: {result[argmax, 2]:.2f}')`, `print('All runs:')`,
`print(f'Highest Train: {r.mean():.2f} ± {r.std():.2f}')`); examples/linkproppred/collab/
gnn.py (`for key, result in results.items(): ... print(key); print(f'Run: {run + 1:02d}, '
f'Epoch: {epoch:02d}, ' f'Loss: {loss:.4f}, ' f'Train: {100 * train_hits:.2f}%, ' ...)` and
`for key in loggers.keys(): print(key); loggers[key].print_statistics()`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_KEY = re.compile(r"^\s*+((?:Hits|hits|Recall|recall)@\d++|MRR|mrr|AUC|auc|rocauc|ap)\s*+$")
_RUN = re.compile(r"^\s*+Run (\d++):\s*+$")
_ALL_RUNS = re.compile(r"^\s*+All runs:\s*+$")
_STAT = re.compile(
    r"^\s*+((?:Highest|Final) (?:Train|Valid|Test)):\s*+("
    + NUM
    + r")"
    + END
    + r"(?:\s*+±\s*+"
    + NUM
    + r")?+\s*+$"
)
_EPOCH = re.compile(r"^\s*+Run:\s*+\d++,\s*+Epoch:\s*+\d++,")
_PAIR = re.compile(r"(?<![\w.])([A-Za-z][\w@]*+):\s*+(" + NUM + r")" + END + r"%?+")
_COUNTERS = frozenset({"Run", "Epoch"})


@reader(
    "ogb", markers=("@", "MRR", "mrr", "auc", "ap", "Run", "Highest", "Final", "All runs"), order=22
)
def read_ogb(line: str, state: LogState, out: Sink) -> bool:
    context = state.context
    key = _KEY.match(line)
    if key:
        context["ogb_key"] = key.group(1)
        return True
    run = _RUN.match(line)
    if run:
        context["ogb_run"] = f"Run {run.group(1)}"
        return True
    if _ALL_RUNS.match(line):
        context["ogb_run"] = None
        return True
    prefix = context.get("ogb_key")
    stat = _STAT.match(line)
    if stat:
        name = f"{prefix} {stat.group(1)}" if prefix else stat.group(1)
        run_name = context.get("ogb_run")
        out.add(f"{run_name}/{name}" if run_name else name, stat.group(2), "ogb", running=False)
        return True
    if prefix and _EPOCH.match(line):
        for pair in _PAIR.finditer(line):
            if pair.group(1) not in _COUNTERS:
                out.add(f"{prefix} {pair.group(1)}", pair.group(2), "ogb", running=True)
        return True
    return False
