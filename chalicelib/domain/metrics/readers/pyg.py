"""PyTorch Geometric example logs: per-epoch `Epoch: 200, Loss: 0.0116, Train: 1.0000, Val:
0.7860, Test: 0.8150` lines (read by the generic reader: the epoch counter makes them running
values) and the evaluation lines the sampled-training examples print after each epoch's
training line, without a counter of their own: `Train: 0.5455, Val: 0.5342, Test: 0.4670`
after layer-wise inference (ogbn_products_sage.py), `Val: 61.31%,` (papers100m). Once the log
has shown epoch lines, such bare split lines are per-epoch values too: running, the last one
stands. `Train`/`Val`/`Test` name the script's main metric for that split.

Format source: pyg-team/pytorch_geometric torch_geometric/logging.py `log(**kwargs)`
(`', '.join(f'{key}: {value:.4f}')`), examples/ogbn_products_sage.py (`print(f'Epoch {epoch:02d},
Loss: {loss:.4f}, Approx. Train: {approx_acc:.4f}')`, `print(f'Train: {train_acc:.4f}, Val:
{val_acc:.4f}, Test: {test_acc:.4f}')`), examples/multi_gpu/papers100m_gcn.py
(`print(f'Val: {acc * 100.0:.2f}%,')`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SPLIT_PAIR = r"(?:Train|Val|Valid|Validation|Test):\s*+" + NUM + END + r"%?+"
_SPLITS_LINE = re.compile(r"^\s*+" + _SPLIT_PAIR + r"(?:,\s*+" + _SPLIT_PAIR + r")*+,?+\s*+$")
_PAIR = re.compile(r"(Train|Val|Valid|Validation|Test):\s*+(" + NUM + r")")


@reader("pyg", markers=("Train:", "Val:", "Valid:", "Validation:", "Test:", "poch"), order=23)
def read_split_line(line: str, state: LogState, out: Sink) -> bool:
    if state.running:
        state.context["pyg_epochs"] = True
        return False  # an epoch line: the generic reader reads it
    if not state.context.get("pyg_epochs") or not _SPLITS_LINE.match(line):
        return False
    for pair in _PAIR.finditer(line):
        out.add(pair.group(1), pair.group(2), "pyg", running=True)
    return True
