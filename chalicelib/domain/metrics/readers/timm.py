"""timm (pytorch-image-models): `validate.py`'s summary ` * Acc@1 82.708 (17.292) Acc@5 96.236
(3.764)`, whose parentheses hold error rates (not read; pasted often without the leading
` * `, or with it as a markdown bullet), and the evaluation lines of
`validate.py` and `train.py` `Test: [ 156/156]  Time: ...  Loss:  0.4765 (0.4765)  Acc@1:
93.750 ( 93.750)  Acc@5: ...` (also `Test (EMA): ...`), where the first number is the last
batch's and the one in parentheses the average over the whole set: only the line of the last
batch is read (the engine skips the others), and only its averages. In `train.py` that line
ends each epoch's evaluation, so its values are running ones. Early releases wrote `Prec@1`
for `Acc@1`. Training lines (`Train: 3 [ 100/1251 ( 8%)]  Loss: ...`) are consumed with
nothing read. The same pair shape with a parenthesis that is not the complement of its value
(`Prec@1 50.781 (47.435)`: the PyTorch ImageNet example's `{top1.val} ({top1.avg})` of a batch
in progress, quoted without its counter) is a running meter, not a summary: nothing is read.
With `--metrics-avg macro` the summary goes on with ` | Precision(macro) 89.874 | Recall(macro)
90.120 | F1-score(macro) 89.951`, read as `Precision macro`, `Recall macro`, `F1-score macro`.
The `--result` JSON and the results/summary CSV files are read by
`json_results` and `results_csv`.

Format source: huggingface/pytorch-image-models validate.py (`'{0}: [{1:>4d}/{2}]  Time: ...
Loss: {loss.val:>7.4f} ({loss.avg:>6.4f})  Acc@1: {top1.val:>7.3f} ({top1.avg:>7.3f})  Acc@5:
{top5.val:>7.3f} ({top5.avg:>7.3f})'`, `' * Acc@1 {:.3f} ({:.3f}) Acc@5 {:.3f} ({:.3f})'.
format(top1a, 100-top1a, top5a, 100.-top5a)`, `log_string += ' | Precision({avg}) {prec:.3f} |
Recall({avg}) {rec:.3f} | F1-score({avg}) {f1:.3f}'`) and train.py (`validate(..., log_suffix=
' (EMA)')`: log_name = 'Test' + log_suffix; `'Train: {} [{:>4d}/{} ({:>3.0f}%)]  Loss: ...'`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM, decimals_of

_PAREN = r"\s*+\(\s*+(" + NUM + r")\s*+\)"
_SUMMARY = re.compile(
    r"(?<![\w@])(Acc|Prec)@1\s++("
    + NUM
    + r")"
    + _PAREN
    + r"\s++(?:Acc|Prec)@5\s++("
    + NUM
    + r")"
    # (a line pasted without the last error rate, `... Acc@5 7.830`: the top-1 pair, checked
    # below, already tells the summary from a batch meter)
    + r"(?:"
    + _PAREN
    + r")?+"
)


def _complements(value: str, paren: str) -> bool:
    """Does the parenthesis hold the error rate of the value (100 - value), as the summary
    line prints it, within the coarser of the two printed roundings (`4.0 (95.982)`)? (A batch
    meter's parenthesis holds a running average instead.)"""
    places = min(decimals_of(value), decimals_of(paren))
    return abs(float(value) + float(paren) - 100.0) <= max(10.0**-places, 0.01)


# `--metrics-avg macro` appends " | Precision(macro) 89.874 | Recall(macro) ... | F1-score(...)"
_AVERAGED = re.compile(r"\|\s*+(Precision|Recall|F1-score)\((\w++)\)\s++(" + NUM + r")")

# The evaluation line: "Test: [ 156/156]" or "Test (EMA): [ 156/156]", then name: value (avg).
_EVAL_HEAD = re.compile(r"(?<![\w(])(Test|Eval|Val)(\s*+\(EMA\))?+:\s*+\[\s*+\d++/\d++\]")
_EVAL_PAIR = re.compile(
    r"(?<![\w@])(Loss|Acc@1|Acc@5|Prec@1|Prec@5):\s++" + NUM + r"\s*+\(\s*+(" + NUM + r")\s*+\)"
)
_TRAIN = re.compile(r"(?<![\w(])Train:\s*+\d++\s*+\[")


@reader("timm", markers=("Acc@1 ", "Prec@1 ", "Acc@1:", "Prec@1:", "Train:"), order=29)
def read_timm(line: str, state: LogState, out: Sink) -> bool:
    summary = _SUMMARY.search(line) if "@1 " in line else None
    if summary is not None:
        if not _complements(summary.group(2), summary.group(3)):
            return True  # "Prec@1 50.781 (47.435)": one batch's value and the running average
        kind = summary.group(1)
        out.add(f"{kind}@1", summary.group(2), "timm", running=False)
        out.add(f"{kind}@5", summary.group(4), "timm", running=False)
        for averaged in _AVERAGED.finditer(line, summary.end()):
            name, average, number = averaged.groups()
            out.add(f"{name} {average}", number, "timm", running=False)
        return True
    head = _EVAL_HEAD.search(line) if "@1:" in line else None
    if head is not None:
        prefix = "EMA/" if head.group(2) else ""
        for pair in _EVAL_PAIR.finditer(line, head.end()):
            out.add(prefix + pair.group(1), pair.group(2), "timm", running=True)
        return True
    return _TRAIN.search(line) is not None
