"""DGL example summaries: `Test accuracy: mean 0.78672, std 0.00059` (the mean is the value, the
std is not), named under the markdown heading above them when a README gives one per dataset
(`### Reddit` -> `Reddit/Test accuracy`). Per-epoch `Epoch 019 | Loss 0.08 | Val Acc 0.75 | Test
Acc 0.77` lines and `Test accuracy 41.9705` are read by `generic`.

Format source: dmlc/dgl examples/pytorch/sign/sign.py (`print("Test accuracy: mean {:.5f}, std
{:.5f}".format(...))`), examples/pytorch/gcn/train.py (`"Epoch {:05d} | Loss {:.4f} | Accuracy
{:.4f} "`, `"Test accuracy {:.4f}"`), examples/graphbolt (`f"Epoch {epoch:03d} | Loss
{loss:.4f} | Val Acc {acc:.4f} | Test Acc {test_acc:.4f}"`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.readers.rl_scores import heading

_MEAN_STD = re.compile(
    r"^\s*+([A-Za-z][\w \-]{0,40}?):\s*+mean\s++(" + NUM + r"),\s*+std\s++" + NUM + END
)


@reader("dgl", markers=("mean ",), order=39)
def read_mean_std(line: str, state: LogState, out: Sink) -> bool:
    match = _MEAN_STD.match(line)
    if not match:
        return False
    where = heading(state)
    name = f"{where}/{match.group(1)}" if where else match.group(1)
    out.add(name, match.group(2), "dgl", running=False)
    return True
