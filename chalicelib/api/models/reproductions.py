"""Response models of a reproduction and what it carries (run log, validation, trajectory,
compute), of a run, of a review decision, and of an upload grant."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from chalicelib.api.models.base import _Out
from chalicelib.api.models.bodies import Workspace


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
    copy_of_earlier: str | None = Field(
        default=None,
        description="set on a promoted (verified) reproduction when an earlier submission of "
        "this paper by another account with the same run output was read only after the "
        "promotion: that earlier reproduction's id. The decision stands and it still counts "
        "toward the score; a reviewer should check it is not a copy",
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
            copy_of_earlier=item.get("copy_of_earlier"),
            compute=ComputeView.from_stored(item["compute"]) if item.get("compute") else None,
        )


class ReproductionPage(_Out):
    results: list[ReproductionView]
    next_cursor: str | None


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
