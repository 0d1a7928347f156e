"""CatBoost's training log file `catboost_info/catboost_training.json`: a `meta` object naming
the sets and the metrics evaluated on them, then one object per iteration whose arrays hold
each set's values in the order of its metrics:

    "meta":{"test_sets":["test"],"test_metrics":[{"best_value":"Min","name":"RMSE"}],
            "learn_metrics":[{"best_value":"Min","name":"RMSE"}],"learn_sets":["learn"],...},
    "iterations":[
    {"learn":[224244.95],"iteration":0,"passed_time":0.02,"remaining_time":65.9,"test":[220783.68]},

Each array value is that set's metric (`learn RMSE`, `test RMSE`; learn is the training set,
the test sets are the evaluation sets given to `fit`), a running value: the last iteration's
stand. `iteration`, `iteration_count`, `passed_time` and `remaining_time` are counters and
durations. (CatBoost's stdout, `87:\\tlearn: 0.95\\ttest: 0.83\\tbest: ...`, is `gbdt.py`'s.)

Format source: catboost/catboost catboost/libs/loggers/logger.cpp `TJsonLoggingBackend` and the
documentation page "Metrics and time information" (catboost_training.json: `meta` with
`learn_sets`, `learn_metrics`, `test_sets`, `test_metrics`, `iteration_count`, `launch_mode`;
`iterations` with `iteration`, `learn`, `test`, `passed_time`, `remaining_time`).
"""

from __future__ import annotations

import json
import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

# `"test_sets":["test","test1"]`, `"learn_metrics":[{"best_value":"Min","name":"RMSE"}]`
_SETS = re.compile(r'"(learn|test)_sets"\s*+:\s*+\[([^\]]{0,2000}+)\]')
_METRICS = re.compile(r'"(learn|test)_metrics"\s*+:\s*+\[([^\]]{0,4000}+)\]')
_NAME = re.compile(r'"name"\s*+:\s*+"([^"]{1,80}+)"')
_STRING = re.compile(r'"([^"]{1,80}+)"')


@reader("catboost_json", markers=('"iteration":', '_metrics":', '_metrics" :'), order=17)
def read_catboost_json(line: str, state: LogState, out: Sink) -> bool:
    if "_metrics" in line and "_sets" in line:
        metrics = {kind: _NAME.findall(body) for kind, body in _METRICS.findall(line)}
        sets = {kind: _STRING.findall(body) for kind, body in _SETS.findall(line)}
        if not metrics or not sets:
            return False
        # each set's name -> its kind's metrics ("test1" -> the test metrics)
        state.context["catboost_sets"] = {
            name: metrics.get(kind, []) for kind, names in sets.items() for name in names
        }
        return True
    named = state.context.get("catboost_sets")
    body = line.strip().rstrip(",")
    if not named or body[:1] != "{" or body[-1:] != "}":
        return False
    try:
        record = json.loads(body)
    except ValueError:
        return False
    if not isinstance(record, dict):
        return False
    for data, values in record.items():
        if data not in named or not isinstance(values, list):
            continue
        split = "train" if data.startswith("learn") else "test"
        for metric, value in zip(named[data], values, strict=False):
            if isinstance(value, int | float) and not isinstance(value, bool):
                out.add(
                    f"{data} {metric}", float(value), "catboost_json", split=split, running=True
                )
    return True
