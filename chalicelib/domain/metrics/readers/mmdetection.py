"""MMDetection results outside the logger lines read by `mmpretrain` (`Epoch(val) [12][548]
bbox_mAP: ...`): bare `bbox_mAP: 0.3740, bbox_mAP_50: 0.5810, ...` and `coco/bbox_mAP: 0.3740
coco/bbox_mAP_50: ...` pairs, and the dict `tools/test.py` of 2.x prints, `OrderedDict([(
'bbox_mAP', 0.374), ('bbox_mAP_50', 0.581), ..., ('bbox_mAP_copypaste', '0.374 ...')])`.
`*_mAP_copypaste` values repeat the named ones, unnamed, and are ignored where the line names
them; a copypaste line alone (3.x logs it on its own line, and people paste only it) is read
by position: mAP, mAP_50, mAP_75, mAP_s, mAP_m, mAP_l. -1 values (no ground truth in that
area range) are skipped, and so are the per-category APs `classwise=True` adds as
`<category>_precision` (a class row, not a precision).

Format source: open-mmlab/mmdetection mmdet/datasets/coco.py (2.x `evaluate`: eval_results =
OrderedDict(); keys f'{metric}_mAP', '_mAP_50', '_mAP_75', '_mAP_s/m/l', and
eval_results[f'{metric}_mAP_copypaste'] = f'{ap[0]:.3f} {ap[1]:.3f} ...'), tools/test.py (2.x:
`metric = dataset.evaluate(outputs, **eval_kwargs); print(metric)`) and mmdet/evaluation/
metrics/coco_metric.py (3.x, keys prefixed `coco/` by mmengine).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number
from chalicelib.domain.metrics.readers.mmpretrain import category_ap

_PAIR = re.compile(
    r"(?<![\w/])((?:[\w\-]++/)?+(?:bbox|segm|mask|proposal)_mAP(?:_\w+?)?)\s*+[:=]\s*+("
    + NUM
    + r")"
    + END
)
_TUPLE = re.compile(r"\(\s*+'([\w/\-@.]{1,80}+)',\s*+(?:np\.float\d++\()?+(" + NUM + r")" + END)


_COPYPASTE = re.compile(
    r"(?<![\w/])((?:[\w\-]++/)?+(?:bbox|segm|mask|proposal))_mAP_copypaste\s*+[:=]\s*+"
    r"((?:-?[\d.]++\s++){5}-?[\d.]++)" + END
)
_COPYPASTE_FIELDS = ("mAP", "mAP_50", "mAP_75", "mAP_s", "mAP_m", "mAP_l")


def _add(name: str, number: str, out: Sink) -> None:
    value = parse_number(number)
    if not name.endswith("copypaste") and value is not None and value >= 0:
        out.add(name, number, "mmdetection")


@reader("mmdetection", markers=("_mAP", "OrderedDict([("), order=32)
def read_mmdetection(line: str, state: LogState, out: Sink) -> bool:
    if "OrderedDict([(" in line:
        for match in _TUPLE.finditer(line):
            if not category_ap(match.group(1), line):
                _add(match.group(1), match.group(2), out)
        return True
    found = False
    for match in _PAIR.finditer(line):
        _add(match.group(1), match.group(2), out)
        found = found or not match.group(1).endswith("copypaste")
    if not found:
        for match in _COPYPASTE.finditer(line):
            for field, number in zip(_COPYPASTE_FIELDS, match.group(2).split(), strict=True):
                _add(f"{match.group(1)}_{field}", number, out)
            found = True
    return found
