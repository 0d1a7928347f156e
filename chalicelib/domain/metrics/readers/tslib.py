"""Time-Series-Library (thuml) and its forks (TimeMixer, TimeXer, iTransformer...): each
experiment prints its setting string, then `mse:0.3857, mae:0.4044` for it. The setting string
is `{task}_{model_id}_{model}_{data}_ft{features}_sl{seq_len}_ll{label_len}_pl{pred_len}_...`
(sometimes inside `>>>>>>>testing : ...<<<<<<<`); the model id starts with the data set
(`ETTh1_96_720`, `weather_96_720`: data, input and prediction lengths) and `pl` is the
prediction length, the forecast horizon. A
script run over four horizons prints four such blocks: the values below a setting string are
that data set's at that horizon (`ETTh1 horizon 720/mse`), never another horizon's.

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


@reader("tslib", markers=("_pl",), order=60)
def read_setting(line: str, state: LogState, out: Sink) -> bool:
    """A setting string scopes the values printed below it, up to a blank line."""
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
