"""Whose numbers a line gives when they are not the run's: a title, a legend or a sentence
naming a source (a paper, a README, a leaderboard, an official or reported figure, a numbered
table of a document, a source named in Chinese), and the words that make a title the writer's
own instead ("my results", "reproduced", "with the official weights"). Used by the layout rules
(`line_prelude.py`) and the prose readers."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.addressee import yours_title

# A title that introduces someone else's numbers ("**Here is your report result:**", "Results
# reported in the paper:"): what follows, up to the next title, is not this run's output.
# So does a title naming the paper, README or tutorial after the results ("But the accuracy
# provided in your paper is:", "The result in Tutorial 4:"); a thesis is a paper ("The
# experimental results of the thesis:").
_REFERENCE_TITLE = re.compile(
    r"(?i)^[^0-9]*?(?:\b(?:report|reported|paper|official|claimed)\b[^0-9]*?"
    r"\b(?:results?|scores?|numbers?)\b[^0-9:]*+"
    r"|\b(?:results?|scores?|numbers?|accuracy|performance|metrics?)\b[^0-9:]*?\b(?:in|from|of|by)"
    r"\s++(?:(?:the|your|their)\s++)?+(?:paper|thesis|readme|tutorial|table)\b(?:\s++\d++)?+[^0-9:\uff1a]*+)"
    r"[:\uff1a][*_\s]*+$"
)
# A short title naming where someone else's numbers come from, with no number of its own
# ("Paper-", "Result reported in the paper", "- Which in paper are:", "The results in this
# repository are:", "in the [readme](...)"): the block below it is quoted, not this run's
# output. One ending with a colon opens the block up to the next title; one without, up to the
# next blank line. A title that also names the writer's own numbers ("ours / reported in
# paper", "mine / reported") is a column legend, not a quotation, and one that names what the
# writer ran ("Results with the official weights:") introduces the writer's numbers.
_SOURCE_WORD = re.compile(
    r"(?i)(?=[prolcm])\b(?:papers?+|reported|published|official|readme|repo|repository"
    r"|leaderboard|claimed|model[ -]cards?+)\b"
)
_OWN_WORD = re.compile(
    r"(?i)(?=[imwuogrcsp])\b(?:i|my|me|we|our|ours|mine|us|got|get|getting|obtained?+"
    r"|reproduced?+|reproducing|reproduction"
    # the writer's run of something the source provides ("Results with the official weights:",
    # "Evaluating the model from the README:")
    r"|weights?+|checkpoints?+|ckpt|models?+(?![ -]card)|code|pre-?+trained|configs?+|scripts?+"
    r"|commands?+"
    r"|settings?+)\b"
)
_LINK = re.compile(r"\[([^\]\n]{0,80}+)\]\([^)\s]{0,300}+\)")
# A legend that says a short label of the log's names means someone else's numbers ("`L`
# means results posted in SQuAD leaderboard", "P denotes the paper's numbers"): values so
# labelled (`EM(L)`) are quoted, not the run's, wherever the legend stands.
_LEGEND = re.compile(
    r"(?i)(?:^|[\s,;(>])[`'\"]?+([A-Za-z][\w\-]{0,11}+)[`'\"]?+\s++"
    r"(?:means|denotes|stands\s++for|refers\s++to)\s++([^,;.]{0,80}+)"
)
_SOURCE_TITLE_WORDS = 12  # a title with a colon; one without has at most half as many
_DIGIT = re.compile(r"\d")
# A digit that starts a number, not one inside a name ("ColBERTv2", "ResNet-50", "GPT4").
_FREE_DIGIT = re.compile(r"(?<![A-Za-z0-9_])(?<![A-Za-z]-)\d")
# The words of a legend line (`legend_labels`): one literal search per line.
LEGEND_WORDS = re.compile(" means | denotes | stands | refers ")


def legend_labels(line: str) -> list[str]:
    """The labels a legend line says mean someone else's numbers."""
    return [
        m.group(1)
        for m in _LEGEND.finditer(line)
        if _SOURCE_WORD.search(m.group(2)) and not _OWN_WORD.search(m.group(2))
    ]


# "Official result for bcub" (kentonl/e2e-coref, before the CoNLL scorer's output): the writer's
# run of the official scorer for one coreference metric, not someone else's numbers.
_OFFICIAL_SCORER_RUN = re.compile(
    r"(?i)\s*+official\s++results?+\s++for\s++(?:muc|bcub|ceafe|ceafm|blanc|lea)\b"
)
# A last clause presenting the numbers one should get ("..., the expected score is:"): what
# follows is a reference's output, not the writer's run.
_EXPECTED_LEAD = re.compile(
    r"(?i)\bthe\s++expected\s++(?:scores?+|results?+|numbers?+|values?+|outputs?+|metrics?+)"
    r"(?:\s++(?:is|are|should\s++be))?+\s*+:[\s*_]*+$"
)


# A verb of the writer's run right before "the expected ..." ("the command yields the expected
# result:", "it reproduces the expected numbers:"): the run's output matches the expectation.
_RUN_GIVES = re.compile(
    r"(?i)\b(?:yields?+|yielded|gives|gave|produces?+|produced|reproduces?+|reproduced|returns?+"
    r"|returned|matches|matched|prints?+|printed|outputs?+|got|get|gets|obtained?+)\s++$"
)


def source_title(line: str) -> int:
    """0 when `line` is no title naming someone else's numbers; 1 for one that ends with a
    colon (what follows up to the next title is quoted); 2 for one without (what follows up to
    a blank line is)."""
    if len(line) > 400 or ("](" not in line and _FREE_DIGIT.search(line)):
        return 0  # (a number outside a link: no title, see below; the common case, tested first)
    if not _SOURCE_WORD.search(line):
        if "xpected" not in line or not (lead := _EXPECTED_LEAD.search(line)):
            return 0
        # "Running the command yields the expected result:": the run's output, as expected
        return 0 if _RUN_GIVES.search(line, max(0, lead.start() - 24), lead.start()) else 1
    if _OFFICIAL_SCORER_RUN.match(line):
        return 0
    if "](" in line:
        line = _LINK.sub(r"\1", line)
    text = line.strip(" \t*_>#-")
    colon = text.endswith((":", "\uff1a"))
    core = text.rstrip(":\uff1a- \t*_")
    words = core.split()
    if not words or len(words) > (_SOURCE_TITLE_WORDS if colon else _SOURCE_TITLE_WORDS // 2):
        return 0
    if core.endswith((".", "?", "!")) or _FREE_DIGIT.search(core):
        return 0
    if any(c.isdigit() and not c.isascii() for c in core):
        return 0
    if _OWN_WORD.search(core) or not _SOURCE_WORD.search(core):
        return 0
    return 1 if colon else 2


# A numbered table of a document ("Table 1", "Tab. 2", "表3"): the paper's, not the run's.
_TABLE_REF = re.compile(r"(?i)(?<![a-z])(?:table|tab\.)\s*+\d{1,2}+(?!\d)|\u8868\s*+\d{1,2}+")


def table_reference(line: str) -> bool:
    """A sentence with no number but a document's table number, naming that table and not the
    writer ("与Table 1：Multivariate results 中Informer的baseline相差比较大", "Compared with
    Table 2 of the paper"): the values below it, up to a blank line, are that table's."""
    if len(line) > 300 or "=" in line or not (table := _TABLE_REF.search(line)):
        return False
    rest = line[: table.start()] + line[table.end() :]
    if _DIGIT.search(rest) or _OWN_WORD.search(rest) or any(w in rest for w in _CJK_OWN):
        return False
    return not rest.rstrip(" \t*_").endswith((":", "\uff1a"))  # ("Table 2:" is a title)


def source_title_with_settings(stripped: str) -> bool:
    """A title naming someone else's numbers, with the settings they were obtained with in a
    closing parenthesis ("Scores the paper claims (beam = 5, 3 layers):"): the settings' digits
    make no title of their own; without them the line is a source title with a colon."""
    cut = stripped.rfind("(")
    if cut <= 0 or not stripped.endswith(("):", ") :")) or "(" in stripped[:cut]:
        return False
    return source_title(stripped[:cut].rstrip() + ":") == 1


# Source words of reports written in Chinese: official (site), paper, in the paper, original
# text, leaderboard, report, published, disclosed; and the writer's own ("I", "reproduced").
_CJK_SOURCE = ("官网", "官方", "论文", "文中", "原文", "榜单", "排行榜", "报告", "公布", "披露")
_CJK_OWN = ("我", "复现")


def quoted_after_cjk_source(line: str) -> bool:
    """A Chinese sentence whose words before its first number name a source and not the
    writer ("和公布的 EER = 0.86% 相去甚远", "论文中的结果是 mAP 41.2"): the numbers are the
    source's, not the run's."""
    first = _DIGIT.search(line)
    if first is None:
        return False
    before = line[: first.start()]
    if not any(w in before for w in _CJK_SOURCE):
        return False
    return not any(w in before for w in _CJK_OWN)


def quoted_in_parentheses(line: str) -> bool:
    """A sentence naming a source with numbers only in a parenthesis after it ("far below the
    official numbers (MMLU=64.1, TydiQA=35.7)"): the numbers are the source's, not the run's."""
    start = line.find("(")
    if start < 0:
        start = line.find("\uff08")
    if start < 0 or _DIGIT.search(line, 0, start):
        return False  # (a digit before it, the common case, at C speed: see below)
    end = max(line.find(")", start), line.find("\uff09", start))
    if end < 0:
        return False
    before, inside, after = line[:start], line[start:end], line[end + 1 :]
    if _DIGIT.search(before) or _DIGIT.search(after):
        return False  # (the common case, at C speed; str.isdigit below also takes "²")
    if any(c.isdigit() for c in before + after) or not any(c.isdigit() for c in inside):
        return False
    if not (_SOURCE_WORD.search(before) or any(w in before for w in _CJK_SOURCE)):
        return False
    return not (_OWN_WORD.search(before) or any(w in before for w in _CJK_OWN))


# A Markdown link to a leaderboard ("[mmbench-dev-cn](https://mmbench.opencompass.org.cn/
# leaderboard)", "[Open LLM Leaderboard](...)"): its text or its address names the board.
_LEADERBOARD_LINK = re.compile(r"\[[^\]\n]{0,80}+\]\([^)\s]{0,300}+\)")


# A link the sentence says its numbers come from: "corresponds in the [post](https://blogs...)
# to airline 100M ... Then the time was 2098s and AUC=0.856", "as in the [paper](arxiv...)":
# a preposition, then a link whose text or address names a published source.
_FROM_SOURCE_LINK = re.compile(
    r"(?i)\b(?:in|from|by|on|of)\s++(?:the|this|that|your|their|his|her|a)\s++"
    r"\[[^\]\n]{0,80}+\]\([^)\s]{0,300}+\)"
)
_LINK_SOURCE = re.compile(r"(?i)blog|post|article|paper|arxiv|readme|tutorial")


def quoted_from_a_leaderboard(line: str) -> bool:
    """A sentence that cites a leaderboard by a link and states numbers, with no word of the
    writer's own ("InternVL-Chat-V1.2 is number one in [mmbench-dev-cn](.../leaderboard) with
    acc = 79.5%"): the numbers are the board's entry, not the writer's run. ("I get 71.7, far
    from the [leaderboard](...)'s 79.5" is the writer's: the paper-value rules read it.) So does
    one citing a post, paper, README or tutorial by a link after a preposition ("... in the
    [post](...) ... Then the time was 2098s and AUC=0.856"), with no word of the writer's own."""
    links = [m for m in _LEADERBOARD_LINK.finditer(line) if "eaderboard" in m.group()]
    if not links and not any(
        _LINK_SOURCE.search(m.group()) for m in _FROM_SOURCE_LINK.finditer(line)
    ):
        return False
    rest = _LEADERBOARD_LINK.sub(" ", line)
    return bool(_FREE_DIGIT.search(rest)) and _OWN_WORD.search(rest) is None


# The last clause of a title presenting the writer's own output ("..., this is my log
# report:", "...; here are my results:", "..., my results:").
_OWN_LAST_CLAUSE = re.compile(
    r"(?i)\s*+(?:(?:and|but|so)\s++)?+(?:(?:this|these|here|below)\s++(?:is|are)\s++)?+"
    r"(?:my|our)\s++(?:own\s++)?+(?:\w++\s++)?+(?:results?|logs?|outputs?|numbers|scores|report)\b"
)
# A first-person subject getting the numbers the title presents ("When using the official COCO
# API i get these results on my dataset:", "with the paper's config we got the following
# results:"): the writer's own run of the source's tool, code or setting, not its numbers.
_OWN_RESULTS_BELOW = re.compile(
    r"(?i)\b(?:i|we)\s++(?:[a-z]{2,12}\s+)?(?:get|got|obtain(?:ed)?+|achieve[ds]?+|see|saw)\s++"
    r"(?:these|those|this|the\s++following|following)\s++(?:[a-z]{2,20}\s+)?"
    r"(?:results?|numbers|scores|metrics|outputs?)\b"
)


_SENTENCE_BREAK = re.compile(r"(?<=[a-z]{2}[.?!])\s++(?=[A-Z])")


def is_reference_title(title: str) -> bool:
    """A title naming someone else's numbers: a paper's, a README's, a tutorial's, or those of
    a numbered table of a document ("Results in Table 2:"; "my results in Table 2:" are not).
    A title whose last clause presents the writer's own output ("I can't reproduce the results
    from the paper, this is my log:"), or whose writer gets them ("With the official API I get
    these results:"), introduces the writer's numbers, not the paper's."""
    if yours_title(title):
        return True  # "YOUR RESULT:" beside "MY RESULT:": the addressee's numbers
    if ". " in title or "? " in title or "! " in title:
        # a paragraph of several sentences ending with a colon: its last sentence is the
        # title ("... we should report results on the same base. Here are the difference:")
        breaks = list(_SENTENCE_BREAK.finditer(title))
        if breaks:
            title = title[breaks[-1].end() :]
    match = _REFERENCE_TITLE.match(title)
    if match is None:
        return False
    cut = max(title.rfind(","), title.rfind(";"), title.rfind(". "))
    if cut > 0 and _OWN_LAST_CLAUSE.match(title, cut + 1):
        return False
    if _OWN_RESULTS_BELOW.search(title):
        return False
    return "able" not in title or not _OWN_WORD.search(title)


# A line of numbers ending with a parenthesis that says whose they are ("box AP 40.9, mask AP
# 36.4 (detectron repo official results)", "top-1 76.1 (paper)"): the source's numbers, beside
# the writer's own lines ("box AP 40.3 (vision repo self-training results)"). Not a label that
# names the writer's run ("(ours)", "(official weights)") or compares with the source
# ("(higher than the paper)").
_TRAILING_LABEL = re.compile(r"\(([^()\d]{2,80}+)\)[\s.;,*_]*+$")
_LABEL_SOURCE = re.compile(
    r"(?i)\b(?:papers?+|paper's|reported|published|official|claimed|leaderboard|readme"
    r"|model[ -]cards?+)\b"
)
_COMPARING = re.compile(
    r"(?i)\b(?:than|vs|versus|compared|comparable|match(?:es|ing)?+|same|close|above|below"
    r"|lower|higher|better|worse|gap|diff(?:erence)?+|like|as)\b"
)


def trailing_source_label(stripped: str) -> bool:
    """Is `stripped` a line of numbers whose closing parenthesis names someone else's numbers
    (see `_TRAILING_LABEL`)?"""
    label = _TRAILING_LABEL.search(stripped)
    if label is None or not _DIGIT.search(stripped, 0, label.start()):
        return False
    words = label.group(1)
    return (
        _LABEL_SOURCE.search(words) is not None
        and _OWN_WORD.search(words) is None
        and _COMPARING.search(words) is None
    )
