"""PyTorch Geometric examples: the OGB-products style evaluation lines `Train: 0.5455, Val:
0.5342, Test: 0.4670` (and `Val: 61.31%,`) printed after each `Epoch 01, Loss: ...` line. They
carry no counter of their own, but once the log has shown epoch lines they are per-epoch
evaluations: running values, the last epoch's stand. One-line `log(Epoch=..., Loss=...,
Train=..., Val=..., Test=...)` prints carry their counter and are read by `generic`.

Format source: pyg-team/pytorch_geometric examples/ogbn_products_sage.py (`print(f'Epoch
{epoch:02d}, Loss: {loss:.4f}, Approx. Train: {acc:.4f}')`, `print(f'Train: {train_acc:.4f},
Val: {val_acc:.4f}, Test: {test_acc:.4f}')`), examples/ogbn_papers_100m.py (`print(f'Val:
{val_acc * 100.0:.2f}%,')`) and torch_geometric/logging.py `log` (`', '.join(f'{key}: {value}')`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_EPOCH = re.compile(r"^\s*+Epoch:?+\s*+\d++\b")
_SPLIT_LINE = re.compile(r"^\s*+(?:Train|Val|Valid|Test):\s")
_PAIR = re.compile(r"(?:^|,)\s*+(Train|Val|Valid|Test):\s*+(" + NUM + r")" + END + r"%?+")


@reader("pyg", markers=("Epoch", "Train:", "Val:", "Valid:", "Test:"), order=39)
def read_pyg_split_lines(line: str, state: LogState, out: Sink) -> bool:
    if _EPOCH.match(line):
        state.context["pyg_epochs"] = True
        return False  # generic reads the epoch line
    if not _SPLIT_LINE.match(line) or "%|" in line:
        return False  # not a split line, or a tqdm bar ("Test:  33%|███▎ | 1/3")
    pairs = list(_PAIR.finditer(line))
    if not pairs:
        return False
    running = True if state.context.get("pyg_epochs") else None
    for pair in pairs:
        out.add(pair.group(1), pair.group(2), "pyg", running=running)
    return True
