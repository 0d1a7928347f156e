"""Optuna study logs: `[I 2020-12-16 12:46:55,364] Trial 42 finished with value: 0.934375 and
parameters: {'n_layers': 1, 'lr': 0.0022}. Best is trial 31 with value: 0.95.` A trial's value
and its parameters are one step of the search (parameters are configuration, never metrics);
the result is the best trial's value, `Best objective value` (the objective is whatever the
study optimises: Optuna prints no name). It is a running value: the last line's best stands.
Pruned trials (`Trial 45 pruned.`) print nothing to read. Optuna before 1.0 logged `Finished
trial#5 resulted in value: 0.63. Current best value is 0.83 with parameters: {...}.`: its current
best is the best trial's value alike.

Format source: optuna/optuna optuna/study/_optimize.py `_log_completed_trial`:
_logger.info(f"Trial {number} finished with value: {value} and parameters: {params}. Best is
trial {study.best_trial.number} with value: {study.best_value}.") (multi-objective studies:
"finished with values: [...]", no best); v0.x optuna/study.py `_log_completed_trial`:
"Finished trial#{} resulted in value: {}. Current best value is {} with parameters: {}."
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.model import UNNAMED_OBJECTIVE
from chalicelib.domain.metrics.numbers import NUM

_TRIAL = re.compile(
    r"(?<!\w)(?:Trial \d++ (?:finished with values?+:|pruned\.|failed)"
    r"|Finished trial#\d++ resulted in value:)"
)
_BEST = re.compile(
    r"\bBest is trial \d++ with value:\s*+(" + NUM + r")\.?+\s*+$"
    r"|\bCurrent best value is (" + NUM + r") with parameters:"
)


@reader("optuna", markers=("Trial ", "trial#"), order=17)
def read_optuna(line: str, state: LogState, out: Sink) -> bool:
    if _TRIAL.search(line) is None:
        return False
    best = _BEST.search(line)
    if best is not None:
        out.add(UNNAMED_OBJECTIVE, best.group(1) or best.group(2), "optuna", running=True)
    return True
