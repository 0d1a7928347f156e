"""A line led by a label saying whose numbers follow, when they are not the run's:

    My results：HOTA 41.196      IDF1 48.53
    Your results：HOTA 53.005    IDF1 67.195
    Paper： mAP 41.2, AP50 60.1

A reporter comparing a run with a repository's numbers labels the addressee's "Your
result(s)" / "Yours" beside "My result(s)"; a label naming a source (paper, reported, official,
published, claimed, original) quotes that source. The values after such a label are quoted,
not the run's: the line is consumed and nothing is read from it. The layout rules read the
ASCII-colon form of the source labels (`layout._SOURCE_LEAD`); this reader also takes the
full-width colon (`：`, typed by writers with a CJK input method) and the addressee's label
with either colon. A label of the writer's ("My results", "Ours") is left to the other readers.

Format source: none (how people lay out a comparison with a repository in an issue).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_LEAD = re.compile(
    r"(?i)^[\s>*_\-]*+(?:(?:on|in|from|per)\s++)?+(?:the\s++)?+"
    r"(?:(?:your|yours)(?:\s++(?:results?|scores?|numbers?|metrics?|values?))?+"
    r"|(?:paper|reported|official|published|claimed|original)"
    r"(?:\s++(?:results?|numbers?|scores?|values?))?+)"
    r"[*_]*+\s*+(?:[:=]|\uff1a)(?=.*\d)"
)


@reader(
    "quoted_leads",
    markers=("our", "Our", "OUR", "\uff1a"),
    order=0,
)
def read_quoted_leads(line: str, state: LogState, out: Sink) -> bool:
    if len(line) > 400:
        return False
    return _LEAD.match(line) is not None
