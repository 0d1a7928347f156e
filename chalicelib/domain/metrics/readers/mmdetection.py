"""MMDetection results: 2.x `bbox_mAP: 0.3740, bbox_mAP_50: 0.5810, ...` lines and 3.x
`coco/bbox_mAP: 0.3740  coco/bbox_mAP_50: ...` lines. `*_mAP_copypaste` values repeat the
named ones and are ignored.

Format source: open-mmlab/mmdetection mmdet/datasets/coco.py (2.x `evaluate`:
`eval_results[f'{metric}_mAP_copypaste'] = ...`, keys `{metric}_mAP`, `_mAP_50`, `_mAP_75`,
`_mAP_s/m/l`) and mmdet/evaluation/metrics/coco_metric.py (3.x, prefixed `coco/`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number

_PAIR = re.compile(
    r"(?<![\w/])((?:[\w\-]++/)?+(?:bbox|segm|mask|proposal)_mAP(?:_\w+?)?)\s*+[:=]\s*+("
    + NUM
    + r")"
    + END
)


@reader("mmdetection", markers=("_mAP",), order=32)
def read_mmdetection(line: str, state: LogState, out: Sink) -> bool:
    found = False
    for match in _PAIR.finditer(line):
        name, number = match.groups()
        found = True
        value = parse_number(number)
        if name.endswith("copypaste") or value is None or value < 0:
            continue
        out.add(name, number, "mmdetection")
    return found
