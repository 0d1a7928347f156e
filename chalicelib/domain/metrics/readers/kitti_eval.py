"""KITTI 3D object detection results as OpenPCDet, second.pytorch and mmdetection3d print them:
a block per class and overlap setting, `Car AP@0.70, 0.70, 0.70:` (11-point AP; `AP_R40@`,
`AP11@`, `AP40@` name the recall points), then one line per kind of AP, `bbox AP:96.6985,
90.1025, 89.4729`, `bev  AP:...`, `3d   AP:...`, `aos  AP:...`, whose three numbers are the
Easy, Moderate and Hard difficulty levels. Each value is named by its level, class and kind,
`Moderate/Car 3D AP` (`Moderate/Car 3D AP R40` for 40 recall points), so that the claim papers
write, `Car 3D AP (Moderate)`, is that value; its evidence is the block's title and its line.
The first block of a class (and recall setting) is KITTI's standard overlap (Car 0.7,
Pedestrian and Cyclist 0.5); a later block of the same class is a looser setting (`Car
AP@0.70, 0.50, 0.50`) and its values are qualified `loose` (`Moderate loose/Car 3D AP`): they
never stand for the standard figure. The overlaps themselves are no metrics.

Format source: open-mmlab/OpenPCDet pcdet/datasets/kitti/kitti_object_eval_python/eval.py
`get_official_eval_result`: f"{class_to_name[curcls]} AP@{min_overlaps[i, 0, j]:.2f},
{min_overlaps[i, 1, j]:.2f}, {min_overlaps[i, 2, j]:.2f}:", f"bbox AP:{mAPbbox[j, 0, i]:.4f},
{mAPbbox[j, 1, i]:.4f}, {mAPbbox[j, 2, i]:.4f}", "bev  AP:", "3d   AP:", "aos  AP:" (.2f), the
same block again as `AP_R40@`; min_overlaps stacks the standard setting before the loose one;
open-mmlab/mmdetection3d mmdet3d/evaluation/functional/kitti_utils/eval.py (`AP11@`, `AP40@`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_POINTS = r"AP(_R40|_R11|11|40)?+"
_HEADER = re.compile(
    r"(?:^|[\s*])([A-Za-z][\w-]{0,39}+)\s++" + _POINTS + r"@\s*+" + NUM + r",\s*+" + NUM
    + r",\s*+" + NUM + r"\s*+:[*\s]*+$"
)  # fmt: skip
_LINE = re.compile(
    r"^[\s*]*+(bbox|bev|3d|aos)\s++" + _POINTS + r"\s*+:\s*+(" + NUM + r"),\s*+(" + NUM
    + r"),\s*+(" + NUM + r")[*\s]*+$"
)  # fmt: skip
_KINDS = {"bbox": "bbox", "bev": "BEV", "3d": "3D", "aos": "AOS"}
_LEVELS = ("Easy", "Moderate", "Hard")


@reader("kitti_eval", markers=("AP@", "AP_R40@", "AP11@", "AP40@", "AP_R11@", " AP"), order=18)
def read_kitti_eval(line: str, state: LogState, out: Sink) -> bool:
    if "@" in line:
        header = _HEADER.search(line)
        if header is None:
            return False
        name, points = header.group(1), "R40" if "40" in (header.group(2) or "") else "R11"
        seen: set[tuple[str, str]] = state.context.setdefault("kitti_seen", set())
        loose = (name, points) in seen
        seen.add((name, points))
        title = line[header.start(1) :].strip(" *")
        state.context["kitti_block"] = (name, " R40" if points == "R40" else "", loose, title)
        return True
    block = state.context.get("kitti_block")
    match = _LINE.match(line) if block is not None else None
    if match is None or block is None:
        return False
    name, points, loose, title = block
    kind = _KINDS[match.group(1)]
    # the block's title line is part of what the values are: it is their evidence too
    state.line = f"{title} {line.strip()}"
    for level, number in zip(_LEVELS, match.groups()[2:], strict=True):
        metric = f"{level}{' loose' if loose else ''}/{name} {kind} AP{points}"
        out.add(metric, number, "kitti_eval", running=False)
    state.line = line
    return True
