"""fastai training tables: `epoch  train_loss  valid_loss  accuracy  time`, then one row per
epoch (`0  0.169765  0.022353  0.994004  00:14`), as the console prints them, as a notebook
table copied as text (tabs), or pasted as comments (`# `). fine_tune prints two tables. Rows
are running values: the last one stands. `train_loss` is a training value, `valid_loss` and
every metric column are computed on the validation set (split `val`); `time` is a duration
and `#na#` means not computed. fastai v1 wrote `train loss` / `valid loss` with a space, and
v0.7 `trn_loss` / `val_loss`.

Format source: fastai/fastai fastai/callback/progress.py `ProgressCallback` (before_fit:
self.mbar.write(self.recorder.metric_names, table=True); _write_stats: self.mbar.write(
[f'{l:.6f}' if isinstance(l, float) else str(l) for l in log], table=True)) and fastprogress
`ConsoleMasterBar.write` (names padded to 8, values padded to the name width, joined by two
spaces); fastai v1 fastai/basic_train.py `Recorder.format_stats` (f'{stat:.6f}').
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number

MAX_COLUMNS = 32
_LEAD = re.compile(r"^[\s#>]*+")
_HEAD = re.compile(r"^epoch\s++(?:train|trn)[_ ]loss\s")
_RULE = re.compile(r"^[\s\-=]*+$")
_SPACED_NAMES = (("train loss", "train_loss"), ("valid loss", "valid_loss"))
_SPLITS = {"train_loss": "train", "trn_loss": "train"}
_TIME = re.compile(r"^\d++(?::\d++)++$")


def _open(state: LogState) -> bool:
    return state.context.get("fastai_columns") is not None


@reader("fastai", markers=("epoch",), order=27, open=_open)
def read_fastai(line: str, state: LogState, out: Sink) -> bool:
    text = _LEAD.sub("", line, count=1)
    if _HEAD.match(text):
        for spaced, joined in _SPACED_NAMES:
            text = text.replace(spaced, joined)
        names = text.split(None, MAX_COLUMNS)
        state.context["fastai_columns"] = names if len(names) <= MAX_COLUMNS else None
        return True
    columns: list[str] | None = state.context.get("fastai_columns")
    if columns is None:
        return False
    if _RULE.match(text):
        return True  # the R wrapper's "------  ---------" rule
    cells = text.split(None, MAX_COLUMNS)
    if len(cells) != len(columns) or not cells[0].isdigit():
        state.context["fastai_columns"] = None
        return False
    for name, cell in zip(columns[1:], cells[1:], strict=True):
        if _TIME.match(cell) or parse_number(cell) is None:
            continue
        out.add(name, cell, "fastai", split=_SPLITS.get(name, "val"), running=True)
    return True
