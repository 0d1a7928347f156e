"""A sentence whose subject is a source stating numbers, with the numbers after it on the
same line: "For example, the paper reports FID=4.30 for this model:", "The README says
top-1 76.1 and top-5 92.9", "the authors reported mAP 41.2". The numbers are the source's, not
the run's (`line_prelude.prelude` skips the line, as `sources.quoted_after_cjk_source` does for
Chinese). The clause right before the first number must name the source and its verb; a line that
also speaks of the writer's own run ("the paper reports FID=4.30 but I get 5.3", "we got") is
left to the other rules: it holds both.

Tests: `tests/unit/metrics/test_verdicts46.py`.
"""

from __future__ import annotations

import re

# A word that may name a source: the cheap test before the regular expressions.
SOURCE_HINTS = ("aper", "EADME", "eadme", "epo", "eaderboard", "uthor", "odel card")

_SOURCE_SAYS = re.compile(
    r"(?i)\b(?:the|your|their|its|this|original)\s++(?:original\s++|official\s++)?+"
    r"(?:paper|readme|repo|repository|model[ -]card|leaderboard|authors?+)\s++"
    r"(?:also\s++|only\s++)?+"
    r"(?:says?|claims?|claimed|states?|stated|reports?|reported|shows?|showed|lists?|listed"
    r"|gives?|gave)\b[^.;!?]*+$"
)
# A digit that starts a number, not one inside a name ("ResNet-50", "GPT4", "ffhq70k").
_FREE_DIGIT = re.compile(r"(?<![A-Za-z0-9_])(?<![A-Za-z]-)\d")
# The writer's own run spoken of on the line: it holds the writer's numbers too.
_FIRST_PERSON = re.compile(
    r"(?i)\b(?:i|we|my|our|ours|mine|me|us|i'm|i've|we've|get|got|getting|obtained?+"
    r"|reproduced?+)\b"
)


def quoted_after_source_verb(line: str) -> bool:
    """Does the clause before the line's first number say a source states it (see above)?"""
    if len(line) > 400:
        return False
    first = _FREE_DIGIT.search(line)
    if first is None:
        return False
    before = line[: first.start()]
    cut = max(before.rfind(". "), before.rfind("? "), before.rfind("! "))
    if _SOURCE_SAYS.search(before, cut + 1) is None:
        return False
    return _FIRST_PERSON.search(line) is None


# A model whose paper's numbers the prose names ("surpasses the Conformer paper's result",
# "the results reported in the Zipformer paper"): a row of a table labelled by that model is
# the paper's number quoted for comparison, not the run's (`LogState.context["quoted_labels"]`,
# as a legend's labels are).
_PAPERS_RESULT = re.compile(
    r"\b([A-Z][\w\-.+]{1,30}+)(?:'s)?+\s++paper(?:'s|s')\s++(?:reported\s++)?+"
    r"(?i:results?+|numbers?+|scores?+|values?+|wers?+|accuracy|performance)\b"
    r"|\b(?i:results?+|numbers?+|scores?+)\s++(?:reported\s++)?+(?:in|of|from)\s++the\s++"
    r"([A-Z][\w\-.+]{1,30}+)\s++paper\b"
)
_NO_MODEL = frozenset(
    {"the", "this", "that", "our", "your", "their", "its", "original", "official", "same",
     "whole", "full", "main", "first", "second", "other", "previous", "arxiv", "published"}
)  # fmt: skip


def paper_labels(line: str) -> list[str]:
    """The models whose paper's numbers the line names (see `_PAPERS_RESULT`)."""
    if len(line) > 1000:
        return []
    labels = [m.group(1) or m.group(2) for m in _PAPERS_RESULT.finditer(line)]
    return [label for label in labels if label.lower() not in _NO_MODEL]
