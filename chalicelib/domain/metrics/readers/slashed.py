"""Names and values paired by slashes: `MRR@10 / nDCG@10 = 0.5186 / 0.3064`, `P/R/F1: 0.81 /
0.77 / 0.79`. The n-th name is the n-th value's (never the name next to the `=` for the first
value). A method word before the names qualifies them (`BM25 MRR@10 / nDCG@10 = ...`), and a
clause after them that gives another label the same number of values (`; CE = 0.5662 /
0.3411`) reports the same names for that label. A data set's name leading the line (`-
NFCorpus: ...`) scopes its values.

Format source: none (a report's prose); the shape is the one people use to put several metrics
of one run on one line.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.layout import _DATASET_SHAPED, _SPLIT_OF_WORD
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.readers.quoted_clauses import _quoted, asked_target
from chalicelib.domain.metrics.result_names import is_result_name

_NAME = r"[A-Za-z][\w@.\-]{0,40}+"
_SLASHED = re.compile(
    r"(?<![\w@.\-/])"
    r"(" + _NAME + r"(?:[ \t]*+/[ \t]*+" + _NAME + r"){1,5}+)"
    # hszhao/semseg: 'Val result: mIoU/mAcc/allAcc {:.4f}/{:.4f}/{:.4f}.' (no separator)
    r"(?:[ \t]*+[:=][ \t]*+|[ \t]++)"
    r"(" + NUM + r"(?:[ \t]*+/[ \t]*+" + NUM + r"){1,5}+)" + END
)
# The same pairing with commas: 3DETR's "Metrics mAP0.25, mAP0.50: 23.42, 5.02"; the values
# may be separated by spaces only ("Valid Loss, AUC: 0.533157 0.669853").
_COMMAS = re.compile(
    r"(?<![\w@.\-/])"
    r"(" + _NAME + r"(?:[ \t]*+,[ \t]*+" + _NAME + r"){1,5}+)"
    r"[ \t]*+[:=][ \t]*+"
    r"("
    + NUM
    + r"(?:[ \t]*+,[ \t]*+"
    + NUM
    + r"){1,5}+|"
    + NUM
    + r"(?:[ \t]++"
    + NUM
    + r"){1,5}+)"
    + END
)
_COMMA = re.compile(r"[ \t]*+,[ \t]*+|[ \t]++")
# A further clause: "; CE = 0.5662 / 0.3411".
_AGAIN = re.compile(
    r"[ \t]*+[;,][ \t]*+(" + _NAME + r")[ \t]*+[:=][ \t]*+"
    r"(" + NUM + r"(?:[ \t]*+/[ \t]*+" + NUM + r"){1,5}+)" + END
)
_LEAD = re.compile(r"^[\s*>+\-]*+([A-Za-z][\w.\-]{0,40}+)[ \t]*+:[ \t]")
_CLASS_ROW = re.compile(r"(?<![A-Za-z])(?:[Cc]lass|[Ll]abel)[_ ]?+\d++(?![\w.])")
# Words that may attribute a pair to a source (tested before `_quoted`, at C speed).
_SOURCE_MARKS = ("aper", "eport", "uthor", "laim", "EADME", "eadme", "posted", "ublished", "you ")
_SLASH = re.compile(r"[ \t]*+/[ \t]*+")
_WORD = re.compile(r"^[A-Za-z][\w@.\-]*+$")


@reader("slashed", markers=("/", ", "), order=950)
def read_slashed(line: str, state: LogState, out: Sink) -> bool:
    match = _SLASHED.search(line) if "/" in line else None
    separator = _SLASH
    if match is None:
        match = _COMMAS.search(line) if ", " in line and ":" in line else None
        separator = _COMMA
    if match is None:
        return False
    names = separator.split(match.group(1))
    values = separator.split(match.group(2))
    if len(names) != len(values) or not all(is_result_name(n) for n in names):
        return False
    quoted_rows = state.context.setdefault("quoted_rows", set())
    if ("?" in line and asked_target(line, match.start(), match.end())) or (
        any(w in line for w in _SOURCE_MARKS) and _quoted(line, match.start(), match.end())
    ):
        # "how could I get EM/F1=66.37/71.32, reported by the paper?": a source's numbers; the
        # same numbers named again later ("the EM/F1=66.37/71.32 is on test") are still theirs
        quoted_rows.add(tuple(values))
        return True
    if tuple(values) in quoted_rows:
        return True
    lead = _LEAD.match(line)
    scope = ""
    if lead and lead.end() <= match.start() + 1:
        word = lead.group(1)
        if _DATASET_SHAPED.search(word) and word.lower() not in _SPLIT_OF_WORD:
            scope = f"{word}/"
    elif "lass" in line or "abel" in line:
        # semseg's "Class_2 result: iou/accuracy 0.0149/0.1796" after a log prefix: a class row
        row = _CLASS_ROW.search(line, max(0, match.start() - 40), match.start())
        scope = f"{row.group(0)}/" if row else ""
    # up to two words before the names, in the same clause, qualify them (a method: "BM25")
    before = line[max(0, match.start() - 60) : match.start()]
    clause = re.split(r"[:;,=(|]", before)[-1].split()
    qualifier = " ".join(w for w in clause[-2:] if _WORD.match(w))
    rows = [(qualifier, values)]
    position = match.end()
    while (again := _AGAIN.match(line, position)) is not None:
        more = _SLASH.split(again.group(2))
        if len(more) != len(names):
            break
        rows.append((again.group(1), more))
        position = again.end()
    found = False
    for label, numbers in rows:
        for name, number in zip(names, numbers, strict=True):
            full = f"{scope}{label} {name}" if label else f"{scope}{name}"
            found = out.add(full, number, "slashed") or found
    return found
