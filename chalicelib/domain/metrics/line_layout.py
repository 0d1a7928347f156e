"""What a line's layout tells the readers (`engine.py` asks before any reader): the state an
extraction keeps from line to line (`LogState`), and the rules that set it from a line's
layout (`read_layout`): headings and titles that open someone else's numbers, data-set titles
and `Dataset:` lines that scope the block below them, batch and progress counters, the split a
line or a title names. The patterns are in `layout.py`; tests in
`tests/unit/metrics/test_engine_rules.py`, `test_scoping_rules.py` and `test_claim_policies.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from chalicelib.domain.metrics.layout import (
    _AVERAGE_TITLE,
    _BANNER,
    _BATCH_COUNTER,
    _BRACKET_COUNTER,
    _BULLET_TITLE,
    _CJK_LINE_SPLIT,
    _COUNTER,
    _DATASET_ASSIGN,
    _DATASET_LINE,
    _DATASET_NAMED,
    _DATASET_PROSE,
    _DATASET_SHAPED,
    _DATASET_TITLE,
    _EXAMPLE_LEAD,
    _HEADING,
    _LINE_SPLIT,
    _LINE_SPLIT_PAIRS,
    _LIST_FILE,
    _LONE_TITLE,
    _MODEL_LINE,
    _NOT_A_DATASET,
    _NOT_A_SECTION,
    _NOT_OBTAINED,
    _OWN_WORD,
    _PARTITION_TITLE,
    _PRINTED_VARIABLE,
    _PROSE_SPLIT,
    _RATE_BEFORE,
    _RATIO_HEADING,
    _REFERENCE_HEADING,
    _SAMPLE_FILE,
    _SEQUENCE_TITLE,
    _SOURCE_LEAD,
    _SOURCE_WORD,
    _SPLIT_HEAD,
    _SPLIT_OF_WORD,
    _SPLIT_PREFIX,
    _SPLIT_TITLE,
    _WORD_COUNTER,
    CJK_SPLITS,
    LEGEND_WORDS,
    MODEL_SCOPE,
    SAMPLE_FILE_ENDS,
    heading_split,
    inline_block_title,
    is_reference_title,
    is_title_line,
    legend_labels,
    quoted_after_cjk_source,
    quoted_in_parentheses,
    section_split,
    source_title,
    source_title_with_settings,
    table_reference,
)
from chalicelib.domain.metrics.vocabulary import is_known_metric, sense_of

_DIGIT = re.compile(r"\d")
# A title saying which split the results below are on ("Partial result on dev_4k, ...:").
_RESULT_ON_SPLIT = re.compile(
    r"(?i)\bresults?+\s++(?:on|for)\s++(?:the\s++)?+"
    r"(test|testing|val|valid|validation|dev|eval)(?![a-z])"
)
# A source stating numbers: "your repository says you achieved", "the paper reports".
_SOURCE_SAYS = re.compile(
    r"(?i)\b(?:paper|readme|repo|repository|model[ -]card|leaderboard)\b[^.:]{0,60}?"
    r"\b(?:says?|claims?|claimed|states?|stated|reports?|reported|shows?|lists?|achieved?)\b"
)

# An evaluation pass that announces how many items it will score, then prints its running
# (cumulative) scores after each one: the segmentation toolboxes derived from
# awesome-semantic-segmentation-pytorch (`logger.info("Start validation, Total sample: {:d}")`,
# then `"Sample: {:d}, validation pixAcc: {:.3f}, mIoU: {:.3f}"` with `i + 1`). A sample line
# before the last item is a pass in progress: no metric; the last item's line is the pass's.
_PASS_TOTAL = re.compile(r"(?i)(?<![a-z])total[ _]samples?+\s*+[:=]\s*+(\d++)")
_SAMPLE_COUNTER = re.compile(r"(?i)(?<![a-z_])sample\s*+[:#]?+\s*+(\d++)\s*+,")

# A sentence turning from quoted numbers back to the writer's own ("However, with the same
# script, I can only get EER 1.7073"): a quoted block (a title's, not a heading's section)
# ends there.
_OWN_TURN = re.compile(
    r"(?i)^(?:however|but|unfortunately|instead|yet)\b[^.?!:]{0,160}?\b(?-i:I|[Ww]e)\s++"
    r"(?:[a-z']++\s++){0,3}?(?:get|got|getting|obtain|obtained|achieve|achieved|reach|reached"
    r"|reproduce|reproduced|have|had)\b"
)


@dataclass
class LogState:
    """What the log said so far, shared by the readers of one extraction."""

    line: str = ""
    line_no: int = 0
    running: bool = False  # the current line carries a progress counter
    counter_lines: int = 0  # lines with a progress counter so far (a new counter value each)
    last_counter: str = ""  # the counter the last such line printed ("epoch = 3.0")
    # (counter_lines, line_no) of each line that printed the last counter value again
    repeated_counters: list[tuple[int, int]] = field(default_factory=list)
    line_split: str | None = None  # the split named at the start of the current line
    line_prefix: bool = False  # ...as a bare word and a colon leading it ("val:", "test: ")
    block_scope: str | None = None  # the data set a title line ("ETTh2:") names for its block
    # the last block scope that scopes every name (one sample's file name, a split ratio)
    sample_scope: str | None = None
    log_scope: str | None = None  # the data set a "Dataset: x" line names for what follows
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
    # Context that earlier lines set for later ones (by readers), e.g. "coco_task": "segm".
    context: dict[str, Any] = field(default_factory=dict)
    # Per-reader state, keyed by reader family.
    slots: dict[str, Any] = field(default_factory=dict)

    def slot(self, key: str, factory: Callable[[], Any]) -> Any:
        value = self.slots.get(key)
        if value is None:
            value = self.slots[key] = factory()
        return value


_RULES = frozenset(c * 3 for c in "+=*~-")

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
        return _prelude(line, stripped, state) or _apply_counters(_plan_of(line), line, state)
    key = line.encode("utf-8", "surrogatepass").translate(ZERO_DIGITS)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _shape_plan(key)
    if plan.quiet and not pending(state):
        return _apply_counters(plan, line, state)  # no rule before the counters applies
    if _prelude(line, stripped, state):
        return True
    return _apply_counters(plan, line, state)


def pending(state: LogState) -> bool:
    """Is a state pending that the rules before the counters (`_prelude`) read on any line (a
    sentence introducing a source, an open reference, a split sentence, an indented block)?"""
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


def _prelude(line: str, stripped: str, state: LogState) -> bool:
    """The rules of `read_layout` before the counters: True when the line is consumed.

    They are skipped on a line whose shape no guard of theirs holds on: a rule added here
    needs its guard in `_prelude_may_apply`, and a state it reads on any line must be in
    `pending` (`tests/unit/metrics/test_fast_paths.py` reads the corpus both ways)."""
    inline: str | None = None
    if "{" in line and "}" in line and ":" in line:
        _note_printed_variables(line, state)
    if ("xampl" in line or "xpect" in line) and _EXAMPLE_LEAD.match(line):
        return True  # "Example result: {...}": a documented example's numbers
    if len(line) < 400 and ":" in line and _SOURCE_LEAD.match(line):
        return True  # "Paper: WER 3.4% and R-WER 8.3%": the paper's numbers
    if stripped[:1] in "iIt" and _RESTATES.match(stripped):
        if state.source_end_line == state.line_no - 1:
            return True  # "... the results in the paper" / "i.e. mIoU(c): 0.821": the paper's
    elif len(stripped) < 400 and not _DIGIT.search(stripped) and _ends_naming_source(stripped):
        state.source_end_line = state.line_no
    if state.reference_next:
        state.reference_next = False
        state.reference = state.reference_paragraph = True
    elif stripped[-1:] == ":" and len(stripped) < 800 and _source_sentence_last(stripped):
        state.reference_next = True
    if state.indented_split is not None and line[:1] not in (" ", "\t"):
        state.indented_split = None  # back at the margin: the indented code block has ended
    if stripped[:3] == "```" or state.prose_split is not None:
        _prose_split_block(stripped, state)
        if stripped[:3] == "```" or (state.indented_split is not None and line[:1] == "."):
            return True
    elif "set" in line or "split" in line or "data" in line or "node" in line:
        _note_prose_split(stripped, state)
    if "#" in line and len(line) < 200 and _HEADING.match(line):
        if not _COUNTER.search(line):
            state.headings += 1  # ("# epoch 2" marks progress, not another section)
        state.reference = state.reference_section = bool(
            _REFERENCE_HEADING.match(line) or source_title(line)
        )
        if state.reference:
            return True
        if len(line) < 40 and (ratio := _RATIO_HEADING.match(line)):
            # "# 80-10-10": the values below are that partition's, whatever they name
            state.block_scope = state.sample_scope = ratio.group(1)
            return True
        # a section named by a split ("### eng.train", "##### Epoch (VAL)2 #####") holds that
        # split's values, up to the next heading or title
        state.section_split = heading_split(line) or section_split(line)
    elif len(line) < 120 and line.lstrip()[:3] in _RULES and (banner := _BANNER.match(line)):
        # "++++ Valid Epoch 3 ++++": the section below is that split's (a counter in the
        # banner still counts as one, read below)
        state.section_split = section_split(banner.group(2))
    elif (
        (":" in line or "\uff1a" in line)
        and len(line) < 200
        and (is_title_line(line) or (inline := inline_block_title(line)) is not None)
    ):
        text = inline or line
        if not state.reference_section:
            state.reference = is_reference_title(text) or source_title(text) == 1
            state.reference_paragraph = False
        if state.reference:
            return True
        state.block_scope = None
        state.section_split = section_split(line)
    elif ("not " in line or "n't " in line) and len(line) < 300 and _NOT_OBTAINED.search(line):
        state.reference = True  # "I am not getting the following results ...": quoted
        return True
    elif stripped[-1:] == ":" and len(stripped) < 200 and source_title_with_settings(stripped):
        state.reference, state.reference_paragraph = True, False  # "... claims (beam = 5):"
        return True
    elif len(stripped) < 200 and source_title(stripped) == 2:
        state.reference = state.reference_paragraph = True  # "Result reported in the paper"
        return True
    elif ("ab" in line or "\u8868" in line) and table_reference(stripped):
        state.reference = state.reference_paragraph = True  # "Compared with Table 1 ..."
        return True
    if ("(" in line or "\uff08" in line) and len(line) < 400 and quoted_in_parentheses(line):
        return True  # "lower than the official (MMLU=64.1, TydiQA=35.7)": a source's numbers
    if not line.isascii() and len(line) < 400 and quoted_after_cjk_source(line):
        return True  # "和公布的 EER = 0.86% 相去甚远": the published numbers
    if len(line) < 400 and LEGEND_WORDS.search(line):
        state.context.setdefault("quoted_labels", set()).update(legend_labels(line))
    if stripped.startswith("...") and len(stripped) < 48:
        title = _SEQUENCE_TITLE.match(stripped)
        if title and _DATASET_SHAPED.search(title.group(1)):
            state.block_scope = title.group(1)
            return True
    if len(stripped) < 40 and (part := _PARTITION_TITLE.match(line) or _AVERAGE_TITLE.match(line)):
        state.block_scope = part.group(1)  # "Category C:", "Micro avg": the block's part
        return True
    if (
        ("list" in line or "rial" in line)
        and len(line) < 400
        and (listed := _LIST_FILE.match(line))
        and ("list" in listed.group(1).lower() or "trial" in listed.group(1).lower())
        and listed.group(2).lower() not in _SPLIT_OF_WORD
    ):
        state.block_scope = listed.group(2)  # "list_im_file: .../test0_normal.txt"
        return True
    if len(line) < 80 and line.rstrip().endswith(":"):
        title = _DATASET_TITLE.match(line)
        name = title.group(1) if title else ""
        if _DATASET_SHAPED.search(name) and name.lower() not in _SPLIT_OF_WORD:
            state.block_scope = name
            return True
        if not title and (bullet := _BULLET_TITLE.match(line)) and _section_name(bullet.group(1)):
            state.block_scope = bullet.group(1)
            return True
    if (
        len(stripped) < 40
        and ("-" in stripped or "_" in stripped)
        and _LONE_TITLE.match(stripped)
        and not _COUNTER.search(stripped)
        and not is_known_metric(stripped)
    ):
        state.block_scope = stripped  # "MOT17-02-DPM" above its sequence's table
        return True
    if (
        len(stripped) < 90
        and " " not in stripped
        and "." in stripped
        and stripped.rstrip(":").lower().endswith(SAMPLE_FILE_ENDS)
        and (sample := _SAMPLE_FILE.match(stripped))
    ):
        # "img0001.nii.gz" above that case's values: every value below is that sample's
        state.block_scope = state.sample_scope = sample.group(1)
        return True
    if len(line) < 200 and "odel" in line and (model := _MODEL_LINE.match(line)):
        state.block_scope = MODEL_SCOPE + model.group(1)  # "Model name: resnet18": its block
        return True
    if len(line) < 100 and ("ata" in line or "ATA" in line or "=" in line):
        named = _DATASET_LINE.match(line) or _DATASET_ASSIGN.match(line)
        if named is None and ("ata" in line or "ATA" in line):
            named = _DATASET_NAMED.match(line)
            word = named.group(1).lower() if named else ""
            if word in _NOT_A_DATASET or word in _SPLIT_OF_WORD or word in ("the", "full"):
                named = None  # "Test dataset", "The dataset": no data set's name
        if named:
            state.log_scope, state.block_scope = named.group(1), None
            return True
    if len(line) < 400 and (
        ("ata" in line and ("set" in line or "Set" in line or "SET" in line)) or "ategor" in line
    ):
        for prose in _DATASET_PROSE.finditer(line):
            word = prose.group(1) or prose.group(2)
            if word.lower() not in _NOT_A_DATASET and word.lower() not in _SPLIT_OF_WORD:
                state.log_scope, state.block_scope = word, None
    if state.reference and not state.reference_section and _OWN_TURN.match(stripped):
        state.reference = state.reference_paragraph = False  # "However, I can only get ..."
    return state.reference


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

    # No rule before the counters (`_prelude`) can apply when no state is pending (an open
    # reference, a split sentence, an indented block): each guard of those rules fails.
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
        quiet=not _prelude_may_apply(line, stripped),
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


def _prelude_may_apply(line: str, stripped: str) -> bool:
    """Does a guard of a rule of `_prelude` hold on this line (with no state pending)? Errs
    on the side of True: a rule whose last test depends on more than the shape (a word's
    meaning, `is_known_metric`) counts as applying once its shape tests hold."""
    return bool(
        ("{" in line and "}" in line and ":" in line)
        or "xampl" in line
        or "xpect" in line
        or (len(line) < 400 and ":" in line and _SOURCE_LEAD.match(line))
        or (stripped[:1] in "iIt" and _RESTATES.match(stripped))
        or (len(stripped) < 400 and not _DIGIT.search(stripped) and _ends_naming_source(stripped))
        or stripped[-1:] == ":"
        or stripped[:3] == "```"
        or (
            ("set" in line or "split" in line or "data" in line or "node" in line)
            and len(stripped) <= 300
            and not any(c.isdigit() for c in stripped)
        )
        or ("#" in line and len(line) < 200 and _HEADING.match(line))
        or (len(line) < 120 and line.lstrip()[:3] in _RULES and _BANNER.match(line))
        or (
            (":" in line or "\uff1a" in line)
            and len(line) < 200
            and (is_title_line(line) or inline_block_title(line) is not None)
        )
        or (("not " in line or "n't " in line) and len(line) < 300 and _NOT_OBTAINED.search(line))
        or (len(stripped) < 200 and source_title(stripped) != 0)
        or (("ab" in line or "\u8868" in line) and table_reference(stripped))
        or (("(" in line or "\uff08" in line) and len(line) < 400 and quoted_in_parentheses(line))
        or (not line.isascii() and len(line) < 400 and quoted_after_cjk_source(line))
        or (len(line) < 400 and LEGEND_WORDS.search(line))
        or (stripped.startswith("...") and len(stripped) < 48)
        or (len(stripped) < 40 and (_PARTITION_TITLE.match(line) or _AVERAGE_TITLE.match(line)))
        or (("list" in line or "rial" in line) and len(line) < 400 and _LIST_FILE.match(line))
        or (len(line) < 80 and line.rstrip().endswith(":"))
        or (
            len(stripped) < 40
            and ("-" in stripped or "_" in stripped)
            and _LONE_TITLE.match(stripped)
        )
        or (len(stripped) < 90 and " " not in stripped and "." in stripped)
        or (len(line) < 200 and "odel" in line and _MODEL_LINE.match(line))
        or (
            len(line) < 100
            and ("ata" in line or "ATA" in line or "=" in line)
            and (
                _DATASET_LINE.match(line)
                or _DATASET_ASSIGN.match(line)
                or _DATASET_NAMED.match(line)
            )
        )
        or (
            len(line) < 400
            and (
                ("ata" in line and ("set" in line or "Set" in line or "SET" in line))
                or "ategor" in line
            )
            and _DATASET_PROSE.search(line)
        )
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


def _source_sentence_last(stripped: str) -> bool:
    """Does a line of prose with numbers end with a sentence that introduces someone else's
    numbers ("I reach Prec@1 50.7. However, your repository says you achieved :")? The
    paragraph after it quotes them. The sentence must say the source states them ("Most
    results align with the paper:" compares instead). (A whole title line: `source_title`.)"""
    cut = max(stripped.rfind(". "), stripped.rfind("? "), stripped.rfind("! "))
    if cut < 0 or not _DIGIT.search(stripped, 0, cut):
        return False
    tail = stripped[cut + 2 :]
    return source_title(tail) == 1 and _SOURCE_SAYS.search(tail) is not None


# A line that restates what the line before it ended with: "i.e. ...", "that is, ...".
_RESTATES = re.compile(r"(?i)(?:i\.?+e\.|that\s++is\b)")
_LAST_WORDS = 5


def _ends_naming_source(stripped: str) -> bool:
    """Do the last words of a digit-free line name someone else's numbers and not the writer's
    ("... how to achieve the results in the paper")?"""
    tail = " ".join(stripped.rstrip(" .:,;").split()[-_LAST_WORDS:])
    return _SOURCE_WORD.search(tail) is not None and _OWN_WORD.search(tail) is None


def _note_printed_variables(line: str, state: LogState) -> None:
    """A format string in the pasted code that prints a variable under a bare split name
    (`print(f'... Val: {val_mae:.4f}, Test: {test_mae:.4f}')`): the values printed as `Test:`
    are that variable's (`test_mae`, an MAE), not the run's main score."""
    for label, variable in _PRINTED_VARIABLE.findall(line):
        label_sense, variable_sense = sense_of(label), sense_of(variable)
        if (
            label_sense.base is None
            and label_sense.split is not None
            and variable_sense.base is not None
            and variable_sense.split == label_sense.split
        ):
            printed = state.slot("printed_as", dict)
            if len(printed) < 64:
                printed[label] = variable


def _note_prose_split(stripped: str, state: LogState) -> None:
    """A sentence with no number that names one split: the split of a code block below it."""
    if len(stripped) > 300 or any(c.isdigit() for c in stripped):
        return
    words = {m.group(1).lower() for m in _PROSE_SPLIT.finditer(stripped)}
    splits = {_SPLIT_OF_WORD[w] for w in words}
    if len(splits) == 1:
        state.prose_split = splits.pop()


def _prose_split_block(stripped: str, state: LogState) -> None:
    """A code fence opening right after a sentence naming a split holds that split's output
    ("While on the test set I got" then ```` ``` ````); its closing fence ends it."""
    if stripped[:3] != "```":
        if state.prose_split is not None and (
            stripped.startswith(".. code") or stripped.endswith("::")
        ):
            # reStructuredText: ".. code-block:: python" (or a "::" literal block) opens an
            # indented block, blank lines included, up to the next line at the margin
            state.indented_split = state.prose_split
        state.prose_split = None  # the sentence was not followed by a code block
        return
    if state.fence_split:
        state.fence_split = False
        state.block_split = None
    elif state.prose_split is not None:
        state.block_split = state.prose_split
        state.fence_split = True
    state.prose_split = None


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
