"""The other systems a writer compares their run with, by name, and the rows and columns of the
log that hold those systems' numbers (`comparisons.ComparedBlocks`).

Real-world shape (a reproduction report in an issue): a sentence names the system the run is
compared with, then the values follow in rows or columns labelled by system:

    While when I try to run the code on Gowalla dataset, the results are much lower than
    Y-DNN on the same dataset:
    Y-DNN : hit50: 0.5635 recall_50: 0.3767, NDCG50: 0.4157
    CauseRec : hit50: 0.4698 recall_50: 0.2834, NDCG50: 0.3014

    my current result is suspiciously low in comparison to the baseline BM25-flat published
    on [Beir leaderboard](...)
    | Dataset | tantivy ndcg@10 | Beir BM25flat ndcg@10|

The row led by `Y-DNN :` and the column headed `Beir BM25flat` are the compared system's
numbers. Only a name is taken (a capital letter or a digit in it: "Y-DNN", "BM25-flat",
"ResNet-50"), never a word ("lower than the paper", "better than before": the paper-value
rules read those) nor a metric's name ("higher than the FID of the checkpoint"); only a row
whose label, or a column whose header, is written with that name, and only when the log has
values of the run's own besides.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import is_known_metric

# Substrings that a line must hold for `comparison_targets` to look at it (one test each).
TARGET_MARKS = (" than ", "omparison to ", "omparison with ", "ompared to ", "ompared with ")

_TARGET = re.compile(
    r"(?i:\b(?:lower|higher|worse|better|weaker|stronger|smaller|larger)\s++than"
    r"|\bin\s++comparison\s++(?:to|with)|\bcompared\s++(?:to|with))"
    r"\s++(?:the\s++)?+(?:(?i:baseline|model|method)\s++)?+"
    r"([A-Za-z][\w.\-]{0,30}+)"
)
_NAME_LIKE = re.compile(r"[A-Z\d]")
_NOT_A_NAME = frozenset({"i", "the", "paper", "readme", "official", "expected", "ours", "mine"})
_ROW_LABEL = re.compile(r"^[\s|*_>\-]*+([^:|=\d][^:|=]{0,40}?)\s*+[:|]")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def comparison_targets(line: str) -> list[str]:
    """The names of the systems a sentence compares the run with ("lower than Y-DNN")."""
    found = []
    for match in _TARGET.finditer(line):
        name = match.group(1).rstrip(".-")
        key = _key(name)
        if (
            _NAME_LIKE.search(name[1:])
            and name.lower() not in _NOT_A_NAME
            and len(key) >= 3
            and not is_known_metric(name)
        ):
            found.append(key)
    return found


def _names_target(metric: ExtractedMetric, targets: set[str]) -> bool:
    row = _ROW_LABEL.match(metric.evidence)
    if row and _key(row.group(1)) in targets:
        return True
    words = {_key(w) for w in re.split(r"[\s/]+", metric.name)}
    return bool(words & targets)


def others_rows(metrics: list[ExtractedMetric], targets: set[str]) -> list[ExtractedMetric]:
    """`metrics` less the compared systems' rows and columns, when values of the run's own
    remain."""
    theirs = [_names_target(m, targets) for m in metrics]
    if not any(theirs) or all(theirs):
        return metrics
    return [m for m, other in zip(metrics, theirs, strict=True) if not other]
