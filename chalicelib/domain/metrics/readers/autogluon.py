"""AutoGluon Tabular fit logs: after `Fitting model: <name> ...` each model prints its score on
the validation data, `\t0.9124\t = Validation score   (accuracy)` (older releases:
`\t0.9183\t = Validation roc_auc score`), then `\t0.86s\t = Training   runtime` and
`\t0.01s\t = Validation runtime` (durations, never metrics). Every model's validation score is
a result of the run (split `val`), named by its metric. An error metric is printed negated so
that higher is better (`-0.0782 = Validation score (-root_mean_squared_error)`): the value read
is the error itself (`root_mean_squared_error` = 0.0782).

`predictor.leaderboard(test_data)` is a pandas DataFrame (`model score_test score_val
[eval_metric] pred_time_test ... fit_order`, one row per model, printed with an index column,
`...` for truncated columns and `NaN` where a refit model has no validation score), or the
same frame pasted as a Markdown table. Each row's `score_test` and `score_val` are that model's
test and validation scores, named by the metric of the `eval_metric` column or of the fit
lines above (`accuracy score_test`), else `score_test`; times, stack levels and fit orders are
never metrics. An error metric's scores are negated there too: the error is read unsigned.

Format source: autogluon/autogluon core/src/autogluon/core/trainer/abstract_trainer.py
`_log_model_stats` / `_train_and_save`: logger.log(20, f'\\t{round(model.val_score, 4)}\\t =
Validation score   ({model.eval_metric.name})'), f'\\t{round(model.fit_time, 2)}s\\t = Training
  runtime', f'\\t{round(model.predict_time, 2)}s\\t = Validation runtime'; before 0.1:
f'\\t{score}\\t = Validation {eval_metric.name} score'; tabular/src/autogluon/tabular/
predictor/predictor.py `leaderboard` (columns model, score_test, score_val, eval_metric,
pred_time_test, pred_time_val, fit_time, *_marginal, stack_level, can_infer, fit_order).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM, parse_number
from chalicelib.domain.metrics.vocabulary import sense_of

_SCORE = re.compile(
    r"^[\s|]*+(" + NUM + r")\s++=\s++Validation\s++"
    r"(?:score\s++\(\s*+(-?+)([A-Za-z][\w-]{0,59}+)\s*+\)|([A-Za-z][\w-]{0,59}+)\s++score)\s*+$"
)
_RUNTIME = re.compile(r"^[\s|]*+" + NUM + r"s\s++=\s++(?:Training|Validation)\s++runtime\s*+$")


_ERRORS = frozenset({"rmse", "mse", "mae", "error", "nll", "loss"})
_SEPARATOR = re.compile(r"^[\s|:-]*+$")
_SCORE_COLUMNS = {"score_test": "test", "score_val": "val"}


def _board_open(state: LogState) -> bool:
    return state.context.get("ag_board") is not None


@reader(
    "autogluon",
    markers=("= Validation", "= Training", "score_test", "score_val"),
    order=19,  # before the Markdown table reader: a pasted leaderboard is a table too
    open=_board_open,
)
def read_autogluon(line: str, state: LogState, out: Sink) -> bool:
    if "score_" in line and _board_header(line, state):
        return True
    board = state.context.get("ag_board")
    if board is not None:
        if _board_row(line, board, state, out):
            return True
        state.context["ag_board"] = None
    match = _SCORE.match(line) if "= " in line else None
    if match is None:
        return _RUNTIME.match(line) is not None
    number, negated, metric, old_metric = match.groups()
    state.context["ag_metric"] = metric or old_metric
    if old_metric is not None:
        name = f"Validation {old_metric} score"
    elif negated:
        name, number = f"Validation {metric}", _negated(number)
    else:
        name = f"Validation {metric}"
    out.add(name, number, "autogluon", split="val", running=False)
    return True


def _cells(line: str) -> list[str]:
    parts = line.split("|") if "|" in line else line.split()
    return [cell for cell in (part.strip() for part in parts) if cell]


def _board_header(line: str, state: LogState) -> bool:
    header = _cells(line)
    if "model" not in header or not any(cell in _SCORE_COLUMNS for cell in header):
        return False
    state.context["ag_board"] = header
    return True


def _board_row(line: str, header: list[str], state: LogState, out: Sink) -> bool:
    """One model's row (a blank line or anything else ends the table)."""
    if not line.strip():
        return False
    if _SEPARATOR.match(line):
        return True  # a Markdown table's `-- | --` line
    cells = _cells(line)
    if len(cells) == len(header) + 1 and cells[0].isdigit():
        cells = cells[1:]  # the DataFrame's index
    if len(cells) != len(header):
        return False
    row = dict(zip(header, cells, strict=True))
    metric = row.get("eval_metric") or state.context.get("ag_metric")
    # an error metric's scores are negated (higher is better): the error is the number unsigned
    error = metric is not None and sense_of(metric).base in _ERRORS
    for column, split in _SCORE_COLUMNS.items():
        value = row.get(column)
        if value is not None and parse_number(value) is not None:
            name = f"{metric} {column}" if metric else column
            number = _negated(value) if error else value
            out.add(name, number, "autogluon", split=split, running=False)
    return True


def _negated(number: str) -> str:
    """The printed number with its sign flipped, as printed otherwise (`-0.0782` -> `0.0782`)."""
    if number.startswith("-"):
        return number[1:]
    return "-" + number.lstrip("+")
