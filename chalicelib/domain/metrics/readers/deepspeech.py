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


# Mozilla DeepSpeech (0.x) test reports: a summary, `Test of Epoch 7593 - WER: 0.0015, loss:
# 0.069, mean edit distance: 0.0004` (later `Test on data/test.csv - WER: ..., CER: ...,
# loss: ...`), then report items, one per sample: `WER: 0.0345, loss: 0.73, mean edit
# distance: 0.0082` followed by its ` - src:` and ` - res:` lines. The summary is the test
# set's; an item's values are one sentence's, never a result. `log_info` prefixes `I `.
#
# Format source: mozilla/DeepSpeech DeepSpeech.py (v0.1-0.4) log_info('Test of Epoch %d - %s'
# % (epoch, format_report ...)) and `'%s - WER: %f, loss: %s, mean edit distance: %f'`;
# evaluate.py (v0.5+) print('Test on %s - WER: %f, CER: %f, loss: %f' % ...) and
# `print('WER: %f, CER: %f, loss: %f' % (sample.wer, sample.cer, sample.loss))` per sample.
_REPORT = re.compile(
    r"^[`\s]*+(?:[IDWE] )?+(Test|Validation|Dev) (?:of Epoch \d++|on \S++)\s*+-\s*+(?=WER:)"
)
_ITEM = re.compile(r"^[`\s]*+(?:[IDWE] )?+WER:\s*+" + NUM + r",\s*+(?:CER|loss)")
_REPORT_PAIR = re.compile(r"(WER|CER|loss|mean edit distance|accuracy):\s*+(" + NUM + r")" + END)
_REPORT_SPLITS = {"Test": "test", "Validation": "val", "Dev": "val"}


@reader("deepspeech", markers=("WER:",), order=29)
def read_deepspeech_report(line: str, state: LogState, out: Sink) -> bool:
    report = _REPORT.match(line)
    if report is None:
        # a report item after a summary: one sample's values
        return bool(state.context.get("deepspeech_report")) and _ITEM.match(line) is not None
    state.context["deepspeech_report"] = True
    split = _REPORT_SPLITS[report.group(1)]
    found = False
    for pair in _REPORT_PAIR.finditer(line, report.end()):
        added = out.add(pair.group(1), pair.group(2), "deepspeech", split=split, running=False)
        found = added or found
    return found
