"""torchvision reference scripts and the PyTorch ImageNet example: the summary line
`Test: Acc@1 76.130 Acc@5 92.862` (`Test: EMA Acc@1 ...` for the EMA model, ` * Acc@1 ...` in
the ImageNet example, Swin/DeiT and their forks, `* ReaL Acc@1 ...` for another label set),
Swin/DeiT-style `Accuracy of the network [ema] on the N test images: 77.5%`, and the
segmentation reference's confusion-matrix summary (`global correct: 91.2` ... `mean IoU: 63.7`;
its per-class `IoU: [...]` list is not read). Per-batch progress lines (`Test: [10/196] ...`)
are skipped by the engine; timm's ` * Acc@1 x (err)` summary is read by `timm`.

Format source: pytorch/vision references/classification/train.py `evaluate` (header =
f"Test: {log_suffix}"; `print(f"{header} Acc@1 {metric_logger.acc1.global_avg:.3f} Acc@5
{metric_logger.acc5.global_avg:.3f}")`); references/segmentation/utils.py `ConfusionMatrix.
__str__` ("global correct: {:.1f}\\naverage row correct: {}\\nIoU: {}\\nmean IoU: {:.1f}");
pytorch/examples imagenet/main.py (`print(' * Acc@1 {top1.avg:.3f} Acc@5 {top5.avg:.3f}')`,
later `ProgressMeter.display_summary`: " *" + " ".join(meter.summary())); microsoft/Swin-
Transformer main.py (`logger.info(f' * Acc@1 {acc1_meter.avg:.3f} Acc@5 ...')`, f"Accuracy of
the network on the {len(dataset_val)} test images: {acc1:.1f}%").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

# The summary. After "*", "Test:" or at the start of a line one word may name the model or
# label set (`Test: EMA Acc@1`, `* ReaL Acc@1`, a pasted `Small - Acc@1 ...`); elsewhere
# (prose) no word is taken.
_SUMMARY = re.compile(
    r"(?:(?:(?:^|\s)\*|Test:|^)\s*+(?:([A-Za-z][\w\-]*+)\s++(?:-\s++)?+)?+|(?:^|\s|:))"
    r"(?:Acc|Prec)@\d++\s++" + NUM + END
)
# `Acc@1 78.1 (87.9)`: a running average beside the batch's value, or timm's error rate
_PAREN_NUMBER = re.compile(r"\(\s*+" + NUM + r"\s*+\)")
_PAIR = re.compile(r"(?<![\w@])((?:Acc|Prec)@\d++|[Ll]oss)\s++(" + NUM + r")" + END)
_NOT_A_SCOPE = frozenset({"test", "val", "validation", "eval", "info"})
_NETWORK = re.compile(
    r"(?<!\w)(?:([A-Za-z][\w\-]*+)\s++)?Accuracy of the network( ema)? on the \d++ "
    r"(?:test |val |validation )?+images:\s*+(" + NUM + r")\s*+%"
)
_SEGMENTATION = re.compile(r"^\s*+(global correct|mean IoU):\s*+(" + NUM + r")\s*+$")


def _scoped(scope: str | None, name: str) -> str:
    if not scope or scope.lower() in _NOT_A_SCOPE:
        return name
    return f"{scope}/{name}"


@reader("torchvision", markers=("Acc@", "Prec@", "Accuracy of the network"), order=30)
def read_torchvision(line: str, state: LogState, out: Sink) -> bool:
    if "@" in line:
        summary = _SUMMARY.search(line)
        if summary is None or _PAREN_NUMBER.search(line, summary.end()):
            return False  # a progress line, or timm's summary with error rates in parentheses
        scope = summary.group(1)
        for pair in _PAIR.finditer(line, summary.start()):
            out.add(_scoped(scope, pair.group(1)), pair.group(2), "torchvision")
        return True
    match = _NETWORK.search(line)
    if match is None:
        return False
    scope, ema, number = match.groups()
    name = _scoped(scope, "Accuracy")
    out.add(f"EMA/{name}" if ema else name, number, "torchvision")
    return True


@reader("torchvision", markers=("global correct", "mean IoU"), order=30)
def read_segmentation_reference(line: str, state: LogState, out: Sink) -> bool:
    match = _SEGMENTATION.match(line)
    if match is None:
        return False
    out.add(match.group(1), match.group(2), "torchvision")
    return True
