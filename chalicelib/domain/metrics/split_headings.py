"""The split a section's heading or title names ("##### Epoch (VAL)2 #####", "Test Set
Classification Report:", "### eng.train"), read by the layout rules (`line_prelude.py`)."""

from __future__ import annotations

import re

_DIGIT = re.compile(r"\d")

_SPLIT_OF_WORD = {
    "test": "test",
    "testing": "test",
    "test-dev": "test",  # COCO's and VQA's test-dev: a test split
    "test_dev": "test",
    "test dev": "test",
    "val": "val",
    "valid": "val",
    "validation": "val",
    "eval": "val",
    "evaluation": "val",
    "dev": "val",
    "train": "train",
    "training": "train",
}
# A split named by a section's heading or title ("##### Epoch (VAL)2 #####", "Test Set
# Classification Report:"). Not "eval"/"evaluation": an evaluation section may be the test's.
# A split word after "after"/"during" says when, not which data ("results after training").
_SECTION_SPLIT = re.compile(
    r"(?i)(?<![a-z])(?<!after )(?<!during )(?<!before )"
    r"(test|testing|val|valid|validation|dev|train|training)(?![a-z])"
)


def section_split(line: str) -> str | None:
    """The one split a heading or a short title line names, if it names exactly one (a long
    sentence ending with a colon is prose, not a section's title)."""
    if len(line.split()) > 8:
        return None
    named = {_SPLIT_OF_WORD[word.lower()] for word in _SECTION_SPLIT.findall(line)}
    return named.pop() if len(named) == 1 else None


# A heading's words that name a split's data: the split nouns (not the activities "training",
# "testing", "evaluation": "## Evaluation" is a section of how to run it), and CoNLL's file
# suffixes (`eng.testa` is the development file, `eng.testb` the test file).
_HEADING_WORD = re.compile(r"[A-Za-z]++")
_HEADING_SPLITS = {
    "test": "test", "testb": "test", "val": "val", "valid": "val", "validation": "val",
    "dev": "val", "testa": "val", "train": "train",
}  # fmt: skip


def heading_split(line: str) -> str | None:
    """The one split a short heading names ("### eng.train", "## Validation results"), or None
    (a longer one, or one with a number, "## results after training 12 epochs", tells a story
    rather than naming a split's section)."""
    if _DIGIT.search(line) or line.count(" ") > 6:
        return None
    words = _HEADING_WORD.findall(line)
    if len(words) > 4:
        return None
    found = {split for word in words if (split := _HEADING_SPLITS.get(word.lower())) is not None}
    return found.pop() if len(found) == 1 else None


# The split a sentence puts what follows on: "metrics for the val split", "results on the
# test set", "scores of the dev data".
_SENTENCE_SPLIT = re.compile(
    r"(?i)(?<![a-z])(?:on|for|of|with)\s++(?:the\s++|my\s++|our\s++)?+"
    r"(test|testing|val|valid|validation|dev|train|training)[ _\-]?+(?:set|split|data)(?![a-z])"
)
# The split a sentence says the evaluation was run on: "I used my training set for
# evaluation", "evaluated the checkpoint on the training set", "tested it on the val split".
# Such a sentence may run long before the colon ("...; however, my scores are the following:").
_EVALUATED_ON = re.compile(
    r"(?i)(?<![a-z])(?:(?:use|used|using)\s++(?:the\s++|my\s++|our\s++)?+"
    r"(test|testing|val|valid|validation|dev|train|training)[ _\-]?+(?:set|split|data)\s++"
    r"(?:for|to|as)\s++(?:the\s++)?+(?:evaluat|test|validat|infer)"
    r"|(?:evaluated|tested|validated)\s++(?:[a-z\-]++\s++){0,3}?on\s++(?:the\s++|my\s++|our\s++)?+"
    r"(test|testing|val|valid|validation|dev|train|training)[ _\-]?+(?:set|split|data)(?![a-z]))"
)
# A title line of its own, with no number and no colon, naming the data a block of values below
# it was computed on: "Evaluation for test data", "Validation for train data" (an in-sample
# check: the data is the training set, whatever the first word says), "Results on the test
# set", "Metrics on validation data". The block is that split's, up to a blank line or the next
# title.
_DATA_TITLE = re.compile(
    r"(?i)^[\s*#_>\-]*+(?:evaluation|validation|results?+|metrics|scores?+|performance"
    r"|errors?+|predictions?+)\s++(?:on|for|of)\s++(?:the\s++)?+"
    r"(test|testing|val|valid|validation|dev|train|training)[ _\-]?+(?:data|set|split|dataset)"
    r"[\s*_.]*+$"
)
_SENTENCE_END = re.compile(r"[.!?]\s++(?=[A-Z])")
_LAST_SENTENCE_WORDS = 16
_EVALUATED_SENTENCE_WORDS = 32


def last_sentence_split(stripped: str) -> str | None:
    """The one split the last sentence of a paragraph ending with a colon names, when that
    sentence has no number ("It early stops at epoch 17 with a best score of 27.65. Here are
    the metrics for the val split on coco:"): the block below it is that split's output. A
    longer sentence counts when it says the evaluation ran on the split ("I used my training
    set for evaluation ...; however, my scores are the following:"). (A whole line without
    numbers is a title, read as one.)"""
    ends = [m.end() for m in _SENTENCE_END.finditer(stripped)]
    last = stripped[ends[-1] :] if ends else stripped
    if _DIGIT.search(last) or len(last.split()) > _EVALUATED_SENTENCE_WORDS:
        return None
    if len(last.split()) > _LAST_SENTENCE_WORDS:
        return evaluated_split(last)  # a longer one only by saying the evaluation ran on it
    named = {_SPLIT_OF_WORD[m.group(1).lower()] for m in _SENTENCE_SPLIT.finditer(last)}
    return named.pop() if len(named) == 1 else None


def data_title_split(stripped: str) -> str | None:
    """The split a numberless title line says its block was computed on (`_DATA_TITLE`)."""
    titled = _DATA_TITLE.match(stripped)
    return _SPLIT_OF_WORD[titled.group(1).lower()] if titled else None


def evaluated_split(sentence: str) -> str | None:
    """The one split a sentence of up to 32 words says the evaluation ran on (`_EVALUATED_ON`),
    or None."""
    if len(sentence.split()) > _EVALUATED_SENTENCE_WORDS:
        return None
    named = {
        _SPLIT_OF_WORD[(m.group(1) or m.group(2)).lower()] for m in _EVALUATED_ON.finditer(sentence)
    }
    return named.pop() if len(named) == 1 else None


# A rule of one character under a line (a Setext heading's underline, a report's "-----"
# under "Accuracies on split=valid"): the line above is a section's title.
UNDERLINE = re.compile(r"^\s*+([=\-~])\1{2,}+\s*+$")
_TITLE_SHAPE = re.compile(r"^[A-Za-z][^\d|:\t]*+$")


def underlined_split(title: str) -> tuple[bool, str | None]:
    """Is `title` (the line above a rule) a section's title, and which split does it name?
    A title is short prose without numbers, pipes or aligned columns (a table's header row
    over its rule is none); its split is a split noun ("The result without channel-wise
    training" names an activity, no split: `heading_split`)."""
    title = title.strip(" #*_")
    if not _TITLE_SHAPE.match(title) or "  " in title or len(title.split()) > 8:
        return False, None
    return True, heading_split(title)


# A line that is only a split's name ("Val", "Test", "Validation results") above that split's
# `name : value` lines, as project scripts print one block per split (TimelyRec's "Val" then
# "HR@10  : 0.5266" and "Test" then its own block): a section's title, like a heading.
_LONE_SPLIT = re.compile(
    r"(?i)^[*_]*+(test|val|valid|validation|dev|train)(?:\s++(?:set|split|results?+))?+[*_]*+$"
)


def lone_split_title(stripped: str) -> str | None:
    """The split a line naming only a split names ("Val", "Test set"), or None."""
    if len(stripped) > 24 or stripped[:1] not in "TtVvDd*_":
        return None
    named = _LONE_SPLIT.match(stripped)
    return _SPLIT_OF_WORD[named.group(1).lower()] if named else None
