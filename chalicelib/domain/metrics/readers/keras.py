"""Keras progress bars: only finished bars (`313/313`) are read, partial ones show running numbers
(`- loss: 0.0827 - accuracy: 0.9757`). Keras 3 draws the bar with `━`, Keras 2 with `[====]`,
`verbose=2` prints `1875/1875 - 3s - loss: ...`, Keras 1 `60000/60000 [====] - 5584s - loss:
...` (with `verbose=2`, `4s - loss: ...` without a bar). `model.fit` prints `Epoch 3/10` before
each epoch's bar: those values are running ones (the last epoch's stand), unprefixed names are
training values (split `train`) and `val_` names validation values; a bar with `val_` values is
a fit epoch's even without its `Epoch` line (only `fit` validates); `model.evaluate` prints a
bar alone, on whatever data it was given (no split), and its values supersede fit's running ones
of the same name. User prints such as `Test accuracy: 0.97` are read by `generic`.

Format source: keras-team/keras keras/src/utils/progbar.py (`Progbar.update`: "%d/%d" bar, then
" - %s: %.4f" per value, or "%.4e" for small values; Keras 2 keras/utils/generic_utils.py
`Progbar` the same with '[' + '=' * prog_width + '>' ... ']').
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_EPOCH = re.compile(r"^\s*+Epoch\s++\d++/\d++\s*+$")
_BAR = re.compile(r"^\s*+(\d++)/(\d++)\s++(?:\[[=>.]*+\]|[━╸─]++|-\s)")
# Keras 1's `fit(verbose=2)` prints an epoch's line with its duration and no bar: "4s - loss:
# 0.1026 - acc: 0.9667 - val_loss: ..." (keras/callbacks.py ProgbarLogger, `'%ds' % (now -
# self.start)`), after its "Epoch 12/100" line.
_DURATION_LINE = re.compile(r"^\s*+\d++s\s++-\s++[A-Za-z_][\w\-]{0,59}+:\s")
_PAIR = re.compile(r"(?:^|\s)-\s++([A-Za-z_][\w\-]{0,59}+):\s++(" + NUM + r")" + END)


@reader("keras", markers=("/", "s - "), order=33)
def read_keras(line: str, state: LogState, out: Sink) -> bool:
    if _EPOCH.match(line):
        state.context["keras_epoch"] = True
        return True
    match = _BAR.match(line)
    if not match and not _DURATION_LINE.match(line):
        return False
    if match is None or match.group(1) == match.group(2):  # a finished bar (or none)
        pairs = list(_PAIR.finditer(line))
        # only fit validates, so a bar with val_ values is a fit epoch's even when its "Epoch
        # n/N" line was not pasted
        validated = any(pair.group(1).startswith("val_") for pair in pairs)
        fit = bool(state.context.pop("keras_epoch", False)) or validated
        for pair in pairs:
            name = pair.group(1)
            split = "train" if fit and not name.startswith("val_") else None
            out.add(name, pair.group(2), "keras", split=split, running=fit)
    return True
