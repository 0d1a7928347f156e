# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""MLPerf logs, built from mlcommons/logging mllog.py (`:::MLLOG {json}` with namespace,
time_ms, event_type, key, value, metadata) and constants.py (eval_accuracy, tracked_stats,
target_accuracy, ...), and the v0.5/v0.6 `:::MLPv0.5.0 ...` / `:::MLL ...` lines."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

LOG = """\
:::MLLOG {"namespace": "", "time_ms": 1, "event_type": "POINT_IN_TIME", "key": "global_batch_size", "value": 3264, "metadata": {"file": "a.py", "lineno": 1}}
:::MLLOG {"namespace": "", "time_ms": 2, "event_type": "POINT_IN_TIME", "key": "target_accuracy", "value": 0.759, "metadata": {"file": "a.py", "lineno": 2}}
:::MLLOG {"namespace": "", "time_ms": 3, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.7412, "metadata": {"file": "a.py", "lineno": 3, "epoch_num": 36}}
:::MLLOG {"namespace": "", "time_ms": 4, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": 0.7596, "metadata": {"file": "a.py", "lineno": 3, "epoch_num": 38}}
:::MLLOG {"namespace": "", "time_ms": 5, "event_type": "INTERVAL_END", "key": "run_stop", "value": null, "metadata": {"file": "a.py", "lineno": 4, "status": "success"}}
"""


def test_last_evaluation_stands_and_config_is_skipped() -> None:
    metrics = extract_metrics(LOG)
    assert [(m.name, m.value) for m in metrics] == [("eval_accuracy", 0.7596)]
    assert check_claimed_metric(metrics, "eval_accuracy", 75.96).ok
    assert not check_claimed_metric(metrics, "eval_accuracy", 0.759).ok  # the target


def test_older_formats_and_dict_values() -> None:
    text = """\
:::MLPv0.5.0 resnet 1541711813.178374 (main.py:180) eval_accuracy: {"epoch": 1, "value": 0.23}
0: :::MLLOG {"namespace": "", "time_ms": 1, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value": {"BBOX": 0.377, "SEGM": 0.339}, "metadata": {"epoch_num": 13}}
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    assert metrics == {
        "eval_accuracy": 0.23,
        "BBOX eval_accuracy": 0.377,
        "SEGM eval_accuracy": 0.339,
    }
