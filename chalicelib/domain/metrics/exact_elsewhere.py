"""A claim that rounds the claimed metric's value but is printed exactly by another metric.

A table of EM and F1 side by side (RAG-Retrieval's NQ table: `+ finetune` EM 41.50 beside
REPLUG's F1 41.53) answers a claim of "F1 41.5" with a rounding of 41.53, yet the log prints
41.50 itself under EM: the claim is the EM's print with its trailing zero dropped (a number
submitted as a float cannot keep it), not the F1 rounded by one digit. Only when both prints
show one decimal more than the claim: a long print (ROUGE's 0.28196, a repr'd 0.37956...) is
rounded by whoever claims it, whatever else prints the rounded value. Used by
`claims.check_claimed_metric` (the mirror of `values.copied_from_another`, which refuses a
claim more precise than the claimed metric's value whose digits another metric prints). The
same holds for one metric in two columns of a table row (a classifier comparison's `| AUROC |
0.5399 | 0.5890 | 0.5886 |`): "AUROC (MLP) 0.589" is XGBoost's 0.5890, not MLP's 0.5886
rounded."""

from __future__ import annotations

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.numbers import float_decimals
from chalicelib.domain.metrics.vocabulary import sense_of

_SCALES = {"": 1.0, "percent": 100.0, "fraction": 0.01}


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def _shown(metric: ExtractedMetric, scaled: str) -> int:
    """Decimals of the printed value as a claim scaled so reads it."""
    printed = metric.decimals if metric.decimals is not None else float_decimals(metric.value)
    return printed - {"percent": 2, "fraction": -2}.get(scaled, 0)


def printed_exactly_by_another(
    value: float,
    decimals: int,
    metric: ExtractedMetric,
    scaled: str,
    metrics: list[ExtractedMetric],
) -> bool:
    """Is the claim (with its decimals) a rounding of `metric`'s print by one digit, while a
    metric of another kind prints the claim with one trailing zero ("41.50")?"""
    if decimals < 1 or _shown(metric, scaled) != decimals + 1:
        return False
    if _same(metric.value * _SCALES[scaled], value):
        return False
    base = sense_of(metric.name).base
    if base is None:
        return False
    for other in metrics:
        if other is metric:
            continue
        for label, factor in _SCALES.items():
            if _shown(other, label) == decimals + 1 and _same(other.value * factor, value):
                theirs = sense_of(other.name)
                if theirs.base is not None and theirs.base != base:
                    return True
                if theirs.base == base and _another_column(other, metric):
                    return True  # XGBoost's "0.5890" beside MLP's 0.5886 in one row
    return False


def _another_column(other: ExtractedMetric, metric: ExtractedMetric) -> bool:
    """Are the two values cells of one table row under different columns (one metric of two
    systems: `XGBoost/AUROC` and `MLP/AUROC` on one line)?"""
    if other.line != metric.line or not metric.line or "/" not in metric.name:
        return False
    return other.name.rsplit("/", 1)[0] != metric.name.rsplit("/", 1)[0]
