"""Time-Series-Library (thuml) and its forks (TimeMixer, TimeXer, iTransformer...): each
experiment prints its setting string, then `mse:0.3857, mae:0.4044` for it. The setting string
is `{task}_{model_id}_{model}_{data}_ft{features}_sl{seq_len}_ll{label_len}_pl{pred_len}_...`
(sometimes inside `>>>>>>>testing : ...<<<<<<<`); the model id starts with the data set
(`ETTh1_96_720`, `weather_96_720`: data, input and prediction lengths) and `pl` is the
prediction length, the forecast horizon. A
script run over four horizons prints four such blocks: the values below a setting string are
that data set's at that horizon (`ETTh1 horizon 720/mse`), never another horizon's.

The command that ran one experiment (`python -u run.py ... --model_id ETTm2_96_336 ... --data
ETTm2 ... --pred_len 336 ...`, pasted above its output) scopes the values below it the same way:
its `--pred_len` is the horizon, its data set the model id's first part, or `--data` (or the
`--data_path` file for a `custom` data set). So does the command written over continued lines
(`_continued_scope`), for everything it printed up to the next command.

Format source: thuml/Time-Series-Library run.py (`setting = '{}_{}_{}_{}_ft{}_sl{}_ll{}_pl{}_
dm{}...'.format(args.task_name, args.model_id, args.model, args.data, ...)`) and
exp/exp_long_term_forecasting.py (`print('mse:{}, mae:{}, dtw:{}'.format(mse, mae, dtw))`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_SETTING = re.compile(
    r"^[\s>]*+(?:testing\s*+:\s*+)?+"
    r"(?:long_term_forecast|short_term_forecast|imputation|anomaly_detection|classification)"
    r"_([A-Za-z][A-Za-z0-9\-]{0,30}+)_(?:\d{1,4}+_(\d{1,4}+)_)?+\S*?_pl(\d{1,5}+)_\S*+\s*+$"
)


_COMMAND = re.compile(r"^\W{0,3}+(?:python3?+|bash|sh)\s.*?\s--pred_len[ =](\d{1,5}+)\b")
_ARG = r"\s--{}[ =]['\"]?+([A-Za-z][\w\-.]{{0,40}}+)"
_MODEL_ID, _DATA = re.compile(_ARG.format("model_id")), re.compile(_ARG.format("data"))
_DATA_PATH = re.compile(_ARG.format("data_path"))


def _command_scope(line: str) -> str | None:
    command = _COMMAND.match(line)
    if command is None:
        return None
    model_id, data = _MODEL_ID.search(line), _DATA.search(line)
    path = _DATA_PATH.search(line)
    if model_id and not model_id.group(1).split("_")[0].isdigit():
        name = model_id.group(1).split("_")[0]
    elif data and data.group(1).lower() != "custom":
        name = data.group(1)
    elif path:
        name = path.group(1).rsplit(".", 1)[0]
    else:
        return f"horizon {command.group(1)}"
    return f"{name} horizon {command.group(1)}"


# The same command written over continued lines, one argument a line (the library's
# `scripts/long_term_forecast/*.sh`: `python -u run.py \`, `  --model_id ETTh1_96_192 \`, ...,
# `  --pred_len 192 \`): the model id's line comes first, the horizon's later; what the command
# printed follows the last argument, after a blank line or not, up to the next command.
_CONTINUED_ARG = re.compile(r"^\s++--(model_id|pred_len)[ =]['\"]?+([A-Za-z0-9][\w\-.]{0,40}+)")
_MODEL_ID_SLOT = "tslib_model_id"


def _continued_scope(line: str, state: LogState) -> bool:
    arg = _CONTINUED_ARG.match(line)
    if arg is None or not line.rstrip().endswith("\\"):
        return False
    if arg.group(1) == "model_id":
        state.slots[_MODEL_ID_SLOT] = arg.group(2).split("_")[0]
        return True
    if not arg.group(2).isdigit():
        return False
    name = state.slots.pop(_MODEL_ID_SLOT, None)
    horizon = f"horizon {int(arg.group(2))}"
    state.log_scope = f"{name} {horizon}" if name and not name.isdigit() else horizon
    state.block_scope, state.log_scope_headed = None, False
    return True


@reader("tslib", markers=("_pl", "--pred_len", "--model_id"), order=60)
def read_setting(line: str, state: LogState, out: Sink) -> bool:
    """A setting string scopes the values printed below it, up to a blank line."""
    if "--pred_len" in line or "--model_id" in line:
        if line[:1] in " \t" and _continued_scope(line, state):
            return True
        if "--pred_len" not in line:
            return False
        scope = _command_scope(line)
        if scope:
            state.block_scope = scope
        return scope is not None
    if len(line) > 400:
        return False
    setting = _SETTING.match(line.replace("<", " ").rstrip())
    if setting is None:
        return False
    data, id_horizon, horizon = setting.groups()
    if id_horizon and int(id_horizon) != int(horizon):
        # a model id naming another length than `pl` (`ETTh1_96_336` run with `pl168`): the log
        # names both, and a reader cannot tell which the writer means
        state.block_scope = f"{data} horizon {id_horizon} {data} horizon {horizon}"
    else:
        state.block_scope = f"{data} horizon {horizon}"
    return True
