"""scikit-learn `classification_report` text tables (and the copies of its layout in seqeval,
imbalanced-learn and user code): a header line of column names ending in `support`, one row
per class (`<class>/precision`, `<class>/recall`, `<class>/f1-score`), then the summary rows
`accuracy` (a single value under f1-score), `macro avg/...`, `weighted avg/...`, `micro avg/...`
and `samples avg/...`. The old single summary row `avg / total` is the support-weighted average
(renamed `weighted avg` in 0.20): it is read as `weighted avg/...`, its line kept as evidence.
The support column is a count, never a metric. Class names may contain spaces (`class 0`).

Format source: scikit-learn sklearn/metrics/_classification.py `classification_report`
(>= 0.20: `headers = ["precision", "recall", "f1-score", "support"]`,
`row_fmt = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\\n"`, the `accuracy` row through
`row_fmt_accuracy` with two blank cells, `line_heading = average + " avg"`; < 0.20:
`last_line_heading = 'avg / total'`, `fmt = '%% %ds' % width + '  ' + ' '.join(['% 9s' ...])`);
chakki-works/seqeval seqeval/metrics/sequence_labeling.py `classification_report` (same
layout, `micro avg`); imbalanced-learn `classification_report_imbalanced` (`pre rec spe f1 geo
iba sup`).
"""

from __future__ import annotations

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_SUPPORT = frozenset({"support", "sup"})
_PRECISION = frozenset({"precision", "pre", "prec"})
_MAX_COLUMNS = 12
_OLD_SUMMARY = "avg / total"


def _columns(tokens: list[str]) -> list[str] | None:
    """The column names of a report header (`precision recall f1-score support`), or None."""
    if not tokens or tokens[-1].lower() not in _SUPPORT or len(tokens) > _MAX_COLUMNS + 4:
        return None
    lowered = [t.lower() for t in tokens]
    start = next((i for i, t in enumerate(lowered) if t in _PRECISION), None)
    if start is None:
        return None
    columns = tokens[start:]
    if len(columns) < 3 or any(parse_number(c) is not None for c in columns):
        return None
    return columns


def _open(state: LogState) -> bool:
    return state.context.get("sk_columns") is not None


@reader("sklearn", markers=("sup",), order=18, open=_open)
def read_classification_report(line: str, state: LogState, out: Sink) -> bool:
    tokens = line.split()
    columns = _columns(tokens) if "sup" in line else None
    if columns is not None:
        state.context["sk_columns"] = columns
        return True
    columns = state.context.get("sk_columns")
    if columns is None:
        return False
    if not tokens:
        return False  # blank lines separate the class rows from the summary rows
    width = len(columns)
    values = _trailing_numbers(tokens, width)
    if values == width and len(tokens) > width:
        label = " ".join(tokens[:-width])
        if label.lower() == _OLD_SUMMARY:
            label = "weighted avg"
        for column, cell in zip(columns[:-1], tokens[-width:-1], strict=True):
            out.add(f"{label}/{column}", cell, "sklearn")
        return True
    if values == 2 and len(tokens) == 3 and tokens[0].lower() == "accuracy":
        out.add(tokens[0], tokens[1], "sklearn")
        return True
    state.context["sk_columns"] = None  # the report has ended
    return False


def _trailing_numbers(tokens: list[str], most: int) -> int:
    """How many of the last `most` tokens are numbers, counted from the end."""
    count = 0
    for token in reversed(tokens[-most:]):
        if parse_number(token) is None:
            break
        count += 1
    return count
