"""The tools' output schemas: one pydantic model per result (``*Out``), published as the tool's
output schema. The dicts the tools return are built in :mod:`sotaverified._mcp.shapes`."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from sotaverified._mcp.config import PAPER_REPRODUCTIONS_SHOWN


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


_COPY_OF_EARLIER = (
    "Set on a promoted reproduction when an earlier one by another account with the same run "
    "output was read only after the promotion: its id. It still counts toward the score; "
    "check it is not a copy."
)


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
    duplicate_of: str | None = Field(
        default=None,
        description="An earlier reproduction by another account with the same run output "
        "(a reviewer must confirm before promoting this one).",
    )
    copy_of_earlier: str | None = Field(default=None, description=_COPY_OF_EARLIER)


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
    copy_of_earlier: str | None = Field(default=None, description=_COPY_OF_EARLIER)
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
