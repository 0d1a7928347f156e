"""A metric's values side by side, each named by whose it is: `ROUGE_1: paper=41.12 | my
result=40.48 (almost equal)`, `mAP: reported 41.2, mine 39.8`. The value named by the writer
(`my result`, `mine`, `ours`, `reproduced`) is the run's and takes the metric's name; the one
named by a source (`paper`, `reported`, `official`, `README`) is quoted, not the run's. A line
that names no one's value is left to the other readers.

Format source: none (how people lay out a comparison with a paper in an issue).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.vocabulary import is_known_metric

_LEAD = re.compile(r"^[\s>*\-]*+([A-Za-z][\w@.\-]{0,30}+)\s*+:\s++(?=[A-Za-z])")
_PAIR = re.compile(
    r"\s*+([A-Za-z][A-Za-z' ]{0,24}?)\s*+[=:]?+\s*+(" + NUM + r")" + END + r"\s*+%?+"
    r"\s*+(?:\([^()]{0,40}+\))?+\s*+(?:[|,;/]|$)"
)
_OWN = re.compile(
    r"(?i)^(?:my(?:\s++\w++)?+|mine|ours|our(?:\s++\w++)?+|reproduced|reproduction|me)$"
)
_SOURCE = re.compile(
    r"(?i)^(?:(?:the\s++)?+paper(?:'s)?+(?:\s++\w++)?+|reported|official|published|readme"
    r"|original|claimed|expected)$"
)


@reader("whose_columns", markers=(":",), order=990)
def read_whose_columns(line: str, state: LogState, out: Sink) -> bool:
    if len(line) > 300 or ("=" not in line and "," not in line and "|" not in line):
        return False
    lead = _LEAD.match(line)
    if lead is None or not is_known_metric(lead.group(1)):
        return False
    pairs = []
    at = lead.end()
    while at < len(line) and (pair := _PAIR.match(line, at)):
        pairs.append((pair.group(1).strip(), pair.group(2)))
        at = pair.end()
    if len(pairs) < 2 or line[at:].strip():
        return False
    own = [number for who, number in pairs if _OWN.match(who)]
    if not own or not any(_SOURCE.match(who) for who, _ in pairs):
        return False
    for number in own:
        out.add(lead.group(1), number, "whose_columns", running=False)
    return True
