"""Values the log names only by the data set they were measured on (`claims.check_claimed_metric`
when no value carries the claimed metric's name).

People lay out a run's results by data set and leave the metric to the surrounding text: a
table whose rows are data sets and whose value column names no metric (`| CrazyClimber | 3188 |`
under `| | Obtained | Reported in paper |`, `| ogbn-arxiv | 0.7197 |` under `| dataset | mean |`,
`HalfCheetah-v2 | 9952.04` under `ChainerRL Score`), a log line `wikitext2 : 6.0986` of a
perplexity evaluation, a CSV row of one system's correlation per language pair (`cs-en`,
`de-en`). A careful reader takes such a value as the run's result of the claimed metric on that
data set, and only on it: the value answers a claim that names the same data set (its dataset
field), never a claim without one, never another data set's claim (`CIFAR-10` is not
`CIFAR-100`), and only when the log names no value of the claimed metric at all.

The value's own name must be only the row's label, or the label and a column that names no
metric and no one else's numbers (`Obtained`, `My result`, `mean`, `Metric`, `<system> Score`;
never `Reported`, `Paper`, `std`, `#experiments`).

Pure functions on extracted metrics; tests in `tests/unit/metrics/test_verdicts44.py`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.result_names import is_result_name
from chalicelib.domain.metrics.vocabulary import is_known_metric, metric_key, sense_of

# Columns that hold a result without naming its metric: a generic word, the writer's own run.
_UNNAMED_COLUMNS = frozenset(
    {"metric", "metrics", "result", "results", "value", "values", "score", "scores"}
    | {"mean", "avg", "average"}
    | {"ours", "mine", "reproduced", "reproduction", "repro", "myresult", "myresults"}
    | {"ourresult", "ourresults", "myrun", "ourrun", "obtained", "thispr", "thisrun"}
)
# A column that holds someone else's numbers, a spread or a count.
_NOT_OWN = re.compile(
    r"(?i)paper|report|official|publish|claim|original|expected|reference|baseline|author"
    r"|\bstd\b|stderr|\bvar\b|#|\bnum\b|count|\bn\b"
)
# "<system> Score" (`ChainerRL Score`): the system's own score column.
_SYSTEM_SCORE = re.compile(r"(?i)^[A-Za-z][\w\-]{1,30}+\s++scores?+$")


def _unnamed_column(column: str) -> bool:
    if _NOT_OWN.search(column):
        return False
    return metric_key(column) in _UNNAMED_COLUMNS or _SYSTEM_SCORE.match(column) is not None


def row_label(metric: ExtractedMetric) -> str | None:
    """The label a value is named by when its name says no metric: the whole name (`wikitext2`,
    `cs-en`), or the row before a column that names none (`CrazyClimber/Obtained`)."""
    name = metric.name
    if metric.running or len(name) > 60:
        return None
    label, _, column = name.rpartition("/")
    if label and not _unnamed_column(column):
        return None
    label = label or name
    if "/" in label or _NOT_OWN.search(label) or is_known_metric(label):
        return None
    sense = sense_of(label)
    if sense.split is not None or sense.benchmark_bases or not is_result_name(label):
        return None
    return label


def _same_dataset(label: str, dataset: str) -> bool:
    """Is the row's label the claimed data set: the same name as written (`WikiText-2` is
    `wikitext2`, `CIFAR10` is `CIFAR-10`), or one word of the claimed data set's name whose
    other words are a collection or an edition it belongs to (`fi-en` of "WMT17 fi-en")?"""
    key = metric_key(label)
    if not key:
        return False
    if key == metric_key(dataset):
        return True
    words = dataset.split()
    return len(key) >= 4 and len(words) > 1 and any(metric_key(w) == key for w in words)


def dataset_named_rows(
    metrics: list[ExtractedMetric], claim_name: str, dataset: str | None
) -> list[ExtractedMetric]:
    """The values named only by the claimed data set, renamed as the claimed metric on it."""
    if not dataset or not metric_key(dataset):
        return []
    if any(is_known_metric(m.name.rsplit("/", 1)[-1]) for m in metrics):
        return []  # the log names its metrics: a value it leaves unnamed is not one of them
    rows = []
    for metric in metrics:
        label = row_label(metric)
        if label is not None and _same_dataset(label, dataset):
            rows.append(replace(metric, name=f"{label}/{claim_name}"))
    if len({m.value for m in rows}) > 1:
        return []  # two values of the data set, neither named: which one is the claim's?
    return rows
