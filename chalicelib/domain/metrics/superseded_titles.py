"""A title introducing numbers the writer had before a change and has since replaced.

"For example, before the fix I got:" / "Or, I used to get:" above a pasted block, then "But
now I get:" above another: the first block is the superseded run's (a bug, a version, a
patch since fixed), the second the run's result. The block below such a title is read like a
quoted block (`line_prelude.prelude` marks it a reference up to the next title or heading), so
its values answer no claim. A title of the new numbers ("after the fix", "now I get") is not
one.

Tests: `tests/unit/metrics/test_verdicts53.py`.
"""

from __future__ import annotations

import re

# "before the fix I got:", "Before this change, we obtained:", "I used to get:", "previously I
# got:", "Earlier I was getting:"; the last clause of the title, ending in its colon.
_SUPERSEDED = re.compile(
    r"(?i)(?:\bbefore\s++(?:the|this|that|my|your|his)\s++(?:bug[ -]?+)?+"
    r"(?:fix(?:es)?+|patch|update|upgrade|change|commit|pr)\b"
    r"|\b(?:i|we)\s++used\s++to\s++(?:get|obtain|see|have)\b"
    r"|\b(?:previously|earlier|formerly)\s++(?:i|we)\s++(?:got|obtained|had|saw|was\s++getting)\b"
    r"|\b(?:i|we)\s++(?:previously|earlier|formerly)\s++(?:got|obtained|had|saw)\b)"
    r"[^:.;!?]{0,60}+:[*_\s]*+$"
)


def superseded_title(title: str) -> bool:
    """Does the title introduce numbers the writer has since replaced ("before the fix I
    got:")?"""
    if (
        "efore" not in title
        and "sed to" not in title
        and "arlier" not in title
        and ("revious" not in title and "ormerly" not in title)
    ):
        return False
    return _SUPERSEDED.search(title) is not None
