"""scikit-learn `classification_report`: the `precision recall f1-score support` header, then
one row per class, the `accuracy` row (f1-score column and support only) and the average rows
`macro avg`, `weighted avg`, `micro avg`, `samples avg` (before 0.20 a single support-weighted
`avg / total` row, named `weighted avg` here since that is what it is). Average rows are named
`<row>/<column>` (`macro avg/f1-score`), so the averaging is a qualifier of the metric. Per-class
rows are named by their class (`1/precision`, `B-art/f1-score`): the class is the value's
scope, so a claim that names no class is answered by the average rows (claims.py), and one that
names it (`F1 (class 1)`) by its row. The support column is a count.

Format source: scikit-learn sklearn/metrics/_classification.py `classification_report`
(`headers = ["precision", "recall", "f1-score", "support"]`, `head_fmt = "{:>{width}s} " + "
{:>9}" * len(headers)`, `row_fmt = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\\n"`, the
accuracy row `row_fmt_accuracy`, average rows `"macro avg"`, `"weighted avg"`, `"micro avg"`,
`"samples avg"`; before 0.20 `last_line_heading = "avg / total"`). SpERT's evaluator prints the
same layout in percent under a `type` column, its averages as `micro` and `macro` rows
(lavis-nlp/spert spert/evaluator.py `_print_results`: `columns = ('type', 'precision',
'recall', 'f1-score', 'support')`, `row_fmt % self._get_row(micro, 'micro')`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_HEAD = re.compile(r"^\s*+(?:type\s++)?+precision\s++recall\s++f1-score\s++support\s*+$")
_ROW = re.compile(
    r"^\s*+(\S.{0,60}?)\s++(" + NUM + r")\s++(" + NUM + r")\s++(" + NUM + r")\s++(\d++)\s*+$"
)
_ACCURACY = re.compile(r"^\s*+accuracy\s++(" + NUM + r")\s++\d++\s*+$")
_AVERAGES = {
    "macro avg": "macro avg",
    "weighted avg": "weighted avg",
    "micro avg": "micro avg",
    "samples avg": "samples avg",
    "avg / total": "weighted avg",
    "micro": "micro avg",  # SpERT's evaluator
    "macro": "macro avg",
}
_COLUMNS = ("precision", "recall", "f1-score")


def _in_report(state: LogState) -> bool:
    return bool(state.context.get("sklearn_report"))


@reader("sklearn", markers=("f1-score",), order=16, open=_in_report)
def read_classification_report(line: str, state: LogState, out: Sink) -> bool:
    if "f1-score" in line and _HEAD.match(line):
        state.context["sklearn_report"] = True
        state.context["sklearn_blank"] = 0
        return True
    if not state.context.get("sklearn_report"):
        return False
    if not line.strip():
        # one blank line separates the class rows from the averages; two end the report
        state.context["sklearn_blank"] = state.context.get("sklearn_blank", 0) + 1
        if state.context["sklearn_blank"] > 1:
            state.context["sklearn_report"] = False
        return True
    state.context["sklearn_blank"] = 0
    accuracy = _ACCURACY.match(line)
    if accuracy:
        out.add("accuracy", accuracy.group(1), "sklearn", running=False)
        return True
    row = _ROW.match(line.replace("**", "") if "**" in line else line)  # a pasted emphasis
    if not row:
        state.context["sklearn_report"] = False
        return False
    label = " ".join(row.group(1).split())
    average = _AVERAGES.get(label, label)
    for column, number in zip(_COLUMNS, row.groups()[1:4], strict=True):
        out.add(f"{average}/{column}", number, "sklearn", running=False)
    return True
