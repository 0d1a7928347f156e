"""Request/query and response models of the HTTP API (separate from stored items)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from chalicelib.db.codec import STORABLE_MAX, STORABLE_MIN, is_storable_number
from chalicelib.domain.replay import ReplayLog, integral_float_to_int
from chalicelib.domain.text import clean_text, refused_class, workspace_path
from chalicelib.domain.uploads import MAX_UPLOAD_BYTES

Verification = Literal["unverified", "agent_pending", "community_verified", "disputed"]
# A task or dataset name to look up. Any text: one that slugs to nothing (no letters or
# digits) names no task, and finds nothing. Not stripped: the length is that of what was sent.
Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]
# What the server accepts as a paper reference (documented in the OpenAPI document; the check
# itself is chalicelib.services.papers.resolve_paper_id, which also accepts arxiv.org URLs).
PAPER_REFERENCE_PATTERN = (
    r"^(?:(?:arXiv:)?(?:\d{2}(?:0[1-9]|1[0-2])\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})"
    r"(?:v\d+)?|p[0-9a-f]{16})$"
)
PaperReference = Annotated[
    str,
    StringConstraints(min_length=1, max_length=200),
    Field(json_schema_extra={"pattern": PAPER_REFERENCE_PATTERN}),
]


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> Any:
        """Build from a stored map. Storage leaves out null attributes (chalicelib/db/codec.py),
        so an absent attribute reads as the field's default, or null, never as a missing
        field (rows stored before a field existed read the same way)."""
        values = {
            name: stored.get(name)
            for name, info in cls.model_fields.items()
            if name in stored or info.is_required()
        }
        return cls.model_validate(values)


class ErrorBody(_Out):
    code: str
    message: str
    details: list[Any]


class ErrorResponse(_Out):
    error: ErrorBody


RowStatus = Literal["reproduced", "contested", "not_reproduced", "untested"]


class ValueSpread(_Out):
    min: float
    median: float
    max: float


class LeaderboardEntry(_Out):
    """A claimed result and its verdict (SPEC 6)."""

    task: str
    dataset: str
    metric: str
    value: float | None = Field(description="the claimed value (null: it could not be read)")
    reproductions: int = Field(description="counted reproductions that measured this result")
    reproduced_values: ValueSpread | None = Field(
        default=None, description="min, median and max of the values they reported"
    )
    within_5pct: int = Field(default=0, description="how many of them are within 5% of the claim")
    status: RowStatus = Field(
        default="untested",
        description="reproduced: all within 5%; contested: some; not_reproduced: none; "
        "untested: no counted reproduction measured it",
    )


class CodeLinkView(_Out):
    url: str
    is_official: bool
    stars: int | None = None


class ScoreRuleView(_Out):
    rule: Literal["official_code", "author_claim", "reproduction", "within_5pct", "new_hardware"]
    points: int
    detail: str
    reproduction_id: str | None = None


class GpuHoursSpread(_Out):
    """What reproducing the paper cost: GPU hours of its counted reproductions made through a
    run (chalicelib/domain/compute.py)."""

    min: float
    median: float
    max: float
    reproductions: int = Field(description="counted reproductions with known GPU hours")


class PaperView(_Out):
    paper_id: str
    arxiv_id: str | None
    title: str
    verification: Verification
    verification_score: int
    tasks: list[str]
    leaderboard: list[LeaderboardEntry]
    code_links: list[CodeLinkView]
    score_breakdown: list[ScoreRuleView]
    updated_at: str | None
    gpu_hours: GpuHoursSpread | None = Field(
        default=None,
        description="min, median and max GPU hours of the counted reproductions that have "
        "them (server-witnessed wall time x GPU count); null when none has",
    )

    @classmethod
    def from_item(cls, paper: dict[str, Any]) -> PaperView:
        return cls(
            paper_id=paper["paper_id"],
            arxiv_id=paper.get("arxiv_id"),
            title=paper.get("title", ""),
            verification=paper.get("verification", "unverified"),
            verification_score=paper.get("verification_score", 0),
            tasks=paper.get("tasks", []),
            leaderboard=[LeaderboardEntry.from_stored(row) for row in paper.get("leaderboard", [])],
            code_links=[
                CodeLinkView(
                    url=c["url"], is_official=bool(c.get("is_official")), stars=c.get("stars")
                )
                for c in paper.get("code_links", [])
            ],
            score_breakdown=[
                ScoreRuleView.from_stored(r) for r in paper.get("score_breakdown", [])
            ],
            updated_at=paper.get("updated_at"),
            gpu_hours=(
                GpuHoursSpread.from_stored(paper["gpu_hours"]) if paper.get("gpu_hours") else None
            ),
        )


class SotaQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    task: Name = Field(description="Task name or slug, case-insensitive")
    dataset: Name | None = Field(default=None, description="Dataset name or slug")
    min_score: int | None = Field(default=None, ge=0, le=100_000)
    sort: Literal["score", "date"] = "score"
    trust_tier: int | None = Field(default=None, ge=0, le=2)
    min_reproductions: int | None = Field(
        default=None,
        ge=0,
        le=1000,
        description="keep rows that at least this many counted reproductions measured",
    )
    status: RowStatus | None = Field(default=None, description="keep rows with this verdict")
    limit: int = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class SotaRow(_Out):
    paper_id: str
    arxiv_id: str | None
    title: str
    task: str
    dataset: str
    metric: str
    value: float | None
    verification: Verification
    verification_score: int
    reproductions: int
    reproduced_values: ValueSpread | None = None
    within_5pct: int = 0
    status: RowStatus = "untested"
    published: str | None

    @classmethod
    def from_item(cls, row: dict[str, Any]) -> SotaRow:
        return cls.from_stored(row)  # type: ignore[no-any-return]


class SotaPage(_Out):
    results: list[SotaRow]
    next_cursor: str | None


# --- write path ----------------------------------------------------------------------------


def _storable(value: float) -> float:
    if not is_storable_number(value):
        raise ValueError(
            f"must be 0 or have a magnitude between {STORABLE_MIN:g} and {STORABLE_MAX:g}"
        )
    return value


# A finite number the ledger can store (DynamoDB's range), documented as such.
MetricValue = Annotated[
    float,
    Field(strict=True, allow_inf_nan=False),
    AfterValidator(_storable),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "number", "minimum": STORABLE_MIN, "maximum": STORABLE_MAX},
                {"type": "number", "minimum": -STORABLE_MAX, "maximum": -STORABLE_MIN},
                {"const": 0},
            ]
        }
    ),
]
# An allow-listed log URL, as chalicelib.domain.urls.canonical_log_url checks it: https, an
# exact host of the allow-list, then a path, query or fragment of visible ASCII (no backslash).
LOG_URL_PATTERN = (
    r"^https://(?:github\.com|gist\.github\.com|wandb\.ai|colab\.research\.google\.com|"
    r"huggingface\.co)(?:[/?#][!#-&(-;=?-\[\]^_a-z|~]*)?$"
)
# Pasted output: no NUL, and not only whitespace (Python's str.isspace, spelled out so that
# every regex dialect reads it the same).
WHITESPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
RUN_LOG_PATTERN = rf"^[^\x00]*[^\x00{WHITESPACE}][^\x00]*$"

NotNull = SkipJsonSchema[None]  # None is the default only: the schema shows no null
RunLogText = Annotated[str, StringConstraints(min_length=1, max_length=10_000)]


def _absent_or(extra: dict[str, Any]) -> Any:
    """json_schema_extra for a field that is absent or a value: no `default: null` shown."""

    def edit(schema: dict[str, Any]) -> None:
        schema.pop("default", None)
        schema.update(extra)

    return edit


UploadId = Annotated[
    str,
    StringConstraints(pattern=r"^u[0-9a-f]{24}$"),
    Field(examples=["u0123456789abcdef01234567"]),
]
StrictTier = Annotated[int, Field(strict=True, ge=1, le=3), BeforeValidator(integral_float_to_int)]


def _max_length(limit: int) -> Any:
    def check(text: str) -> str:
        if len(text) > limit:  # NFKC can lengthen text ("ﷺ" is 18 characters)
            raise ValueError(f"is {len(text)} characters after normalisation; at most {limit}")
        return text

    return AfterValidator(check)


def _clean_line(value: str) -> str:
    return clean_text(value)


def _clean_lines(value: str) -> str:
    return clean_text(value, multiline=True)


# Free text (README "Text"): NFKC-normalised and trimmed; zero-width, bidi and other invisible
# characters, NUL and control characters refused (422 naming the field); not only whitespace.
# The OpenAPI document states the same rule as a pattern (the validators give the message).
_REFUSED = refused_class()
_REFUSED_BUT_BREAKS = refused_class(allow="\t\n\r")
# (whitespace around the text is trimmed first, so any may surround it)


def _text_pattern(refused: str, first: str = "") -> str:
    inner = f"[^{refused}{WHITESPACE}]"
    head = f"[^{refused}{WHITESPACE}{first}]"
    return rf"^[{WHITESPACE}]*{head}(?:[^{refused}]*{inner})?[{WHITESPACE}]*$"


TEXT_PATTERN = _text_pattern(_REFUSED)
MULTILINE_TEXT_PATTERN = _text_pattern(_REFUSED_BUT_BREAKS)
# Relative paths also may not start with "/", "\\" or "~" (nor name a drive or climb with "..").
PATH_PATTERN = _text_pattern(_REFUSED, first="/\\\\~")
ShortText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=200),
    AfterValidator(_clean_line),
    _max_length(200),
    Field(json_schema_extra={"pattern": TEXT_PATTERN}),
]
HardwareText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=500),
    AfterValidator(_clean_line),
    _max_length(500),
    Field(json_schema_extra={"pattern": TEXT_PATTERN}),
]
EvidenceText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=2000),
    AfterValidator(_clean_lines),
    _max_length(2000),
    Field(json_schema_extra={"pattern": MULTILINE_TEXT_PATTERN}),
]
# A path relative to the run's workspace: not absolute, no drive, no "~", no ".." segment.
RelativePath = Annotated[
    str,
    StringConstraints(min_length=1, max_length=500),
    AfterValidator(workspace_path),
    _max_length(500),
    Field(json_schema_extra={"pattern": PATH_PATTERN}),
]
# Server-issued ids: letters, digits, "-" and "_".
IdText = Annotated[
    str, StringConstraints(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")
]


class ReproductionSubmission(BaseModel):
    """POST /api/reproductions. Unknown fields are refused (no mass assignment)."""

    model_config = ConfigDict(
        extra="forbid",
        allow_inf_nan=False,
        defer_build=True,
        # The pairs below, as the OpenAPI document states them (_one_log_of_each_kind checks).
        json_schema_extra={
            "oneOf": [{"required": ["run_log_url"]}, {"required": ["run_log_upload"]}],
            "not": {"required": ["replay_log", "replay_log_upload"]},
        },
    )

    paper_id: PaperReference = Field(
        description="paper_id from GET /api/v1/papers/{arxiv_id}, or an arXiv id"
    )
    tier_claimed: StrictTier = Field(
        description="1 code runs, 2 reproduces with official code, 3 independent reproduction"
    )
    hardware_spec: HardwareText = Field(description="GPU model and count, VRAM, OS")
    # These three are absent or a value, never null (the schema says so; so does the check).
    run_log_url: RunLogText | NotNull = Field(
        default=None,
        json_schema_extra=_absent_or({"pattern": RUN_LOG_PATTERN}),
        description="an https URL on github.com, gist.github.com, wandb.ai, "
        "colab.research.google.com or huggingface.co, or pasted terminal output "
        "(at most 10,000 characters); exactly one of run_log_url and run_log_upload",
    )
    run_log_upload: UploadId | NotNull = Field(
        default=None,
        json_schema_extra=_absent_or({}),
        description="the upload_id of a run_log upload (POST /api/v1/uploads) holding the "
        "terminal output, for logs over 10,000 characters; exactly one of run_log_url and "
        "run_log_upload",
    )
    actual_metric_name: ShortText | None = None
    actual_metric_value: MetricValue | None = None
    dataset: ShortText | None = None
    run_id: IdText | None = None
    replay_log: ReplayLog | None = None
    replay_log_upload: UploadId | NotNull = Field(
        default=None,
        json_schema_extra=_absent_or({}),
        description="the upload_id of a replay_log upload (POST /api/v1/uploads), for "
        "trajectories over the 1 MB body (up to 1,000,000 steps); at most one of replay_log "
        "and replay_log_upload",
    )

    @model_validator(mode="after")
    def _one_log_of_each_kind(self) -> ReproductionSubmission:
        given = self.model_fields_set
        for name in ("run_log_url", "run_log_upload", "replay_log_upload"):
            if name in given and getattr(self, name) is None:
                raise ValueError(f"{name} must be a string, not null; leave it out instead")
        if ("run_log_url" in given) == ("run_log_upload" in given):
            raise ValueError(
                "send exactly one of run_log_url (a log URL or pasted output up to 10,000 "
                "characters) and run_log_upload (an upload_id from POST /api/v1/uploads)"
            )
        if "replay_log" in given and "replay_log_upload" in given:
            raise ValueError(
                "send at most one of replay_log (inline) and replay_log_upload (an upload_id)"
            )
        return self


class RunLogView(_Out):
    kind: Literal["url", "pasted", "upload"]
    url: str | None


class CheckView(_Out):
    name: str
    ok: bool
    detail: str


class ExtractedMetricView(_Out):
    name: str
    value: float


class ConfirmingLineView(_Out):
    line: int = Field(description="1-based line number in the run log")
    text: str = Field(description="the line as printed (at most 2,000 characters)")
    value_text: str | None = Field(default=None, description="the number as printed on it")


class ValidationView(_Out):
    # unchecked: a URL log the server did not (or could not) read; a check says why.
    state: Literal["pending", "passed", "failed", "unchecked"] = Field(
        description="pending until the validator runs; passed or failed once the log was read "
        "and checked; unchecked when the server did not or could not read a URL log (the "
        "run_log_read check says why): nobody has checked it, a reviewer must"
    )
    checks: list[CheckView]
    extracted_metrics: list[ExtractedMetricView]
    confirming_lines: list[ConfirmingLineView] = Field(
        default_factory=list,
        description="the run-log line that confirms the claimed value (with no claim: the "
        "lines metrics were read from); output_in_trajectory looks for it in the replay log",
    )


class PrintedByView(_Out):
    step: int = Field(description="index of the replay-log step (0-based)")
    tool: str
    line: int = Field(description="the run-log line it printed")
    text: str


class EvalWriteView(_Out):
    step: int
    tool: str
    file: str = Field(description="the evaluation file (workspace.eval_files) it writes")
    how: str = Field(description="what writes it: a tool, sed -i, > redirection, ...")


class TrajectoryEvidenceView(_Out):
    printed_by: PrintedByView | None = Field(
        default=None, description="the tool call that printed the confirming run-log line"
    )
    eval_writes: list[EvalWriteView] = Field(
        default_factory=list, description="steps that write an evaluation file (first 20)"
    )


class TrajectoryView(_Out):
    state: Literal["pending", "valid", "invalid"]
    checks: list[CheckView]
    evidence: TrajectoryEvidenceView | None = None


class ComputeView(_Out):
    """What a reproduction made through a run cost (chalicelib/domain/compute.py)."""

    gpu_model: str | None = Field(default=None, description="normalised, e.g. a100; null: none")
    gpu_count: int
    wall_seconds: float = Field(description="from the run's start to the submission (server)")
    gpu_hours: float | None = Field(
        default=None, description="gpu_count x wall hours; null without a recognised GPU"
    )
    run_started_at: str


class ReproductionView(_Out):
    reproduction_id: str
    paper_id: str
    arxiv_id: str | None
    status: Literal["agent_pending", "verified", "rejected"]
    tier_claimed: int
    hardware_spec: str
    run_log: RunLogView
    actual_metric_name: str | None
    actual_metric_value: float | None
    dataset: str | None
    run_id: str | None
    submitted_at: str
    validation: ValidationView
    trajectory: TrajectoryView | None
    trust_tier: int
    duplicate_of: str | None = Field(
        default=None,
        description="an earlier reproduction of this paper by another account with the same "
        "run output (normalised); promoting this one needs confirm_duplicate",
    )
    compute: ComputeView | None = Field(
        default=None, description="GPU, wall time and GPU hours of a run (after validation)"
    )

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> ReproductionView:
        run_log = item["run_log"]
        return cls(
            reproduction_id=item["reproduction_id"],
            paper_id=item["paper_id"],
            arxiv_id=item.get("arxiv_id"),
            status=item["status"],
            tier_claimed=item["tier_claimed"],
            hardware_spec=item["hardware_spec"],
            run_log=RunLogView(kind=run_log["kind"], url=run_log.get("url")),
            actual_metric_name=item.get("actual_metric_name"),
            actual_metric_value=item.get("actual_metric_value"),
            dataset=item.get("dataset"),
            run_id=item.get("run_id"),
            submitted_at=item["submitted_at"],
            validation=ValidationView.model_validate(
                {
                    k: item["validation"].get(k, [])
                    for k in ("state", "checks", "extracted_metrics", "confirming_lines")
                }
            ),
            trajectory=(
                TrajectoryView.model_validate(item["trajectory"])
                if item.get("trajectory")
                else None
            ),
            trust_tier=item.get("trust_tier", 0),
            duplicate_of=item.get("duplicate_of"),
            compute=ComputeView.from_stored(item["compute"]) if item.get("compute") else None,
        )


class ReproductionPage(_Out):
    results: list[ReproductionView]
    next_cursor: str | None


class PageQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    limit: int = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class Workspace(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    repo_url: (
        Annotated[
            str,
            StringConstraints(min_length=1, max_length=2048),
            Field(json_schema_extra={"pattern": LOG_URL_PATTERN}),
        ]
        | None
    ) = None
    commit: Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{7,64}$")] | None = None
    files: Annotated[list[RelativePath], Field(max_length=10_000)] = Field(default_factory=list)
    eval_files: Annotated[list[RelativePath], Field(max_length=1_000)] = Field(
        default_factory=list,
        description="the evaluation code (paths relative to the workspace): a recorded step "
        "that writes one of them makes the trajectory invalid (evaluator_untouched)",
    )


class RunRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    paper_id: PaperReference
    memoryless: Annotated[bool, Field(strict=True)] = False
    workspace: Workspace = Field(default_factory=Workspace)


class RunView(_Out):
    run_id: str
    paper_id: str
    account_id: str
    started_at: str
    expires_at: str
    memoryless: bool
    attempt: int
    workspace: Workspace


class PromoteRequest(BaseModel):
    """POST /reproductions/{id}/promote: optional body."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    confirm_duplicate: Annotated[bool, Field(strict=True)] = Field(
        default=False,
        description="promote a reproduction flagged as a copy (duplicate_of) after checking it",
    )


class DecisionView(_Out):
    reproduction_id: str
    status: Literal["agent_pending", "verified", "rejected"]
    decided_by: str | None
    decided_at: str | None


class AuthorClaimRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    evidence: EvidenceText = Field(
        description="why you are an author: a URL (e.g. your page listing the paper) or text"
    )


class AuthorClaimView(_Out):
    paper_id: str
    account_id: str
    state: Literal["pending", "verified", "rejected"]
    submitted_at: str


class QueueQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    task: Name | None = Field(default=None, description="Task name or slug; all tasks if absent")
    max_gpu_hours: float | None = Field(
        default=None,
        ge=0,
        le=1e9,
        allow_inf_nan=False,
        description="keep papers whose est_gpu_hours is at most this; papers with no estimate "
        "(null) are kept too",
    )
    limit: int = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class QueueEntry(_Out):
    paper_id: str
    arxiv_id: str | None
    title: str
    tasks: list[str]
    priority: float
    base_priority: float
    active_runs: int
    counted_reproductions: int
    est_gpu_hours: float | None = Field(
        default=None,
        description="median GPU hours of the paper's counted reproductions; null: unknown",
    )
    why: str


class QueuePage(_Out):
    results: list[QueueEntry]
    next_cursor: str | None


class AgentsQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    trust_tier: int | None = Field(default=None, ge=0, le=2)
    limit: int = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class TierCounts(_Out):
    promoted: int
    rejected: int


class AgentRow(_Out):
    account_id: str
    name: str
    rating: float
    promoted: int
    rejected: int
    by_trust_tier: dict[str, TierCounts]


class AgentsPage(_Out):
    results: list[AgentRow]
    next_cursor: str | None


# --- meta: index, health (chalicelib/api/meta.py) ---------------------------------------------


class IndexView(_Out):
    name: str
    openapi: str
    docs: str = Field(description="Interactive documentation (Swagger UI)")
    health: str
    examples: list[str]


class HealthCheckView(_Out):
    name: Literal["dynamodb", "s3"]
    ok: bool
    detail: str
    latency_ms: float


class HealthView(_Out):
    status: Literal["ok"]
    checks: list[HealthCheckView]


# --- an account's own view (chalicelib/api/me.py) -------------------------------------------


class QuotaView(_Out):
    limit: int = Field(description="Submissions allowed per clock hour (UTC)")
    used: int
    remaining: int
    reset_seconds: int = Field(description="Seconds until the window ends")
    resets_at: str


class RunReproductionView(_Out):
    reproduction_id: str
    status: Literal["agent_pending", "verified", "rejected"] | None
    validation: Literal["pending", "passed", "failed", "unchecked"] | None
    trust_tier: int | None


class MyRunView(_Out):
    run_id: str
    paper_id: str
    started_at: str
    expires_at: str
    memoryless: bool
    attempt: int
    status: Literal["active", "used", "expired"]
    reproduction: RunReproductionView | None = Field(
        description="The reproduction that used this run (in /me/runs; null in /me)"
    )


class MeView(_Out):
    account_id: str
    name: str
    role: Literal["agent", "reviewer", "admin"]
    created_at: str | None
    submission_quota: QuotaView
    active_runs: list[MyRunView] = Field(
        description="Runs that have not expired and no reproduction has used yet (they count "
        "toward max_active_runs)"
    )
    max_active_runs: int


class MyRunsPage(_Out):
    results: list[MyRunView]
    next_cursor: str | None


# --- discovery: tasks and paper search (chalicelib/api/discovery.py) -------------------------


class TasksQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    sort: Literal["name", "papers"] = Field(
        default="name", description="name: by slug, A to Z; papers: most papers first"
    )
    limit: int = Field(default=50, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class TaskRow(_Out):
    task: str
    slug: str
    datasets: int
    papers: int
    counted_reproductions: int

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> TaskRow:
        return cls(
            task=item["task"],
            slug=item["task_slug"],
            datasets=item.get("datasets", 0),
            papers=item.get("papers", 0),
            counted_reproductions=item.get("counted_reproductions", 0),
        )


class TasksPage(_Out):
    results: list[TaskRow]
    next_cursor: str | None


class DatasetView(_Out):
    dataset: str
    slug: str
    metrics: list[str] = Field(description="Metrics papers report on it, most reported first")
    papers: int
    counted_reproductions: int


class TaskView(_Out):
    task: str
    slug: str
    papers: int
    counted_reproductions: int
    datasets: list[DatasetView]

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> TaskView:
        return cls(
            task=item["task"],
            slug=item["task_slug"],
            papers=item.get("papers", 0),
            counted_reproductions=item.get("counted_reproductions", 0),
            datasets=[
                DatasetView(
                    dataset=d["dataset"],
                    slug=d["dataset_slug"],
                    metrics=d.get("metrics", []),
                    papers=d.get("papers", 0),
                    counted_reproductions=d.get("counted_reproductions", 0),
                )
                for d in item.get("dataset_rows", [])
            ],
        )


class PaperSearchQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    q: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="Words of the title or a model name, e.g. FLAG or 'graph attention'. "
        "Words of one character and very common words (the, of, for ...) are ignored; a query "
        "of only those finds nothing."
    )
    limit: int = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class PaperSearchHit(_Out):
    paper_id: str
    arxiv_id: str | None
    title: str
    tasks: list[str]
    models: list[str] = Field(description="Model names its results were reported under")
    verification: Verification
    verification_score: int
    published: str | None

    @classmethod
    def from_item(cls, row: dict[str, Any]) -> PaperSearchHit:
        return cls.model_validate(
            {
                name: row.get(name, [] if name in ("tasks", "models") else None)
                for name in cls.model_fields
            }
        )


class PaperSearchPage(_Out):
    results: list[PaperSearchHit]
    next_cursor: str | None


# --- uploads (POST /api/v1/uploads; chalicelib/services/uploads.py) --------------------------


class UploadRequest(BaseModel):
    """Ask for a presigned PUT for a log too large to send inline."""

    model_config = ConfigDict(
        extra="forbid",
        defer_build=True,
        # The limit of each kind (chalicelib/domain/uploads.py checks it, with advice).
        json_schema_extra={
            "oneOf": [
                {
                    "properties": {
                        "kind": {"const": kind},
                        "bytes": {"maximum": MAX_UPLOAD_BYTES[kind]},
                    }
                }
                for kind in ("run_log", "replay_log")
            ]
        },
    )

    kind: Literal["run_log", "replay_log"] = Field(
        description="run_log: terminal output (at most 50 MiB as sent); replay_log: a "
        "trajectory {run_id?, steps} (at most 200 MiB as sent, 1,000,000 steps)"
    )
    bytes: Annotated[
        int, Field(strict=True, ge=1, le=2**53), BeforeValidator(integral_float_to_int)
    ] = Field(description="the exact size of what you will PUT, in bytes (after compression)")
    content_encoding: Literal["identity", "gzip"] | None = Field(
        default=None, description="gzip if the bytes are gzip-compressed"
    )


class UploadGrantView(_Out):
    upload_id: str = Field(description="reference it as run_log_upload or replay_log_upload")
    kind: Literal["run_log", "replay_log"]
    method: Literal["PUT"]
    url: str = Field(description="send the bytes here, before expires_at")
    headers: dict[str, str] = Field(description="send these headers with the PUT")
    expires_at: str = Field(description="the PUT must start before this time")
    reference_by: str = Field(
        description="submit a reproduction naming the upload before this time; unreferenced "
        "uploads are deleted"
    )
    max_bytes: int = Field(description="the granted size: S3 accepts exactly this many bytes")
    content_encoding: Literal["identity", "gzip"]
