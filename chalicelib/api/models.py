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


class ErrorBody(_Out):
    code: str
    message: str
    details: list[Any]


class ErrorResponse(_Out):
    error: ErrorBody


class LeaderboardEntry(_Out):
    task: str
    dataset: str
    metric: str
    value: float | None
    reproductions: int


class CodeLinkView(_Out):
    url: str
    is_official: bool
    stars: int | None = None


class ScoreRuleView(_Out):
    rule: Literal["official_code", "author_claim", "reproduction", "within_5pct", "new_hardware"]
    points: int
    detail: str
    reproduction_id: str | None = None


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

    @classmethod
    def from_item(cls, paper: dict[str, Any]) -> PaperView:
        return cls(
            paper_id=paper["paper_id"],
            arxiv_id=paper.get("arxiv_id"),
            title=paper.get("title", ""),
            verification=paper.get("verification", "unverified"),
            verification_score=paper.get("verification_score", 0),
            tasks=paper.get("tasks", []),
            leaderboard=[LeaderboardEntry(**row) for row in paper.get("leaderboard", [])],
            code_links=[
                CodeLinkView(
                    url=c["url"], is_official=bool(c.get("is_official")), stars=c.get("stars")
                )
                for c in paper.get("code_links", [])
            ],
            score_breakdown=[ScoreRuleView(**r) for r in paper.get("score_breakdown", [])],
            updated_at=paper.get("updated_at"),
        )


class SotaQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    task: Name = Field(description="Task name or slug, case-insensitive")
    dataset: Name | None = Field(default=None, description="Dataset name or slug")
    min_score: int | None = Field(default=None, ge=0, le=100_000)
    sort: Literal["score", "date"] = "score"
    trust_tier: int | None = Field(default=None, ge=0, le=2)
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
    published: str | None

    @classmethod
    def from_item(cls, row: dict[str, Any]) -> SotaRow:
        return cls.model_validate({name: row.get(name) for name in cls.model_fields})


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
    r"huggingface\.co)(?:[/?#][!-\[\]-~]*)?$"
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
ShortText = Annotated[str, StringConstraints(min_length=1, max_length=200)]


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
    hardware_spec: Annotated[str, StringConstraints(min_length=1, max_length=500)] = Field(
        description="GPU model and count, VRAM, OS"
    )
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
    run_id: Annotated[str, StringConstraints(min_length=1, max_length=100)] | None = None
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


class ValidationView(_Out):
    state: Literal["pending", "passed", "failed"]
    checks: list[CheckView]
    extracted_metrics: list[ExtractedMetricView]


class TrajectoryView(_Out):
    state: Literal["pending", "valid", "invalid"]
    checks: list[CheckView]


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
                {k: item["validation"].get(k, []) for k in ("state", "checks", "extracted_metrics")}
            ),
            trajectory=(
                TrajectoryView.model_validate(item["trajectory"])
                if item.get("trajectory")
                else None
            ),
            trust_tier=item.get("trust_tier", 0),
        )


class ReproductionPage(_Out):
    results: list[ReproductionView]
    next_cursor: str | None


class PageQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    limit: int = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


RelativePath = Annotated[str, StringConstraints(min_length=1, max_length=500)]


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


class DecisionView(_Out):
    reproduction_id: str
    status: Literal["agent_pending", "verified", "rejected"]
    decided_by: str | None
    decided_at: str | None


class AuthorClaimRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    evidence: Annotated[str, StringConstraints(min_length=1, max_length=2000)] = Field(
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
