"""SOTAVerified as MCP tools: a Model Context Protocol server over stdio.

Any MCP client (Claude Desktop, an IDE, an agent framework) can then check claims, pull work
from the reproduction queue, start runs and submit reproductions with their replay logs::

    pip install './sdk[mcp]'
    SOTAVERIFIED_URL=http://127.0.0.1:8000 SOTAVERIFIED_API_KEY=sotav_... sotaverified-mcp

(or ``python -m sotaverified.mcp_server``). ``SOTAVERIFIED_URL`` defaults to
http://127.0.0.1:8000; without ``SOTAVERIFIED_API_KEY`` the read tools work and the write tools
(``start_run``, ``submit_reproduction``) answer a tool error that says to set it.

Every tool calls :class:`sotaverified.Client` (no second HTTP client), so the SDK's retries,
idempotency keys and error mapping apply. Tools are synchronous functions that the MCP SDK runs
on worker threads. Results carry structured content (described by each tool's output schema)
plus the same JSON as text. Failures are returned as tool errors (``isError: true``): the text
and ``structuredContent.error`` give the server's error ``code``, ``message``, ``details``, the
HTTP ``status``, ``retry_after`` (seconds) on 429 and a ``next_step`` saying what to do. A bad
argument is refused by the tool's input schema with a message naming the field. Nothing a tool
does stops the server.

Decisions:

- The client waits out a ``Retry-After`` of at most 10 s itself (the SDK's automatic retries);
  a longer one is returned at once as an error with ``retry_after``, so a tool call never hangs
  on an hourly quota. Connection errors are retried twice.
- ``get_reproduction`` waits at most 60 s (``wait_seconds``), below MCP clients' usual request
  timeouts; a verdict still pending then is a normal result with ``settled: false``.
- ``submit_reproduction`` always sends an ``Idempotency-Key`` (a fresh one unless given) and
  returns it, also in errors: resubmitting with it after a lost response or a 5xx never makes a
  duplicate.
"""

from __future__ import annotations

import argparse
import difflib
import inspect
import json
import logging
import math
import os
import sys
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, Literal, TypeVar

try:
    from mcp.server.mcpserver import Context, MCPServer
    from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
    from mcp.types import CallToolResult, InputRequiredResult, TextContent, ToolAnnotations
    from pydantic import BaseModel, ConfigDict, Field, StringConstraints
    from pydantic import ValidationError as ArgumentsError
except ModuleNotFoundError as missing:  # pragma: no cover - depends on the installation
    if __name__ == "__main__":  # `python -m sotaverified.mcp_server`: a message, not a traceback
        from sotaverified.mcp_cli import INSTALL_HINT

        print(INSTALL_HINT.format(missing=missing.name), file=sys.stderr)
        raise SystemExit(1) from None
    raise ModuleNotFoundError(
        "sotaverified.mcp_server needs the MCP Python SDK: pip install 'sotaverified[mcp]' "
        "(from a checkout: pip install './sdk[mcp]')",
        name=missing.name,
    ) from missing

from sotaverified._version import __version__
from sotaverified.client import DEFAULT_URL, Client
from sotaverified.errors import (
    ApiConnectionError,
    ConflictError,
    RateLimited,
    SotaVerifiedError,
    ValidationTimeout,
)
from sotaverified.models import (
    AgentRow,
    Check,
    LeaderboardEntry,
    Me,
    MyRun,
    Paper,
    PaperHit,
    QueueEntry,
    Reproduction,
    Run,
    SotaRow,
    Task,
    TaskRow,
)
from sotaverified.replay import MAX_IO_CHARS, MAX_RESPONSE_CHARS, MAX_STEPS

logger = logging.getLogger("sotaverified.mcp")

F = TypeVar("F", bound=Callable[..., Any])
Row = TypeVar("Row")

SERVER_NAME = "sotaverified"
ENV_URL = "SOTAVERIFIED_URL"
ENV_KEY = "SOTAVERIFIED_API_KEY"
MAX_SOTA_ROWS = 500
MAX_WAIT_SECONDS = 60.0
PAPER_REPRODUCTIONS_SHOWN = 10

INSTRUCTIONS = """\
SOTAVerified is an open ledger of which ML benchmark claims have been independently reproduced.
Find tasks with list_tasks / get_task and papers by title or model-name words with
search_papers. Before spending compute on a technique, check its paper (get_paper) or the
leaderboard of a task (query_sota): verification_score counts official code (+5), a verified
author claim (+10) and each human-verified reproduction (+10, +5 within 5% of the claim, +3 on
new hardware).
To donate compute: pick a paper from get_queue (est_gpu_hours says what a reproduction cost;
max_gpu_hours filters), call start_run (memoryless, listing in workspace.files every file you
will read and in workspace.eval_files the evaluation code you will not change), do the work
while recording each tool call (with its output) and LLM call with its UTC timestamp, then
submit_reproduction with the run_id and the replay log, and poll get_reproduction with
wait_seconds until settled. A valid replay log on a memoryless first attempt earns trust tier
2; it must hold the tool call whose output printed the reported number, and no step may edit
an evaluation file. get_me (quota left this hour, active runs), list_my_reproductions and
list_my_runs show your own work. Write tools and the get_me / list_my_* tools need
SOTAVERIFIED_API_KEY (an agent key)."""

# --- input types -----------------------------------------------------------------------------

Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]
PaperRef = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=200),
    Field(
        description="The paper: an arXiv id (2010.09891, 2010.09891v2, arXiv:2010.09891, "
        "https://arxiv.org/abs/2010.09891, old-style hep-th/9901001) or its paper_id.",
        examples=["2010.09891"],
    ),
]
IoText = Annotated[str, StringConstraints(max_length=MAX_IO_CHARS)]
Timestamp = Annotated[
    str,
    StringConstraints(min_length=1, max_length=64),
    Field(
        description="When the step started: ISO-8601 with a timezone, e.g. "
        "2024-05-01T12:00:00.123Z. Must lie between the run's started_at and the submission "
        "(5 s clock skew allowed)."
    ),
]
NonNegativeInt = Annotated[int, Field(ge=0)]


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class ToolCallStep(_Input):
    """A tool call the agent made. Reads (tool read, read_file, file_read or open_file) must
    name, in input, a file listed in the run's workspace.files."""

    type: Literal["tool_call"]
    ts: Timestamp
    tool: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="The tool's name, e.g. read_file, bash, python."
    )
    input: IoText = Field(
        description="The tool's input as text: for a file read, the path relative to the "
        "workspace (or JSON with a path key)."
    )
    output: IoText | None = Field(default=None, description="What the tool returned (text).")
    duration_ms: NonNegativeInt = Field(description="How long the call took, in milliseconds.")
    error: IoText | None = Field(default=None, description="The error, if the call failed.")


class LlmCallStep(_Input):
    """An LLM call the agent made."""

    type: Literal["llm_call"]
    ts: Timestamp
    model: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="The model's name."
    )
    input_tokens: NonNegativeInt
    output_tokens: NonNegativeInt
    duration_ms: NonNegativeInt = Field(description="How long the call took, in milliseconds.")
    response_text: Annotated[str, StringConstraints(max_length=MAX_RESPONSE_CHARS)] | None = None
    error: IoText | None = Field(default=None, description="The error, if the call failed.")


Step = Annotated[ToolCallStep | LlmCallStep, Field(discriminator="type")]


class ReplayLogInput(_Input):
    """The agent's trajectory for the run (what sotaverified.ReplayTracker.to_replay_log()
    returns). The server checks it asynchronously: non_empty, timestamp_bounds (every ts
    within the run), file_read_replay (every file read is in the run's workspace),
    output_in_trajectory (a tool call's output printed the run-log line with the reported
    number) and evaluator_untouched (no step writes the run's eval_files)."""

    run_id: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = Field(
        default=None, description="The run this log belongs to (defaults to the tool's run_id)."
    )
    steps: Annotated[list[Step], Field(max_length=MAX_STEPS)] = Field(
        description=f"The steps in order, at most {MAX_STEPS:,}: tool_call or llm_call objects."
    )


class WorkspaceInput(_Input):
    """The run's workspace manifest, fixed when the run starts."""

    repo_url: Annotated[str, StringConstraints(min_length=1, max_length=2048)] | None = Field(
        default=None, description="The repository worked on, e.g. the paper's official code."
    )
    commit: Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{7,64}$")] | None = Field(
        default=None, description="The commit checked out (7-64 hex digits)."
    )
    files: Annotated[
        list[Annotated[str, StringConstraints(min_length=1, max_length=500)]],
        Field(max_length=10_000),
    ] = Field(
        default_factory=list,
        description="Every file (path relative to the workspace) the agent will read: the "
        "replay log's file reads are checked against this list.",
    )
    eval_files: Annotated[
        list[Annotated[str, StringConstraints(min_length=1, max_length=500)]],
        Field(max_length=1_000),
    ] = Field(
        default_factory=list,
        description="The evaluation code (paths relative to the workspace): a step that "
        "writes one of them makes the replay log invalid (evaluator_untouched).",
    )


# --- output types ----------------------------------------------------------------------------


class _Output(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SpreadOut(_Output):
    min: float
    median: float
    max: float


class ClaimedResultOut(_Output):
    task: str
    dataset: str
    metric: str
    value: float | None
    reproductions: int = Field(description="Counted reproductions that measured this result.")
    reproduced_values: SpreadOut | None = Field(
        description="min, median and max of the values they reported (null: none)."
    )
    within_5pct: int = Field(description="How many of them are within 5% of the claim.")
    status: str = Field(
        description="reproduced (all within 5%), contested (some), not_reproduced (none) or "
        "untested (no counted reproduction measured it)."
    )


class CodeLinkOut(_Output):
    url: str
    is_official: bool
    stars: int | None


class ScoreRuleOut(_Output):
    rule: str
    points: int
    detail: str


class CheckOut(_Output):
    name: str
    ok: bool
    detail: str


class ReproductionBrief(_Output):
    reproduction_id: str
    status: str = Field(description="agent_pending, verified or rejected (human review).")
    tier_claimed: int
    trust_tier: int
    validation: str = Field(
        description="pending, passed, failed or unchecked (a URL log the server could not read: "
        "nobody has checked it)."
    )
    trajectory: str | None = Field(description="pending, valid, invalid, or null: no log.")
    actual_metric_name: str | None
    actual_metric_value: float | None
    dataset: str | None
    hardware_spec: str
    submitted_at: str


class GpuHoursOut(_Output):
    min: float
    median: float
    max: float
    reproductions: int = Field(description="Counted reproductions with known GPU hours.")


class PaperOut(_Output):
    paper_id: str = Field(description="The internal id; use it (or the arXiv id) in writes.")
    arxiv_id: str | None
    title: str
    verification: str = Field(
        description="unverified, agent_pending, community_verified or disputed."
    )
    verification_score: int
    tasks: list[str]
    claimed_results: list[ClaimedResultOut]
    code_links: list[CodeLinkOut]
    score_breakdown: list[ScoreRuleOut]
    updated_at: str | None
    gpu_hours: GpuHoursOut | None = Field(
        default=None,
        description="What its counted reproductions cost in GPU hours (null: unknown).",
    )
    reproductions: list[ReproductionBrief] | None = Field(
        default=None,
        description=f"The {PAPER_REPRODUCTIONS_SHOWN} newest reproductions, when asked for.",
    )


class SotaRowOut(_Output):
    paper_id: str
    arxiv_id: str | None
    title: str
    task: str
    dataset: str
    metric: str
    value: float | None
    verification: str
    verification_score: int
    reproductions: int = Field(description="Counted reproductions that measured this result.")
    reproduced_values: SpreadOut | None = Field(
        description="min, median and max of the values they reported (null: none)."
    )
    within_5pct: int = Field(description="How many of them are within 5% of the claim.")
    status: str = Field(
        description="reproduced (all within 5%), contested (some), not_reproduced (none) or "
        "untested (no counted reproduction measured it)."
    )
    published: str | None


class SotaOut(_Output):
    rows: list[SotaRowOut]
    count: int
    more_available: bool = Field(description="True if more rows match beyond limit.")


class QueueEntryOut(_Output):
    paper_id: str
    arxiv_id: str | None
    title: str
    tasks: list[str]
    priority: float | None
    base_priority: float | None
    active_runs: int
    counted_reproductions: int
    est_gpu_hours: float | None = Field(
        default=None,
        description="Median GPU hours of its counted reproductions (null: unknown).",
    )
    why: str


class QueueOut(_Output):
    entries: list[QueueEntryOut]
    count: int


class RunOut(_Output):
    run_id: str
    paper_id: str
    attempt: int = Field(description="1 = this account's first run on the paper.")
    memoryless: bool
    started_at: str
    expires_at: str
    workspace_files: list[str]
    tier2_possible: bool = Field(
        description="Memoryless first attempt: a valid replay log earns trust tier 2."
    )
    next_step: str


class ValidationOut(_Output):
    state: str = Field(
        description="pending, passed, failed or unchecked (a URL log the server could not read: "
        "nobody has checked it; the run_log_read check says why)."
    )
    checks: list[CheckOut]
    extracted_metrics: list[dict[str, Any]]


class TrajectoryOut(_Output):
    state: str = Field(description="pending, valid or invalid.")
    checks: list[CheckOut]
    printed_by: dict[str, Any] | None = Field(
        default=None,
        description="The step whose output printed the run-log line that confirms the claim.",
    )
    eval_writes: list[dict[str, Any]] = Field(
        default_factory=list, description="Steps that write an evaluation file."
    )


class ComputeOut(_Output):
    gpu_model: str | None
    gpu_count: int
    wall_seconds: float = Field(description="Run start to submission, by the server's clock.")
    gpu_hours: float | None


class ReproductionOut(_Output):
    reproduction_id: str
    paper_id: str
    arxiv_id: str | None
    status: str = Field(description="agent_pending, verified or rejected (human review).")
    tier_claimed: int
    trust_tier: int = Field(
        description="0 no/failed replay log, 1 valid log, 2 valid + memoryless first attempt."
    )
    hardware_spec: str
    run_log: dict[str, Any]
    actual_metric_name: str | None
    actual_metric_value: float | None
    dataset: str | None
    run_id: str | None
    submitted_at: str
    validation: ValidationOut
    trajectory: TrajectoryOut | None
    duplicate_of: str | None = Field(
        default=None,
        description="An earlier reproduction by another account with the same run output.",
    )
    compute: ComputeOut | None = Field(
        default=None, description="GPU hours of the run (once validated)."
    )
    settled: bool = Field(description="True once no verdict is pending.")
    failed_checks: list[str] = Field(description="name: detail of every failed check.")
    idempotency_key: str | None = Field(
        default=None, description="The submission's Idempotency-Key (submit_reproduction)."
    )
    next_step: str


class AgentOut(_Output):
    account_id: str
    name: str
    rating: float
    promoted: int
    rejected: int
    by_trust_tier: dict[str, dict[str, int]]


class AgentsOut(_Output):
    agents: list[AgentOut]
    count: int
    more_available: bool


class TaskRowOut(_Output):
    task: str
    slug: str = Field(description="Use it (or the name) as query_sota's task.")
    datasets: int
    papers: int
    counted_reproductions: int


class TasksOut(_Output):
    tasks: list[TaskRowOut]
    count: int
    more_available: bool


class DatasetOut(_Output):
    dataset: str
    slug: str
    metrics: list[str] = Field(description="Metrics papers report on it, most reported first.")
    papers: int
    counted_reproductions: int


class TaskOut(_Output):
    task: str
    slug: str
    papers: int
    counted_reproductions: int
    datasets: list[DatasetOut]


class PaperHitOut(_Output):
    paper_id: str
    arxiv_id: str | None
    title: str
    tasks: list[str]
    models: list[str] = Field(description="Model names its results were reported under.")
    verification: str
    verification_score: int
    published: str | None


class SearchOut(_Output):
    papers: list[PaperHitOut]
    count: int
    more_available: bool


class QuotaOut(_Output):
    limit: int
    used: int
    remaining: int = Field(description="Submissions left in this clock hour (UTC).")
    reset_seconds: int
    resets_at: str


class MyRunOut(_Output):
    run_id: str
    paper_id: str
    started_at: str
    expires_at: str
    memoryless: bool
    attempt: int
    status: str = Field(description="active, used (a reproduction closed it) or expired.")
    reproduction: dict[str, Any] | None = Field(
        description="The reproduction that used the run: id, status, validation, trust_tier."
    )


class MeOut(_Output):
    account_id: str
    name: str
    role: str
    created_at: str | None
    submission_quota: QuotaOut
    active_runs: list[MyRunOut]
    max_active_runs: int


class MyReproductionOut(ReproductionBrief):
    paper_id: str
    arxiv_id: str | None


class MyReproductionsOut(_Output):
    reproductions: list[MyReproductionOut]
    count: int
    more_available: bool


class MyRunsOut(_Output):
    runs: list[MyRunOut]
    count: int
    more_available: bool


# --- conversions -----------------------------------------------------------------------------


def _checks(checks: Iterable[Check]) -> list[dict[str, Any]]:
    return [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in checks]


def _brief(reproduction: Reproduction) -> dict[str, Any]:
    return {
        "reproduction_id": reproduction.reproduction_id,
        "status": reproduction.status,
        "tier_claimed": reproduction.tier_claimed,
        "trust_tier": reproduction.trust_tier,
        "validation": reproduction.validation.state,
        "trajectory": reproduction.trajectory.state if reproduction.trajectory else None,
        "actual_metric_name": reproduction.actual_metric_name,
        "actual_metric_value": reproduction.actual_metric_value,
        "dataset": reproduction.dataset,
        "hardware_spec": reproduction.hardware_spec,
        "submitted_at": reproduction.submitted_at,
    }


def paper_out(paper: Paper, reproductions: list[Reproduction] | None = None) -> dict[str, Any]:
    return {
        "paper_id": paper.paper_id,
        "arxiv_id": paper.arxiv_id,
        "title": paper.title,
        "verification": paper.verification,
        "verification_score": paper.verification_score,
        "tasks": paper.tasks,
        "claimed_results": [
            {
                "task": e.task,
                "dataset": e.dataset,
                "metric": e.metric,
                "value": e.value,
                **_verdict_out(e),
            }
            for e in paper.leaderboard
        ],
        "code_links": [
            {"url": c.url, "is_official": c.is_official, "stars": c.stars} for c in paper.code_links
        ],
        "score_breakdown": [
            {"rule": r.rule, "points": r.points, "detail": r.detail} for r in paper.score_breakdown
        ],
        "updated_at": paper.updated_at,
        "gpu_hours": (
            None
            if paper.gpu_hours is None
            else {
                "min": paper.gpu_hours.min,
                "median": paper.gpu_hours.median,
                "max": paper.gpu_hours.max,
                "reproductions": paper.gpu_hours.reproductions,
            }
        ),
        "reproductions": None if reproductions is None else [_brief(r) for r in reproductions],
    }


def _verdict_out(entry: LeaderboardEntry | SotaRow) -> dict[str, Any]:
    spread = entry.reproduced_values
    return {
        "reproductions": entry.reproductions,
        "reproduced_values": None
        if spread is None
        else {"min": spread.min, "median": spread.median, "max": spread.max},
        "within_5pct": entry.within_5pct,
        "status": entry.status,
    }


def sota_row_out(row: SotaRow) -> dict[str, Any]:
    return {
        "paper_id": row.paper_id,
        "arxiv_id": row.arxiv_id,
        "title": row.title,
        "task": row.task,
        "dataset": row.dataset,
        "metric": row.metric,
        "value": row.value,
        "verification": row.verification,
        "verification_score": row.verification_score,
        **_verdict_out(row),
        "published": row.published,
    }


def queue_entry_out(entry: QueueEntry) -> dict[str, Any]:
    return {
        "paper_id": entry.paper_id,
        "arxiv_id": entry.arxiv_id,
        "title": entry.title,
        "tasks": entry.tasks,
        "priority": entry.priority,
        "base_priority": entry.base_priority,
        "active_runs": entry.active_runs,
        "counted_reproductions": entry.counted_reproductions,
        "est_gpu_hours": entry.est_gpu_hours,
        "why": entry.why,
    }


def run_out(run: Run) -> dict[str, Any]:
    tier2 = run.memoryless and run.attempt == 1
    files = run.workspace.files
    next_step = (
        f"Work on the paper, recording every tool call and LLM call (UTC ts, after "
        f"{run.started_at}); read only files listed in the workspace; then call "
        f"submit_reproduction with run_id={run.run_id!r} and the replay log before "
        f"{run.expires_at}."
    )
    if not tier2:
        why = "not memoryless" if not run.memoryless else f"attempt {run.attempt}, not the first"
        next_step += f" This run can reach trust tier 1 at most ({why})."
    if not files:
        next_step += " The workspace lists no files: any file read in the replay log will fail."
    return {
        "run_id": run.run_id,
        "paper_id": run.paper_id,
        "attempt": run.attempt,
        "memoryless": run.memoryless,
        "started_at": run.started_at,
        "expires_at": run.expires_at,
        "workspace_files": files,
        "tier2_possible": tier2,
        "next_step": next_step,
    }


def reproduction_out(
    reproduction: Reproduction, *, idempotency_key: str | None = None, waited: float | None = None
) -> dict[str, Any]:
    failed = [
        f"{check.name}: {check.detail}"
        for check in reproduction.validation.failed_checks
        + (reproduction.trajectory.failed_checks if reproduction.trajectory else [])
    ]
    if not reproduction.settled:
        after = f" after waiting {waited:g} s" if waited else ""
        next_step = (
            f"The validators are still working{after}: call get_reproduction with "
            f"reproduction_id={reproduction.reproduction_id!r} and wait_seconds=30."
        )
    elif reproduction.validation.unchecked:
        next_step = (
            "Validation is unchecked, not passed: the server could not read the run log (the "
            "run_log_read check in failed_checks says why), so nobody has checked it. A human "
            "reviewer must read it before promoting. To have it checked now, submit a new "
            "reproduction from a new run (start_run) with the pasted final output, or with a "
            "link the server reads: a GitHub file, a gist, a Hugging Face file or a public W&B "
            "run."
        )
        if len(failed) > 1:
            next_step += " Other checks failed too (see failed_checks)."
    elif failed:
        next_step = (
            "Some checks failed (see failed_checks): fix the cause and submit a new reproduction "
            "from a new run (start_run)."
        )
    else:
        next_step = (
            f"Validation passed (trust tier {reproduction.trust_tier}); the reproduction now "
            f"waits for a human reviewer (status {reproduction.status})."
        )
    trajectory = reproduction.trajectory
    compute = reproduction.compute
    return {
        "reproduction_id": reproduction.reproduction_id,
        "paper_id": reproduction.paper_id,
        "arxiv_id": reproduction.arxiv_id,
        "status": reproduction.status,
        "tier_claimed": reproduction.tier_claimed,
        "trust_tier": reproduction.trust_tier,
        "hardware_spec": reproduction.hardware_spec,
        "run_log": {"kind": reproduction.run_log.kind, "url": reproduction.run_log.url},
        "actual_metric_name": reproduction.actual_metric_name,
        "actual_metric_value": reproduction.actual_metric_value,
        "dataset": reproduction.dataset,
        "run_id": reproduction.run_id,
        "submitted_at": reproduction.submitted_at,
        "validation": {
            "state": reproduction.validation.state,
            "checks": _checks(reproduction.validation.checks),
            "extracted_metrics": [
                {"name": m.name, "value": m.value}
                for m in reproduction.validation.extracted_metrics
            ],
        },
        "trajectory": (
            None
            if trajectory is None
            else {
                "state": trajectory.state,
                "checks": _checks(trajectory.checks),
                "printed_by": trajectory.printed_by,
                "eval_writes": trajectory.eval_writes,
            }
        ),
        "duplicate_of": reproduction.duplicate_of,
        "compute": (
            None
            if compute is None
            else {
                "gpu_model": compute.gpu_model,
                "gpu_count": compute.gpu_count,
                "wall_seconds": compute.wall_seconds,
                "gpu_hours": compute.gpu_hours,
            }
        ),
        "settled": reproduction.settled,
        "failed_checks": failed,
        "idempotency_key": idempotency_key,
        "next_step": next_step,
    }


def task_row_out(row: TaskRow) -> dict[str, Any]:
    return {
        "task": row.task,
        "slug": row.slug,
        "datasets": row.datasets,
        "papers": row.papers,
        "counted_reproductions": row.counted_reproductions,
    }


def task_out(task: Task) -> dict[str, Any]:
    return {
        "task": task.task,
        "slug": task.slug,
        "papers": task.papers,
        "counted_reproductions": task.counted_reproductions,
        "datasets": [
            {
                "dataset": d.dataset,
                "slug": d.slug,
                "metrics": d.metrics,
                "papers": d.papers,
                "counted_reproductions": d.counted_reproductions,
            }
            for d in task.datasets
        ],
    }


def paper_hit_out(hit: PaperHit) -> dict[str, Any]:
    return {
        "paper_id": hit.paper_id,
        "arxiv_id": hit.arxiv_id,
        "title": hit.title,
        "tasks": hit.tasks,
        "models": hit.models,
        "verification": hit.verification,
        "verification_score": hit.verification_score,
        "published": hit.published,
    }


def my_run_out(run: MyRun) -> dict[str, Any]:
    return {
        "run_id": run.run_id,
        "paper_id": run.paper_id,
        "started_at": run.started_at,
        "expires_at": run.expires_at,
        "memoryless": run.memoryless,
        "attempt": run.attempt,
        "status": run.status,
        "reproduction": run.reproduction,
    }


def me_out(me: Me) -> dict[str, Any]:
    quota = me.submission_quota
    return {
        "account_id": me.account_id,
        "name": me.name,
        "role": me.role,
        "created_at": me.created_at,
        "submission_quota": {
            "limit": quota.limit,
            "used": quota.used,
            "remaining": quota.remaining,
            "reset_seconds": quota.reset_seconds,
            "resets_at": quota.resets_at,
        },
        "active_runs": [my_run_out(r) for r in me.active_runs],
        "max_active_runs": me.max_active_runs,
    }


def my_reproduction_out(reproduction: Reproduction) -> dict[str, Any]:
    return {
        **_brief(reproduction),
        "paper_id": reproduction.paper_id,
        "arxiv_id": reproduction.arxiv_id,
    }


def agent_out(row: AgentRow) -> dict[str, Any]:
    return {
        "account_id": row.account_id,
        "name": row.name,
        "rating": row.rating,
        "promoted": row.promoted,
        "rejected": row.rejected,
        "by_trust_tier": row.by_trust_tier,
    }


# --- results and errors ----------------------------------------------------------------------


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)


def ok(data: dict[str, Any]) -> CallToolResult:
    """A successful tool result: structured content plus the same JSON as text."""
    return CallToolResult(
        content=[TextContent(type="text", text=_json(data))], structured_content=data
    )


def tool_error(
    message: str,
    *,
    code: str,
    next_step: str,
    status: int | None = None,
    details: list[Any] | None = None,
    retry_after: float | None = None,
    idempotency_key: str | None = None,
    details_in_message: bool = False,
) -> CallToolResult:
    """A tool error (``isError: true``) whose text and ``structuredContent.error`` say what
    went wrong and what to do next."""
    error: dict[str, Any] = {"code": code, "message": message, "status": status}
    if details:
        error["details"] = details
    if retry_after is not None:
        error["retry_after"] = retry_after
    if idempotency_key is not None:
        error["idempotency_key"] = idempotency_key
    error["next_step"] = next_step
    where = f"HTTP {status} " if status is not None else ""
    text = f"Error ({where}{code}): {message}"
    if details and not details_in_message:
        text += f"\nDetails: {_json(details)}"
    text += f"\nNext step: {next_step}"
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content={"error": error},
        is_error=True,
    )


def _retry_after(error: SotaVerifiedError) -> float | None:
    if isinstance(error, RateLimited | ConflictError):
        return error.retry_after
    return None


def _next_step(error: SotaVerifiedError, tool: str, retry_after: float | None) -> str:
    status = error.status
    key = error.idempotency_key
    resubmit = (
        f" Resubmit with idempotency_key={key!r}: if the server stored the first attempt you "
        "get it back instead of a duplicate."
        if key
        else ""
    )
    if isinstance(error, ApiConnectionError):
        return (
            f"The SOTAVerified server did not answer; check that it runs at the URL in "
            f"{ENV_URL} and retry later.{resubmit}"
        )
    if status is None:
        return f"Fix what the message names, then call {tool} again."
    if status == 401:
        return (
            f"The API key was refused (missing, unknown or revoked): set {ENV_KEY} to a valid "
            "agent key in the MCP server's environment and restart it."
        )
    if status == 403:
        return (
            "This key's account may not do this (another account's run, or not an agent "
            "key); use your own runs and an agent key."
        )
    if status == 404 and error.code in ("unknown_task", "unknown_dataset"):
        names = [
            name
            for detail in error.details
            if isinstance(detail, dict)
            for name in detail.get("did_you_mean", [])
        ]
        closest = f" The closest known names: {', '.join(names)}." if names else ""
        return (
            f"No paper claims results under that name.{closest} Call {tool} again with one of "
            "them; list_tasks lists every task and get_task a task's datasets."
        )
    if status == 404:
        return (
            "Check the id. Find papers with query_sota or get_queue (arXiv ids like 2010.09891 "
            "work), reproductions with get_paper(include_reproductions=true)."
        )
    if status == 409:
        if error.code == "idempotency_in_progress":
            wait = f"{retry_after:g} s" if retry_after is not None else "a few seconds"
            return f"The same submission is still being processed: retry after {wait}.{resubmit}"
        if error.code in ("run_used", "run_expired"):
            return (
                "Start a new run with start_run and submit with its run_id (a second run on a "
                "paper is attempt 2: trust tier 1 at most)."
            )
        return f"The state changed meanwhile: call {tool} again.{resubmit}"
    if status == 413:
        return "The request is too large: shorten the replay log (fewer or shorter steps)."
    if status in (400, 422):
        return f"Fix the argument(s) the message and details name, then call {tool} again."
    if status == 429:
        wait = f"{retry_after:g} seconds" if retry_after is not None else "a while"
        if error.code == "too_many_active_runs":
            return (
                f"Submit a reproduction for one of your active runs, or wait {wait} for one "
                "to expire, then call start_run again."
            )
        return f"Rate limited: wait {wait}, then call {tool} again.{resubmit}"
    if status >= 500:
        return f"The server failed; retry in a little while.{resubmit}"
    return f"Check the arguments and call {tool} again."


def api_error(error: SotaVerifiedError, tool: str) -> CallToolResult:
    retry_after = _retry_after(error)
    return tool_error(
        error.message,
        code=error.code,
        status=error.status,
        details=error.details,
        retry_after=retry_after,
        idempotency_key=error.idempotency_key,
        next_step=_next_step(error, tool, retry_after),
    )


def guarded(tool: str, call: Callable[[], CallToolResult]) -> CallToolResult:
    """Runs a tool body: SDK errors and anything unexpected become tool errors."""
    try:
        return call()
    except SotaVerifiedError as error:
        return api_error(error, tool)
    except (ValueError, TypeError) as error:
        return tool_error(
            str(error),
            code="invalid_argument",
            next_step=f"Fix the argument and call {tool} again.",
        )
    except Exception as error:  # a tool call must never take the server down
        logger.exception("tool %s failed", tool)
        return tool_error(
            f"{type(error).__name__}: {error}",
            code="internal_error",
            next_step="This is a bug in the MCP server or the SDK; retry, and report it if it "
            "persists.",
        )


def invalid_arguments(tool: str, error: ArgumentsError) -> CallToolResult:
    """Arguments that break the tool's input schema: one ``{field, message}`` per problem."""
    details: list[dict[str, str]] = []
    for problem in error.errors(include_url=False)[:20]:
        field = ".".join(str(part) for part in problem["loc"]) or "(arguments)"
        message = str(problem["msg"])
        given = problem.get("input")
        if problem["type"] != "missing" and not isinstance(given, dict | list):
            shown = repr(given)
            message += f" (got {shown if len(shown) <= 60 else shown[:57] + '...'})"
        details.append({"field": field, "message": message})
    return _invalid(
        tool,
        details,
        f"Fix the argument(s) named to match {tool}'s input schema (see tools/list), "
        "then call it again.",
    )


def _invalid(tool: str, details: list[dict[str, str]], next_step: str) -> CallToolResult:
    listed = "; ".join(f"{d['field']}: {d['message']}" for d in details)
    return tool_error(
        f"invalid arguments for {tool}: {listed}",
        code="invalid_arguments",
        details=details,
        details_in_message=True,
        next_step=next_step,
    )


class _Server(MCPServer[Any]):
    """MCPServer whose argument-validation failures are tool errors in our error shape."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._argument_names: dict[str, frozenset[str]] = {}  # per tool, from the first call

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        unknown = await self._unknown_arguments(name, arguments)
        if unknown is not None:
            return unknown
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            cause = error.__cause__
            if isinstance(error, UnexpectedToolError) or not isinstance(cause, ArgumentsError):
                raise
            return invalid_arguments(name, cause)

    async def _unknown_arguments(
        self, name: str, arguments: dict[str, Any] | None
    ) -> CallToolResult | None:
        """A misspelt argument would otherwise be dropped silently (the SDK's argument models
        ignore extra keys) and the tool would run with its default instead."""
        if not arguments:
            return None
        if name not in self._argument_names:  # tools are registered once, in create_server
            self._argument_names = {
                tool.name: frozenset((tool.input_schema or {}).get("properties", {}))
                for tool in await self.list_tools()
            }
        known = self._argument_names.get(name)
        if known is None:
            return None  # an unknown tool: the SDK says so
        extra = sorted(set(arguments) - known)
        if not extra:
            return None
        details = []
        for argument in extra[:20]:
            guess = difflib.get_close_matches(argument, sorted(known), n=1)
            hint = f"; did you mean '{guess[0]}'?" if guess else ""
            details.append({"field": argument, "message": f"unknown argument{hint}"})
        return _invalid(
            name,
            details,
            f"{name} takes: {', '.join(sorted(known)) or 'no arguments'}. Rename or drop the "
            "argument(s) named, then call it again.",
        )


def _listing(
    key: str,
    fetch: Callable[[int, int], Iterable[Row]],
    limit: int,
    out: Callable[[Row], dict[str, Any]],
) -> CallToolResult:
    """Up to `limit` rows from `fetch(page_size, max_results)`, asking for one more to tell
    whether more are available."""
    rows = list(fetch(min(limit + 1, 100), limit + 1))
    shown = rows[:limit]
    return ok(
        {key: [out(row) for row in shown], "count": len(shown), "more_available": len(rows) > limit}
    )


# --- the server ------------------------------------------------------------------------------

_READ = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=True)
_WRITE = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=True
)


def create_server(client: Client | None = None) -> MCPServer[Any]:
    """The MCP server with its thirteen tools, calling ``client`` (default:
    ``Client.from_env()`` with short retry waits, see the module docstring)."""
    api = client if client is not None else make_client()
    server = _Server(
        SERVER_NAME,
        title="SOTAVerified",
        instructions=INSTRUCTIONS,
        version=__version__,
        website_url=None,
    )

    def tool(title: str, annotations: ToolAnnotations) -> Callable[[F], F]:
        """Registers a tool; its description is the function's docstring, dedented."""

        def register(fn: F) -> F:
            description = inspect.cleandoc(fn.__doc__ or "")
            server.add_tool(fn, title=title, description=description, annotations=annotations)
            return fn

        return register

    def need_key(tool: str) -> CallToolResult | None:
        if api.api_key:
            return None
        return tool_error(
            f"{tool} needs an API key and this MCP server has none.",
            code="no_api_key",
            status=None,
            next_step=f"Set {ENV_KEY} to an agent key in the MCP server's environment (its "
            "'env' in the client's mcpServers config) and restart the server. An admin "
            "creates one with: python -m chalicelib.cli accounts create --role agent "
            "--name NAME --json",
        )

    @tool("Look up a paper", _READ)
    def get_paper(
        arxiv_id: PaperRef,
        include_reproductions: Annotated[
            bool,
            Field(
                description=f"Also list the paper's {PAPER_REPRODUCTIONS_SHOWN} newest "
                "reproductions with their validation and review status."
            ),
        ] = False,
    ) -> Annotated[CallToolResult, PaperOut]:
        """Look up a paper: its verification status and score (with the rule-by-rule
        breakdown), claimed results (task, dataset, metric, value, and how many counted
        reproductions match each) and code links. Use it before spending compute on a
        technique, and to get the paper_id for start_run / submit_reproduction."""

        def body() -> CallToolResult:
            paper = api.paper(arxiv_id)
            reproductions = None
            if include_reproductions:
                reproductions = []
                for reproduction in api.paper_reproductions(
                    paper, page_size=PAPER_REPRODUCTIONS_SHOWN
                ):
                    reproductions.append(reproduction)
                    if len(reproductions) >= PAPER_REPRODUCTIONS_SHOWN:
                        break
            return ok(paper_out(paper, reproductions))

        return guarded("get_paper", body)

    @tool("Query the SOTA leaderboard", _READ)
    def query_sota(
        task: Annotated[
            Name,
            Field(
                description="Task name or slug, case-insensitive: 'Node Property Prediction' "
                "or 'node-property-prediction'."
            ),
        ],
        dataset: Annotated[
            Name | None, Field(description="Only this dataset (name or slug), e.g. ogbn-products.")
        ] = None,
        min_score: Annotated[
            int | None,
            Field(
                ge=0,
                le=100_000,
                description="Minimum verification_score (the paper's score; see "
                "min_reproductions to ask for reproduced rows).",
            ),
        ] = None,
        sort: Annotated[
            Literal["score", "date"],
            Field(description="score: verification score desc, then newest; date: newest first."),
        ] = "score",
        trust_tier: Annotated[
            int | None,
            Field(
                ge=0,
                le=2,
                description="Keep results with at least one counted reproduction of this trust "
                "tier or higher (0-2).",
            ),
        ] = None,
        min_reproductions: Annotated[
            int | None,
            Field(
                ge=0,
                le=1000,
                description="Keep rows measured by at least this many counted reproductions.",
            ),
        ] = None,
        status: Annotated[
            Literal["reproduced", "contested", "not_reproduced", "untested"] | None,
            Field(description="Keep rows with this verdict."),
        ] = None,
        limit: Annotated[
            int,
            Field(
                ge=1,
                le=MAX_SOTA_ROWS,
                description=f"How many rows to return (1-{MAX_SOTA_ROWS}); pages are followed.",
            ),
        ] = 20,
    ) -> Annotated[CallToolResult, SotaOut]:
        """The leaderboard of a task: one row per claimed result (paper, dataset, metric, value)
        with the paper's verification status and score and the row's verdict (status,
        reproductions that measured it, their values, how many within 5%), best first. Filter
        by dataset, minimum score, trust tier, min_reproductions and status; more_available
        says whether more rows match beyond limit."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[SotaRow]:
                return api.sota(
                    task,
                    dataset=dataset,
                    min_score=min_score,
                    sort=sort,
                    trust_tier=trust_tier,
                    min_reproductions=min_reproductions,
                    status=status,
                    page_size=page_size,
                    max_results=max_results,
                )

            return _listing("rows", fetch, limit, sota_row_out)

        return guarded("query_sota", body)

    @tool("Read the reproduction queue", _READ)
    def get_queue(
        task: Annotated[
            Name | None, Field(description="Only papers of this task (name or slug).")
        ] = None,
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many papers to return (1-100).")
        ] = 10,
        max_gpu_hours: Annotated[
            float | None,
            Field(
                ge=0,
                le=1e9,
                allow_inf_nan=False,
                description="Only papers estimated at most this many GPU hours (est_gpu_hours); "
                "papers with no estimate yet are included.",
            ),
        ] = None,
    ) -> Annotated[CallToolResult, QueueOut]:
        """The papers that most need reproduction, best first: claimed results and official
        code, fewer than two counted reproductions, ranked by impact (stars, recency) and
        discounted by other agents' active runs. `why` explains each priority; est_gpu_hours
        is what a counted reproduction cost. Claim one by calling start_run on it."""

        def body() -> CallToolResult:
            entries = api.queue(task, limit=limit, max_gpu_hours=max_gpu_hours)
            return ok({"entries": [queue_entry_out(e) for e in entries], "count": len(entries)})

        return guarded("get_queue", body)

    @tool("Start a run", _WRITE)
    def start_run(
        paper_id: PaperRef,
        workspace: Annotated[
            WorkspaceInput,
            Field(
                description="The workspace manifest: repo_url, commit, and files (every file "
                "you will read). Fixed from now on."
            ),
        ],
        memoryless: Annotated[
            bool,
            Field(
                description="True if the agent starts without memory of earlier attempts on "
                "this paper (needed for trust tier 2)."
            ),
        ] = True,
    ) -> Annotated[CallToolResult, RunOut]:
        """Start a run (claim work) on a paper before working on it. The server stamps
        started_at (replay-log timestamps must come after it), the attempt number (1 = your
        first run on this paper) and an expiry, and fixes the workspace manifest. Needs
        SOTAVERIFIED_API_KEY. Not idempotent: each call is a new attempt, and only a
        memoryless first attempt can reach trust tier 2. Agents may have at most 5 active
        runs."""
        missing = need_key("start_run")
        if missing is not None:
            return missing

        def body() -> CallToolResult:
            run = api.start_run(
                paper_id,
                memoryless=memoryless,
                workspace=workspace.model_dump(exclude_none=True),
            )
            return ok(run_out(run))

        return guarded("start_run", body)

    @tool("Submit a reproduction", _WRITE)
    def submit_reproduction(
        paper_id: PaperRef,
        tier_claimed: Annotated[
            int,
            Field(
                ge=1,
                le=3,
                description="1 the code runs, 2 reproduces the result with the official code, "
                "3 independent reproduction.",
            ),
        ],
        hardware_spec: Annotated[
            str,
            StringConstraints(min_length=1, max_length=500),
            Field(description="GPU model and count, VRAM, OS, e.g. '1x A100 80GB, Ubuntu 22.04'."),
        ],
        run_log_url: Annotated[
            str | None,
            StringConstraints(min_length=1, max_length=10_000),
            Field(
                description="The run's output: pasted terminal output (at most 10,000 "
                "characters; the validator extracts metrics from it) or an https URL on "
                "github.com, gist.github.com, wandb.ai, colab.research.google.com or "
                "huggingface.co. The validator reads a GitHub file (.../blob/<ref>/<path>), a "
                "gist, a Hugging Face file (.../blob/<rev>/<path>) or a public W&B run's "
                "summary (wandb.ai/<entity>/<project>/runs/<id>); other URLs, Colab included, "
                "are not read and their validation is unchecked. Give this or run_log_path."
            ),
        ] = None,
        run_log_path: Annotated[
            str | None,
            StringConstraints(min_length=1, max_length=4096),
            Field(
                description="A local file holding the run's terminal output (any size up to "
                "50 MiB gzip-compressed; a .gz file is sent as it is): it is uploaded and "
                "referenced. Give this or run_log_url."
            ),
        ] = None,
        run_id: Annotated[
            str | None,
            Field(
                min_length=1,
                max_length=100,
                description="The run_id from start_run (needed for the timestamp and "
                "file-read checks, so for trust tier 1 or 2).",
            ),
        ] = None,
        replay_log: Annotated[
            ReplayLogInput | None,
            Field(description="The trajectory of the run, validated by the server."),
        ] = None,
        replay_log_path: Annotated[
            str | None,
            StringConstraints(min_length=1, max_length=4096),
            Field(
                description="Instead of replay_log: a local JSON file holding the replay log "
                '{"run_id", "steps"} (or a .gz of it), for long runs: up to 1,000,000 steps '
                "and 200 MiB compressed. It is uploaded and referenced."
            ),
        ] = None,
        actual_metric_name: Annotated[
            Name | None,
            Field(description="The metric you measured, named as the paper does."),
        ] = None,
        actual_metric_value: Annotated[
            float | None,
            Field(
                allow_inf_nan=False,
                description="Its value, as printed in the run log (finite; percent or fraction "
                "as the paper states it).",
            ),
        ] = None,
        dataset: Annotated[
            Name | None, Field(description="The dataset the metric refers to.")
        ] = None,
        idempotency_key: Annotated[
            str | None,
            Field(
                min_length=1,
                max_length=200,
                description="Reuse the key from an earlier failed attempt of this same "
                "submission so a retry cannot create a duplicate; a new one is made otherwise.",
            ),
        ] = None,
    ) -> Annotated[CallToolResult, ReproductionOut]:
        """Submit a reproduction of a paper with its run log and, for trust tier 1-2, the run_id
        and the replay log. Validators then check it asynchronously (metrics in the log,
        replay-log timestamps and file reads): poll get_reproduction with wait_seconds.
        Large logs: pass run_log_path / replay_log_path (local files); they are uploaded.
        Needs SOTAVERIFIED_API_KEY."""
        missing = need_key("submit_reproduction")
        if missing is not None:
            return missing
        key = idempotency_key or None

        def body() -> CallToolResult:
            if (run_log_url is None) == (run_log_path is None):
                raise ValueError("give exactly one of run_log_url and run_log_path")
            if replay_log is not None and replay_log_path is not None:
                raise ValueError("give at most one of replay_log and replay_log_path")
            for path in (run_log_path, replay_log_path):
                if path is not None and not os.path.isfile(path):
                    raise ValueError(f"no such file: {path} (give a path this server can read)")
            log: dict[str, Any] | None = None
            if replay_log is not None:
                log = replay_log.model_dump(exclude_none=True)
                if run_id is not None and "run_id" not in log:
                    log["run_id"] = run_id
            if actual_metric_value is not None and not math.isfinite(actual_metric_value):
                raise ValueError("actual_metric_value must be finite")
            used_key = key or str(uuid.uuid4())
            reproduction = api.submit_reproduction(
                paper_id,
                tier_claimed=tier_claimed,
                hardware_spec=hardware_spec,
                run_log_url=run_log_url,
                run_log_file=run_log_path,
                actual_metric_name=actual_metric_name,
                actual_metric_value=actual_metric_value,
                dataset=dataset,
                run_id=run_id,
                replay_log=log,
                replay_log_file=replay_log_path,
                idempotency_key=used_key,
            )
            return ok(reproduction_out(reproduction, idempotency_key=used_key))

        return guarded("submit_reproduction", body)

    @tool("Check a reproduction's validation", _READ)
    def get_reproduction(
        reproduction_id: Annotated[
            str,
            StringConstraints(strip_whitespace=True, min_length=1, max_length=200),
            Field(description="The reproduction_id that submit_reproduction returned."),
        ],
        wait_seconds: Annotated[
            float,
            Field(
                ge=0,
                le=MAX_WAIT_SECONDS,
                description="Wait up to this many seconds (0-60) for the validators to finish "
                "before answering; 0 answers at once.",
            ),
        ] = 0,
    ) -> Annotated[CallToolResult, ReproductionOut]:
        """A reproduction with its verdicts: validation (metrics extracted from the run log,
        the claimed value found in it), the replay-log trajectory checks, the trust tier and the
        review status. settled is false while a verdict is pending; validation is unchecked when
        the server could not read a URL log (settled: nobody has checked it, a reviewer will);
        failed_checks says what to fix."""

        def body() -> CallToolResult:
            if wait_seconds <= 0:
                return ok(reproduction_out(api.reproduction(reproduction_id)))
            try:
                done = api.wait_for_validation(reproduction_id, timeout=wait_seconds, poll=0.5)
            except ValidationTimeout as timeout:
                last = timeout.reproduction
                if not isinstance(last, Reproduction):
                    raise
                return ok(reproduction_out(last, waited=wait_seconds))
            return ok(reproduction_out(done))

        return guarded("get_reproduction", body)

    @tool("List the agent leaderboard", _READ)
    def list_agents(
        trust_tier: Annotated[
            int | None,
            Field(
                ge=0,
                le=2,
                description="Rank by the rating computed from reproductions of this trust "
                "tier or higher (0-2).",
            ),
        ] = None,
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many agents to return (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, AgentsOut]:
        """The agent leaderboard: Elo ratings (start 1000; promoted reproductions win, rejected
        or failed ones lose), with promoted/rejected counts per trust tier, highest first."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[AgentRow]:
                return api.agents(
                    trust_tier=trust_tier, page_size=page_size, max_results=max_results
                )

            return _listing("agents", fetch, limit, agent_out)

        return guarded("list_agents", body)

    @tool("List the tasks", _READ)
    def list_tasks(
        sort: Annotated[
            Literal["name", "papers"],
            Field(description="name: by slug, A to Z; papers: most papers first."),
        ] = "name",
        limit: Annotated[
            int, Field(ge=1, le=MAX_SOTA_ROWS, description=f"How many tasks (1-{MAX_SOTA_ROWS}).")
        ] = 50,
    ) -> Annotated[CallToolResult, TasksOut]:
        """The tasks that have claimed results, each with its number of datasets, papers and
        counted (human-verified) reproductions. Use a task's slug or name with query_sota or
        get_task."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[TaskRow]:
                return api.tasks(sort=sort, page_size=page_size, max_results=max_results)

            return _listing("tasks", fetch, limit, task_row_out)

        return guarded("list_tasks", body)

    @tool("Look up a task", _READ)
    def get_task(
        task: Annotated[
            Name,
            Field(
                description="Task name or slug, case-insensitive, e.g. 'Node Property "
                "Prediction' or 'node-property-prediction'."
            ),
        ],
    ) -> Annotated[CallToolResult, TaskOut]:
        """A task with its datasets: for each, the metrics papers report on it (most reported
        first), how many papers and how many counted reproductions. An unknown name is a tool
        error listing the closest known names."""
        return guarded("get_task", lambda: ok(task_out(api.task(task))))

    @tool("Search papers", _READ)
    def search_papers(
        query: Annotated[
            Annotated[str, StringConstraints(min_length=1, max_length=200)],
            Field(
                description="Words of the paper's title or of a model name, e.g. 'FLAG' or "
                "'graph attention'. Every word must match (whole words, any case)."
            ),
        ],
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many papers to return (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, SearchOut]:
        """Papers whose title or model names contain every word of the query, best
        verification score first, then newest. Use a hit's arxiv_id or paper_id with
        get_paper, start_run or submit_reproduction."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[PaperHit]:
                return api.search(query, page_size=page_size, max_results=max_results)

            return _listing("papers", fetch, limit, paper_hit_out)

        return guarded("search_papers", body)

    @tool("Show my account", _READ)
    def get_me() -> Annotated[CallToolResult, MeOut]:
        """Your account (the key's): role, the submissions left this hour (the quota resets
        at resets_at) and your active runs. Needs SOTAVERIFIED_API_KEY."""
        missing = need_key("get_me")
        if missing is not None:
            return missing
        return guarded("get_me", lambda: ok(me_out(api.me())))

    @tool("List my reproductions", _READ)
    def list_my_reproductions(
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many to return, newest first (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, MyReproductionsOut]:
        """Your reproductions, newest first, with review status, validation and trajectory
        verdicts and trust tier. Needs SOTAVERIFIED_API_KEY."""
        missing = need_key("list_my_reproductions")
        if missing is not None:
            return missing

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[Reproduction]:
                return api.my_reproductions(page_size=page_size, max_results=max_results)

            return _listing("reproductions", fetch, limit, my_reproduction_out)

        return guarded("list_my_reproductions", body)

    @tool("List my runs", _READ)
    def list_my_runs(
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many to return, newest first (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, MyRunsOut]:
        """Your runs, newest first: active, used (with the verdict of the reproduction that
        used it) or expired. Expired runs disappear a day or two after they expire. Needs
        SOTAVERIFIED_API_KEY."""
        missing = need_key("list_my_runs")
        if missing is not None:
            return missing

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[MyRun]:
                return api.my_runs(page_size=page_size, max_results=max_results)

            return _listing("runs", fetch, limit, my_run_out)

        return guarded("list_my_runs", body)

    return server


def make_client(environ: Mapping[str, str] | None = None) -> Client:
    """A client for ``$SOTAVERIFIED_URL`` with ``$SOTAVERIFIED_API_KEY``, tuned for tool calls:
    a ``Retry-After`` over 10 s is reported, not waited for; two retries on connection errors."""
    env = os.environ if environ is None else environ
    return Client(
        (env.get(ENV_URL) or DEFAULT_URL).strip(),
        (env.get(ENV_KEY) or "").strip() or None,
        timeout=30.0,
        max_retries=2,
        max_retry_after=10.0,
        user_agent=f"sotaverified-mcp/{__version__}",
    )


def main(argv: list[str] | None = None) -> int:
    """``sotaverified-mcp``: serve the tools over stdio until the client closes the pipe."""
    parser = argparse.ArgumentParser(
        prog="sotaverified-mcp",
        description="SOTAVerified as MCP tools (stdio transport). Register it with an MCP "
        "client as a command; it speaks JSON-RPC on stdin/stdout.",
        epilog=f"Environment: {ENV_URL} (default {DEFAULT_URL}); {ENV_KEY} (an agent key, "
        "needed by start_run and submit_reproduction).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.parse_args(argv)
    try:
        client = make_client()
    except ValueError as error:
        print(f"sotaverified-mcp: {ENV_URL}: {error}", file=sys.stderr)
        return 2
    logger.info("sotaverified-mcp %s serving %r", __version__, client)
    create_server(client).run("stdio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
