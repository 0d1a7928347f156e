"""The split a report says its numbers were measured on, in prose anywhere in it
(`engine.Extraction` feeds it every line it reads and asks it to `adjust` the results).

- **A statement about the numbers shown**: "yes, this is performance on val set with tta!",
  "The above results are on the validation set", "These numbers are on the dev split". A
  reporter answers a maintainer's question ("Are these performances on val set? Or you
  submit results to test server?") or adds a note under the block: the values the log prints
  without a split of their own are that split's.
- **A run on a validation split, in a report that never names a test split**: "I ran your
  released pretrained checkpoint on DanceTrack val ... and obtained:", "evaluated the model
  on the COCO val set and got:". Every block of such a report (a second run "with the same
  config" below the first) is measured on that split: a *test* claim is not answered by it.

Either way only a claim that names the test split changes: a validation value still answers
a claim that names no split when the log has no test or unsplit value (the contract), and
values a reader or a name already put under a split keep it; when any value says test, the
log's own labels decide and nothing is changed.

Tests: `tests/unit/metrics/test_verdicts49.py`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import sense_of

_VAL = {"val": "val", "validation": "val", "dev": "val", "test": "test", "testing": "test"}
# "this is performance on val set", "the above results are on the validation set".
_ABOUT_SHOWN = re.compile(
    r"(?i)(?<![a-z])(?:this|these|those|the\s++above|above)\s++(?:is|are|were|was)\s++"
    r"(?:the\s++|all\s++)?+(?:performances?+|results?+|numbers|scores|metrics)\s++"
    r"(?:are\s++|were\s++)?+(?:on|for)\s++(?:the\s++)?+(val|validation|dev|test|testing)"
    r"[ _\-]?+(?:set|split|data)(?![a-z])"
    r"|(?<![a-z])(?:these|those|the\s++above)\s++(?:performances?+|results?+|numbers|scores"
    r"|metrics)\s++(?:is|are|were|was)\s++(?:on|for)\s++(?:the\s++)?+"
    r"(val|validation|dev|test|testing)[ _\-]?+(?:set|split|data)(?![a-z])"
)
# "I ran ... checkpoint on DanceTrack val ... and obtained:", "evaluated it on the val set".
_RAN_ON_VAL = re.compile(
    r"(?i)(?<![a-z])(?:ran|run|running|evaluated|evaluating|evaluate|tested|inferred|validated)"
    r"\s[^.;!?]{0,80}?(?<![a-z])on\s++(?:the\s++)?+(?:[A-Z][\w\-]{1,30}+\s++)?+"
    r"(?:(val|validation)(?:[ _\-]?+(?:set|split|data))?+|dev[ _\-]?+(?:set|split|data))"
    r"(?![\w\-])"
)  # ("dev" only as a set: "on FAIR dev machine" is a computer)
_TEST_WORD = re.compile(r"(?i)(?<![a-z])test")
_MAX_BLANKS = 256  # blank lines kept after a statement that introduces a block


class StatedSplit:
    """What the report's prose says about the split of its numbers."""

    def __init__(self) -> None:
        self.about_shown: set[str] = set()
        # Where each statement about the numbers shown is: (its line, whether it introduces
        # the lines below it, ending with a colon).
        self._stated_at: list[tuple[int, bool]] = []
        self._blanks: list[int] = []  # blank lines after a statement that introduces a block
        self.ran_on_val = False
        self.names_test = False

    def line(self, stripped: str, line_no: int = 0, blank_line: int = 0) -> None:
        if (
            self._stated_at
            and self._stated_at[-1][1]  # (a statement that introduces the block below)
            and blank_line > self._stated_at[-1][0]
            and blank_line not in self._blanks[-1:]
            and len(self._blanks) < _MAX_BLANKS
        ):
            self._blanks.append(blank_line)
        if len(stripped) > 600:
            return
        if not self.names_test and ("est" in stripped or "EST" in stripped):
            self.names_test = _TEST_WORD.search(stripped) is not None
        if " on " not in stripped and " for " not in stripped:
            return
        if len(self.about_shown) < 2 and (about := _ABOUT_SHOWN.search(stripped)):
            self.about_shown.add(_VAL[(about.group(1) or about.group(2)).lower()])
            self._stated_at.append((line_no, stripped.endswith(":")))
        if not self.ran_on_val and _RAN_ON_VAL.search(stripped):
            self.ran_on_val = True

    def split(self) -> str | None:
        if len(self.about_shown) == 1:
            return next(iter(self.about_shown))
        if not self.about_shown and self.ran_on_val and not self.names_test:
            return "val"
        return None

    def _covered(self, metrics: list[ExtractedMetric]) -> Callable[[int], bool]:
        """Which lines a statement about the numbers shown speaks of: the lines above it ("yes,
        this is performance on val set" under the block, "The above results are on the
        validation set"), or, when it ends with a colon ("These numbers are on the dev
        split:"), the block below it, up to the first blank line after its first value. A
        block printed after the statement, under a title of its own ("Then I submitted to the
        server:"), is not the one it speaks of."""
        if not self._stated_at:
            return lambda line: True  # a run on a val split: every block of the report
        # the statements about the lines above nest: the last of them covers all they cover
        above = max((at for at, below in self._stated_at if not below), default=0)
        spans: list[tuple[int, float]] = [(0, above)] if above else []
        for at, below in self._stated_at:
            if below:
                first = min((m.line for m in metrics if m.line > at), default=at)
                end = next((b for b in self._blanks if b > first), math.inf)
                spans.append((at, end))
        return lambda line: any(start < line < end for start, end in spans)

    def adjust(self, metrics: list[ExtractedMetric]) -> list[ExtractedMetric]:
        """The unsplit values as the stated split's, when the log labels none as test."""
        stated = self.split()
        if stated is None or not metrics:
            return metrics
        splits = [m.split or sense_of(m.name).split for m in metrics]
        if "test" in splits or (stated == "test" and "val" in splits):
            return metrics
        covered = self._covered(metrics)
        return [
            replace(m, split=stated) if split is None and not m.running and covered(m.line) else m
            for m, split in zip(metrics, splits, strict=True)
        ]
