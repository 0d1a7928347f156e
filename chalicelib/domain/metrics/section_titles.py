"""Section titles and banners the prelude (`line_prelude.prelude`) reads: a banner behind a
logger's time stamp ("2016-06-14 08:22:54 :: ----- dev -----"), a line of capitalised words that
names a data set ("MS-MARCO Passage", not "Test Results"), a list title that names a data set or a
section of results ("LibriSpeech/Vox EN"). Moved out of `line_prelude.py` as they were."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.layout import (
    _BANNER,
    _DATASET_SHAPED,
    _NAME_SHAPED,
    _NOT_A_DATASET,
    _NOT_A_SECTION,
    _SPLIT_OF_WORD,
)
from chalicelib.domain.metrics.sources import source_title
from chalicelib.domain.metrics.vocabulary import is_known_metric

_RULES = frozenset(c * 3 for c in "+=*~-")

# A logger's time stamp before a line ("2016-06-14 08:22:54 :: ", keras-language-modeling's
# `log()`: `strftime('%Y-%m-%d %H:%M:%S :: ') + x`; "2021-03-02 10:11:12,345 - ",
# "2021-03-02T10:11:12 | "): a banner behind it opens a section as a bare banner does.
_STAMP = re.compile(
    r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?+\s*+(?:::|[-|:])?+\s*+"
)


def _stamped_banner(line: str) -> re.Match[str] | None:
    """The banner (`_BANNER`) of a line behind a logger's time stamp, or None."""
    stamp = _STAMP.match(line)
    if stamp is None or line[stamp.end() : stamp.end() + 3] not in _RULES:
        return None
    return _BANNER.match(line[stamp.end() :])


def caps_section_title(title: str) -> bool:
    """Is a line of capitalised words (`_CAPS_TITLE`) a data set's name, not a split, a
    metric, a kind of output or a source ("Test Results", "Top1 Acc", "Paper Numbers")?"""
    words = [w.strip("()") for w in title.split()]
    if not any(_NAME_SHAPED.search(w) for w in words) or source_title(title):
        return False
    return not any(
        (low := w.lower()) in _SPLIT_OF_WORD
        or low in _NOT_A_SECTION
        or low in _NOT_A_DATASET
        or is_known_metric(w)
        for w in words
    )


def _section_name(name: str) -> bool:
    """Does a list title name a data set or a section of results ("LibriSpeech/Vox EN"), not
    a split, a metric or a kind of output ("Test results")?"""
    if not _DATASET_SHAPED.search(name):
        return False
    words = [w for w in re.split(r"[\s/]+", name.lower()) if w]
    return not any(
        w in _SPLIT_OF_WORD or w in _NOT_A_SECTION or w in _NOT_A_DATASET or is_known_metric(w)
        for w in words
    )
