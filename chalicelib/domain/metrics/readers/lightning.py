"""PyTorch Lightning `trainer.test()` / `trainer.validate()` result tables.

The header names the stage (`Test metric`, `Validate metric`; a custom stage prints e.g.
`Foobar metric`) and one column per dataloader (`DataLoader 0`, `DataLoader 1`; many
dataloaders are split over several tables). A row is named `<stage> metric/DataLoader
<i>/<key>` (`Test metric/DataLoader 0/Accuracy`); the stage gives the split of keys that carry
none. With rich installed the table is drawn with `┃`/`│` (read by `tables.read_box_table`
through `add_row` here); without it, columns are centred in fixed-width cells between `─`
bars, so a value belongs to the header column whose centre is nearest. Lightning < 1.6 printed
`DATALOADER:0 TEST RESULTS` and a dict (read by `python_dicts`).

Format source: Lightning-AI/pytorch-lightning src/lightning/pytorch/loops/evaluation_loop.py
`_print_results` (`headers = [f"DataLoader {i}" ...]`, `table_headers.insert(0, f"{stage}
Metric".capitalize())`, rich `Table` with `Column` per header, else `row_format =
f"{{:^{max_length}}}" * len(table_headers)` between `bar = "─" * term_size`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

_BAR = re.compile(r"^\s*+─{10,}+\s*+$")
_HEADER = re.compile(r"^\s*+(\w++ metric)\s{2,}+(DataLoader \d++(?:\s++DataLoader \d++)*+)\s*+$")
_TOKEN = re.compile(r"\S++(?: \S++)*+")
_STAGE_SPLITS = {"test": "test", "validate": "val", "validation": "val", "predict": "test"}


def add_row(header: list[str], cells: list[str], out: Sink) -> None:
    """One row of a result table: `cells[0]` is the key, `cells[i]` its value for the
    dataloader of `header[i]` (blank when that dataloader did not log it)."""
    stage = header[0]
    split = _STAGE_SPLITS.get(stage.split()[0].lower()) if stage else None
    for column in range(1, min(len(header), len(cells))):
        if cells[column] and parse_number(cells[column]) is not None:
            name = f"{stage}/{header[column]}/{cells[0]}"
            out.add(name, cells[column], "lightning", split=split, running=False)


def _open(state: LogState) -> bool:
    return state.context.get("pl_table") is not None


@reader("lightning", markers=("─", "metric"), order=19, open=_open)
def read_plain_table(line: str, state: LogState, out: Sink) -> bool:
    table = state.context.get("pl_table")
    if _BAR.match(line):
        if table is not None and table.get("rows"):
            state.context["pl_table"] = None  # the closing bar
        else:
            state.context["pl_table"] = table or {}
        return True
    if table is None:
        return False
    header = _HEADER.match(line) if not table else None
    if header:
        tokens = list(_TOKEN.finditer(line))
        table["header"] = [t.group(0) for t in tokens]
        table["centres"] = [(t.start() + t.end()) / 2 for t in tokens]
        return True
    if "header" not in table or not line.strip():
        state.context["pl_table"] = None
        return False
    cells = [""] * len(table["header"])
    for token in _TOKEN.finditer(line):
        centre = (token.start() + token.end()) / 2
        column = min(range(len(cells)), key=lambda i: abs(table["centres"][i] - centre))
        cells[column] = token.group(0)
    table["rows"] = True
    if cells[0]:
        add_row(table["header"], cells, out)
    return True
