"""spaCy console output.

- `spacy train` (v3 `spacy.ConsoleLogger`): a header `E  #  LOSS TOK2VEC  LOSS NER  ENTS_F
  ENTS_P  ENTS_R  SCORE` (columns separated by two or more spaces), a dash rule, then one row
  per evaluation on the dev set: running values (the last row stands); `E` (epoch) and `#`
  (step) are counters.
- `spacy evaluate`: the `Results` table (`NER P   86.97`, read by the generic reader) and the
  per-type tables (`NER (per type)`, `Textcat F (per label)`) with a `P  R  F` header, whose
  rows are named `<label>/P`.
- `ℹ`/`✔`/`⚠` message lines (`ℹ Training. Initial learn rate: 0.0`) carry settings, never
  results.

Format source: explosion/spaCy spacy/training/loggers.py `console_logger` (`table_header =
["E", "#"] + loss_cols + score_cols + ["Score"]`, upper-cased, `msg.row(table_header,
widths=table_widths, spacing=spacing)` then `msg.row(["-" * width for width in table_widths])`,
scores `f"{score * 100:.2f}"`, the final Score `f"{score:.2f}"`); spacy/cli/evaluate.py
`print_prf_per_type` (`msg.table(data, header=("", "P", "R", "F"), title=f"{name} (per
{type})")`) and the `Results` table; wasabi's `msg.info/good/warn` prefixes.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_MESSAGE = re.compile(r"^\s*+[ℹ✔✘⚠]\s")
_COLUMNS = re.compile(r"\s{2,}+")
_RULE = re.compile(r"^\s*+-++(?:\s++-++)*+\s*+$")
_COUNTERS = frozenset({"E", "#"})
_PRF = ["P", "R", "F"]


def _open(state: LogState) -> bool:
    return state.context.get("spacy_columns") is not None


@reader("spacy", markers=("ℹ", "✔", "⚠", "✘", "SCORE", "Score", "P  "), order=14, open=_open)
def read_spacy(line: str, state: LogState, out: Sink) -> bool:
    if _MESSAGE.match(line):
        return True
    stripped = line.strip()
    columns = _COLUMNS.split(stripped)
    if columns[:2] == ["E", "#"] and columns[-1].upper() == "SCORE":
        state.context["spacy_columns"] = columns
        return True
    if columns == _PRF:
        state.context["spacy_columns"] = ["", *_PRF]
        return True
    known: list[str] | None = state.context.get("spacy_columns")
    if known is None:
        return False
    if _RULE.match(line):
        return True
    cells = stripped.split()
    if known[0] == "":  # a per-type P/R/F table: "ORG   83.47   84.46   83.96"
        if len(cells) >= 4 and all(parse_number(c) is not None for c in cells[-3:]):
            label = " ".join(cells[:-3])
            for column, cell in zip(_PRF, cells[-3:], strict=True):
                out.add(f"{label}/{column}", cell, "spacy", running=False)
            return True
    elif len(cells) == len(known) and all(parse_number(c) is not None for c in cells):
        for column, cell in zip(known, cells, strict=True):
            if column not in _COUNTERS:
                out.add(column, cell, "spacy", running=True)
        return True
    if stripped:
        state.context["spacy_columns"] = None
    return False
