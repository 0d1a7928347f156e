"""Replay logs (agent trajectories, SPEC 7): their shape, their checks and the trust tier.

Pure: the caller loads the log and the run; nothing here touches storage.

Decisions where the spec leaves room:
- Timestamps are RFC 3339 strings with an explicit offset (`2024-05-01T12:00:00Z`,
  `...+02:00`), or `datetime` objects with a timezone; epoch seconds, in a number or a string,
  and times without an offset are refused (422), because their meaning cannot be checked.
- Integer fields are strict: `"5"`, `true` and `5.5` are refused where an integer is expected.
  `5.0` is taken as 5: JSON Schema, and so our OpenAPI document, counts it as an integer.
- `file_read_replay` checks every step that reads a file, whatever its `error` field (an
  error does not make a read of an unlisted file harmless). Which steps read which files is
  `chalicelib.domain.file_reads` (read tools in any naming style, editor `view` commands and
  shell `cat`/`head`/`tail`/`less`/`more`/`sed`); unknown tools are listed in the verdict and
  prove nothing. Paths are compared after POSIX normalisation (`./a/b.py` == `a/b.py`,
  backslashes read as `/`); an absolute path matches a manifest entry it ends with
  (`/home/me/repo/src/a.py` reads `src/a.py`), since agents run inside their checkout.
- `run_id`: when the replay log names a run, it must be the run the submission closes.
- Naive `started_at` / `submitted_at` given by a caller are taken as UTC (stored times are UTC).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

MAX_STEPS = 10_000
MAX_IO_CHARS = 5_000
MAX_RESPONSE_CHARS = 50_000
CLOCK_SKEW = timedelta(seconds=5)

CHECK_NON_EMPTY = "non_empty"
CHECK_TIMESTAMP_BOUNDS = "timestamp_bounds"
CHECK_FILE_READ_REPLAY = "file_read_replay"
CHECK_RUN_ID = "run_id_matches"

_STRICT = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)


def integral_float_to_int(value: Any) -> Any:
    """`5.0` -> `5` (JSON Schema's `integer` includes numbers with a zero fractional part);
    anything else is left for the strict integer check to accept or refuse."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    return value


def _whole_float(value: Any) -> int:
    if isinstance(value, float) and value.is_integer() and 0 <= value <= 2**53:
        return int(value)
    raise ValueError("not a whole number in range")


class _StepCountSchema:
    """A step's counts (`duration_ms`, tokens): a strict integer 0..2^53, checked in
    pydantic-core alone (a Python check per field was a tenth of the time of a 1,000,000-step
    replay log), or a float with a zero fractional part (`5.0`, as JSON Schema counts it).
    At most 2^53, as for every integer in a request body (chalicelib/api/strict_json.py)."""

    @classmethod
    def __get_pydantic_core_schema__(cls, _source: Any, _handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.union_schema(
            [
                core_schema.int_schema(strict=True, ge=0, le=2**53),
                # Python only when that fails: only a float, in both JSON and Python input (an
                # int out of range must not come back rounded to one)
                core_schema.no_info_plain_validator_function(_whole_float),
            ],
            mode="left_to_right",
            custom_error_type="step_count",
            custom_error_message='must be a whole number from 0 to 2^53 (5 or 5.0; not "5" or 5.5)',
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, _schema: Any, _handler: Any) -> dict[str, Any]:
        return {"type": "integer", "minimum": 0, "maximum": 2**53}


NonNegativeInt = Annotated[int, _StepCountSchema]
IoText = Annotated[str, Field(max_length=MAX_IO_CHARS)]


_RFC3339 = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$"
)


_TS_HELP = (
    "ts must be an RFC 3339 date-time with an explicit offset, e.g. 2024-05-01T12:00:00Z or "
    "2024-05-01T14:00:00+02:00 (epoch seconds are not accepted)"
)


def _parse_timestamp(value: str) -> datetime:
    """An RFC 3339 string (already matched by `_RFC3339`) as an aware datetime; digits after
    the microseconds are dropped. Python 3.11's parser reads every form the pattern allows
    but a lower-case `t` or `z`."""
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return datetime.fromisoformat(value.upper())  # month 13 still fails: its message


class _TimestampSchema:
    """`ts`: an RFC 3339 string checked by pydantic-core's own regex engine, then read by the
    standard library (a replay log holds up to 1,000,000 of them: a Python check per step was
    a sixth of the validator's time), or an aware `datetime` from a Python caller. Any other
    input gets one message that says what to send. The standard library's `timezone`
    objects also compare ~15x faster than pydantic's `TzInfo` (every step is compared)."""

    @classmethod
    def __get_pydantic_core_schema__(cls, _source: Any, _handler: Any) -> Any:
        from pydantic_core import core_schema

        text = core_schema.no_info_after_validator_function(
            _parse_timestamp, core_schema.str_schema(pattern=_RFC3339.pattern, strict=True)
        )
        aware = core_schema.datetime_schema(strict=True, tz_constraint="aware")
        return core_schema.union_schema(
            [text, aware],
            mode="left_to_right",
            custom_error_type="timestamp_format",
            custom_error_message=_TS_HELP,
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, _schema: Any, _handler: Any) -> dict[str, Any]:
        return {"type": "string", "format": "date-time"}


Timestamp = Annotated[datetime, _TimestampSchema]


# Steps are TypedDicts, not models: a log holds up to 10,000 of them, and plain dicts of
# strings, numbers and datetimes validate ~30% faster (they are not tracked by the garbage
# collector). `bench/bench_pipeline.py` compares validation with json.loads of the same log.
@with_config(_STRICT)
class ToolCall(TypedDict):
    type: Literal["tool_call"]
    ts: Timestamp
    tool: Annotated[str, Field(min_length=1, max_length=200)]
    input: IoText
    output: NotRequired[IoText | None]
    duration_ms: NonNegativeInt
    error: NotRequired[IoText | None]


@with_config(_STRICT)
class LlmCall(TypedDict):
    type: Literal["llm_call"]
    ts: Timestamp
    model: Annotated[str, Field(min_length=1, max_length=200)]
    input_tokens: NonNegativeInt
    output_tokens: NonNegativeInt
    duration_ms: NonNegativeInt
    response_text: NotRequired[Annotated[str, Field(max_length=MAX_RESPONSE_CHARS)] | None]
    error: NotRequired[IoText | None]


Step = Annotated[ToolCall | LlmCall, Field(discriminator="type")]


class ReplayLog(BaseModel):
    model_config = _STRICT

    run_id: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    steps: Annotated[list[Step], Field(max_length=MAX_STEPS)]


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class RunFacts:
    started_at: datetime
    memoryless: bool
    attempt: int
    workspace_files: frozenset[str]
    eval_files: frozenset[str] = frozenset()  # workspace.eval_files (evaluator_untouched)
    commit: str | None = None  # workspace.commit


_START_A_RUN = (
    "start a run with POST /api/v1/runs before working on the paper and pass its run_id "
    "when submitting"
)


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _iso(moment: datetime) -> str:
    return moment.isoformat()


def _seconds(delta: timedelta) -> str:
    return f"{delta.total_seconds():g} s"


def normalise_path(path: str) -> str:
    """`./a/b.py` -> `a/b.py`, `a/../b` -> `b`, `a\\b` -> `a/b`; absolute paths stay absolute."""
    normalised = posixpath.normpath(path.strip().replace("\\", "/"))
    return "" if normalised == "." else normalised


def _in_manifest(path: str, manifest: frozenset[str]) -> bool:
    normalised = normalise_path(path)
    if normalised in manifest:
        return True
    if normalised.startswith("/") and ".." not in normalised.split("/"):
        parts = normalised.split("/")
        return any("/".join(parts[i:]) in manifest for i in range(1, len(parts)))
    return False


class ReplayChecker:
    """The replay checks, fed steps in order and in batches of any size (`feed`), then read
    (`finish`): inline logs are fed whole, uploaded logs of up to 1,000,000 steps a batch at a
    time (chalicelib/services/log_streams.py), so both give the same verdict by construction.
    Each check keeps only its first failure and what it needs to go on."""

    def __init__(
        self,
        run: RunFacts | None,
        submitted_at: datetime,
        run_id: str | None = None,
        log_run_id: str | None = None,
    ) -> None:
        self.run = run
        self.count = 0
        self._run_id, self._log_run_id = run_id, log_run_id
        self._submitted_at = _utc(submitted_at)
        self._started_at = _utc(run.started_at) if run is not None else None
        self._earliest = self._started_at - CLOCK_SKEW if self._started_at else None
        self._latest = self._submitted_at + CLOCK_SKEW
        self._timestamp_failure: str | None = None
        self._read_failure: str | None = None
        self._reads = 0
        self._kinds: dict[str, str] = {}  # agents use a handful of tool names thousands of times
        self._unknown: dict[str, int] = {}
        self._checked: set[tuple[str, str]] = set()  # (tool, input) replayed: reads repeat
        self._manifest = frozenset(
            normalise_path(name) for name in (run.workspace_files if run else ()) if name.strip()
        )

    def feed(self, steps: list[Any]) -> ReplayChecker:
        base = self.count
        self.count += len(steps)
        if self._timestamp_failure is None and self._earliest is not None:
            self._check_timestamps(steps, base)
        self._check_reads(steps, base)
        return self

    def _check_timestamps(self, steps: list[Any], base: int) -> None:
        earliest, latest, started_at = self._earliest, self._latest, self._started_at
        assert earliest is not None and started_at is not None
        for offset, step in enumerate(steps):
            ts = step["ts"]
            if earliest <= ts <= latest:
                continue
            index = base + offset
            if ts < earliest:
                self._timestamp_failure = (
                    f"Step {index} has ts {_iso(ts)}, {_seconds(started_at - ts)} before "
                    f"the run started at {_iso(started_at)} (allowed skew 5 s); record only "
                    "steps taken after starting the run, with a correct clock."
                )
            else:
                self._timestamp_failure = (
                    f"Step {index} has ts {_iso(ts)}, {_seconds(ts - self._submitted_at)} "
                    f"after the submission at {_iso(self._submitted_at)} (allowed skew 5 s); "
                    "timestamps must not be in the future — check the agent's clock and "
                    "timezone."
                )
            return

    def _check_reads(self, steps: list[Any], base: int) -> None:
        from chalicelib.domain.file_reads import step_reads, tool_kind

        kinds, checked = self._kinds, self._checked
        for offset, step in enumerate(steps):
            if step["type"] != "tool_call":
                continue
            tool = step["tool"]
            kind = kinds.get(tool) or kinds.setdefault(tool, tool_kind(tool))
            if kind == "unknown":
                self._unknown[tool] = self._unknown.get(tool, 0) + 1
                continue
            if kind == "other" or (tool, step["input"]) in checked:
                self._reads += kind != "other"
                continue
            found = step_reads(tool, step["input"])
            if found is None:
                continue
            self._reads += 1
            if self._read_failure is None:
                self._read_failure = self._replay(base + offset, tool, found)
            checked.add((tool, step["input"]))

    def _replay(self, index: int, tool: str, found: Any) -> str | None:
        if found.unreadable:
            return (
                f"Step {index} ({tool}) {found.unreadable}, which cannot be replayed against "
                "the workspace manifest; read each file by its path."
            )
        if self.run is None:
            return (
                f"Step {index} ({tool}) reads {found.paths[0][:200]!r}, but no run is linked to "
                f"this reproduction, so there is no workspace manifest to replay it against; "
                f"{_START_A_RUN}."
            )
        for path in found.paths:
            if not _in_manifest(path, self._manifest):
                return (
                    f"Step {index} ({tool}) reads {path[:200]!r}, which is not in the run's "
                    f"workspace manifest ({len(self._manifest)} file(s)); list every file the "
                    "agent reads in workspace.files when starting the run, using paths "
                    "relative to the workspace."
                )
        return None

    def finish(self) -> list[Check]:
        """Every check, always all of them, in the order non_empty, timestamp_bounds,
        file_read_replay, run_id_matches."""
        return [self._non_empty(), self._timestamps(), self._file_reads(), self._run_id_check()]

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
            f"{_iso(self._started_at)} and the submission {_iso(self._submitted_at)} "
            "(5 s skew allowed).",
        )

    def _file_reads(self) -> Check:
        if self._read_failure is not None:
            return Check(CHECK_FILE_READ_REPLAY, False, self._read_failure)
        detail = (
            f"All {self._reads} file read(s) name files in the run's workspace manifest."
            if self._reads
            else "There are no file reads to replay."
        )
        if self._unknown:
            named = ", ".join(
                f"{name[:40]} ({count})" for name, count in sorted(self._unknown.items())[:8]
            )
            detail += (
                f" Steps of tools the validator does not know were recorded, not trusted: {named}."
            )
        return Check(CHECK_FILE_READ_REPLAY, True, detail)

    def _run_id_check(self) -> Check:
        named, run_id = self._log_run_id, self._run_id
        if named is None:
            return Check(CHECK_RUN_ID, True, "The replay log names no run (optional).")
        if named != run_id:
            submitted = f"run {run_id!r}" if run_id else "no run"
            return Check(
                CHECK_RUN_ID,
                False,
                f"The replay log is of run {named[:100]!r} but the submission closes "
                f"{submitted}; submit a run's replay log with that run's run_id.",
            )
        return Check(CHECK_RUN_ID, True, f"The replay log is of run {run_id!r}, the one submitted.")


def check_replay(
    log: ReplayLog, run: RunFacts | None, submitted_at: datetime, run_id: str | None = None
) -> list[Check]:
    """Run the replay checks, always all of them, in the order non_empty, timestamp_bounds,
    file_read_replay, run_id_matches (`run_id`: the run the submission closes)."""
    return ReplayChecker(run, submitted_at, run_id, log.run_id).feed(log.steps).finish()


def trust_tier(checks: list[Check] | None, run: RunFacts | None) -> int:
    """0: no replay log or a failed check; 1: every check passed; 2: also a memoryless run on
    the account's first attempt at the paper."""
    if not checks or not all(check.ok for check in checks):
        return 0
    if run is not None and run.memoryless and run.attempt == 1:
        return 2
    return 1
