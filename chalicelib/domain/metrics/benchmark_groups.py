"""A suite's category rows printed under the category's name alone (`claims.check_claimed_metric`).

lm-evaluation-harness prints MMLU's four categories as rows of their own under the suite's row
(`|mmlu|...|acc|0.5962|` then `| - humanities|...|acc|0.5354|`), named `humanities`, `stem`,
`social_sciences`, `other`: in a log that runs MMLU (its own row is there), a category row is
MMLU's, and answers a claim of "MMLU Humanities". Without the suite's row nothing tells whose
category it is (CMMLU and C-Eval have a "Humanities" and a "STEM" too). A category row belongs to
the nearest suite row above it: in lm-eval's groups tables a group's rows nest under it
(`|cmmlu|...` then `| - humanities|...`), so in a log that runs MMLU and CMMLU, CMMLU's
categories stay CMMLU's.

A benchmark's own row beside rows of its subsets named by a qualifier of the task
(lmms-eval's `scienceqa` row, the whole test set, beside `scienceqa_img`, its questions with an
image): a claim naming the bare benchmark is its own row's, never the subset's
(`plain_benchmark_rows`).

Pure functions on extracted metrics; tests in `tests/unit/metrics/test_verdicts44.py` and
`tests/unit/metrics/test_hostile52.py`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.sense_compare import names_benchmark
from chalicelib.domain.metrics.vocabulary import MetricSense, sense_of

_CATEGORIES = {"mmlu": frozenset({"humanities", "stem", "socialsciences", "other"})}


def suite_category_rows(
    claim: MetricSense, named: list[ExtractedMetric], metrics: list[ExtractedMetric]
) -> list[ExtractedMetric]:
    """The named values, a suite's category rows renamed as the suite's when the claim names
    a category of that suite and the log has the suite's own row."""
    if not claim.benchmark_bases or len(claim.scope) != 1:
        return named
    (wanted,) = claim.scope
    for suite, categories in _CATEGORIES.items():
        category = wanted.removeprefix(suite)
        if category == wanted or category not in categories:
            continue
        if not any(names_benchmark(m.name, suite) for m in metrics):
            return named
        return [
            replace(m, name=f"{suite}_{m.name}")
            if sense_of(m.name).scope == (category,) and _under_suite(m, suite, metrics)
            else m
            for m in named
        ]
    return named


# The first cell of a table row: "" for a row continuing the one above, "- humanities" nested.
_FIRST_CELL = re.compile(r"^\s*+\|([^|]*+)\|")


def _under_suite(row: ExtractedMetric, suite: str, metrics: list[ExtractedMetric]) -> bool:
    """Whether the nearest suite row above the category row is the suite's own (a row whose
    first cell is neither empty nor nested); True when lines are unknown or none is above."""
    if row.line <= 0:
        return True
    above = sorted((m for m in metrics if 0 < m.line < row.line), key=lambda m: -m.line)
    for metric in above:
        cell = _FIRST_CELL.match(metric.evidence)
        if cell and (not cell.group(1).strip() or cell.group(1).strip().startswith("-")):
            continue  # a row nested under a group, or continuing the row above
        return names_benchmark(metric.name, suite)
    return True


def plain_benchmark_rows(
    claim: MetricSense, chosen: list[ExtractedMetric]
) -> list[ExtractedMetric]:
    """The values of a bare benchmark claim: the benchmark's own rows when the log prints them
    beside rows whose task name carries a qualifier (`scienceqa_img`, a subset)."""
    if not claim.benchmark_bases or claim.qualifiers or len(chosen) < 2:
        return chosen
    plain = [m for m in chosen if not _task_qualified(m)]
    return plain if plain and len(plain) < len(chosen) else chosen


def _task_qualified(metric: ExtractedMetric) -> bool:
    task, _, metric_name = metric.name.rpartition("/")
    return bool(task and metric_name and sense_of(task).qualifiers)
