"""MLPerf logs: `:::MLLOG {"key": "eval_accuracy", "value": 0.759, "metadata": {...}}` events
(optionally after a rank prefix `0: `), and the older `:::MLL <time> eval_accuracy: {"value":
0.759, ...}` / `:::MLPv0.5.0 <bench> <time> (file:line) eval_accuracy: {"epoch": 1, "value":
0.23}` forms. `eval_*` values are the benchmark's quality metric (named by their key; a dict value
such as Mask R-CNN's `{"BBOX": 0.377, "SEGM": 0.339}` gives `BBOX eval_accuracy`), and
`tracked_stats` holds training statistics (`reduced_train_loss`, `reward`: the training split;
its times, throughputs and token counts are not results). Every evaluation of a run is a running
value: the last stands. Hyper-parameters, submission info, `target_accuracy` (a goal, not a
measurement) and interval events are configuration.

Format source: mlcommons/logging mlperf_logging/mllog/mllog.py (`LOG_TEMPLATE = ":::MLLOG
{log_json}"`, `json.dumps({"namespace", "time_ms", "event_type", "key", "value", "metadata"})`)
and mlperf_logging/mllog/constants.py (EVAL_ACCURACY = "eval_accuracy", TRACKED_STATS,
TARGET_ACCURACY, EVAL_SAMPLES, ...); mlperf/training v0.5/v0.6 `mlp_log` (`":::MLPv0.5.0 {bench}
{time} ({file}:{line}) {key}: {json}"`, `":::MLL {time} {key}: {json}"`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_OLD = re.compile(r":::ML(?:L|Pv[\d.]++)\s[^\n]*?\s([A-Za-z_]\w*+):\s*+(\S.*+)$")
_NOT_STATS = ("time", "throughput", "per_sec", "toks", "seqs", "tokens", "samples", "norm")


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    return None


def _record(key: str, value: Any, out: Sink) -> None:
    if key == "tracked_stats" and isinstance(value, dict):
        for stat, number in value.items():
            stat = str(stat)
            if _number(number) is not None and not any(w in stat for w in _NOT_STATS):
                out.add(stat, number, "mlperf", split="train", running=True)
        return
    if not key.startswith("eval_") or any(w in key for w in _NOT_STATS):
        return  # configuration (eval_samples), submission info, target_accuracy, events
    if isinstance(value, dict) and "value" in value:
        value = value["value"]  # the old formats wrap the value: {"epoch": 1, "value": 0.23}
    if isinstance(value, dict):
        for part, number in value.items():
            if _number(number) is not None:
                out.add(f"{part} {key}", number, "mlperf", running=True)
    elif _number(value) is not None:
        out.add(key, value, "mlperf", running=True)


@reader("mlperf", markers=(":::ML",), order=8)
def read_mlperf(line: str, state: LogState, out: Sink) -> bool:
    start = line.find(":::MLLOG")
    if start >= 0:
        body = line[start + len(":::MLLOG") :].strip()
        try:
            event = json.loads(body)
        except ValueError:
            return True
        if isinstance(event, dict) and isinstance(event.get("key"), str):
            _record(event["key"], event.get("value"), out)
        return True
    old = _OLD.search(line)
    if not old:
        return False
    key, raw = old.groups()
    if raw.startswith("{"):
        try:
            value: Any = json.loads(raw)
        except ValueError:
            return True
    else:
        value = parse_number(raw)
    _record(key, value, out)
    return True
