"""Optuna study logs (format string: optuna/study/_optimize.py _log_completed_trial f"Trial
{number} finished with value: {value} and parameters: {params}. Best is trial {best} with
value: {best_value}.")."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

LOG = """\
[I 2023-05-02 09:00:01,100] A new study created in memory with name: no-name-5c1e
[I 2023-05-02 09:00:03,210] Trial 0 finished with value: 0.8125 and parameters: {'lr': 0.0123, 'dropout': 0.31}. Best is trial 0 with value: 0.8125.
[I 2023-05-02 09:00:05,002] Trial 1 finished with value: 0.8672 and parameters: {'lr': 0.0041, 'dropout': 0.22}. Best is trial 1 with value: 0.8672.
[I 2023-05-02 09:00:05,300] Trial 2 pruned.
[I 2023-05-02 09:00:07,456] Trial 3 finished with value: 0.8391 and parameters: {'lr': 0.0502, 'dropout': 0.45}. Best is trial 1 with value: 0.8672.
"""  # noqa: E501


def test_the_best_trials_value_is_the_result() -> None:
    assert found(LOG) == {"Best objective value": 0.8672}
    assert confirms(LOG, "Best objective value", 0.8672)
    # Then a later trial's value and a parameter are not the result
    assert not confirms(LOG, "Best objective value", 0.8391)
    assert not confirms(LOG, "Best objective value", 0.45)
