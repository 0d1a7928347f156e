"""A qualified column beside the plain one in the same row (`claims._narrow` asks
`qualified_beside_plain`).

A report that prints a metric under two protocols puts them side by side: time-series anomaly
detection prints F1 with and without point adjustment (`| Dataset | F1-PA | F1 |`, Anomaly
Transformer, TimesNet and their reproductions), others an accuracy with and without test-time
augmentation or a score at two settings. When a row holds both the plain column and a column
that adds a word the claim does not say ("-PA", "(TTA)"), a claim of the plain metric is the
plain column's value: the qualified one is another protocol's, however much larger.

Tests: `tests/unit/metrics/test_verdicts49.py`.
"""

from __future__ import annotations

from chalicelib.domain.metrics.claim_names import column_name
from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import MetricSense, metric_key, sense_of


def _same_kind(a: MetricSense, b: MetricSense) -> bool:
    """One metric but for scope words: base, cutoff, statistic, qualifiers and split."""
    return all(getattr(a, f) == getattr(b, f) for f in ("base", "k", "stat", "qualifiers", "split"))


def qualified_beside_plain(
    claim: MetricSense, said: str, chosen: list[ExtractedMetric]
) -> list[ExtractedMetric]:
    """The candidates without a qualified column whose row also prints the plain one, when the
    claim (its name and data set, `said` as a key) does not say the qualifier."""
    if len(chosen) < 2:
        return chosen
    plain_on: dict[int, list[MetricSense]] = {}
    for metric in chosen:
        sense = sense_of(column_name(metric))
        if not sense.scope and metric.line:
            plain_on.setdefault(metric.line, []).append(sense)
    if not plain_on:
        return chosen
    kept = []
    for metric in chosen:
        sense = sense_of(column_name(metric))
        unsaid = [w for w in sense.scope if w not in claim.scope and metric_key(w) not in said]
        if unsaid and any(_same_kind(sense, p) for p in plain_on.get(metric.line, ())):
            continue  # "F1-PA" beside "F1" in MSL's row: another protocol's F1
        kept.append(metric)
    return kept
