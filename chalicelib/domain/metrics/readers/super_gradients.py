"""super-gradients (Deci) Trainer output.

The epoch summary is a tree: `SUMMARY OF EPOCH 99`, one node per split (`├── Training` or
`Train`, `└── Validation`), one leaf per metric (`│   ├── Map@0.50 = 0.9601`) and, from the
second epoch on, children `Best until now = 0.967 (↘ -0.0069)` and `Epoch N-1 = 0.957 (↗
0.0031)` that hold earlier values (not read). Leaves are named `<split>/<name>` (the split
node says the split: `Validation/Map@0.50`); each summary is a running value, the last
epoch's stand. After `RUNNING ADDITIONAL TEST ON THE AVERAGED MODEL` the next summary
evaluates the averaged weights the run ends with (saved as its final checkpoint): the last
summary of the log, under the same names, so its values are the run's final ones.
Also read: `Best checkpoint overriden: validation mAP@0.50:0.95: 0.000536` (the unrounded
tracked metric) and the PTQ/QAT `Validation Results` bullets (`   - mAP@0.50  : 0.9465`).
The tqdm bars (`Train epoch 0: 100%|...| [.., PPYoloELoss/loss=2.17, gpu_mem=8.68]`) carry
running training values and are consumed with nothing read.

Format source: Deci-AI/super-gradients src/super_gradients/training/utils/sg_trainer_utils.py
`display_epoch_summary` (treelib Tree, root f"SUMMARY OF EPOCH {epoch}", split nodes, leaves
f"{value_name.capitalize()} = {current}", children f"Epoch N-1      = {previous:6} (...)" and
f"Best until now = {best:6} (...)"), training/sg_trainer/sg_trainer.py ("Best checkpoint
overriden: validation " + self.metric_to_watch + ": " + str(curr_tracked_metric); "RUNNING
ADDITIONAL TEST ON THE AVERAGED MODEL..."), training/qat_trainer/qat_trainer.py
(results = ["PTQ Model Validation Results"] + [f"   - {metric:10}: {value}" ...]).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SUMMARY = re.compile(r"SUMMARY OF EPOCH\s++\d")
_BRANCH = r"[\s│]*+[├└]──\s*+"
_SPLIT_NODE = re.compile(r"^" + _BRANCH + r"(Training|Train|Validation|Valid|Test)\s*+$")
_LEAF = re.compile(r"^" + _BRANCH + r"(\S[^=]{0,79}+)=\s*+(" + NUM + r")" + END)
_NOT_LEAVES = ("Best until now", "Epoch N-1")
_AVERAGED = re.compile(r"ADDITIONAL TEST ON THE AVERAGED MODEL")
_BEST = re.compile(
    r"Best checkpoint overriden:\s*+(validation|train|test)\s++(\S{1,80}?):\s++(" + NUM + r")" + END
)
_RESULTS = re.compile(r"(?<!\w)(PTQ|QAT) Model (Validation|Test) Results\s*+$")
_BULLET = re.compile(r"^\s*+-\s++(\S{1,80}?)\s*+:\s++(" + NUM + r")" + END)
_PROGRESS = re.compile(r"^\s*+(?:Train|Validation|Validating|Test)(?: epoch \d++)?+:\s*+\d++%\|")


def _in_tree(state: LogState) -> bool:
    return state.context.get("sg_tree") is not None


@reader(
    "super_gradients",
    markers=("SUMMARY OF EPOCH", "── ", "AVERAGED MODEL", "Best checkpoint", "Results", "%|"),
    order=18,
    open=_in_tree,
)
def read_super_gradients(line: str, state: LogState, out: Sink) -> bool:
    if _SUMMARY.search(line):
        state.context["sg_tree"] = state.context.pop("sg_model", "")
        state.context["sg_split"] = ""
        return True
    model: str | None = state.context.get("sg_tree")
    if model is not None:
        if _read_tree_line(line, model, state, out):
            return True
        state.context["sg_tree"] = None  # the tree has ended
    return _read_other(line, state, out)


def _read_tree_line(line: str, model: str, state: LogState, out: Sink) -> bool:
    if not line.strip() or ("├" not in line and "└" not in line and "│" not in line):
        return False
    node = _SPLIT_NODE.match(line)
    if node is not None:
        state.context["sg_split"] = node.group(1)
        return True
    leaf = _LEAF.match(line)
    if leaf is not None and not leaf.group(1).startswith(_NOT_LEAVES):
        split = state.context.get("sg_split", "")
        name = leaf.group(1).strip()
        name = "/".join(part for part in (split, model, name) if part)
        out.add(name, leaf.group(2), "super_gradients", running=True)
    return True


def _read_other(line: str, state: LogState, out: Sink) -> bool:
    if _AVERAGED.search(line):
        return True  # the averaged model's summary follows: the run's last, its final values
    best = _BEST.search(line)
    if best is not None:
        split, metric, number = best.groups()
        out.add(f"{split} {metric}", number, "super_gradients", running=True)
        return True
    results = _RESULTS.search(line)
    if results is not None:
        state.context["sg_results"] = f"{results.group(1)} {results.group(2)}"  # PTQ Validation
        return True
    return _PROGRESS.match(line) is not None


def _in_results(state: LogState) -> bool:
    return state.context.get("sg_results") is not None


@reader("super_gradients", markers=(" - ",), order=18, open=_in_results)
def read_results_bullets(line: str, state: LogState, out: Sink) -> bool:
    scope: str | None = state.context.get("sg_results")
    bullet = _BULLET.match(line) if scope is not None else None
    if bullet is None:
        state.context["sg_results"] = None
        return False
    out.add(f"{scope}/{bullet.group(1)}", bullet.group(2), "super_gradients", running=False)
    return True
