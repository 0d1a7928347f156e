"""The extraction loop and the reader registry.

A log is read line by line. Each line goes to the readers in registry order; a reader looks
for its markers (plain substrings, checked before any regular expression runs), reads what it
recognises into the `Sink` and returns True when the line is consumed. A line no reader
consumes goes to the generic reader last. Readers keep what earlier lines told them in the
`LogState` (the IoU type being evaluated, a table header, an open block).

Adding a family is one module in `readers/` with a function decorated by `@reader(...)` and
its fixtures in `tests/corpus/logs/<family>.toml` (see `tests/corpus/README.md`).

Running values: a line that carries a progress counter (`Epoch 5`, `step 5000`, `[10/50]`,
`'epoch': 0.5`) reports numbers of a run in progress. Of those, only the last value of each
name is kept, since it is the run's final one; lines without a counter (summaries) are all
kept. A line whose batch counter is not at its end (`Test: [10/196]`) is skipped entirely.

Linear time: every reader pattern starts at a boundary that fails at once inside a token
and uses possessive quantifiers for runs, lines are cut at `MAX_LINE_CHARS`, and number
tokens longer than 40 characters are never converted (`tests/unit/test_metric_extraction_cost.py`
and `make bench` prove it on adversarial input).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice

from chalicelib.domain.metrics import line_layout
from chalicelib.domain.metrics.chair_blocks import chair_scoped
from chalicelib.domain.metrics.comparisons import ComparedBlocks
from chalicelib.domain.metrics.layout import (
    _ANSI,
    _BOLD,
    _BOLD_EDGE,
    _CODE_SPAN_FOR,
    _ELISIONS,
    _EMPHASIS,
    _HTML_EMPHASIS,
)
from chalicelib.domain.metrics.line_layout import (
    ZERO_DIGITS,
    LogState,
    ShapePlan,
    pending,
    plan_of_shape,
    read_layout,
)
from chalicelib.domain.metrics.line_runs import consumed, runs
from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.pasted_code import PastedCode
from chalicelib.domain.metrics.sink import Sink
from chalicelib.domain.metrics.stated_splits import StatedSplit
from chalicelib.domain.metrics.vocabulary import metric_key, sense_of

MAX_LINE_CHARS = 100_000  # a longer line is read up to here (one-line JSON results fit)
BATCH_LINES = 4096  # lines given to `Extraction.feed_lines` at a time
MAX_SKIPPED_SHAPES = 4096  # shapes `feed_lines` remembers

# A quoted line of prose: five words or more, no digit (`> It will output the results as follow`).
_QUOTED_PROSE = re.compile(
    r">\s*+[A-Za-z][A-Za-z,;'\u2019()\-]*+(?:\s++[A-Za-z,;.!?'\u2019()\-]++){4,}+\s*+$"
)


ReadFn = Callable[[str, LogState, Sink], bool]


@dataclass(frozen=True)
class Reader:
    family: str
    read: ReadFn
    markers: tuple[str, ...]  # the line must contain one of these for `read` to run...
    # ...unless `open` says the reader is inside a block of its own (a table, a JSON object).
    open: Callable[[LogState], bool] | None = None
    order: int = 100

    @property
    def wants(self) -> Callable[[str], object]:
        """`wants(line)`: one C-level search for any of the markers."""
        return _marker_search(self.markers)


@cache
def _marker_search(markers: tuple[str, ...]) -> Callable[[str], object]:
    if len(markers) == 1:
        marker = markers[0]
        return lambda line: marker in line
    return re.compile("|".join(re.escape(m) for m in markers)).search


REGISTRY: list[Reader] = []


@cache
def _marker_index(
    readers: tuple[Reader, ...],
) -> tuple[Callable[[str], list[str]], dict[str, frozenset[int]]]:
    """A function listing the markers that occur in a line (one substring test each: C-speed,
    cheaper than one regular expression with a hundred alternatives), and for each marker the
    readers it wakes."""
    markers = tuple(sorted({m for item in readers for m in item.markers}))
    by_first: dict[str, tuple[str, ...]] = {}
    for marker in markers:
        by_first[marker[0]] = (*by_first.get(marker[0], ()), marker)
    first_chars = frozenset(by_first)

    def find(line: str) -> list[str]:
        # only markers whose first character occurs in the line are tested
        return [m for c in first_chars.intersection(line) for m in by_first[c] if m in line]

    woken = {
        marker: frozenset(i for i, item in enumerate(readers) if marker in item.markers)
        for marker in markers
    }
    return find, woken


def reader(
    family: str,
    *,
    markers: tuple[str, ...],
    order: int = 100,
    open: Callable[[LogState], bool] | None = None,
) -> Callable[[ReadFn], ReadFn]:
    """Register a reader function (see the module docstring)."""

    def register(fn: ReadFn) -> ReadFn:
        REGISTRY.append(Reader(family=family, read=fn, markers=markers, open=open, order=order))
        REGISTRY.sort(key=lambda r: r.order)
        return fn

    return register


# The readers to ask for one kind of line: (read, open check or None, opener index or None).
Plan = tuple[tuple[ReadFn, Callable[[LogState], bool] | None, int | None], ...]

# A line that is one inline code span: the pasted output line it quotes, read as printed.
_WHOLE_CODE_SPAN = re.compile(r"^`([^`]{3,}+)`[.,;:]?+$")


class Extraction:
    """One pass over one log: `feed` lines (any number), then `results()`."""

    def __init__(self) -> None:
        from chalicelib.domain.metrics import readers  # noqa: F401 - registers every reader

        self.state = LogState()
        self.sink = Sink(self.state)
        self._readers = tuple((item, item.wants, item.open, item.read) for item in REGISTRY)
        # Each marker once per line (a substring test each) and the readers it wakes, so that a
        # line costs one test per marker rather than one search per reader; readers with an
        # `open` block are asked in their turn, as before.
        self._find_markers, self._woken = _marker_index(tuple(REGISTRY))
        self._openers = frozenset(i for i, item in enumerate(REGISTRY) if item.open is not None)
        # A reader's block opens only inside its own `read`: until an opener has read a line,
        # it cannot be open, so its `open` check is skipped (most lines of most logs).
        self._awake: frozenset[int] = frozenset()
        self._plans: dict[tuple[frozenset[str], frozenset[int]], Plan] = {}
        # Markdown quote blocks (`> ...` lines): [first line, last line, holds prose].
        self._quotes: list[list[int | bool]] = []
        self._compared = ComparedBlocks()
        self._code = PastedCode()  # an RL script's environment, a test set built from train
        self._stated = StatedSplit()  # "this is performance on val set": the values' split
        # Line shapes (`feed_lines`) whose lines only the counter rules can read: their plan;
        # None for a shape whose lines are fed.
        self._skips: dict[bytes, ShapePlan | None] = {}

    def feed_lines(self, lines: Sequence[str]) -> None:
        """`feed` each line of `lines` in turn, exactly. A training log prints one line
        template hundreds of thousands of times with other numbers (`Epoch: [3][ 120/5005]
        Loss ...`): a line of such a shape that nothing but its batch counter decides (no
        markup, no quote, no comparison, no layout rule before the counters, see
        `_skip_plan`) and that this counter consumes (batch n of N, n < N: `read_layout`) is
        counted without being fed, as long as no layout state is pending and a paragraph is
        open: what `feed` would do with it (line number, progress line, the paragraph's end)
        is done here. The lines come a run of one shape at a time, and which lines of a run
        the counter consumes is found for the whole run at once (`line_runs`)."""
        feed = self.feed
        if not line_layout.FAST_PATHS:
            for raw in lines:
                feed(raw)
            return
        data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
        found = list(runs(data.translate(ZERO_DIGITS)))
        if sum(run[2] for run in found) != len(lines):
            for raw in lines:  # a line holds a line end: no shapes
                feed(raw)
            return
        state, skips, compared = self.state, self._skips, self._compared
        clean = not pending(state) and compared.is_open
        # lines counted since the last one fed: how many, the last one, the last progress line
        skipped, last, progress = 0, "", 0
        for key, first, count, start, stride in found:
            try:
                plan = skips[key]
            except KeyError:
                plan = self._skip_plan(key)
            if plan is None:  # every line of the run is fed
                if skipped:
                    self._counted(skipped, last, progress)
                    skipped, progress = 0, 0
                for raw in lines[first : first + count]:
                    feed(raw)
                clean = not pending(state) and compared.is_open
                continue
            run = lines[first : first + count]
            eaten, marks = consumed(plan, data, start, stride, run)
            at = 0
            while at < count:
                if clean:  # the lines up to the next one the counter leaves are counted
                    fed = eaten.find(0, at)
                    if fed < 0:
                        fed = count
                    if fed > at:
                        mark = marks.rfind(1, at, fed)
                        if mark >= 0:
                            progress = skipped + mark - at + 1
                        skipped += fed - at
                        last = run[fed - 1]
                        at = fed
                        if at == count:
                            break
                if skipped:
                    self._counted(skipped, last, progress)
                    skipped, progress = 0, 0
                feed(run[at])
                at += 1
                clean = not pending(state) and compared.is_open
        if skipped:
            self._counted(skipped, last, progress)

    def _counted(self, skipped: int, last: str, progress: int) -> None:
        """What `feed` does with `skipped` lines the counter rules consume (`feed_lines`), the
        last one `last`, the `progress`-th of them the last progress line (0: none)."""
        state = self.state
        first = state.line_no
        state.line_no = first + skipped
        state.line = last
        if progress:
            state.progress_line = first + progress
        self._compared.extend(state.line_no)

    def _skip_plan(self, key: bytes) -> ShapePlan | None:
        """The plan of a line shape whose lines `feed` leaves to the counter rules when no
        layout state is pending and a paragraph is open, or None: no markup `feed` removes
        (ANSI codes, HTML emphasis, bold), no carriage return, no code span (`_line`); not
        blank, no quote, no elision, no comparison sentence (`_read_line`); no layout rule
        before the counters (`ShapePlan.quiet`), and a counter that may consume the line."""
        if len(self._skips) >= MAX_SKIPPED_SHAPES:
            return None
        line = key.decode("utf-8", "surrogatepass")
        stripped = line.strip()
        plan: ShapePlan | None = plan_of_shape(key)
        if (
            plan is None
            or not plan.quiet
            or not (plan.words or plan.brackets or plan.batch)
            or len(line) > MAX_LINE_CHARS
            or any(
                mark in line
                for mark in ("\x1b", "</", "**", "__", "\r", "`", " than ", " from ", "ompar")
            )
            or not stripped
            or stripped[:1] == ">"
            or stripped in _ELISIONS
        ):
            plan = None
        self._skips[key] = plan
        return plan

    def feed(self, raw: str) -> None:
        if "\x1b" in raw:
            raw = _ANSI.sub("", raw)
        if "</" in raw:
            raw = _HTML_EMPHASIS.sub(r"\2", raw)
        if "**" in raw or "__" in raw:
            raw = _EMPHASIS.sub(r"\2", raw)
            if "**" in raw:
                raw = _BOLD_EDGE.sub(r"\1", _BOLD.sub(r"\1", raw))
        # A carriage return redraws a terminal line (progress bars): each part is a line.
        for part in raw.rstrip("\r\n").split("\r") if "\r" in raw else (raw.rstrip("\n"),):
            self._line(part[:MAX_LINE_CHARS])

    def _line(self, line: str) -> None:
        if (
            "`" in line
            and line.lstrip()[:1] == "`"
            and (span := _CODE_SPAN_FOR.match(line.strip()))
        ):
            # "`...results: ndcg@3=0.379` for cdssm": the span's values are cdssm's (this line's
            # only; the block's scope, if any, goes on after it)
            state = self.state
            outer = state.block_scope
            state.block_scope = span.group(2)
            self._read_line(span.group(1))
            if state.block_scope == span.group(2):
                state.block_scope = outer
            return
        if "`" in line and (whole := _WHOLE_CODE_SPAN.match(line.strip())):
            line = whole.group(1)  # "`Acc@1 73.004 Acc@5 90.858`": the output line it quotes
        self._read_line(line)

    def _read_line(self, line: str) -> None:
        state = self.state
        state.line_no += 1
        state.previous_line, state.line = state.line, line
        stripped = line.strip()
        if stripped[:1] == ">" and stripped[:3] != ">>>":
            self._note_quote(stripped)
        if stripped in _ELISIONS:
            return  # lines dropped from a pasted excerpt: no reader's block ends here
        if not stripped:
            self._compared.blank()
            state.running = False
            state.blank_line = state.line_no
            if state.block_split is not None:
                state.section_split = None  # "Test:" then its lines: a blank line ends both
            state.line_split = None
            if state.lone_split_line != state.line_no - 1:
                state.block_split = None  # (a lone split's block may open after one blank line)
            if state.lone_title_line != state.line_no - 1:
                state.block_scope = None  # (a lone title's block may open after one blank line)
            if state.reference_paragraph:
                state.reference = state.reference_paragraph = False
            for index in sorted(self._awake):
                _, _, is_open, read = self._readers[index]
                if is_open is not None and is_open(state):
                    read(line, state, self.sink)
            return
        self._compared.line(state.line_no, stripped)
        self._code.line(state.line_no, stripped, line)
        self._stated.line(stripped, state.line_no, state.blank_line)
        if read_layout(line, stripped, state):
            return
        sink = self.sink
        found = frozenset(self._find_markers(line))
        plan = self._plans.get((found, self._awake))
        if plan is None:
            plan = self._plan(found)
        for read, is_open, woke in plan:
            if is_open is None or is_open(state):
                if woke is not None and woke not in self._awake:
                    self._awake = self._awake | {woke}
                if read(line, state, sink):
                    return

    def _plan(self, found: frozenset[str]) -> Plan:
        """The readers to ask for a line with these markers, in registry order: each woken
        reader (asked unconditionally) and each awake reader with an `open` block (asked if
        open). The third item marks an opener that wakes up when asked."""
        wanted: set[int] = set()
        for marker in found:
            wanted.update(self._woken[marker])
        steps = []
        for index in sorted(wanted | (self._openers & self._awake)):
            _, _, is_open, read = self._readers[index]
            woke = index if index in self._openers else None
            steps.append((read, None if index in wanted else is_open, woke))
        plan = tuple(steps)
        if len(self._plans) < 4096:  # lines repeat a few marker sets; memory stays bounded
            self._plans[(found, self._awake)] = plan
        return plan

    def _note_quote(self, stripped: str) -> None:
        """A `>` line of a Markdown quote; a quote that holds a sentence of prose is another
        comment the writer replies to (GitHub's "Quote reply"), not the writer's output."""
        line_no = self.state.line_no
        if not self._quotes or self._quotes[-1][1] != line_no - 1:
            if len(self._quotes) >= 256:
                return
            self._quotes.append([line_no, line_no, False])
        quote = self._quotes[-1]
        quote[1] = line_no
        if not quote[2] and _QUOTED_PROSE.match(stripped):
            quote[2] = True

    def _replied_to(self, metrics: list[ExtractedMetric]) -> list[ExtractedMetric]:
        """Values quoted from a comment the writer replies to are that comment's (a maintainer's
        expected output): when the writer's own lines print values too, those are the run's."""
        replied = [(q[0], q[1]) for q in self._quotes if q[2]]
        if not replied:
            return metrics
        inside = [any(a <= m.line <= b for a, b in replied) for m in metrics]
        if all(inside) or not any(inside):
            return metrics
        return [m for m, quoted in zip(metrics, inside, strict=True) if not quoted]

    def results(self) -> list[ExtractedMetric]:
        metrics = self._compared.unquoted(self._replied_to(self.sink.results()))
        metrics = self._code.adjust(metrics)
        metrics = self._stated.adjust(metrics)
        metrics = chair_scoped(metrics)  # CHAIR's `Recall` is its object recall
        quoted = {metric_key(label) for label in self.state.context.get("quoted_labels", ())}
        if not quoted:
            return metrics
        # a legend said these labels mean someone else's numbers ("`L` means ... leaderboard")
        return [m for m in metrics if not quoted & set(sense_of(m.name).scope)]


def extract_metrics(text: str) -> list[ExtractedMetric]:
    """All metric name/value pairs found in pasted terminal output, in order of appearance,
    de-duplicated (same name and value once); of values printed on progress lines only each
    name's last is kept."""
    extraction = Extraction()
    lines = text.split("\n")
    for start in range(0, len(lines), BATCH_LINES):
        extraction.feed_lines(lines[start : start + BATCH_LINES])
    return extraction.results()


def extract_metrics_from_lines(lines: Iterable[str]) -> list[ExtractedMetric]:
    """The streaming form of `extract_metrics`, for logs too large to hold as one string
    (uploaded run logs): feed the lines one at a time (with or without their line ends);
    only the reader state and the metrics found are kept."""
    extraction = Extraction()
    read = iter(lines)
    while batch := list(islice(read, BATCH_LINES)):
        extraction.feed_lines(batch)
    return extraction.results()


def extract_metrics_from_batches(batches: Iterable[Sequence[str]]) -> list[ExtractedMetric]:
    """`extract_metrics_from_lines` over lines that come in lists (`log_streams.line_batches`)."""
    extraction = Extraction()
    for batch in batches:
        extraction.feed_lines(batch)
    return extraction.results()
