"""deepspeech.pytorch (SeanNaren) summaries: `test.py` prints `Test Summary \tAverage WER
3.972\tAverage CER 0.747\t` (older releases `Validation Summary ...`), training prints
`Validation Summary Epoch: [12]\tAverage WER 10.3\tAverage CER 3.1\t` after each epoch (a
running value: the last epoch's stands; forks add `Average Train WER`, a training value).
The values are percentages; the line's first word is their split.

Format source: SeanNaren/deepspeech.pytorch test.py print('Test Summary \\t' 'Average WER
{wer:.3f}\\t' 'Average CER {cer:.3f}\\t'.format(wer=wer, cer=cer)); train.py
print('Validation Summary Epoch: [{0}]\\t' 'Average WER {wer:.3f}\\t' 'Average CER
{cer:.3f}\\t'.format(epoch + 1, wer=wer, cer=cer)).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SUMMARY = re.compile(r"(?<!\w)(Test|Validation) Summary(\s++Epoch:\s*+\[\d++\])?+")
_PAIR = re.compile(r"\bAverage (Train )?+(WER|CER)\s++(" + NUM + r")" + END)
_SPLITS = {"Test": "test", "Validation": "val"}


@reader("deepspeech", markers=(" Summary",), order=29)
def read_deepspeech(line: str, state: LogState, out: Sink) -> bool:
    summary = _SUMMARY.search(line)
    if summary is None:
        return False
    running = summary.group(2) is not None
    found = False
    for pair in _PAIR.finditer(line, summary.end()):
        split = "train" if pair.group(1) else _SPLITS[summary.group(1)]
        name = f"Average {pair.group(2)}"
        found = out.add(name, pair.group(3), "deepspeech", split=split, running=running) or found
    return found
