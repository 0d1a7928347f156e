"""Forecasting horizons: a value of one horizon answers only a claim of that horizon.

Traffic and time-series forecasters print a test value per prediction horizon beside (or
instead of) the average over all of them: Graph WaveNet's `train.py` prints "Evaluate best
model on test data for horizon {:d}, Test MAE: {:.4f}, ..." for each of 12 steps, then "On
average over 12 horizons, Test MAE: ..."; DCRNN/GTS-style loggers print "Horizon 15mins: mae:
2.9517, ..." under the overall "Test: mae: 4.2664". A claim that names no horizon ("MAE" on
METR-LA) means the average, never one horizon's row; a claim that names one ("MAE @ 60 min",
"RMSE (horizon 12)") is answered only by that horizon's value. Used by
`claims.check_claimed_metric`.

Tests: `tests/unit/metrics/test_verdicts53.py`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.model import ExtractedMetric

# One horizon in a value's name or line: "horizon 1", "Horizon 15mins", "horizon=3".
_HORIZON = re.compile(r"(?i)(?<![a-z])horizon\s*+[:=]?\s*+(\d{1,3}+)(?!\d)")
# A horizon a claim names: "horizon 12", "@ 60 min", "60-min", "(15 minutes)", "3-step".
_CLAIMED = re.compile(
    r"(?i)(?<![a-z])horizon\s*+[:=]?\s*+(\d{1,3}+)(?!\d)"
    r"|(?<![\w.])(\d{1,3}+)\s*+-?\s*+(?:mins?+|minutes?+|steps?+)(?![a-z])"
)

# Any other way a claim names a horizon or an output length ("pred_len 96", "pl336", "H=12").
_NAMES_HORIZON = re.compile(r"(?i)horizon|pred[_ ]?+len|(?<![a-z])(?:pl|h)\s*+=?\s*+\d")


def _value_horizons(metric: ExtractedMetric) -> frozenset[str]:
    """The horizons a value's name (or else its line) names: one, or two when a setting
    string's model id and output length disagree."""
    if "orizon" not in metric.name and "orizon" not in metric.evidence:
        return frozenset()
    named = frozenset(_HORIZON.findall(metric.name))
    return named or frozenset(_HORIZON.findall(metric.evidence)[:1])


def other_horizon(metric: ExtractedMetric, claimed: str, named: list[ExtractedMetric]) -> bool:
    """Is the value one forecasting horizon's while the claim (its name with its data set)
    names another horizon, or names none and the log reports the metric for other horizons or
    over all of them too (`named`: the values of the claimed metric)? A run of one horizon only
    (Time-Series-Library's `pred_len 96` run scoped "ETTh1 horizon 96") is the run's value."""
    horizons = _value_horizons(metric)
    if not horizons:
        return False
    said = _CLAIMED.search(claimed)
    if said is not None:
        return (said.group(1) or said.group(2)) not in horizons
    if _NAMES_HORIZON.search(claimed):
        return False  # "MSE (pred_len 96)": the claim's scope decides (`claims._narrow`)
    return any(_value_horizons(m) != horizons for m in named if m is not metric)
