"""DGL example output and example READMEs.

- Per-epoch lines (`Epoch 00199 | Loss 0.0116 | Train Acc 1.0000 | Val Acc 0.7860 | Test Acc
  0.8150`, `Epoch: 01, Loss: 2.6708, Valid accuracy: 41.39%, Time 34.2676`) and the final `Test
  accuracy 0.8150` are read by the generic reader (the epoch counter makes them running).
- README summaries: `* cora: ~0.810 (paper: 0.815)` under `Summary` gives the example's (test)
  accuracy per dataset, named `cora/accuracy`; the paper's number is not this run's result.
  `Test accuracy: mean 0.78672, std 0.00059` gives the mean, named after the README section
  (`### Reddit`) it is under: `Reddit/Test accuracy`.
- `node_num for rel_graph_embed: {'author': tensor(1134649), ...}` are counts (integer tensors
  are skipped by `python_dicts`).

Format source: dmlc/dgl examples/pytorch/gcn/train.py (`print("Epoch {:05d} | Loss {:.4f} |
Accuracy {:.4f} ")`, `print("Test accuracy {:.4f}".format(acc))`) and its README.md
(`* cora: ~0.810 (paper: 0.815)`); examples/pytorch/sign/sign.py (`print(f"Test accuracy:
mean {np.mean(accs):.5f}, std {np.std(accs):.5f}")`) and README.md sections; examples/
graphbolt/rgcn/hetero_rgcn.py (`f"Epoch: {epoch:02d}, Loss: {loss:.4f}, Valid accuracy:
{acc:.2f}%, Time {t:.4f}"`, `"Test accuracy {:.4f}"`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SUMMARY = re.compile(
    r"^\s*+[*-]\s++([A-Za-z][\w.\-]{0,40}+):\s*+~?+("
    + NUM
    + r")"
    + END
    + r"\s*+\(paper:\s*+~?+"
    + NUM
    + r"\)\s*+$"
)
_MEAN_STD = re.compile(
    r"^\W*+((?:Test|Val|Valid|Validation|Train) acc(?:uracy)?+):\s*+mean\s++("
    + NUM
    + r")"
    + END
    + r",?+\s*+std\s++"
    + NUM
)
_HEADING = re.compile(r"^\s{0,3}+#{1,6}\s++(?:\[([^\]\n]{1,80}+)\]|([^\[\n]{1,80}+))")


@reader("dgl", markers=("paper:", "mean", "#"), order=24)
def read_dgl(line: str, state: LogState, out: Sink) -> bool:
    heading = _HEADING.match(line)
    if heading:
        state.context["md_section"] = (heading.group(1) or heading.group(2)).strip()
        return False
    summary = _SUMMARY.match(line)
    if summary:
        out.add(f"{summary.group(1)}/accuracy", summary.group(2), "dgl", running=False)
        return True
    mean = _MEAN_STD.match(line)
    if mean:
        section = state.context.get("md_section")
        name = f"{section}/{mean.group(1)}" if section else mean.group(1)
        out.add(name, mean.group(2), "dgl", running=False)
        return True
    return False
