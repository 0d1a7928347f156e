"""PyTorch Lightning evaluation results: the rich table (`┃ Test metric ┃ DataLoader 0 ┃`, read
by `tables`, whose rows come here) and the plain-text fallback (`─` rules around `Test metric
DataLoader 0 DataLoader 1` and centred cells). The header's stage says the split (`Test
metric`: test, `Validate metric`: validation) even when the logged keys carry no prefix; with
several dataloaders a value of dataloader i > 0 is named `<key> (DataLoader i)`, and blank cells
(a key a dataloader did not log) give nothing. Lightning < 1.6's `DATALOADER:0 TEST RESULTS`
dict is read by `python_dicts`.

Format source: Lightning-AI/pytorch-lightning src/lightning/pytorch/loops/evaluation_loop.py
`_print_results` (`headers = [f"DataLoader {i}" ...]`, `f"{stage} Metric".capitalize()`
prepended; rich `Table` or, without rich, `"─" * term_size` bars and `row_format =
f"{{:^{max_length}}}" * len(headers)`; at most `term_size // max_length` columns per table).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_STAGES = {"test": "test", "validate": "val", "validation": "val", "val": "val"}
_BAR = re.compile(r"^\s*+─{10,}+\s*+$")
_HEAD = re.compile(r"^\s*+(\w++) metric\s{2,}+(DataLoader \d++(?:\s{2,}+DataLoader \d++)*+)\s*+$")
_CELL = re.compile(r"\S++(?: \S++)*+")


def _stage_split(header: list[str] | None) -> str | None:
    if not header:
        return None
    words = header[0].lower().split()
    return _STAGES.get(words[0]) if len(words) == 2 and words[1] == "metric" else None


def lightning_row(name: str, scores: list[str | None], header: list[str] | None, out: Sink) -> None:
    """One row of a results table: `name` and its value per dataloader column."""
    split = _stage_split(header)
    several = header is not None and len(header) > 2
    for index, score in enumerate(scores):
        if score is None:
            continue
        metric = f"{name} (DataLoader {index})" if several and index else name
        out.add(metric, score, "lightning", split=split, running=False)


def _in_table(state: LogState) -> bool:
    return state.context.get("pl_columns") is not None


@reader("lightning", markers=("─", " metric "), order=19, open=_in_table)
def read_plain_results(line: str, state: LogState, out: Sink) -> bool:
    if _BAR.match(line):
        return True
    head = _HEAD.match(line) if " metric " in line else None
    if head:
        # the centre of each dataloader column, for the centred cells below
        centres = [(m.start() + m.end()) / 2 for m in re.finditer(r"DataLoader \d++", line)]
        state.context["pl_columns"] = centres
        state.context["pl_header"] = [f"{head.group(1)} metric"] + [
            f"DataLoader {i}" for i in range(len(centres))
        ]
        state.context["pl_first"] = int(head.group(2).split()[1])
        return True
    columns = state.context.get("pl_columns")
    if columns is None:
        return False
    cells = list(_CELL.finditer(line))
    if len(cells) < 2:
        state.context["pl_columns"] = None
        return False
    scores: list[str | None] = [None] * len(columns)
    for cell in cells[1:]:
        centre = (cell.start() + cell.end()) / 2
        nearest = min(range(len(columns)), key=lambda i: abs(columns[i] - centre))
        if parse_number(cell.group()) is not None:
            scores[nearest] = cell.group()
    first = state.context.get("pl_first", 0)
    header = state.context["pl_header"]
    split = _stage_split(header)
    for offset, score in enumerate(scores):
        if score is None:
            continue
        index = first + offset
        name = cells[0].group()
        metric = f"{name} (DataLoader {index})" if index else name
        out.add(metric, score, "lightning", split=split, running=False)
    return True
