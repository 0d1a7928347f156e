"""What a line's layout tells the readers (`engine.py` asks before any reader): the state an
extraction keeps from line to line (`LogState`), and the rules that set it from a line's
layout (`read_layout`): first the rules of `line_prelude.py` (headings and titles that open
someone else's numbers, data-set titles and `Dataset:` lines that scope the block below them),
then batch and progress counters and the split a line or a title names, planned once per line
shape (`ShapePlan`). The patterns are in `layout.py`; tests in
`tests/unit/metrics/test_engine_rules.py`, `test_scoping_rules.py` and `test_claim_policies.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from chalicelib.domain.metrics.layout import (
    _BATCH_COUNTER,
    _BRACKET_COUNTER,
    _CJK_LINE_SPLIT,
    _COUNTER,
    _LINE_SPLIT,
    _LINE_SPLIT_PAIRS,
    _RATE_BEFORE,
    _SPLIT_HEAD,
    _SPLIT_OF_WORD,
    _SPLIT_PREFIX,
    _SPLIT_TITLE,
    _WORD_COUNTER,
    CJK_SPLITS,
)
from chalicelib.domain.metrics.line_prelude import prelude, prelude_may_apply

_DIGIT = re.compile(r"\d")
# A title saying which split the results below are on ("Partial result on dev_4k, ...:").
_RESULT_ON_SPLIT = re.compile(
    r"(?i)\bresults?+\s++(?:on|for)\s++(?:the\s++)?+"
    r"(test|testing|val|valid|validation|dev|eval)(?![a-z])"
)
# An evaluation pass that announces how many items it will score, then prints its running
# (cumulative) scores after each one: the segmentation toolboxes derived from
# awesome-semantic-segmentation-pytorch (`logger.info("Start validation, Total sample: {:d}")`,
# then `"Sample: {:d}, validation pixAcc: {:.3f}, mIoU: {:.3f}"` with `i + 1`). A sample line
# before the last item is a pass in progress: no metric; the last item's line is the pass's.
_PASS_TOTAL = re.compile(r"(?i)(?<![a-z])total[ _]samples?+\s*+[:=]\s*+(\d++)")
# The epoch or step at which the best value was reached ("Best score epoch:  420", "best_epoch
# = 12", "Best epoch: 7"): a summary's field, not a progress counter.
_BEST_BEFORE = re.compile(r"(?i)\bbest[ _]++(?:[a-z]++[ _]++)?+$")
_SAMPLE_COUNTER = re.compile(r"(?i)(?<![a-z_])sample\s*+[:#]?+\s*+(\d++)\s*+,")


@dataclass
class LogState:
    """What the log said so far, shared by the readers of one extraction."""

    line: str = ""
    previous_line: str = ""  # the line before it, as printed (blank or not)
    line_no: int = 0
    running: bool = False  # the current line carries a progress counter
    counter_lines: int = 0  # lines with a progress counter so far (a new counter value each)
    last_counter: str = ""  # the counter the last such line printed ("epoch = 3.0")
    # (counter_lines, line_no) of each line that printed the last counter value again
    repeated_counters: list[tuple[int, int]] = field(default_factory=list)
    line_split: str | None = None  # the split named at the start of the current line
    line_prefix: bool = False  # ...as a bare word and a colon leading it ("val:", "test: ")
    block_scope: str | None = None  # the data set a title line ("ETTh2:") names for its block
    lone_title_line: int = -1  # the line of a lone title ("gaokao_math_qa"): one blank goes by
    lone_split_line: int = -1  # ...of a lone split's name ("TRAIN", a blank, its block)
    # the last block scope that scopes every name (one sample's file name, a split ratio)
    sample_scope: str | None = None
    log_scope: str | None = None  # the data set a "Dataset: x" line names for what follows
    log_scope_headed: bool = False  # ...named by a heading: it scopes a table's rows too
    log_split: str | None = None  # the split a run's arguments name for what follows (task=val)
    section_split: str | None = None  # the split the last heading or title named (up to the next)
    progress_line: int = 0  # the last line skipped as a partial progress line (batch i of N)
    title_split: str | None = None  # the split a title line names for the next line
    # the split a title line that is only a split ("Test:", "Validation set:") names for the
    # lines below it, up to a blank line or another title
    block_split: str | None = None
    # the split a digit-free sentence just named ("While on the test set I got"), for a code
    # block opening on the next line; and whether such a block is open (its lines are that split's)
    prose_split: str | None = None
    fence_split: bool = False
    indented_split: str | None = None  # the split of an indented (reST) code block
    reference: bool = False  # inside a block of someone else's numbers (a quoted report)
    reference_section: bool = False  # ...that a heading opened (sub-titles do not end it)
    reference_paragraph: bool = False  # ...that a title without a colon opened (a blank ends it)
    # a line's last sentence introduced someone else's numbers ("... However, your README says
    # you achieved:"): the next paragraph is quoted
    reference_next: bool = False
    # the last line of prose without numbers that ended naming someone else's numbers ("... to
    # achieve the results in the paper"): a next line restating them ("i.e. mIoU 0.821") quotes
    source_end_line: int = -1
    headings: int = 0  # Markdown headings so far: each opens a section (another model, run)
    heading_line: int = -1  # the line number of the last Markdown heading
    blank_line: int = 0  # the line number of the last blank line (0: the start of the log)
    # Context that earlier lines set for later ones (by readers), e.g. "coco_task": "segm".
    context: dict[str, Any] = field(default_factory=dict)
    # Per-reader state, keyed by reader family.
    slots: dict[str, Any] = field(default_factory=dict)

    def slot(self, key: str, factory: Callable[[], Any]) -> Any:
        value = self.slots.get(key)
        if value is None:
            value = self.slots[key] = factory()
        return value


# The fast paths of reading a log (issue #16): `read_layout`'s plan of each line shape (digits
# zeroed) and its skipping the rules before the counters on a quiet shape, and
# `Extraction.feed_lines`' counting lines without feeding them. False (tests, `python -m
# bench.dump_extractions --exact`): every line goes through every rule, its plan computed on
# its own text; what is read must be the same (`tests/unit/metrics/test_fast_paths.py`).
FAST_PATHS = True


def read_layout(line: str, stripped: str, state: LogState) -> bool:
    """Apply what a non-blank line's layout says to `state`; True when the line holds nothing
    for the readers (a title, a quoted block, a batch of a pass in progress).

    What a line's layout says depends on its shape (`_shape_plan`) and, through the values of
    its counters, on its digits; the plan of each shape is computed once (a training log
    prints one template hundreds of thousands of times with other numbers)."""
    if not FAST_PATHS:  # every rule, on the line's own text
        return prelude(line, stripped, state) or _apply_counters(_plan_of(line), line, state)
    key = line.encode("utf-8", "surrogatepass").translate(ZERO_DIGITS)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _shape_plan(key)
    if plan.quiet and not pending(state):
        return _apply_counters(plan, line, state)  # no rule before the counters applies
    if prelude(line, stripped, state):
        return True
    return _apply_counters(plan, line, state)


def pending(state: LogState) -> bool:
    """Is a state pending that the rules before the counters (`line_prelude.prelude`) read on
    any line (a sentence introducing a source, an open reference, a split sentence, an indented
    block)?"""
    return bool(
        state.reference_next
        or state.indented_split is not None
        or state.prose_split is not None
        or state.reference
    )


def plan_of_shape(key: bytes) -> ShapePlan:
    """The plan of the lines of shape `key` (`ZERO_DIGITS`)."""
    plan = _PLANS.get(key)
    return plan if plan is not None else _shape_plan(key)


# The shape of a line: its UTF-8 bytes with every ASCII digit made a `0`. Every pattern and
# test of the layout rules treats the ten digits alike (no literal digit, no class holding some
# digits only: `tests/unit/metrics/test_line_shapes.py` checks the patterns), so two lines of
# one shape match the same patterns at the same places; only the values of their numbers
# differ (a batch counter's `n` and `N`, the counter a line prints).
ZERO_DIGITS = bytes.maketrans(b"123456789", b"000000000")
_MAX_PLANS = 4096  # distinct shapes remembered; past it, a plan is computed for each line


@dataclass(frozen=True, slots=True)
class ShapePlan:
    """What the layout rules find in lines of one shape."""

    # No rule before the counters (`line_prelude.prelude`) can apply when no state is pending
    # (an open reference, a split sentence, an indented block): each guard of those rules fails.
    quiet: bool
    # `n/N` of each word counter (`iter 16224/20311`), as (n start, n end, N start, N end)
    words: tuple[tuple[int, int, int, int], ...]
    # ...of each bracketed counter (`[ 10/196]`) not right after a rate (Kaldi's `[ 8 / 10 ]`)
    brackets: tuple[tuple[int, int, int, int], ...]
    batch: bool  # a batch counter without a total ("batch28 ||")
    # an evaluation pass's item count ("Total sample: 500", True) or the item a line scores
    # ("Sample: 7,", False): (which, where its number starts, where it ends)
    sample: tuple[bool, int, int] | None
    counter: int | None  # where a progress counter starts ("Epoch 5")
    split: str | None  # the split the line names at its start or in a head
    prefix: bool  # ...as a bare word and a colon leading it
    colon: bool  # the line ends with a colon (a title)
    title: tuple[str, str | None] | None  # a split title's split, and its block's
    result_on: str | None  # "Partial result on dev_4k ...:"


_PLANS: dict[bytes, ShapePlan] = {}


def _shape_plan(key: bytes) -> ShapePlan:
    """The plan of the lines of shape `key`, computed on the shape itself."""
    plan = _plan_of(key.decode("utf-8", "surrogatepass"))
    if len(_PLANS) < _MAX_PLANS:
        _PLANS[key] = plan
    return plan


def _plan_of(line: str) -> ShapePlan:
    """What the layout rules find in `line` (a shape, or a line itself: `FAST_PATHS`)."""
    stripped = line.strip()
    words = (
        tuple((*m.span(1), *m.span(2)) for m in _WORD_COUNTER.finditer(line)) if "/" in line else ()
    )
    brackets = (
        tuple(
            (*m.span(1), *m.span(2))
            for m in _BRACKET_COUNTER.finditer(line)
            if not _RATE_BEFORE.search(line, max(0, m.start() - 24), m.start())
        )
        if "/" in line and "[" in line
        else ()
    )
    sample = None
    if "ample" in line and (total := _PASS_TOTAL.search(line) or _SAMPLE_COUNTER.search(line)):
        sample = (total.re is _PASS_TOTAL, *total.span(1))
    counter = _COUNTER.search(line)
    if counter and "est" in line and _BEST_BEFORE.search(line, 0, counter.start()):
        counter = None  # "Best score epoch: 420": when the best was reached, no progress
    split = _LINE_SPLIT.match(line) or _LINE_SPLIT_PAIRS.match(line)
    word = split.group(1) if split else None
    if word is None and ":" in line:
        heads = {head.lower() for head in _SPLIT_HEAD.findall(line)}
        word = heads.pop() if len(heads) == 1 else None
    if word is None and not line.isascii() and (cjk := _CJK_LINE_SPLIT.match(line)):
        word = CJK_SPLITS[cjk.group(1)]
    colon = line.rstrip().endswith(":")
    title: tuple[str, str | None] | None = None
    result_on: str | None = None
    if colon and (found := _SPLIT_TITLE.search(line)):
        title_split = _SPLIT_OF_WORD[found.group(1).lower()]
        at_margin = found.start() == len(line) - len(line.lstrip())
        title = (title_split, title_split if at_margin else None)
    elif colon and "esult" in line and (on := _RESULT_ON_SPLIT.search(line)):
        result_on = _SPLIT_OF_WORD[on.group(1).lower()]
    return ShapePlan(
        quiet=not prelude_may_apply(line, stripped),
        words=words,
        brackets=brackets,
        batch="atch" in line and _BATCH_COUNTER.search(line) is not None,
        sample=sample,
        counter=counter.start() if counter else None,
        split=_SPLIT_OF_WORD[word.lower()] if word else None,
        prefix=split is not None and _SPLIT_PREFIX.match(line) is not None,
        colon=colon,
        title=title,
        result_on=result_on,
    )


def _apply_counters(plan: ShapePlan, line: str, state: LogState) -> bool:
    """The counter and split rules of `read_layout`, from the plan of the line's shape and the
    line's own numbers."""
    # A progress line (batch n of N, n < N) reports running numbers, not results.
    for a, b, c, d in plan.words:
        if line[a:b] != line[c:d]:
            return True  # a batch of a pass: running per-batch values
    for a, b, c, d in plan.brackets:
        if line[a:b] != line[c:d]:
            state.progress_line = state.line_no
            return True
    if plan.batch:
        return True
    if plan.sample is not None:
        total, a, b = plan.sample
        if total:
            state.context["pass_items"] = int(line[a:b])
        elif int(line[a:b]) < state.context.get("pass_items", 0):
            return True  # "Sample: 7, ... mIoU: 61.2" of 500: the pass in progress
    start = plan.counter
    state.running = start is not None
    if start is not None:
        # The same counter line again ("epoch = 3.0" closing each of several evaluation
        # blocks of repeated runs) is no progress: the blocks are different runs, each kept.
        value = line[start : start + 80].rstrip()
        if value != state.last_counter:
            state.last_counter = value
            state.counter_lines += 1
        elif len(state.repeated_counters) < 64:
            state.repeated_counters.append((state.counter_lines, state.line_no))
    pending, state.title_split = state.title_split, None
    if plan.title is not None:
        state.title_split, state.block_split = plan.title
    elif plan.colon:
        state.block_split = None  # another title: the split block above has ended
        if plan.result_on is not None:
            # "Partial result on dev_4k (4,000 utts), beam 20, after 25 epochs:": the values
            # below are that split's
            state.title_split = plan.result_on
    state.line_split = plan.split or pending or state.block_split or state.indented_split
    state.line_prefix = plan.prefix
    return False
