"""spaCy training and evaluation output: the v3 console logger table (`E  #  LOSS TOK2VEC  LOSS
NER  ENTS_F  ENTS_P  ENTS_R  SCORE` over `---` rules, one row per dev-set evaluation; losses are
the training split, scores the validation split, rows are running values) and the v2 `Itn ...`
table alike; packaged pipelines' `| Type | Score |` accuracy table (rows via `tables`); per-type
`{'p': .., 'r': .., 'f': ..}` dicts (one entity type's scores, not the model's: no values).
`spacy evaluate`'s `NER F  86.74` lines and v2 scorer dicts (`{'ents_f': 91.4, ...}`) are read
by `generic` and `python_dicts`; model cards' model-index YAML by `mteb`.

Format source: explosion/spaCy spacy/training/loggers.py `console_logger` (`table_header = ["E",
"#"] + [f"Loss {pipe}" ...] + score_cols + ["Score"]`, upper-cased, widths `[3, 6] + [8] * n +
[6] * m + [6]`, `"{0:.2f}"` values), spacy/cli/package.py README (`### Accuracy`, `| Type |
Score |`, `` | `ENTS_F` | 99.46 | ``), spacy/scorer.py (`ents_per_type`: `{"p", "r", "f"}`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_HEAD = re.compile(r"^\s*+(?:E\s++#|Itn)\s{2,}+\S")
_RULE = re.compile(r"^\s*+-{2,}+(?:\s++-{2,}+)++\s*+$")
_CELLS = re.compile(r"\s{2,}+")
_PER_TYPE = re.compile(
    r"""^\s*+\{\s*+'p':\s*+[\d.]++,\s*+'r':\s*+[\d.]++,\s*+'f':\s*+[\d.]++\s*+\}"""
)
_COUNTERS = ("e", "#", "itn", "words", "wps", "cpu wps", "gpu wps", "speed")


def _in_table(state: LogState) -> bool:
    return state.context.get("spacy_columns") is not None


@reader("spacy", markers=("E ", "Itn", "'p':", "Initial learn rate"), order=14, open=_in_table)
def read_spacy_table(line: str, state: LogState, out: Sink) -> bool:
    if "'p':" in line and _PER_TYPE.match(line):
        return True  # one entity type's P/R/F
    if "Initial learn rate" in line:
        return True  # "ℹ Training. Initial learn rate: 0.0": a setting
    if _HEAD.match(line):
        state.context["spacy_columns"] = _CELLS.split(line.strip())
        return True
    columns = state.context.get("spacy_columns")
    if columns is None:
        return False
    if _RULE.match(line):
        return True
    values = line.split()
    if len(values) != len(columns) or any(parse_number(v) is None for v in values):
        state.context["spacy_columns"] = None
        return False
    for column, value in zip(columns, values, strict=True):
        lowered = column.lower()
        if lowered in _COUNTERS:
            continue
        split = "train" if "loss" in lowered else "val"
        out.add(column, value, "spacy", split=split, running=True)
    return True


def type_score_header(lowered: list[str], state: LogState) -> bool:
    """A packaged pipeline's `| Type | Score |` table (read by `tables`)."""
    if lowered != ["type", "score"]:
        return False
    state.context["md_mode"] = "type_score"
    return True


def type_score_row(cells: list[str], state: LogState, out: Sink) -> None:
    if len(cells) == 2 and parse_number(cells[1]) is not None:
        out.add(cells[0].strip("` "), cells[1], "spacy", running=False)
