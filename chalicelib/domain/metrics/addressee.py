"""The addressee's numbers: a reporter comparing a run with a repository's labels the
repository's block "YOUR RESULT:" (or "Your results：", "Here are your scores:") beside
"MY RESULT:". A title that is only that label opens a quoted block (`layout.is_reference_title`):
the values below it, up to the next title, are the addressee's, not the run's. A longer title
("This is your evaluation result for task 1", an evaluation server's mail to the submitter)
is no such label.
"""

from __future__ import annotations

import re

_YOURS_TITLE = re.compile(
    r"(?i)^[\s>*_#\-]*+(?:(?:here\s++(?:is|are)|these\s++are|and)\s++)?+(?:your|yours)"
    r"(?:\s++(?:results?|scores?|numbers?|metrics?|values?))?+[*_\s]*+[:\uff1a][*_\s]*+$"
)


def yours_title(title: str) -> bool:
    return _YOURS_TITLE.match(title) is not None
