"""Gradient-boosting evaluation logs: XGBoost, LightGBM and CatBoost.

- XGBoost: one line per round, `[99]<TAB>validation_0-logloss:0.07370<TAB>validation_1-auc:0.9`
  (`<data>-<metric>:<value>`; `xgb.cv` adds `+<std>`). `Stopping. Best iteration:` is followed
  by the best round's line.
- LightGBM: `[100]<TAB>valid_0's auc: 0.8<TAB>valid_0's binary_logloss: 0.3` (`xgb`-like cv
  adds ` + <std>`), then `Early stopping, best iteration is:` or `Did not meet early stopping.
  Best iteration is:` and the best round's line. The 2016 CLI printed
  `[LightGBM] [Info] Iteration:998, training's auc: 1.000000`.
- CatBoost: `87:<TAB>learn: 0.95<TAB>test: 0.83<TAB>best: 0.84 (1)<TAB>total: 45s<TAB>remaining:
  1h` per iteration, then `bestTest = 0.0325` / `bestIteration = 191`.

Every round's values are running values (the round counter is not a word the engine knows):
the last round's stand, unless a best-iteration block follows, whose values then replace them
(the model is shrunk to, or predicts with, the best iteration). Metrics are named as printed
(`validation_1-logloss`, `valid_0's l2`); CatBoost's `learn` is the training set and its
running `best` is named `test/best`. Round indexes, `bestIteration`, `total`/`remaining`
(durations) and early-stopping patience are not metrics.

Format source: dmlc/xgboost python-package/xgboost/callback.py (`_fmt_metric`:
`f"\\t{data}-{metric}:{score:.5f}"`, with `+{std:.5f}` for cv; `EvaluationMonitor.after_iteration`
`f"[{epoch}]" + msg`; 0.x `print_evaluation` and `early_stop`: "Stopping. Best iteration:\\n{}");
microsoft/LightGBM python-package/lightgbm/callback.py (`_format_eval_result`:
`f"{data}'s {metric}: {value:g}"`, `log_evaluation`: `f"[{env.iteration + 1}]\\t{result}"`,
`early_stopping`: "Early stopping, best iteration is:\\n[%d]\\t%s", "Did not meet early stopping.
Best iteration is:"); catboost/catboost catboost/libs/logging (per-iteration `learn:`/`test:`/
`best: x (k)`/`total:`/`remaining:`) and the overfitting-detector summary `bestTest = `.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

# "[99]" followed by a tab or spaces, anywhere (a warning may be glued before it).
_ROUND = re.compile(r"(?<![\w\]])\[(\d++)\][\t ]++(?=\S)")
# XGBoost: "validation_0-logloss:0.0737" ("+0.001" std in cv).
_XGB_ITEM = re.compile(r"(?<!\S)([A-Za-z_][\w.]*+-[^\s:]++):(" + NUM + r")(?:\+" + NUM + r")?+")
# LightGBM: "valid_0's binary_logloss: 0.3" (" + 0.01" std in cv).
_LGB_ITEM = re.compile(r"(?<!\S)([^\s']++)'s ([^\s:]++): (" + NUM + r")" + END)
# LightGBM CLI (2016): "Iteration:998, training's auc: 1.000000", "Iteration:10, valid_1 l2 : 0.2"
_LGB_CLI = re.compile(r"\bIteration:\s*+\d++,\s*+([^:\n]{1,80}+):\s*+(" + NUM + r")" + END)
# CatBoost: "87:<TAB>learn: 0.95 ... test: 0.83 ... best: 0.84 (1)".
_CATBOOST_ROUND = re.compile(r"^\s*+\d++:\s++learn:\s")
_CATBOOST_ITEM = re.compile(r"(?<!\S)(learn|test\d*+|best):\s++(" + NUM + r")" + END)
_CATBOOST_SPLIT = {"learn": "train"}
_BEST_HEAD = re.compile(
    r"(?i)(?:Early stopping, best iteration is|Best iteration is|Stopping\. Best iteration)\s*+:"
)
_PATIENCE = ("Will train until", "Training until validation scores")


@reader("gbdt", markers=("[", "Iteration:", "Best iteration", "best iteration", "until"), order=16)
def read_boosting_round(line: str, state: LogState, out: Sink) -> bool:
    if _BEST_HEAD.search(line):
        return True  # the best round's line follows: its values replace the last round's
    if any(marker in line for marker in _PATIENCE):
        return True  # "... hasn't improved in 1000 rounds": a setting
    if "Iteration:" in line:
        found = False
        for match in _LGB_CLI.finditer(line):
            found = out.add(match.group(1), match.group(2), "gbdt", running=True) or found
        return found or "[LightGBM]" in line
    round_ = _ROUND.search(line)
    if round_ is None:
        return False
    rest = line[round_.end() :]
    found = False
    if "'s " in rest:
        for match in _LGB_ITEM.finditer(rest):
            name = f"{match.group(1)}'s {match.group(2)}"
            found = out.add(name, match.group(3), "gbdt", running=True) or found
    else:
        for match in _XGB_ITEM.finditer(rest):
            found = out.add(match.group(1), match.group(2), "gbdt", running=True) or found
    return found


@reader("gbdt", markers=("learn:",), order=17)
def read_catboost_round(line: str, state: LogState, out: Sink) -> bool:
    if not _CATBOOST_ROUND.match(line):
        return False
    for match in _CATBOOST_ITEM.finditer(line):
        word = match.group(1)
        name = "test/best" if word == "best" else word
        out.add(name, match.group(2), "gbdt", split=_CATBOOST_SPLIT.get(word), running=True)
    return True
