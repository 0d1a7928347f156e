"""Whitespace-aligned tables: a header row of metric names, then rows of an optional label and
one number per column, as evaluation kits print them with fixed-width columns:

    HOTA: -pedestrian        HOTA      DetA      AssA ...          (TrackEval)
    MOT17-02-FRCNN           23.093    8.3317    64.504 ...
    COMBINED                 21.684    6.2585    76.638 ...

               IDF1   IDP    IDR   Rcll  Prcn GT MT ...            (py-motmetrics)
    OVERALL   86.2% 75.8% 100.0% 100.0% 75.8% 74 74 ...

     IDF1  IDP  IDR| Rcll  Prcn   FAR|   GT  MT ...                 (MOTChallenge devkit)
     23.0 66.9 13.9| 30.7  90.3  0.98|   54   7 ...

A header is a line of at least three names (after a title ending in ":"), no numbers and no
prose words, at least two of them metrics the vocabulary knows. A row's numbers are matched to
the header's last columns from the right (a header may start with a title, "HOTA:
-pedestrian"); its label names the row (`MOT17-02-FRCNN/HOTA`), except summary labels
(COMBINED, OVERALL, all, mean), which are the table's result. The table ends at the first
line that is not such a row (a rule of dashes under the header is skipped). A header whose
names repeat in groups (`nDCG@10 R@100 nDCG@10 R@100 ...`) under a line of as many group
names, separated by two spaces or more (`BM25-flat   SPLADE ...`, Pyserini's 2CR tables),
names each column by its group: `trec-covid/SPLADE/nDCG@10`.
A header separated by single spaces (`HOTA DetA AssA ...`, as a summary file joins its fields,
or a table typed by hand) is one only when the whole line is such names; its rows then hold
exactly one number per column and no label (a single space tells no label from a column).
Counts printed as columns (GT, FP, FN, IDs) are not results (`result_names`). ParlAI's
partial reports ("8.6% complete (487 / 5,651)") count examples so far, like a batch counter:
none of their values is a result; its finished report's "using datatype valid" names the
split.

Format source: JonathonLuiten/TrackEval trackeval/metrics/_base_metric.py
`_summary_row`/`print_table` ("%-35s" + "%-10s" per field); cheind/py-motmetrics
motmetrics/io.py `render_summary` (pandas `DataFrame.to_string`); the MOTChallenge devkit's
`printMetrics` (" IDF1  IDP  IDR| Rcll  Prcn   FAR| ..."); TrackEval's summary files
(`_write_summary_results`: `' '.join` of the field names, then of the values); castorini/pyserini
pyserini/2cr/beir.py `run_conditions` (a line of model names, `' ' * 26 + 'nDCG@10   R@100    '
* 7`, a rule of dashes, then `f'{dataset:25}'` and two `8.3f` values per model).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number
from chalicelib.domain.metrics.phrases import _KNOWN_BASES
from chalicelib.domain.metrics.vocabulary import sense_of

MAX_COLUMNS = 64
_NAME = re.compile(r"^[A-Za-z][\w.\-@()]{0,30}+:?+$")
_CELL_NUMBER = re.compile(r"^[-+]?+(?:\d++(?:\.\d*+)?+|\.\d++)(?:[eE][-+]?+\d++)?+%?+$")
_PROSE_WORDS = frozenset({"and", "or", "the", "of", "we", "on", "in", "to", "for", "with", "is"})
# A logger's prefix before a row: a timestamp, a log level.
_LOG_PREFIX = re.compile(r"\d\d:\d\d:\d\d|\b(?:INFO|DEBUG|WARNING)\b")
# A header whose names are separated by single spaces: nothing else on the line.
_SPACED_NAMES = re.compile(
    r"^\s*+[A-Za-z][\w.\-@()]{0,30}+(?: [A-Za-z][\w.\-@()]{0,30}+){2,}+\s*+$"
)
_RULE = re.compile(r"^[\s=+|:]*+-{3}[\s\-=+|:]*+$")
_SUMMARY_LABELS = frozenset({"combined", "overall", "all", "mean", "average", "avg", "total"})


def _cells(line: str) -> list[str]:
    if "\\\\" in line and "&" in line:
        # a LaTeX row ("&   0.109  &   0.765  \\", Monodepth2's evaluate_depth.py): its
        # cells are separated by "&" and it ends with two backslashes
        line = line.rstrip()
        if line.endswith("\\\\"):
            line = line[:-2].replace("&", " ")
    return line.replace("|", " ").split(None, MAX_COLUMNS)


def _header(line: str) -> list[str] | None:
    cells = _cells(line)
    if cells and cells[0] == ">":
        cells = cells[1:]  # quoted in a reply ("> abs_rel| sq_rel| rmse|")
    titled = next((i for i, c in enumerate(cells) if c.endswith(":")), None)
    if titled is not None:  # "HOTA: -pedestrian  HOTA  DetA ...": the columns follow a title
        cells = [c for c in cells[titled + 1 :] if not c.startswith("-")]
    if len(cells) < 3 or len(cells) > MAX_COLUMNS or not all(_NAME.match(c) for c in cells):
        return None
    if any(c.lower() in _PROSE_WORDS for c in cells):
        return None
    known = sum(sense_of(c).base in _KNOWN_BASES for c in cells)
    return cells if known >= 2 else None


def _open(state: LogState) -> bool:
    return state.context.get("aligned_columns") is not None


# ParlAI's evaluation reports: partial ones during the run ("8.6% complete (487 / 5,651)"),
# then the finished one ("Finished evaluating tasks [...] using datatype valid").
_PARTIAL = re.compile(r"\d% complete\b")
_FINISHED = re.compile(r"\bFinished evaluating\b.*?\busing datatype (valid|test|train)\b")
_DATATYPES = {"valid": "val", "test": "test", "train": "train"}


@reader("aligned_table", markers=(" ", "\t", "|", "complete", "Finished"), order=800, open=_open)
def read_aligned_table(line: str, state: LogState, out: Sink) -> bool:
    columns: list[str] | None = state.context.get("aligned_columns")
    if columns is not None:
        if _RULE.match(line):
            return True  # a rule of dashes between the header and its rows
        spaced = state.context.get("aligned_spaced", False)
        if _row(line, columns, None if state.context.get("aligned_partial") else out, spaced):
            return True
        state.context["aligned_columns"] = None
    if "complete" in line and _PARTIAL.search(line):
        state.context["aligned_partial"] = True  # the next table is a report in progress
        return False
    finished = _FINISHED.search(line) if "Finished" in line else None
    if finished:
        state.context["aligned_partial"] = False
        state.log_split = _DATATYPES[finished.group(1)]
        return False
    spaced = "  " not in line and "\t" not in line and "|" not in line
    if spaced and not _SPACED_NAMES.match(line):
        return False
    if line.lstrip()[:1] == "|":
        return False  # a Markdown table's header ("| model | box AP | mask AP"): `tables`
    header = _header(line)
    if header is None:
        state.context["aligned_above"] = (state.line_no, line)
        return False
    above = state.context.get("aligned_above")
    if above is not None and above[0] == state.line_no - 1:
        header = _grouped(above[1], header)
    state.context["aligned_columns"] = header
    state.context["aligned_spaced"] = spaced
    return True


_GROUP_GAP = re.compile(r"\s{2,}+")
_GROUP_NAME = re.compile(r"^[A-Za-z][\w.\-()+ ]{0,40}+$")


def _grouped(above: str, columns: list[str]) -> list[str]:
    """The columns named by the groups of the line above them, when their names repeat once
    per group (`nDCG@10 R@100` under each model's name); otherwise the columns as they are."""
    groups = [g for g in _GROUP_GAP.split(above.strip()) if g]
    if len(groups) < 2 or len(columns) % len(groups) or len(columns) == len(groups):
        return columns
    width = len(columns) // len(groups)
    if any(columns[i] != columns[i % width] for i in range(len(columns))):
        return columns
    if not all(_GROUP_NAME.match(g) and not _CELL_NUMBER.match(g) for g in groups):
        return columns
    return [f"{groups[i // width]}/{c}" for i, c in enumerate(columns)]


def _row(line: str, columns: list[str], out: Sink | None, spaced: bool = False) -> bool:
    """Whether `line` is a row of the table; its values go to `out` (None: a partial report,
    a count of examples so far like a batch counter, whose values are none of them results).
    A row under a header of single-spaced names holds one number per column and nothing else."""
    cells = _cells(line)
    if spaced and (len(cells) != len(columns) or not all(map(_CELL_NUMBER.match, cells))):
        return False
    count = 0
    for cell in reversed(cells):
        if not _CELL_NUMBER.match(cell):
            break
        count += 1
    label_cells, numbers = cells[: len(cells) - count], cells[len(cells) - count :]
    # every column has its number, or all but a leading title column or two
    if count < 2 or count > len(columns) or count < len(columns) - 2:
        return False
    if count < len(columns) and not label_cells:
        return False
    if label_cells and label_cells[-1].endswith(":") and _LOG_PREFIX.search(label_cells[-1]):
        label_cells = []  # a logger's prefix ("2021-06-17 06:18:16 INFO:"), not a row label
    label = " ".join(label_cells)
    if label.lower() in _SUMMARY_LABELS:
        label = ""
    names = columns[len(columns) - count :]
    if out is None:
        return True
    for name, cell in zip(names, numbers, strict=True):
        number = cell.rstrip("%")
        if parse_number(number) is None:
            continue
        out.add(_cell_name(label, name), number, "aligned_table", running=False)
    return True


def _cell_name(label: str, column: str) -> str:
    """A cell's name: its row's label scopes its column (`MOT17-02/HOTA`), except where the
    label is a metric and the column one of its measures (ROUGE-1.5.5's rows `ROUGE-1` under
    `Avg_Recall Avg_Precision Avg_F-Score`: `ROUGE-1 Avg_F-Score` is ROUGE-1)."""
    if not label:
        return column
    if sense_of(label).base in _KNOWN_BASES:
        joined = f"{label} {column}"
        if sense_of(joined).base in _KNOWN_BASES:
            return joined
    return f"{label}/{column}"
