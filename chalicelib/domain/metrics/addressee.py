"""The addressee's numbers: a reporter comparing a run with a repository's labels the
repository's block "YOUR RESULT:" (or "Your results：", "Here are your scores:") beside
"MY RESULT:". A title that is only that label opens a quoted block (`layout.is_reference_title`):
the values below it, up to the next title, are the addressee's, not the run's. A longer title
("This is your evaluation result for task 1", an evaluation server's mail to the submitter)
is no such label.

A report written in Chinese says it with a lead line ending in "is"/"as follows" and no
number of its own: "而你实验得到的D3版本为" ("and the D3 you got in your experiments is"),
"你给出的结果如下：" ("the results you give are as follows:"). The block below it, up to the
next title, is the addressee's; a line with the writer in it ("我使用你的D3版本", "I use your
D3") introduces the writer's own numbers, and a greeting ("您好") names no one's results.

A report written in English says it with a lead that opens on "you" and a verb of stating or
obtaining, with no number of its own: "You write about having", "In your paper you report",
"You claimed:". The block below it (up to a blank line; with a closing colon, up to the next
title) is the addressee's; the writer's own numbers follow under a lead of their own ("whilst
we observe").
"""

from __future__ import annotations

import re

_YOURS_TITLE = re.compile(
    r"(?i)^[\s>*_#\-]*+(?:(?:here\s++(?:is|are)|these\s++are|and)\s++)?+(?:your|yours)"
    r"(?:\s++(?:results?|scores?|numbers?|metrics?|values?))?+[*_\s]*+[:\uff1a][*_\s]*+$"
)


def yours_title(title: str) -> bool:
    return _YOURS_TITLE.match(title) is not None


# "you"/"your" then, within a few characters, a word of obtaining or of results; the line ends
# in a lead ("为", "是", "如下", a colon).
_CJK_YOURS = re.compile(
    r"[\u4f60\u60a8](?!\u597d)[^\u6211\d.]{0,3}?(?:[A-Za-z0-9\-]{0,8}[^\u6211\d.]{0,3})?"
    r"(?:\u5f97\u5230|\u5b9e\u9a8c|\u8dd1\u51fa|\u7ed9\u51fa|\u62a5\u544a|\u516c\u5e03|\u7ed3\u679c)"
    r"[^\u6211]{0,24}?(?:\u4e3a|\u662f|\u5982\u4e0b|[:\uff1a])\s*+$"
)
_DECIMAL = re.compile(r"\d[.,]\d|=")


def cjk_yours_lead(line: str) -> bool:
    """A Chinese lead line presenting the addressee's results, with no number of its own and
    no "I" in it ("而你实验得到的D3版本为")."""
    if "\u6211" in line or _DECIMAL.search(line):
        return False
    return _CJK_YOURS.search(line) is not None


# "You write about having", "In the paper, you report", "You claimed:": the addressee stating
# numbers. A lead, not a sentence: no digit, no closing full stop or question mark, few words.
_EN_YOURS = re.compile(
    r"(?i)^[\s>*_\-]*+(?:(?:in|from)\s++(?:your|the)\s++(?:paper|readme|repo(?:sitory)?+|article"
    r"|blog(?:\s++post)?+)\s*+,?\s*+)?+you\s++(?:also\s++)?+"
    r"(?:write|wrote|report|reported|claim|claimed|state|stated|mention|mentioned"
    r"|say|said|list|listed|show|showed|present|presented)\b[^\d.?!]{0,60}+$"
)
# The writer in a lead ("You said to run eval.py, and I got"): the writer's own numbers follow.
_EN_WRITER = re.compile(r"(?i)\b(?:I|we|my|our|me|us)\b")


def en_yours_lead(line: str) -> bool:
    """An English lead presenting the addressee's numbers ("You write about having"), with no
    number of its own and no "I"/"we" in it."""
    if len(line) > 120 or _EN_WRITER.search(line):
        return False
    return _EN_YOURS.match(line) is not None
