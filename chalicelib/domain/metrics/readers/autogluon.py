"""AutoGluon Tabular fit logs: after `Fitting model: <name> ...` each model prints its score on
the validation data, `\t0.9124\t = Validation score   (accuracy)` (older releases:
`\t0.9183\t = Validation roc_auc score`), then `\t0.86s\t = Training   runtime` and
`\t0.01s\t = Validation runtime` (durations, never metrics). Every model's validation score is
a result of the run (split `val`), named by its metric. An error metric is printed negated so
that higher is better (`-0.0782 = Validation score (-root_mean_squared_error)`): the value read
is the error itself (`root_mean_squared_error` = 0.0782).

Format source: autogluon/autogluon core/src/autogluon/core/trainer/abstract_trainer.py
`_log_model_stats` / `_train_and_save`: logger.log(20, f'\\t{round(model.val_score, 4)}\\t =
Validation score   ({model.eval_metric.name})'), f'\\t{round(model.fit_time, 2)}s\\t = Training
  runtime', f'\\t{round(model.predict_time, 2)}s\\t = Validation runtime'; before 0.1:
f'\\t{score}\\t = Validation {eval_metric.name} score'.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_SCORE = re.compile(
    r"^[\s|]*+(" + NUM + r")\s++=\s++Validation\s++"
    r"(?:score\s++\(\s*+(-?+)([A-Za-z][\w-]{0,59}+)\s*+\)|([A-Za-z][\w-]{0,59}+)\s++score)\s*+$"
)
_RUNTIME = re.compile(r"^[\s|]*+" + NUM + r"s\s++=\s++(?:Training|Validation)\s++runtime\s*+$")


@reader("autogluon", markers=("= Validation", "= Training"), order=27)
def read_autogluon(line: str, state: LogState, out: Sink) -> bool:
    match = _SCORE.match(line)
    if match is None:
        return _RUNTIME.match(line) is not None
    number, negated, metric, old_metric = match.groups()
    if old_metric is not None:
        name = f"Validation {old_metric} score"
    elif negated:
        name, number = f"Validation {metric}", _negated(number)
    else:
        name = f"Validation {metric}"
    out.add(name, number, "autogluon", split="val", running=False)
    return True


def _negated(number: str) -> str:
    """The printed number with its sign flipped, as printed otherwise (`-0.0782` -> `0.0782`)."""
    if number.startswith("-"):
        return number[1:]
    return "-" + number.lstrip("+")
