"""DGL example summaries: `Test accuracy: mean 0.78672, std 0.00059` (the mean is the value, the
std is not), named under the markdown heading above them when a README gives one per dataset
(`### Reddit` -> `Reddit/Test accuracy`). The examples' per-epoch `Epoch 00199 | Loss 0.0224 |
Accuracy 0.7880` lines (also with `Time(s)` and `ETputs(KTEPS)` fields) print the validation
accuracy (`evaluate(..., val_mask)`) and the training loss: running values of those splits, so
an accuracy claim means the final `Test accuracy 0.8130`. Other per-epoch lines (`Epoch 019 |
Loss 0.08 | Val Acc 0.75 | Test Acc 0.77`) and `Test accuracy 41.9705` are read by `generic`.

Format source: dmlc/dgl examples/pytorch/sign/sign.py (`print("Test accuracy: mean {:.5f}, std
{:.5f}".format(...))`), examples/pytorch/gcn/train.py (`"Epoch {:05d} | Loss {:.4f} | Accuracy
{:.4f} "` after `acc = evaluate(g, features, labels, val_mask, model)`, `"Test accuracy
{:.4f}"`; before 1.0 examples/pytorch/gcn/gcn.py `"Epoch {:05d} | Time(s) {:.4f} | Loss {:.4f}
| Accuracy {:.4f} | ETputs(KTEPS) {:.2f}"`, `"Test Accuracy {:.4f}"`), examples/graphbolt
(`f"Epoch {epoch:03d} | Loss {loss:.4f} | Val Acc {acc:.4f} | Test Acc {test_acc:.4f}"`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.readers.rl_scores import heading

_MEAN_STD = re.compile(
    r"^\s*+([A-Za-z][\w \-]{0,40}?):\s*+mean\s++(" + NUM + r"),\s*+std\s++" + NUM + END
)


# The examples' per-epoch line: a five-digit epoch, the training loss, the validation accuracy.
_EPOCH = re.compile(r"^\s*+Epoch \d{5} \|")
_EPOCH_FIELD = re.compile(r"\|\s*+(Loss|Accuracy) (" + NUM + r")" + END)
_EPOCH_SPLITS = {"Loss": "train", "Accuracy": "val"}


@reader("dgl", markers=("| Accuracy ",), order=38)
def read_epoch(line: str, state: LogState, out: Sink) -> bool:
    if not _EPOCH.match(line):
        return False
    found = False
    for field in _EPOCH_FIELD.finditer(line):
        name = field.group(1)
        out.add(name, field.group(2), "dgl", split=_EPOCH_SPLITS[name], running=True)
        found = True
    return found


@reader("dgl", markers=("mean ",), order=39)
def read_mean_std(line: str, state: LogState, out: Sink) -> bool:
    match = _MEAN_STD.match(line)
    if not match:
        return False
    where = heading(state)
    name = f"{where}/{match.group(1)}" if where else match.group(1)
    out.add(name, match.group(2), "dgl", running=False)
    return True
