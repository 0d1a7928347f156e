"""A line that only names a split ("Dev set", "Test set", "**Validation set**"), the values
below it up to a blank line being that split's: a title its writer typed without the colon
(with one, the layout reads it: `Test set:`). Only the split and a noun for its data: a longer
line is prose, and a line with a number is a result, not a title."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_BARE_SPLIT_TITLE = re.compile(
    r"(?i)^[\s*_#>]*+(dev|development|val|valid|validation|test|testing|train|training)"
    r"[\s-]++(?:set|split|data|dataset)[\s*_]*+$"
)
_SPLIT = {
    "dev": "val", "development": "val", "val": "val", "valid": "val", "validation": "val",
    "test": "test", "testing": "test", "train": "train", "training": "train",
}  # fmt: skip


@reader("split_title", markers=("set", "Set", "SET", "split", "data", "Data"), order=1)
def read_split_title(line: str, state: LogState, out: Sink) -> bool:
    title = _BARE_SPLIT_TITLE.match(line) if len(line) < 40 else None
    if title is None:
        return False
    state.block_split = state.line_split = _SPLIT[title.group(1).lower()]
    return True
