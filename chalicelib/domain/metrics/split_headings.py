"""The split a section's heading or title names ("##### Epoch (VAL)2 #####", "Test Set
Classification Report:", "### eng.train"), read by the layout rules (`line_prelude.py`)."""

from __future__ import annotations

import re

_DIGIT = re.compile(r"\d")

_SPLIT_OF_WORD = {
    "test": "test",
    "testing": "test",
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
