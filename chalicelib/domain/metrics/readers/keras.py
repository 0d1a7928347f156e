"""Keras progress bars: only finished bars (`313/313`) are read, partial ones show running
numbers (`- loss: 0.0827 - accuracy: 0.9757`). Keras 3 draws the bar with `━`.

Format source: keras-team/keras keras/utils/progbar.py (`Progbar.update`: "%d/%d" bar, then
" - %s: %.4f" per value, or "%.4e" for small values).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_EPOCH = re.compile(r"^\s*+Epoch\s++\d++/\d++\s*+$")
_BAR = re.compile(r"^\s*+(\d++)/(\d++)\s++(?:\[[=>.]*+\]|[━╸─]++|-\s)")
_PAIR = re.compile(r"(?:^|\s)-\s++([A-Za-z_][\w\-]{0,59}+):\s++(" + NUM + r")" + END)


@reader("keras", markers=("/",), order=33)
def read_keras(line: str, state: LogState, out: Sink) -> bool:
    """`model.fit` prints `Epoch 3/10` before each epoch's bar: those values are running ones
    (the last epoch's stand); `model.evaluate` prints a bar alone."""
    if _EPOCH.match(line):
        state.context["keras_epoch"] = True
        return True
    match = _BAR.match(line)
    if not match:
        return False
    if match.group(1) == match.group(2):  # a finished bar; partial ones show running numbers
        running = bool(state.context.pop("keras_epoch", False))
        for pair in _PAIR.finditer(line):
            out.add(pair.group(1), pair.group(2), "keras", running=running)
    return True
