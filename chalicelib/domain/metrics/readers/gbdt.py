"""Gradient-boosting evaluation logs: XGBoost `[11]\tvalidation_0-auc:0.64\tvalidation_1-logloss:
0.74` (named `<data>-<metric>`), LightGBM `[4]\tvalid_0's l2: 21.267` (named `<data>'s
<metric>`; also glued to a preceding warning) and its 2016 CLI `Iteration:998, training's auc:
1.000000`, CatBoost `87:\tlearn: 0.95\ttest: 0.83\tbest: 0.8356 (1)\ttotal: 45s\tremaining: 1h`
(learn is the training set; `test best` is the best evaluation value so far; a metric CatBoost
does not compute on the training set, AUC, gives lines without `learn:`). Round lines are
running values (the last round stands), except the round repeated after `Best iteration is:`
/ `Stopping. Best iteration:`, which is the result, and CatBoost's `bestTest = x` (the model
is shrunk to that iteration: it supersedes the rounds' `test`). Durations, the round index and
CatBoost's `bestIteration` are counters.

Format source: dmlc/xgboost python-package/xgboost/callback.py (`'[%d]\\t%s' % (epoch,
'\\t'.join(f'{data}-{metric}:{score}'))`, `"Stopping. Best iteration:\\n{}"`);
microsoft/LightGBM python-package/lightgbm/callback.py (`_format_eval_result`:
`f"{data_name}'s {eval_name}: {result:g}"`, `f"[{iteration}]\\t{...}"`, `"Early stopping, best
iteration is:\\n[%d]\\t%s"`, `"Did not meet early stopping. Best iteration is:"`) and the 2016
CLI (`Iteration:%d, %s's %s : %f`); catboost/catboost library/cpp logger (`"{iter}:\\tlearn:
{v}\\ttest: {v}\\tbest: {v} ({iter})\\ttotal: {t}\\tremaining: {t}"`, then `bestTest = {v}`,
`bestIteration = {iter}`, `Shrink model to first {n} iterations.`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

# A round's tab may have become spaces where the log was pasted (an issue, a README): then the
# round is followed by an item (`[0] train-auc:0.68  eval-auc:0.67`). An evals name may carry a
# numbered part (`validset-0-auc`: the set `validset-0`, the metric `auc`).
_DATA = r"[A-Za-z_][\w.]*+(?:-\d[\w.]*+)*+"
_ROUND = re.compile(
    r"(?:^|\s|=)\[(\d++)\](?:\t|[ ]++(?=" + _DATA + r"(?:-[A-Za-z_][\w@.\-]*+:|'s )))"
)
_XGB_ITEM = re.compile(r"(?:^|\s)(" + _DATA + r")-([A-Za-z_][\w@.\-]*+):(" + NUM + r")" + END)
_LGB_ITEM = re.compile(r"(?:^|\s)([\w.\-]++)'s ([^:\t\n]{1,40}?):\s*+(" + NUM + r")" + END)
_LGB_CLI = re.compile(
    r"\bIteration:\d++,\s*+([\w.\-]++)(?:'s|\s)\s*+([^:\n]{1,40}?)\s*+:\s*+(" + NUM + r")" + END
)
_CATBOOST = re.compile(r"^\s*+\d++:\s++(?:learn|test\d*+):\s")
_CATBOOST_ITEM = re.compile(
    r"(?:^|\s)(learn|test\d*+|best):\s*+(" + NUM + r")" + END + r"(?:\s*+\(\d++\))?+"
)
_BEST = ("Best iteration", "best iteration is:")
# CatBoost's summary after training: the eval set's value at the iteration the model keeps
_CATBOOST_BEST = re.compile(r"^[\s>]*+bestTest\s*+=\s*+(" + NUM + r")" + END)
_CLI_NOISE = ("seconds elapsed", "cannot find more split", "Early stopping at iteration")


@reader(
    "gbdt",
    markers=("]\t", "] ", "Iteration:", "learn:", "test:", "bestTest", *_BEST, *_CLI_NOISE),
    order=18,
)
def read_gbdt(line: str, state: LogState, out: Sink) -> bool:
    if any(marker in line for marker in _BEST):
        state.context["gbdt_best"] = True  # the next round line is the result
        return True
    if "]\t" in line or "] " in line:
        found = _read_round(line, state, out)
        if found:
            return True
    if "Iteration:" in line:
        cli = _LGB_CLI.search(line)
        if cli:
            data, metric, number = cli.groups()
            out.add(f"{data}'s {metric}", number, "gbdt", split=_split(data), running=True)
            return True
    if "bestTest" in line and (best := _CATBOOST_BEST.match(line)):
        # the model is shrunk to its best iteration: that value, not the last round's, is the
        # eval set's (the round lines' `test` is superseded)
        out.add("bestTest", best.group(1), "gbdt", running=False)
        out.add("test", best.group(1), "gbdt", running=False)
        return True
    if ("learn:" in line or "test:" in line) and _CATBOOST.match(line):
        for item in _CATBOOST_ITEM.finditer(line):
            key, number = item.groups()
            if key == "learn":
                out.add("learn", number, "gbdt", split="train", running=True)
            elif key == "best":
                out.add("test best", number, "gbdt", running=True)
            else:
                out.add(key, number, "gbdt", running=True)
        return True
    return any(noise in line for noise in _CLI_NOISE)


def _read_round(line: str, state: LogState, out: Sink) -> bool:
    head = _ROUND.search(line)
    if not head:
        return False
    body = line[head.end() - 1 :]
    running = not state.context.pop("gbdt_best", False)
    found = False
    for item in _LGB_ITEM.finditer(body):
        data, metric, number = item.groups()
        out.add(f"{data}'s {metric}", number, "gbdt", split=_split(data), running=running)
        found = True
    if not found:
        for item in _XGB_ITEM.finditer(body):
            data, metric, number = item.groups()
            out.add(f"{data}-{metric}", number, "gbdt", split=_split(data), running=running)
            found = True
    return found


def _split(data: str) -> str | None:
    lowered = data.lower()
    if lowered.startswith(("train", "learn")):
        return "train"
    if lowered.startswith(("valid", "eval", "dev")):
        return "val"
    if lowered.startswith("test"):
        return "test"
    return None
