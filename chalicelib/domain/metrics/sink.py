"""Where the readers put what they find (`Sink`): metrics de-duplicated (the same name and
value once, in order of first appearance), running values superseded by later ones and kept
apart from summaries, repeated runs' blocks restored, memory bounded (`MAX_ENTRIES`). Used by
the extraction loop in `engine.py`, which gives every reader the same sink.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from chalicelib.domain.metrics.layout import MODEL_SCOPE
from chalicelib.domain.metrics.line_layout import LogState
from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.numbers import decimals_of, float_decimals, parse_number
from chalicelib.domain.metrics.result_names import is_result_name
from chalicelib.domain.metrics.verl_keys import verl_validation_name
from chalicelib.domain.metrics.vocabulary import sense_of

_DIGITS = re.compile(r"\d++")
MAX_NAME_CHARS = 80  # longer "names" are a line of prose, not a metric
MAX_EVIDENCE_CHARS = 2_000
MAX_ENTRIES = 20_000  # distinct (name, value) pairs kept; past it, repeats replace each other
MAX_SUPERSEDED = 64  # earlier running values kept per name (`ExtractedMetric.superseded`)
MAX_SUPERSEDED_TOTAL = 50_000  # and over all names: a log of many running names stays small
_SENTINEL_NAME = re.compile(r"(?i:ma[pr])|A[PR]")
# A writer's lead-in before a metric's name ("I got EER 1.18%", "we obtain mAP 41.2"): not its name.
_LEAD_IN = re.compile(
    r"(?i)(?:i|we)\s++(?:(?:also|finally|only|still)\s++)?+"
    r"(?:got|get|obtain(?:ed)?+|achiev(?:e|ed)|reach(?:ed)?+|see|saw)\s++(?:an?\s++|the\s++)?+"
    r"(?=[A-Za-z%])"
)


@dataclass
class _Entry:
    metric: ExtractedMetric
    first: int
    last: int
    running: bool
    # How many progress-counter lines the log had printed when this value was printed.
    counters: int = 0
    # Its line printed a counter itself (`| greedy | 2.69 | --epoch 71 |`).
    on_counter: bool = False
    # The Markdown headings printed before it: the section it is in.
    section: int = 0
    # The last progress counter printed before it ("epoch 296, total_steps 94720)").
    under: str = ""


def _advanced(earlier: str, later: str) -> bool:
    """Is `later` the same counter line as `earlier` with another value ("epoch 296, ..." then
    "epoch 300, ...")?"""
    return (
        bool(earlier) and earlier != later and _DIGITS.sub("0", earlier) == _DIGITS.sub("0", later)
    )


class Sink:
    """Collects metrics: de-duplicated (same name and value once, in order of first
    appearance), running values superseded by later ones, memory bounded."""

    def __init__(self, state: LogState) -> None:
        self._state = state
        self._entries: dict[tuple[str, float], _Entry] = {}
        self._running_by_name: dict[str, tuple[str, float]] = {}
        # The latest summary (non-running) value of each name.
        self._fixed_by_name: dict[str, tuple[str, float]] = {}
        self._seq = 0
        # Summary values a later block's superseded (`_note_fixed`), with that block's entry.
        self._superseded: list[tuple[_Entry, _Entry]] = []
        # Running values each name printed before its latest, newest last (bounded).
        self._earlier_by_name: dict[str, list[tuple[float, int | None]]] = {}
        self._earlier_total = 0
        # (name, number) as printed -> its key, or None when it is not a metric: logs repeat
        # the same pairs many times (the fast path of `add`).
        self._known: dict[tuple[str, str, str | None], tuple[str, float] | None] = {}

    def add(
        self,
        name: str,
        number: str | float,
        source: str,
        *,
        split: str | None = None,
        running: bool | None = None,
    ) -> bool:
        """Record `name` = `number` (the text as printed, or a float from JSON). Returns False
        when it is not a metric (not a number, a hyper-parameter, a count, a duration...)."""
        state = self._state
        running = state.running if running is None else running
        if state.slots and (printed_as := state.slots.get("printed_as")) and name in printed_as:
            name = printed_as[name]  # the log's code prints this variable under that label
        scope = state.block_scope or state.log_scope
        model = scope is not None and scope.startswith(MODEL_SCOPE)
        if model and state.log_scope:
            scope = f"{state.log_scope}/{scope}"  # the data set's, and of the block's model
        headed = state.log_scope_headed and scope == state.log_scope
        if scope and (not sense_of(name).scope or scope == state.sample_scope or model or headed):
            # a value in a data set's block is that data set's; one in a sample's block
            # ("img0001.nii.gz", a per-case evaluation), a model's or a section a heading
            # gives a data set ("# ogbn-mag数据集" above a table of models' rows) is that
            # one's, whatever else it names
            name = f"{scope}/{name}"
        printed = (name, number, split) if isinstance(number, str) else None
        if printed is not None and printed in self._known:
            known = self._known[printed]
            if known is None:
                return False
            entry = self._entries.get(known)
            if entry is not None and (entry.running or not running):
                self._seq += 1
                entry.last = self._seq
                entry.running = entry.running and running
                if entry.running:
                    self._restate(entry)
                    self._note_running(known[0], known)
                elif known[0] in self._running_by_name:
                    self._close_running(known[0], known)
                return True
        key = self._add(name, number, source, split=split, running=running)
        if printed is not None and len(self._known) < 4 * MAX_ENTRIES:
            self._known[printed] = key
        return key is not None

    def _add(
        self, name: str, number: str | float, source: str, *, split: str | None, running: bool
    ) -> tuple[str, float] | None:
        name = " ".join(name.split()).strip(" :=-,;")
        if name[:1] in "IiWw" and (lead := _LEAD_IN.match(name)):
            name = name[lead.end() :]  # "I got EER 1.18%": the metric is "EER"
        if not name or len(name) > MAX_NAME_CHARS or not is_result_name(name):
            return None
        if name[:4] == "val-":
            name = verl_validation_name(name)  # "val-core/openai/gsm8k/acc/mean@1"
        if isinstance(number, str):
            value = parse_number(number)
            decimals: int | None = decimals_of(number)
        else:
            value = float(number) if math.isfinite(number) else None
            decimals = float_decimals(number)
        if value is None or (value == -1 and _SENTINEL_NAME.search(name)):
            return None
        state = self._state
        if split is None:
            named = sense_of(name).split
            if named is None:
                split = state.line_split or state.section_split or state.log_split
            elif state.line_prefix and state.line_split and state.line_split != named:
                # "val:Test MAE: 21.80": a script printing every split as "Test" under a
                # prefix naming the split; the prefix says which one it is
                split = state.line_split
        self._seq += 1
        key = (name, value)
        entry = self._entries.get(key)
        if entry is not None:
            entry.last = self._seq
            entry.running = entry.running and running
            if entry.running:
                self._restate(entry)
        else:
            if len(self._entries) >= MAX_ENTRIES:
                running = True  # past the cap, a name keeps only its latest value
            metric = ExtractedMetric(
                name,
                value,
                source,
                decimals,
                split=split,
                line=state.line_no,
                evidence=state.line.strip()[:MAX_EVIDENCE_CHARS],
            )
            entry = _Entry(metric, self._seq, self._seq, running, state.counter_lines)
            entry.on_counter, entry.section = state.running, state.headings
            entry.under = state.last_counter
            if len(self._entries) < 2 * MAX_ENTRIES or name in self._running_by_name:
                self._entries[key] = entry
        if entry.running:
            self._note_running(name, key)
        else:
            self._close_running(name, key)
            self._note_fixed(name, key, entry)
        return key

    def _note_fixed(self, name: str, key: tuple[str, float], entry: _Entry) -> None:
        """A summary value printed again with another value after a progress counter
        (`Epoch: 24` on a line of its own, then the same `Best val AP: ...` line as after
        epoch 23): the block is the next epoch's, so the earlier value was a running one.
        Not across a Markdown heading: each section ("### Faster R-CNN", "### RTMDet") is
        another model's or run's evaluation."""
        previous = self._fixed_by_name.get(name)
        self._fixed_by_name[name] = key
        if previous is None or previous == key:
            return
        earlier = self._entries.get(previous)
        if (
            earlier is not None
            and not earlier.running
            and earlier.counters < entry.counters
            and earlier.section == entry.section
        ):
            del self._entries[previous]
            if len(self._superseded) < MAX_ENTRIES:
                self._superseded.append((earlier, entry))

    def _restate(self, entry: _Entry) -> None:
        """A running value printed again: its evidence is the latest line that printed it (the
        one that makes it the run's final value), not the first."""
        state = self._state
        if entry.metric.line != state.line_no:
            evidence = state.line.strip()[:MAX_EVIDENCE_CHARS]
            entry.metric = replace(entry.metric, line=state.line_no, evidence=evidence)

    def _note_running(self, name: str, key: tuple[str, float]) -> None:
        """`key` is now the latest running value of `name`: an earlier one is superseded."""
        previous = self._running_by_name.get(name)
        if previous is not None and previous != key:
            superseded = self._entries.get(previous)
            if superseded is not None and superseded.running:
                del self._entries[previous]
                self._note_earlier(name, superseded.metric)
        self._running_by_name[name] = key

    def _note_earlier(self, name: str, metric: ExtractedMetric) -> None:
        earlier = self._earlier_by_name.get(name)
        if earlier and (
            len(earlier) >= MAX_SUPERSEDED or self._earlier_total >= MAX_SUPERSEDED_TOTAL
        ):
            del earlier[0]  # the oldest gives way; the count stays
        elif self._earlier_total >= MAX_SUPERSEDED_TOTAL:
            return  # memory stays bounded on a log of many running names
        else:
            if earlier is None:
                earlier = self._earlier_by_name[name] = []
            self._earlier_total += 1
        earlier.append((metric.value, metric.decimals))

    def _close_running(self, name: str, key: tuple[str, float]) -> None:
        """`name` printed on a summary line: its earlier running value is not the last value of
        the name in the log, so it is not a metric (README "Running values"; the evaluation bar
        after Keras' fit, XGBoost's `Best iteration:` line after the rounds)."""
        previous = self._running_by_name.get(name)
        if previous is None or previous == key:
            return
        superseded, entry = self._entries.get(previous), self._entries.get(key)
        if superseded is None or not superseded.running or entry is None:
            return
        # A split the log gives tells the two apart (`Epoch(val)` then `Epoch(test)`); an
        # unsplit summary after the training loop's values is the run's final one of the name.
        old, new = superseded.metric.split, entry.metric.split
        if old == new or (new is None and old == "train"):
            del self._entries[previous]
            del self._running_by_name[name]
            self._note_earlier(name, superseded.metric)

    def _restore_repeated_runs(self) -> None:
        """Blocks that each end with the same counter (`epoch = 3.0` closing every `Eval
        results` block of repeated runs, `global_step = 345` after each seed's results): the
        counter did not advance between them, so the later block is another run, not the next
        step of the same one; the earlier block's values are restored. (Values on a line that
        prints a counter of its own belong to that counter: no trailing one.) Not when each
        block is under its own value of one counter line ("Display training progress at (epoch
        296, ...)" above one, "(epoch 300, ...)" above the next): the counter advanced between
        them, so the later block is the same run's next step, whatever repeats its counter."""
        repeats = self._state.repeated_counters
        for earlier, later in self._superseded:
            if later.on_counter or earlier.on_counter or _advanced(earlier.under, later.under):
                continue
            if any(c == later.counters and n > later.metric.line for c, n in repeats):
                self._entries.setdefault((earlier.metric.name, earlier.metric.value), earlier)

    def results(self) -> list[ExtractedMetric]:
        if self._superseded and self._state.repeated_counters:
            self._restore_repeated_runs()
        ordered = sorted(self._entries.values(), key=lambda e: e.first)
        earlier = self._earlier_by_name
        return [
            replace(
                e.metric,
                running=e.running,
                superseded=tuple(earlier.get(e.metric.name, ())),
            )
            if e.running or e.metric.name in earlier
            else e.metric
            for e in ordered
        ]
