"""Request bodies of the write endpoints: a reproduction, a run, a promotion, an author claim
and an upload. Unknown fields are refused."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from chalicelib.api.models.fields import (
    LOG_URL_PATTERN,
    RUN_LOG_PATTERN,
    EvidenceText,
    HardwareText,
    IdText,
    MetricValue,
    NotNull,
    PaperReference,
    RelativePath,
    RunLogText,
    ShortText,
    StrictTier,
    UploadId,
)
from chalicelib.domain.replay import ReplayLog, integral_float_to_int
from chalicelib.domain.uploads import MAX_UPLOAD_BYTES


def _absent_or(extra: dict[str, Any]) -> Any:
    """json_schema_extra for a field that is absent or a value: no `default: null` shown."""

    def edit(schema: dict[str, Any]) -> None:
        schema.pop("default", None)
        schema.update(extra)

    return edit


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


class PromoteRequest(BaseModel):
    """POST /reproductions/{id}/promote: optional body."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    confirm_duplicate: Annotated[bool, Field(strict=True)] = Field(
        default=False,
        description="promote a reproduction flagged as a copy (duplicate_of) after checking it",
    )


class AuthorClaimRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    evidence: EvidenceText = Field(
        description="why you are an author: a URL (e.g. your page listing the paper) or text"
    )


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
