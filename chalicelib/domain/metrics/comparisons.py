"""A block of values followed by a sentence that compares the writer's run with someone else's
("It is much worse than yours.", "Still lower than the paper's."): when the writer's own values
came in an earlier block, the block right above the sentence is the other party's numbers
quoted for the comparison, not the run's.

    And here is my result.

    split | F1 | Acc
    avg   | 72.4 | 78.2

    F1 | Acc
    76.3 | 80.7

    It is much worse than yours.

Only a block that opens straight on a table (no sentence, title or label of its own leads
it) is taken, and only when values were printed before it: a lone block followed by such a sentence
is the writer's own run compared with a source.

A sentence may also name the other system the writer compares with ("the results are much
lower than Y-DNN on the same dataset:", "suspiciously low in comparison to the baseline
BM25-flat published on ..."): a row the log labels with that name (`Y-DNN : hit50: 0.5635
...`) or a column whose header names it (`| Dataset | tantivy ndcg@10 | Beir BM25flat
ndcg@10 |`) holds that system's numbers, not the run's, when the log prints other values
of its own beside them (`compared_systems.others_rows`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.compared_systems import (
    TARGET_MARKS,
    comparison_targets,
    others_rows,
)
from chalicelib.domain.metrics.model import ExtractedMetric

# "worse than yours", "lower than the paper's", "much better than the reported ones": the
# writer's numbers compared with another party's.
_COMPARED = re.compile(
    r"(?i)\b(?:worse|lower|higher|better|smaller|bigger|different)\s++than\s++"
    r"(?:yours|your\s++(?:results?|numbers?|scores?)"
    r"|(?:the\s++)?+(?:paper'?s?+|reported|published|official)(?:\s++(?:ones?|results?|numbers?))?+)"
    r"\s*+[.!]?+\s*+$"
)
_MAX_BLOCKS = 256


class ComparedBlocks:
    """Paragraphs of a log (runs of non-blank lines) and the ones a following comparison
    sentence marks as another party's numbers."""

    def __init__(self) -> None:
        # [first line, last line, led by a sentence or title]
        self._paragraphs: list[list[int | bool]] = []
        self._open = False
        self._quoted: list[tuple[int, int]] = []
        self._targets: set[str] = set()  # systems a sentence compares the run with

    def blank(self) -> None:
        self._open = False

    @property
    def is_open(self) -> bool:
        """Is a paragraph open (its last line not followed by a blank one yet)?"""
        return self._open

    def extend(self, line_no: int) -> None:
        """The open paragraph goes on to `line_no` (lines `line` would only extend it)."""
        self._paragraphs[-1][1] = line_no

    def line(self, line_no: int, stripped: str) -> None:
        if not self._open:
            self._open = True
            if len(self._paragraphs) >= _MAX_BLOCKS:
                self._paragraphs.pop(0)
            self._paragraphs.append([line_no, line_no, _is_lead(stripped)])
        else:
            self._paragraphs[-1][1] = line_no
        if (
            (" than " in stripped or " from " in stripped)
            and len(stripped) < 120
            and _COMPARED.search(stripped)
        ):
            self._note_comparison(stripped)
        if (
            len(stripped) < 400
            and any(mark in stripped for mark in TARGET_MARKS)
            and len(self._targets) < _MAX_BLOCKS
        ):
            self._targets.update(comparison_targets(stripped))

    def _note_comparison(self, stripped: str) -> None:
        if any(c.isdigit() for c in stripped) or len(self._paragraphs) < 3:
            return
        sentence, block = self._paragraphs[-1], self._paragraphs[-2]
        if sentence[0] != sentence[1] or block[2] or len(self._quoted) >= _MAX_BLOCKS:
            return  # the sentence must stand alone after a block that opens on values
        self._quoted.append((int(block[0]), int(block[1])))

    def unquoted(self, metrics: list[ExtractedMetric]) -> list[ExtractedMetric]:
        """`metrics` less those of a compared block, when the writer's values precede it."""
        for first, last in self._quoted:
            if any(m.line < first for m in metrics):
                metrics = [m for m in metrics if not first <= m.line <= last]
        return others_rows(metrics, self._targets) if self._targets else metrics


def _is_lead(stripped: str) -> bool:
    """Does a paragraph's first line lead its values (a sentence, a title, a label such as
    "model at epoch 37,"), rather than open a table of them (a row of `|` cells)?"""
    return stripped.count("|") < 2
