"""torchvision reference scripts and the PyTorch ImageNet example (`Acc@1 ... Acc@5 ...`,
with or without a leading `*`, after a `Test:` header), Swin/DeiT-style
`Accuracy of the network on the N test images: x%`, and timm's `validate.py`, whose
` * Acc@1 82.708 (17.292) Acc@5 96.236 (3.764)` puts error rates in parentheses (not read).

Format source: pytorch/vision references/classification/train.py `evaluate`:
`print(f"{header} Acc@1 {metric_logger.acc1.global_avg:.3f} Acc@5 {...acc5.global_avg:.3f}")`;
timm validate.py `' * Acc@1 {:.3f} ({:.3f}) Acc@5 {:.3f} ({:.3f})'.format(top1, 100-top1, ...)`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SUMMARY = re.compile(r"(?:^|\s|:)(?:\*\s*+)?+(?:[A-Za-z]++\s++)?+(?:Acc|Prec)@\d")
_PAIR = re.compile(
    r"(?<![\w@])((?:Acc|Prec)@\d++|[Ll]oss)\s*+:?+\s*+("
    + NUM
    + r")"
    + END
    + r"(\s*+\(\s*+"
    + NUM
    + r"\s*+\))?+"
)
_NETWORK = re.compile(
    r"\bAccuracy of the network on the \d++ (?:test|val|validation)? ?images:\s++("
    + NUM
    + r")\s*+%"
)


@reader("torchvision", markers=("@1", "@5", "Accuracy of the network"), order=30)
def read_torchvision(line: str, state: LogState, out: Sink) -> bool:
    if "@" in line and _SUMMARY.search(line):
        pairs = list(_PAIR.finditer(line))
        if not pairs:
            return False
        source = "timm" if any(p.group(3) for p in pairs) else "torchvision"
        for pair in pairs:
            out.add(pair.group(1), pair.group(2), source)
        return True
    if "Accuracy of the network" in line:
        match = _NETWORK.search(line)
        if match:
            out.add("Accuracy", match.group(1), "torchvision")
            return True
    return False
