"""Ultralytics YOLO validation tables: the `all` row under a `Class Images Instances ...`
header gives P, R, mAP50, mAP50-95 (or mAP@.5, mAP@.5:.95 for older YOLOv5); a second column
group such as `Mask(P R mAP50 mAP50-95)` is named `Mask P`, `Mask mAP50`, ...

Format source: ultralytics/ultralytics ultralytics/models/yolo/detect/val.py
`get_desc` ("%22s" + "%11s" * 6) % ("Class", "Images", "Instances", "Box(P", "R", "mAP50",
"mAP50-95)") and `print_results` ("%22s" + "%11i" * 2 + "%11.3g" * len(keys)).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_HEAD = re.compile(r"^\s*+Class\s++Images\s++(?:Labels|Instances)\s++(.+?)(?::\s++\d++%.*)?$")
_ALL = re.compile(r"^\s*+all\s++\d++\s++\d++\s++(.*?)\s*+$")
_GROUP = re.compile(r"^(\w++)\((.*)$")


def _columns(header: str) -> list[str]:
    columns: list[str] = []
    group = ""
    first_group = ""
    for token in header.split():
        match = _GROUP.match(token)
        if match:
            group, token = match.group(1), match.group(2)
            first_group = first_group or group
        closing = token.endswith(")")
        token = token.rstrip("):")
        if token:
            columns.append(f"{group} {token}" if group and group != first_group else token)
        if closing:
            group = ""
    return columns


@reader("yolo", markers=("Class", " all "), order=12)
def read_yolo(line: str, state: LogState, out: Sink) -> bool:
    if "Class" in line and "Images" in line:
        match = _HEAD.match(line)
        if match:
            state.context["yolo_cols"] = _columns(match.group(1))
            return True
    columns = state.context.get("yolo_cols")
    if columns and "all" in line:
        match = _ALL.match(line)
        if match:
            numbers = match.group(1).split()
            if len(numbers) >= len(columns):
                for name, number in zip(columns, numbers, strict=False):
                    out.add(name, number, "yolo", running=False)
                return True
    return False
