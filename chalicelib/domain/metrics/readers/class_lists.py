"""A line that names one metric for a list of classes and then gives each class's value as
`class:value` pairs: the DOTA evaluation server's mail and DOTA_devkit-style scripts
(`ap of each class: plane:0.8910, baseball-diamond:0.7265, ...`), and the same lead in other
words (`AP per class: car:0.61, person:0.55`, `per-class IoU: road:0.97, sidewalk:0.80`). Each
pair is that class's value of the named metric (`plane/ap`), never a metric named after the
class, nor the mean over the classes (printed on its own line: `mAP: 0.7081`).

Format source: the DOTA-v1.0 evaluation server's task-1/task-2 mail ("This is your evaluation
result for task 1 (VOC metrics): mAP: <fraction> ap of each class: <class>:<ap>, ...") and
CAPTAIN-WHU/DOTA_devkit dota_evaluation_task1.py (one AP per class of the 15 DOTA classes).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

# "ap of each class:", "AP for each class:", "AP per class:", "per-class IoU:", "IoU of each
# category:": the metric's name, then the pairs.
_LEAD = re.compile(
    r"(?i)^\s*+(?:(?P<name>[A-Za-z][\w@.\-]{0,20}+)\s++(?:of|for)\s++(?:each|every)\s++"
    r"(?:class|category)|(?P<name2>[A-Za-z][\w@.\-]{0,20}+)\s++per[\s_\-]++(?:class|category)"
    r"|per[\s_\-]++(?:class|category)\s++(?P<name3>[A-Za-z][\w@.\-]{0,20}+))\s*+:\s*+"
)
# `plane:0.891`, `baseball-diamond: 0.7265`, `small vehicle:0.79`
_PAIR = re.compile(r"\s*+([A-Za-z][\w\-. ]{0,40}?)\s*+:\s*+(" + NUM + r")" + END + r"\s*+(?:,|$)")


@reader(
    "class_lists",
    markers=(" each class", " each categ", "er class", "er-class", "er_class"),
    order=30,
)
def read_class_list(line: str, state: LogState, out: Sink) -> bool:
    lead = _LEAD.match(line)
    if lead is None:
        return False
    name = lead.group("name") or lead.group("name2") or lead.group("name3")
    pairs: list[tuple[str, str]] = []
    at = lead.end()
    while at < len(line):
        pair = _PAIR.match(line, at)
        if pair is None:
            break
        pairs.append((pair.group(1), pair.group(2)))
        at = pair.end()
    if len(pairs) < 2 or line[at:].strip():
        return False  # not a list of class:value pairs to the end of the line
    for label, value in pairs:
        out.add(f"{label}/{name}", value, "class_lists", running=False)
    return True
