"""Clauses of prose that quote someone else's numbers (a paper's, a README's, its authors'),
read by the generic `name: value` reader: a pair in such a clause is not the run's.

In a report written in Chinese the clause runs from the last opening bracket or full stop
before the pair (`（`, `(`, `。`) and quotes when it names a source (论文 "paper", 官方
"official", 报告 "report", ...) and not the writer (我, 复现): `（论文中报告LightGCN yelp
R@20=0.0482，SGL yelp R@20=0.0526）` holds the paper's values, while `（在yelp上设置λ1=0时，
R@20=0.0784）` before it holds the writer's."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.sources import _CJK_OWN, _CJK_SOURCE

# A clause that attributes its value to someone else ("the index mAP=34.6 in the paper", "the
# reported top-1: 76.1", "the result you posted was WER = 1.1"): a quoted number, not the
# run's. The clause ends at , ; or a full stop. So is one naming the value the addressee gave
# ("which is different from the value you given, map50 0.558"): the items listed after it
# are the addressee's.
_QUOTED = re.compile(
    r"(?i)\b(?:(?:in|from|of|by)\s++the\s++(?:original\s++)?+(?:paper|readme|authors?+)"
    r"|paper's|reported|claimed\s++(?:in|by)"
    r"|(?:you|they|the\s++authors?+)\s++(?:have\s++|had\s++)?+(?:posted|published|claimed"
    r"|gave|given|provided|listed|stated|mentioned)"
    # "The correct performance is around f1 = 88.52": the figures the run should have reached
    # (a tutorial's, a README's), named as the target, not obtained
    r"|the\s++(?:correct|expected|target|desired)\s++(?:performance|results?+|scores?+"
    r"|numbers?+|values?+|metrics?+|accuracy)\s++(?:is|are|should\s++be|would\s++be))\b"
)
_CLAUSE_END = re.compile(r"[,;]|\.(?:\s|$)")
# A source named right before a pair, with or without "the" ("lower than in README(cer:6.6)",
# "worse than paper: acc 76.3", "in the paper (mAP=41.2)", "close to yours (Table 8; F1 =
# 0.52)"): the pair is the source's number.
_SOURCE_BEFORE = re.compile(
    r"(?i)\b(?:in|from|than|of|by|to)\s++(?:the\s++|your\s++)?+(?:original\s++|official\s++)?+"
    r"(?:paper|readme|yours|theirs)(?:'s)?+[ \t]*+[(:]?+[ \t]*+$"
)
# A clause that only says where the next one's numbers come from ("According to the results in
# your paper, LUT-GEMM has ppl=49.10", "As reported in the README, ..."): that clause quotes.
_SOURCE_INTRO = re.compile(
    r"(?i)^\s*+(?:according\s++to|as\s++(?:reported|stated|shown|listed|given)\s++in|in)\s++"
    r"(?:the\s++|your\s++|their\s++|its\s++)?+"
    r"(?:(?:results?|numbers?|table\s*+\w*+)\s++(?:in|of|from)\s++(?:the\s++|your\s++|their\s++)?+)?+"
    r"(?:original\s++|official\s++)?+(?:paper|readme|publication|model\s++card)\b[^,;.]*+$"
)
# "NDCG@10: 54.04 -> 1.86" (sentence-transformers' "Base -> Reranked"), "acc 75.6 → 71.7": a
# value that changed into another; the metric is the one it became, the first is a baseline.
_ARROW_TO = re.compile(r"[ \t]*+(?:-{1,2}+>|=>|\u2192|\u27f6)[ \t]*+(" + NUM + r")" + END)


# A clause that is one pair and nothing else ("NDS 35.0%", "and mAP: 30.5"): an item of a list.
_BARE_PAIR = re.compile(
    r"^[ \t]*+(?:and[ \t]++)?+[A-Za-z][\w@.\-/%]{0,40}+(?:[ \t]*+[:=][ \t]*+|[ \t]++)"
    + NUM
    + r"[ \t]*+%?+[ \t]*+$"
)


def _clause_start(line: str, low: int, start: int) -> int:
    before = max(
        line.rfind(",", low, start), line.rfind(";", low, start), line.rfind(". ", low, start)
    )
    return max(before + 1, low)


def _quoted(line: str, start: int, end: int) -> bool:
    """Is the pair at line[start:end] in a clause that attributes it to a paper or its
    authors? A pair that opens its clause after a comma is an item of a list ("reported is
    mAP 30.5%, NDS 35.0%"): the attribution of the item that leads the list covers it too."""
    if not line.isascii() and _cjk_quoted(line, start):
        return True
    low, high = max(0, start - 160), min(len(line), end + 160)  # a clause, not a whole line
    after = _CLAUSE_END.search(line, end, high)
    begin = _clause_start(line, low, start)
    if _QUOTED.search(line, begin, after.start() if after else high):
        return True
    if begin > low and line[begin - 1] == ",":
        intro = line[_clause_start(line, low, begin - 1) : begin - 1]
        named = "aper" in intro or "EADME" in intro or "card" in intro or "ublication" in intro
        if named and _SOURCE_INTRO.match(intro):
            return True
    if line[begin:start].strip(" \t").removeprefix("and").strip():
        return False
    while begin > low and line[begin - 1] == ",":
        previous = _clause_start(line, low, begin - 1)
        if _QUOTED.search(line, previous, begin - 1):
            return True
        if not _BARE_PAIR.match(line[previous : begin - 1]):
            return False
        begin = previous
    return False


def cjk_source(line: str) -> bool:
    """Does a line of Chinese prose name a source of numbers (the paper, the official ones)?"""
    return not line.isascii() and any(w in line for w in _CJK_SOURCE)


def _cjk_quoted(line: str, start: int) -> bool:
    """Is the pair at `start` in a Chinese clause (from the last opening bracket or full stop)
    that names a source and not the writer?"""
    low = max(0, start - 160)
    begin = max(line.rfind(c, low, start) for c in "\uff08(\u3002") + 1
    clause = line[max(begin, low) : start]
    return any(w in clause for w in _CJK_SOURCE) and not any(w in clause for w in _CJK_OWN)


def _after_source(line: str, start: int, name: str) -> bool:
    """Does the pair whose name starts at `start` follow a source named right before it, in
    its clause ("than in README(cer:6.6)": the README's CER)? A name that holds an unclosed
    parenthesis starts after it; the words before it are the text before the pair."""
    cut = name.rfind("(")
    head = name[:cut] if cut >= 0 and ")" not in name[cut:] else ""
    before = line[_clause_start(line, max(0, start - 160), start) : start] + head
    return _SOURCE_BEFORE.search(before) is not None


# A parenthesis glued to the word before it, left open before a pair ("scores(IS: 14.31"): the
# pair's name is what follows it.
_GLUED_PAREN = re.compile(r"(?<=[A-Za-z])\(([A-Za-z][\w@.\-/%]{0,40}+)$")


def _in_source_parenthesis(line: str, start: int) -> bool:
    """Is the pair at `start` inside a parenthesis opened right after a source ("not match
    yours in paper (IS: 14.21, FID: 24.76)")? Every pair in it is the source's."""
    opened = line.rfind("(", max(0, start - 200), start)
    if opened < 0 or ")" in line[opened:start]:
        return False
    if _SOURCE_BEFORE.search(line, max(0, opened - 80), opened + 1) is not None:
        return True
    clause = line[_clause_start(line, max(0, opened - 120), opened) : opened]
    return _SOURCE_SUBJECT.search(clause) is not None


# A clause whose subject is the source, its numbers in the parenthesis that ends it ("but the
# paper is low (Recall@20: 0.1578 ...)", "the README reports (acc 76.1)").
_SOURCE_SUBJECT = re.compile(
    r"(?i)\b(?:the|your|their)\s++(?:original\s++|official\s++)?+(?:paper|readme)\s++"
    r"(?:is|are|was|were|says|said|reports?+|reported|gives|gave|shows|showed|has|had|claims"
    r"|lists)\b[^()]*+$"
)


# A question asking how to reach a value ("How can I reproduce the best result (mAP=88.2%)?",
# "how do you get acc: 76.1?"): the value is the target the writer did not get, not the run's.
_HOW_TO_REACH = re.compile(
    r"(?i)\bhow\s++(?:can|could|do|did|should|to|would)\b[^.?!]*?\b(?:reproduce|achieve|get"
    r"|reach|obtain|match)\b[^.?!]*+$"
)


def asked_target(line: str, start: int, end: int) -> bool:
    """Is the pair at line[start:end] in a question asking how to reach it?"""
    asked = line.find("?", end)
    if asked < 0 or any(c in line[end:asked] for c in ".!"):
        return False
    begin = max(line.rfind(c, 0, start) for c in ".?!") + 1
    return _HOW_TO_REACH.search(line[begin:start]) is not None


# A value named as what the writer could not reach ("but I can't reproduce the mAP=46.3%",
# "unable to reproduce the reported AP 40.2") or only hopes to come close to ("It should ...
# get close to mAP=46.3%"): the target, not the run's. The pair follows the verb and at most
# "the" and two words ("the reported", "the paper's").
_UNREACHED_BEFORE = re.compile(
    r"(?i)(?:\b(?:can't|cannot|can\s++not|couldn't|could\s++not|unable\s++to|fail(?:ed)?+\s++to"
    r"|not\s++able\s++to)\s++(?:\w++\s++)??(?:reproduce|reach|achieve|obtain|match|get)"
    r"|\b(?:get|getting|come|coming|be|is|are)\s++close\s++to)"
    r"\s++(?:the\s++)?+(?:[\w'\-]++\s++){0,2}?$"
)


def unreached_target(line: str, start: int) -> bool:
    """Is the pair starting at line[start] named as a value the writer could not reach or
    hopes to come close to?"""
    begin = max(line.rfind(c, 0, start) for c in ".?!;,") + 1
    return _UNREACHED_BEFORE.search(line[begin:start]) is not None
