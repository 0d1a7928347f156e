"""The replay checks of chalicelib/domain/replay.py, one step at a time: for uploaded replay
logs of up to 1,000,000 steps, which are never held in memory as a whole.

`StreamingReplayChecks` gives exactly what `check_replay` gives for the same steps (same
checks, same order, same details); tests/unit/test_replay_stream.py holds the two to that on
logs that pass and fail each check, so a rule changed in one place shows up as a failing
test rather than as two validators that disagree.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from chalicelib.domain.replay import (
    _START_A_RUN,
    CHECK_FILE_READ_REPLAY,
    CHECK_NON_EMPTY,
    CHECK_TIMESTAMP_BOUNDS,
    CLOCK_SKEW,
    FILE_READ_TOOLS,
    Check,
    RunFacts,
    normalise_path,
    read_path,
)


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _seconds(delta: timedelta) -> str:
    return f"{delta.total_seconds():g} s"


class StreamingReplayChecks:
    """Feed validated steps in order (`feed`), then read the checks (`finish`)."""

    def __init__(self, run: RunFacts | None, submitted_at: datetime) -> None:
        self.run = run
        self.count = 0
        self.reads = 0
        self._submitted_at = _utc(submitted_at)
        self._started_at = _utc(run.started_at) if run is not None else None
        self._earliest = self._started_at - CLOCK_SKEW if self._started_at else None
        self._latest = self._submitted_at + CLOCK_SKEW
        self._timestamp_failure: str | None = None
        self._read_failure: str | None = None
        self._is_read: dict[str, bool] = {}
        self._replayed: set[str] = set()
        manifest = {normalise_path(n) for n in (run.workspace_files if run else ())}
        manifest.discard("")
        self._manifest = manifest

    def feed(self, steps: list[Any]) -> None:
        base = self.count
        self.count += len(steps)
        if self._timestamp_failure is None and self._earliest is not None:
            self._check_timestamps(steps, base)
        self._check_reads(steps, base)

    def _check_timestamps(self, steps: list[Any], base: int) -> None:
        earliest, latest = self._earliest, self._latest
        assert earliest is not None and self._started_at is not None
        for offset, step in enumerate(steps):
            ts = step["ts"]
            if earliest <= ts <= latest:
                continue
            index = base + offset
            if ts < earliest:
                self._timestamp_failure = (
                    f"Step {index} has ts {ts.isoformat()}, {_seconds(self._started_at - ts)} "
                    f"before the run started at {self._started_at.isoformat()} (allowed skew "
                    "5 s); record only steps taken after starting the run, with a correct clock."
                )
            else:
                self._timestamp_failure = (
                    f"Step {index} has ts {ts.isoformat()}, "
                    f"{_seconds(ts - self._submitted_at)} after the submission at "
                    f"{self._submitted_at.isoformat()} (allowed skew 5 s); timestamps must not "
                    "be in the future — check the agent's clock and timezone."
                )
            return

    def _check_reads(self, steps: list[Any], base: int) -> None:
        is_read = self._is_read
        for offset, step in enumerate(steps):
            if step["type"] != "tool_call" or step.get("error") is not None:
                continue
            tool = step["tool"]
            known = is_read.get(tool)
            if known is None:
                known = is_read[tool] = tool.strip().lower() in FILE_READ_TOOLS
            if not known:
                continue
            self.reads += 1
            if self._read_failure is None:
                self._replay_read(step, base + offset)

    def _replay_read(self, step: Any, index: int) -> None:
        if self.run is None:
            path = read_path(step["input"])
            what = "a file" if path is None else repr(path[:200])
            self._read_failure = (
                f"Step {index} ({step['tool']}) reads {what}, but no run is linked to this "
                f"reproduction, so there is no workspace manifest to replay it against; "
                f"{_START_A_RUN}."
            )
            return
        if step["input"] in self._replayed:
            return
        path = read_path(step["input"])
        if path is None:
            self._read_failure = (
                f"Step {index} ({step['tool']}) does not name a file: its input should be the path "
                'or a JSON object such as {"path": "src/model.py"}.'
            )
        elif normalise_path(path) not in self._manifest:
            self._read_failure = (
                f"Step {index} ({step['tool']}) reads {path[:200]!r}, which is not in the run's "
                f"workspace manifest ({len(self._manifest)} file(s)); list every file the agent "
                "reads in workspace.files when starting the run, using paths relative to the "
                "workspace."
            )
        else:
            self._replayed.add(step["input"])

    def finish(self) -> list[Check]:
        """The three checks, in check_replay's order."""
        return [self._non_empty(), self._timestamps(), self._file_reads()]

    def _non_empty(self) -> Check:
        if self.count == 0:
            return Check(
                CHECK_NON_EMPTY,
                False,
                "The replay log has no steps; record at least one tool_call or llm_call step.",
            )
        return Check(CHECK_NON_EMPTY, True, f"The replay log has {self.count} step(s).")

    def _timestamps(self) -> Check:
        if self._started_at is None:
            return Check(
                CHECK_TIMESTAMP_BOUNDS,
                False,
                "The run start is unknown because no run is linked to this reproduction, so "
                f"step timestamps cannot be checked; {_START_A_RUN}.",
            )
        if self._timestamp_failure is not None:
            return Check(CHECK_TIMESTAMP_BOUNDS, False, self._timestamp_failure)
        return Check(
            CHECK_TIMESTAMP_BOUNDS,
            True,
            f"All {self.count} step timestamps fall between the run start "
            f"{self._started_at.isoformat()} and the submission "
            f"{self._submitted_at.isoformat()} (5 s skew allowed).",
        )

    def _file_reads(self) -> Check:
        if self.reads == 0:
            return Check(CHECK_FILE_READ_REPLAY, True, "There are no file reads to replay.")
        if self._read_failure is not None:
            return Check(CHECK_FILE_READ_REPLAY, False, self._read_failure)
        return Check(
            CHECK_FILE_READ_REPLAY,
            True,
            f"All {self.reads} file read(s) name files in the run's workspace manifest.",
        )
