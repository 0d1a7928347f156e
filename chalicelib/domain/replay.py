"""Replay logs (agent trajectories, SPEC 7): their shape, their checks and the trust tier.

Pure: the caller loads the log and the run; nothing here touches storage.

Decisions where the spec leaves room:
- Timestamps must be ISO-8601 strings (or `datetime` objects) with a timezone; numbers such as
  Unix epochs are refused, because their meaning cannot be checked.
- Integer fields are strict: `"5"`, `true` and `5.5` are refused where an integer is expected.
  `5.0` is taken as 5: JSON Schema, and so our OpenAPI document, counts it as an integer.
- `file_read_replay` reads the path from a read tool's `input`: either the plain path or a JSON
  object with a `path`, `file_path` or `filename` key. Paths are compared after POSIX
  normalisation (`./a/b.py` == `a/b.py`, `a/../b` == `b`, backslashes read as `/`); absolute or
  `../` paths simply do not match a workspace-relative manifest. Tool names compare
  case-insensitively.
- A read whose step carries an `error` is not replayed: it returned no file content, and agents
  legitimately try paths that do not exist.
- Naive `started_at` / `submitted_at` given by a caller are taken as UTC (stored times are UTC).
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal, NotRequired

from pydantic import AwareDatetime, BaseModel, BeforeValidator, ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

MAX_STEPS = 10_000
MAX_IO_CHARS = 5_000
MAX_RESPONSE_CHARS = 50_000
FILE_READ_TOOLS = frozenset({"read", "read_file", "file_read", "open_file"})
CLOCK_SKEW = timedelta(seconds=5)
PATH_KEYS = ("path", "file_path", "filename")

CHECK_NON_EMPTY = "non_empty"
CHECK_TIMESTAMP_BOUNDS = "timestamp_bounds"
CHECK_FILE_READ_REPLAY = "file_read_replay"

_STRICT = ConfigDict(extra="forbid", allow_inf_nan=False, defer_build=True)


def integral_float_to_int(value: Any) -> Any:
    """`5.0` -> `5` (JSON Schema's `integer` includes numbers with a zero fractional part);
    anything else is left for the strict integer check to accept or refuse."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    return value


# At most 2^53, as for every integer in a request body (chalicelib/api/strict_json.py).
NonNegativeInt = Annotated[
    int, Field(ge=0, le=2**53, strict=True), BeforeValidator(integral_float_to_int)
]
IoText = Annotated[str, Field(max_length=MAX_IO_CHARS)]


def _require_timestamp_text(value: Any) -> Any:
    if isinstance(value, str):
        # The standard library's parser is several times faster than pydantic's for the
        # common forms, and its `timezone` objects compare ~15x faster than pydantic's
        # `TzInfo` (10,000 steps are compared twice each). What it cannot read is left to
        # pydantic, whose error message names the problem.
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime):
        return value
    raise ValueError(
        "ts must be an ISO-8601 date-time string with a timezone, e.g. 2024-05-01T12:00:00Z"
    )


Timestamp = Annotated[AwareDatetime, BeforeValidator(_require_timestamp_text)]


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


_START_A_RUN = (
    "start a run with POST /api/v1/runs before working on the paper and pass its run_id "
    "when submitting"
)


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _iso(moment: datetime) -> str:
    return moment.isoformat()


def _check_non_empty(log: ReplayLog) -> Check:
    count = len(log.steps)
    if count == 0:
        return Check(
            CHECK_NON_EMPTY,
            False,
            "The replay log has no steps; record at least one tool_call or llm_call step.",
        )
    return Check(CHECK_NON_EMPTY, True, f"The replay log has {count} step(s).")


def _check_timestamp_bounds(log: ReplayLog, run: RunFacts | None, submitted_at: datetime) -> Check:
    if run is None:
        return Check(
            CHECK_TIMESTAMP_BOUNDS,
            False,
            "The run start is unknown because no run is linked to this reproduction, so step "
            f"timestamps cannot be checked; {_START_A_RUN}.",
        )
    started_at = _utc(run.started_at)
    submitted_at = _utc(submitted_at)
    earliest = started_at - CLOCK_SKEW
    latest = submitted_at + CLOCK_SKEW
    for index, step in enumerate(log.steps):
        ts = step["ts"]
        if ts < earliest:
            return Check(
                CHECK_TIMESTAMP_BOUNDS,
                False,
                f"Step {index} has ts {_iso(ts)}, {_seconds(started_at - ts)} before "
                f"the run started at {_iso(started_at)} (allowed skew 5 s); record only steps "
                "taken after starting the run, with a correct clock.",
            )
        if ts > latest:
            return Check(
                CHECK_TIMESTAMP_BOUNDS,
                False,
                f"Step {index} has ts {_iso(ts)}, {_seconds(ts - submitted_at)} after "
                f"the submission at {_iso(submitted_at)} (allowed skew 5 s); timestamps must "
                "not be in the future — check the agent's clock and timezone.",
            )
    return Check(
        CHECK_TIMESTAMP_BOUNDS,
        True,
        f"All {len(log.steps)} step timestamps fall between the run start "
        f"{_iso(started_at)} and the submission {_iso(submitted_at)} (5 s skew allowed).",
    )


def _seconds(delta: timedelta) -> str:
    return f"{delta.total_seconds():g} s"


def read_path(tool_input: str) -> str | None:
    """The file path a read tool's input names: a plain path or JSON with a path key."""
    text = tool_input.strip()
    if text.startswith("{"):
        try:
            arguments = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if not isinstance(arguments, dict):
            return None
        for key in PATH_KEYS:
            value = arguments.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
        return None
    return text or None


def normalise_path(path: str) -> str:
    """`./a/b.py` -> `a/b.py`, `a/../b` -> `b`, `a\\b` -> `a/b`; absolute paths stay absolute."""
    normalised = posixpath.normpath(path.strip().replace("\\", "/"))
    return "" if normalised == "." else normalised


def _file_reads(log: ReplayLog) -> list[tuple[int, ToolCall]]:
    is_read: dict[str, bool] = {}  # agents use a handful of tool names thousands of times
    reads = []
    for index, step in enumerate(log.steps):
        if step["type"] != "tool_call" or step.get("error") is not None:
            continue
        known = is_read.get(step["tool"])
        if known is None:
            known = is_read[step["tool"]] = step["tool"].strip().lower() in FILE_READ_TOOLS
        if known:
            reads.append((index, step))
    return reads


def _check_file_read_replay(log: ReplayLog, run: RunFacts | None) -> Check:
    reads = _file_reads(log)
    if not reads:
        return Check(CHECK_FILE_READ_REPLAY, True, "There are no file reads to replay.")
    if run is None:
        index, step = reads[0]
        path = read_path(step["input"])
        what = "a file" if path is None else repr(path[:200])
        return Check(
            CHECK_FILE_READ_REPLAY,
            False,
            f"Step {index} ({step['tool']}) reads {what}, but no run is linked to this "
            f"reproduction, so there is no workspace manifest to replay it against; "
            f"{_START_A_RUN}.",
        )
    manifest = {normalise_path(name) for name in run.workspace_files}
    manifest.discard("")
    replayed: set[str] = set()  # inputs already found in the manifest (reads repeat a lot)
    for index, step in reads:
        if step["input"] in replayed:
            continue
        path = read_path(step["input"])
        if path is None:
            return Check(
                CHECK_FILE_READ_REPLAY,
                False,
                f"Step {index} ({step['tool']}) does not name a file: its input should be the path "
                'or a JSON object such as {"path": "src/model.py"}.',
            )
        if normalise_path(path) not in manifest:
            return Check(
                CHECK_FILE_READ_REPLAY,
                False,
                f"Step {index} ({step['tool']}) reads {path[:200]!r}, which is not in the run's "
                f"workspace manifest ({len(manifest)} file(s)); list every file the agent reads "
                "in workspace.files when starting the run, using paths relative to the workspace.",
            )
        replayed.add(step["input"])
    return Check(
        CHECK_FILE_READ_REPLAY,
        True,
        f"All {len(reads)} file read(s) name files in the run's workspace manifest.",
    )


def check_replay(log: ReplayLog, run: RunFacts | None, submitted_at: datetime) -> list[Check]:
    """Run the three replay checks, always all three, in the order non_empty,
    timestamp_bounds, file_read_replay."""
    return [
        _check_non_empty(log),
        _check_timestamp_bounds(log, run, submitted_at),
        _check_file_read_replay(log, run),
    ]


def trust_tier(checks: list[Check] | None, run: RunFacts | None) -> int:
    """0: no replay log or a failed check; 1: every check passed; 2: also a memoryless run on
    the account's first attempt at the paper."""
    if not checks or not all(check.ok for check in checks):
        return 0
    if run is not None and run.memoryless and run.attempt == 1:
        return 2
    return 1
