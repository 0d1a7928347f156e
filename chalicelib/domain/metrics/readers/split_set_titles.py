"""A line that is only the name of an evaluation set whose name carries its split
("test-clean", "dev_other", "eval2000", "**LibriSpeech test-other**", "### dev93"), the
values below it up to a blank line being that set's: a title its writer typed above a pasted
scoring file without a colon (with one, the layout reads it: `test-clean:`). ASR reports paste
one Kaldi/SpeechBrain `wer.txt` head per set this way:

    test-clean
    ``` txt
    %WER 3.09 [ 1622 / 52576, 167 ins, 171 del, 1284 sub ]

Only the set's name, optionally after one word naming the corpus: a longer line is prose, and a
line with any other number is a result, not a title. The set's name is the block's scope (its
split follows from it: `test-clean` is a test set).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_SET_TITLE = re.compile(
    r"(?i)^[\s*_#>]*+(?:[a-z][a-z0-9]{1,20}+\s++)?+"
    r"((?:test|dev|eval)[-_ ]?+(?:clean|other|\d{1,4}+))[\s*_]*+$"
)


@reader("split_set_title", markers=("test", "dev", "eval", "Test", "Dev", "Eval"), order=1)
def read_split_set_title(line: str, state: LogState, out: Sink) -> bool:
    title = _SET_TITLE.match(line) if len(line) < 48 else None
    if title is None:
        return False
    state.block_scope = title.group(1)
    return True
