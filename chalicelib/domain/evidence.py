"""Trajectory checks that tie a reproduction's evidence together (SPEC 7, issue 18):

- `output_in_trajectory`: the run-log line that confirms the claimed value (the metric
  extractor's choice: `MetricCheck.matched`) was printed by a recorded tool call inside the run
  window (whitespace-normalised substring of the call's output or error text, after the ANSI
  colour codes and `**bold**` markers the extractor drops; not inside a longer word or number:
  `FID 3` is not printed by `FID 38.2`). A call whose own input already holds that line or
  that number does not count (`echo "acc: 0.91"` prints what it was given), nor one whose line
  an earlier tool call's input held (written to a file, then `cat`). With no claimed value, any
  line the extractor read a metric from will do.
- `evaluator_untouched`: no recorded step writes one of the run's declared `eval_files`
  (which steps write what: `chalicelib.domain.file_writes`). Switching the checkout to the
  run's own `commit` is not a write.

What they prove and what they cannot is in the README ("Trust tiers: what each check
proves"). Pure; steps are fed in order (`feed`), so a log can be checked as a stream.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from chalicelib.domain.replay import _START_A_RUN, CLOCK_SKEW, Check, RunFacts, normalise_path

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")  # as the extractor drops them (metrics.layout)
_EMPHASIS = re.compile(r"(?<![*_\w])(\*\*|__)([-+]?\d+(?:\.\d+)?%?)\1(?![*_\w])")

CHECK_OUTPUT_IN_TRAJECTORY = "output_in_trajectory"
CHECK_EVALUATOR_UNTOUCHED = "evaluator_untouched"
MAX_LINE_CHARS = 2_000  # the extractor keeps this much of a line as its evidence
MAX_LISTED_WRITES = 20
_QUOTE_CHARS = 120


@dataclass(frozen=True)
class ConfirmingLine:
    """A run-log line that confirms the claim: its 1-based number, its text (stripped, at
    most 2,000 characters) and the number as printed on it, when known."""

    line: int
    text: str
    value_text: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"line": self.line, "text": self.text, "value_text": self.value_text}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ConfirmingLine:
        value_text = data.get("value_text")
        return cls(int(data.get("line") or 0), str(data.get("text") or ""), value_text)


def squash(text: str) -> str:
    """Whitespace-normalised: runs of blanks, tabs and line breaks become one space."""
    return " ".join(text.split())


def printed_text(text: str) -> str:
    """A tool's output as the extractor reads a run log: ANSI colour codes and `**` / `__`
    around a number dropped (the confirming line was read without them)."""
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    if "**" in text or "__" in text:
        text = _EMPHASIS.sub(r"\2", text)
    return text


def _word(char: str) -> bool:
    return char.isalnum() or char == "_"


def occurs(wanted: str, text: str) -> bool:
    """Is `wanted` in `text` as a whole: not inside a longer word or number (`FID 3` is not in
    `FID 38.2`, `acc: 0.95` is not in `train_acc: 0.95`)? Both whitespace-normalised."""
    first, last = wanted[:1], wanted[-1:]
    start = text.find(wanted)
    while start >= 0:
        end = start + len(wanted)
        before, after, beyond = (
            text[start - 1 : start],
            text[end : end + 1],
            text[end + 1 : end + 2],
        )
        glued_before = (
            _word(first)
            and bool(before)
            and (_word(before) or (first.isdigit() and before in "-+."))
        )
        glued_after = (
            _word(last)
            and bool(after)
            and (_word(after) or (last.isdigit() and after in ".," and beyond.isdigit()))
        )
        if not glued_before and not glued_after:
            return True
        start = text.find(wanted, start + 1)
    return False


def value_text_of(line: str, value: float, decimals: int | None) -> str | None:
    """The number as the line printed it (`0.8190`, `81.90`), when it can be found there."""
    candidates = []
    if decimals is not None and 0 <= decimals <= 12:
        candidates.append(f"{value:.{decimals}f}")
    candidates += [repr(value), f"{value:g}"]
    for candidate in candidates:
        if re.search(rf"(?<![\d.]){re.escape(candidate)}(?!\d)", line):
            return candidate
    return None


def _input_text(tool_input: str) -> str:
    """A tool's input, and the strings of a JSON input decoded (a line in a JSON string may
    be escaped: `\\"`, `\\t`, `\\u00e9`)."""
    if not tool_input.lstrip().startswith("{"):
        return tool_input
    from chalicelib.domain.file_reads import tool_arguments

    arguments = tool_arguments(tool_input) or {}
    values = [v for v in arguments.values() if isinstance(v, str)]
    return "\n".join([tool_input, *values])


def _short(text: str) -> str:
    return text if len(text) <= _QUOTE_CHARS else text[: _QUOTE_CHARS - 1] + "…"


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


@dataclass
class _Found:
    step: int
    tool: str
    line: ConfirmingLine
    ts: datetime


@dataclass
class EvidenceChecks:
    """Feed validated steps in order (`feed`), then read the checks and what they found
    (`finish`). `confirming`: the lines that confirm the claim (empty: `why_no_line` says
    why there are none)."""

    run: RunFacts | None
    submitted_at: datetime
    confirming: Sequence[ConfirmingLine]
    why_no_line: str = ""
    count: int = 0
    printed: _Found | None = None
    typed: _Found | None = None  # printed by a call whose input holds the number
    outside: _Found | None = None  # printed outside the run window
    writes: list[dict[str, Any]] = field(default_factory=list)
    write_count: int = 0
    _wanted: list[tuple[ConfirmingLine, str, str]] = field(default_factory=list)
    _eval_files: list[str] = field(default_factory=list)
    _write_cache: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=dict)
    _typed_before: set[str] = field(default_factory=set)  # lines an earlier step's input held

    def __post_init__(self) -> None:
        for line in self.confirming:
            squashed = squash(line.text)
            if squashed:
                probe = max(squashed.split(" "), key=len)  # a cheap test before squashing
                self._wanted.append((line, squashed, probe))
        if self.run is not None:
            files = {normalise_path(f) for f in self.run.eval_files}
            self._eval_files = sorted(f for f in files if f)
        self.submitted_at = _utc(self.submitted_at)

    def feed(self, steps: Iterable[Any], base: int = 0) -> None:
        for offset, step in enumerate(steps):
            self.count += 1
            if step["type"] != "tool_call":
                continue
            if self._wanted and self.printed is None:
                self._look_for_output(step, base + offset)
                self._remember_typed(step["input"])
            if self._eval_files:
                self._look_for_writes(step, base + offset)

    def _look_for_output(self, step: Any, index: int) -> None:
        text = printed_text((step.get("output") or "") + "\n" + (step.get("error") or ""))
        candidates = [w for w in self._wanted if w[2] in text]
        if not candidates:
            return
        squashed = squash(text)
        for line, wanted, _ in candidates:
            if not occurs(wanted, squashed):
                continue
            found = _Found(index, step["tool"], line, step["ts"])
            if wanted in self._typed_before or self._typed_in(step["input"], line, wanted):
                self.typed = self.typed or found
            elif not self._in_window(step["ts"]):
                self.outside = self.outside or found
            else:
                self.printed = found
                return

    def _remember_typed(self, tool_input: str) -> None:
        """The confirming lines this step's input holds (a file written with the line, then
        printed by a later step, was typed, not computed)."""
        for _, wanted, probe in self._wanted:
            seen = wanted in self._typed_before or probe not in tool_input
            if not seen and wanted in squash(_input_text(tool_input)):
                self._typed_before.add(wanted)

    @staticmethod
    def _typed_in(tool_input: str, line: ConfirmingLine, wanted: str) -> bool:
        if wanted in squash(_input_text(tool_input)):
            return True
        value = line.value_text
        pattern = rf"(?<![\d.]){re.escape(value or '')}(?!\d)"
        return bool(value) and re.search(pattern, tool_input) is not None

    def _in_window(self, ts: datetime) -> bool:
        if self.run is None:
            return False
        started = _utc(self.run.started_at)
        return started - CLOCK_SKEW <= ts <= self.submitted_at + CLOCK_SKEW

    def _look_for_writes(self, step: Any, index: int) -> None:
        from chalicelib.domain.file_writes import written_files

        key = (step["tool"], step["input"])
        hits = self._write_cache.get(key)
        if hits is None:
            found = written_files(step["tool"], step["input"], self._eval_files) or []
            hits = [(name, write.how) for name, write in found if not self._own_commit(write)]
            self._write_cache[key] = hits
        for name, how in hits:
            self.write_count += 1
            if len(self.writes) < MAX_LISTED_WRITES:
                self.writes.append({"step": index, "tool": step["tool"], "file": name, "how": how})

    def _own_commit(self, write: Any) -> bool:
        """`git checkout <the run's commit>`: the checkout the run declared, not an edit."""
        commit = (self.run.commit if self.run else None) or ""
        ref = (write.ref or "").lower()
        return bool(commit and len(ref) >= 7) and (
            commit.lower().startswith(ref) or ref.startswith(commit.lower())
        )

    # --- verdicts ----------------------------------------------------------------------------

    def finish(self) -> tuple[list[Check], dict[str, Any]]:
        """[output_in_trajectory, evaluator_untouched] and the evidence to show a reviewer:
        `printed_by` (the step that printed the confirming line) and `eval_writes`."""
        evidence: dict[str, Any] = {
            "printed_by": (
                {
                    "step": self.printed.step,
                    "tool": self.printed.tool,
                    "line": self.printed.line.line,
                    "text": self.printed.line.text,
                }
                if self.printed
                else None
            ),
            "eval_writes": list(self.writes),
        }
        return [self._output_check(), self._evaluator_check()], evidence

    def _output_check(self) -> Check:
        name = CHECK_OUTPUT_IN_TRAJECTORY
        if self.run is None:
            return Check(
                name,
                False,
                "No run is linked to this reproduction, so there is no run window in which a "
                f"tool call could have printed the result; {_START_A_RUN}.",
            )
        if not self._wanted:
            return Check(name, False, self.why_no_line or "No run-log line confirms the claim.")
        if self.printed is not None:
            found = self.printed
            return Check(
                name,
                True,
                f"Step {found.step} ({found.tool[:60]}) printed line {found.line.line} of the run "
                f"log ({_short(found.line.text)!r}) at {found.ts.isoformat()}, inside the run.",
            )
        what = self._lines_wanted()
        if self.typed is not None:
            return Check(
                name,
                False,
                f"Step {self.typed.step} ({self.typed.tool[:60]}) printed {what}, but its own "
                "input already contains that line or number (or an earlier step's input held "
                "the line: written to a file, then printed), so it shows the number was typed, "
                "not computed; record the tool call that ran the evaluation, with its output.",
            )
        if self.outside is not None:
            return Check(
                name,
                False,
                f"Step {self.outside.step} ({self.outside.tool[:60]}) printed {what} at "
                f"{self.outside.ts.isoformat()}, outside the run (from "
                f"{_utc(self.run.started_at).isoformat()} to the submission); only output "
                "recorded during the run counts.",
            )
        return Check(
            name,
            False,
            f"No recorded tool call printed {what} during the run; record the tool call that "
            "ran the evaluation with its output (up to 5,000 characters: keep the lines that "
            "report the result).",
        )

    def _lines_wanted(self) -> str:
        lines = [line for line, _, _ in self._wanted]
        first = f"line {lines[0].line} of the run log ({_short(lines[0].text)!r})"
        if len(lines) == 1:
            return first
        return f"any of the {len(lines)} run-log lines that confirm it, e.g. {first}"

    def _evaluator_check(self) -> Check:
        name = CHECK_EVALUATOR_UNTOUCHED
        if not self._eval_files:
            return Check(
                name,
                True,
                "The run declared no evaluation files (workspace.eval_files), so nothing was "
                "checked; declare them when starting the run to have edits of them detected.",
            )
        if not self.writes:
            listed = ", ".join(self._eval_files[:5]) + ("…" if len(self._eval_files) > 5 else "")
            return Check(
                name,
                True,
                f"No recorded step writes the run's {len(self._eval_files)} evaluation "
                f"file(s) ({listed}).",
            )
        first = self.writes[0]
        more = (
            f" ({self.write_count} write(s) of evaluation files in all, in steps "
            f"{', '.join(str(w['step']) for w in self.writes[:8])})"
            if self.write_count > 1
            else ""
        )
        return Check(
            name,
            False,
            f"Step {first['step']} ({first['tool'][:60]}) writes {first['file']!r} "
            f"({first['how'][:80]}), an evaluation file the run declared{more}; a run that "
            "changes its evaluator proves nothing about the paper's result. Leave the "
            "evaluation files as they are in the declared commit.",
        )


def check_evidence(
    log: Any,
    run: RunFacts | None,
    submitted_at: datetime,
    confirming: Sequence[ConfirmingLine],
    why_no_line: str = "",
) -> tuple[list[Check], dict[str, Any]]:
    """Both checks over a whole replay log (`ReplayLog`), in order."""
    checks = EvidenceChecks(run, submitted_at, confirming, why_no_line)
    checks.feed(log.steps)
    return checks.finish()


MAX_UNCLAIMED_LINES = 10
MAX_CLAIM_LINES = 5


def confirming_lines(
    metrics: Sequence[Any],
    claim: tuple[str, float, str | None] | None,
    matched: Any | None = None,
) -> list[dict[str, Any]]:
    """The run-log lines output_in_trajectory looks for, as stored in the validation (any one
    of them printed by a tool call will do). With a claim (name, value, dataset): the line of
    the metric that confirmed it (`matched`), then those of the metrics that confirm it once
    that one is set aside, and so on (at most 5, in the extractor's order of preference: a log
    may print the final value on a progress line and again on a summary line). With no claim:
    the last ten lines the extractor read a metric from. `metrics` are `ExtractedMetric`s."""
    from chalicelib.domain.metrics import check_claimed_metric

    if claim is None:
        chosen = list(metrics)
    else:
        chosen, remaining, current = [], list(metrics), matched
        while current is not None and len(chosen) < MAX_CLAIM_LINES:
            chosen.append(current)
            remaining = [m for m in remaining if m is not current]
            current = check_claimed_metric(remaining, *claim).matched
    lines: dict[str, dict[str, Any]] = {}
    for metric in chosen:
        text = (metric.evidence or "")[:MAX_LINE_CHARS]
        if not text.strip() or (claim is not None and text in lines):
            continue
        value = value_text_of(text, float(metric.value), metric.decimals)
        line = ConfirmingLine(int(metric.line or 0), text, value)
        lines.pop(text, None)  # with no claim: the latest metric of a line decides its place
        lines[text] = {k: v for k, v in line.as_dict().items() if v is not None}
    found = list(lines.values())
    return found[-MAX_UNCLAIMED_LINES:] if claim is None else found


def confirming_from_validation(
    validation: dict[str, Any],
) -> tuple[list[ConfirmingLine], str]:
    """The lines to look for, and why there are none when there are none."""
    lines = [ConfirmingLine.from_dict(d) for d in validation.get("confirming_lines") or []]
    if lines:
        return lines, ""
    checks = {c.get("name"): c for c in validation.get("checks") or []}
    state = validation.get("state")
    if state == "pending":
        why = "The run log has not been checked yet."
    elif state == "unchecked":
        why = (
            "The server did not read the run log (see run_log_read), so no line of it can be "
            "tied to a tool call; submit the pasted output instead."
        )
    elif "metric_in_log" in checks and not checks["metric_in_log"].get("ok"):
        why = (
            "The run log does not confirm the claimed value (see metric_in_log), so there is "
            "no confirming line to look for in the trajectory."
        )
    elif not validation.get("extracted_metrics"):
        why = (
            "The run log reports no metric (see metrics_extracted), so there is no line to "
            "look for in the trajectory."
        )
    else:
        why = (
            "The value that confirms the claim was not read from a printed line (a W&B run "
            "summary, say), so no printed line can be looked for; submit the pasted output."
        )
    return [], why
