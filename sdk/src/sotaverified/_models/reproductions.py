"""Views of doing a reproduction: a run and its workspace manifest, and a reproduction with its
validation and trajectory verdicts, checks, compute and run log."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sotaverified._models.parsing import JsonDict, _float, _int, _list, _str

# --- runs -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Workspace:
    """The workspace manifest of a run: the validator checks every file read against
    ``files`` (paths relative to the workspace), and that no step writes ``eval_files`` (the
    evaluation code)."""

    repo_url: str | None = None
    commit: str | None = None
    files: list[str] = field(default_factory=list)
    eval_files: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Workspace:
        return cls(
            repo_url=_str(data.get("repo_url")),
            commit=_str(data.get("commit")),
            files=[str(f) for f in _list(data, "files")],
            eval_files=[str(f) for f in _list(data, "eval_files")],
        )

    def to_dict(self) -> JsonDict:
        body: JsonDict = {"files": list(self.files)}
        if self.eval_files:
            body["eval_files"] = list(self.eval_files)
        if self.repo_url is not None:
            body["repo_url"] = self.repo_url
        if self.commit is not None:
            body["commit"] = self.commit
        return body


@dataclass(frozen=True)
class Run:
    """``POST /api/v1/runs``: a started run (a "match"). ``attempt`` 1 is this account's first
    run on the paper; tier 2 needs ``memoryless`` and attempt 1."""

    run_id: str
    paper_id: str
    account_id: str
    started_at: str
    expires_at: str
    memoryless: bool
    attempt: int
    workspace: Workspace
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Run:
        workspace = data.get("workspace")
        return cls(
            run_id=str(data["run_id"]),
            paper_id=str(data.get("paper_id", "")),
            account_id=str(data.get("account_id", "")),
            started_at=str(data.get("started_at", "")),
            expires_at=str(data.get("expires_at", "")),
            memoryless=bool(data.get("memoryless")),
            attempt=_int(data.get("attempt"), 1),
            workspace=Workspace.from_dict(workspace if isinstance(workspace, Mapping) else {}),
            raw=dict(data),
        )


# --- reproductions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One named check of a verdict, with a reason a person can act on."""

    name: str
    ok: bool
    detail: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Check:
        return cls(
            name=str(data.get("name", "")),
            ok=bool(data.get("ok")),
            detail=str(data.get("detail", "")),
        )


@dataclass(frozen=True)
class ExtractedMetric:
    name: str
    value: float

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ExtractedMetric:
        return cls(name=str(data.get("name", "")), value=_float(data.get("value")) or 0.0)


@dataclass(frozen=True)
class Validation:
    """The run-output verdict: ``state`` is ``pending``, ``passed``, ``failed`` or
    ``unchecked``. ``unchecked`` means the server did not (or could not) read a URL run log:
    nobody has checked it, and the ``run_log_read`` check says why. It is settled, like
    ``passed`` and ``failed``: waiting longer does not change it."""

    state: str
    checks: list[Check]
    extracted_metrics: list[ExtractedMetric]
    # the run-log lines that confirm the claim ({"line", "text", "value_text"}): a recorded
    # tool call must print one of them (output_in_trajectory)
    confirming_lines: list[JsonDict] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Validation:
        return cls(
            state=str(data.get("state", "pending")),
            checks=[Check.from_dict(c) for c in _list(data, "checks")],
            extracted_metrics=[
                ExtractedMetric.from_dict(m) for m in _list(data, "extracted_metrics")
            ],
            confirming_lines=[
                dict(x) for x in _list(data, "confirming_lines") if isinstance(x, Mapping)
            ],
        )

    @property
    def failed_checks(self) -> list[Check]:
        return [check for check in self.checks if not check.ok]

    @property
    def unchecked(self) -> bool:
        """True when the server did not read the run log (a URL it could not read)."""
        return self.state == "unchecked"


@dataclass(frozen=True)
class Trajectory:
    """The replay-log verdict: ``state`` is ``pending``, ``valid`` or ``invalid``.
    ``printed_by``: the step that printed the confirming run-log line (``{"step", "tool",
    "line", "text"}``); ``eval_writes``: steps that write an evaluation file (``{"step",
    "tool", "file", "how"}``)."""

    state: str
    checks: list[Check]
    printed_by: JsonDict | None = None
    eval_writes: list[JsonDict] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Trajectory:
        evidence = data.get("evidence")
        evidence = evidence if isinstance(evidence, Mapping) else {}
        printed_by = evidence.get("printed_by")
        return cls(
            state=str(data.get("state", "pending")),
            checks=[Check.from_dict(c) for c in _list(data, "checks")],
            printed_by=dict(printed_by) if isinstance(printed_by, Mapping) else None,
            eval_writes=[dict(w) for w in _list(evidence, "eval_writes") if isinstance(w, Mapping)],
        )

    @property
    def failed_checks(self) -> list[Check]:
        return [check for check in self.checks if not check.ok]


@dataclass(frozen=True)
class Compute:
    """What a reproduction made through a run cost: the normalised GPU model and count, the
    server-witnessed wall time (run start to submission) and ``gpu_hours`` (None without a
    recognised GPU)."""

    gpu_model: str | None
    gpu_count: int
    wall_seconds: float
    gpu_hours: float | None
    run_started_at: str | None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Compute:
        return cls(
            gpu_model=_str(data.get("gpu_model")),
            gpu_count=_int(data.get("gpu_count")),
            wall_seconds=_float(data.get("wall_seconds")) or 0.0,
            gpu_hours=_float(data.get("gpu_hours")),
            run_started_at=_str(data.get("run_started_at")),
        )


@dataclass(frozen=True)
class RunLog:
    kind: str  # "url" or "pasted"
    url: str | None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunLog:
        return cls(kind=str(data.get("kind", "pasted")), url=_str(data.get("url")))


@dataclass(frozen=True)
class Reproduction:
    """``POST /api/v1/reproductions`` and ``GET /api/v1/reproductions/{id}``.
    ``duplicate_of``: an earlier reproduction of the paper by another account with the same
    run output (a reviewer must confirm before promoting this one); ``copy_of_earlier``: on a
    promoted reproduction, an earlier one by another account with the same run output that was
    read only after the promotion (it still counts; a reviewer should check it is not a copy);
    ``compute``: GPU hours of its run, once validated."""

    reproduction_id: str
    paper_id: str
    arxiv_id: str | None
    status: str
    tier_claimed: int
    hardware_spec: str
    run_log: RunLog
    actual_metric_name: str | None
    actual_metric_value: float | None
    dataset: str | None
    run_id: str | None
    submitted_at: str
    validation: Validation
    trajectory: Trajectory | None
    trust_tier: int
    raw: JsonDict = field(repr=False, compare=False)
    duplicate_of: str | None = None
    compute: Compute | None = None
    copy_of_earlier: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reproduction:
        compute = data.get("compute")
        validation = data.get("validation")
        trajectory = data.get("trajectory")
        run_log = data.get("run_log")
        return cls(
            reproduction_id=str(data["reproduction_id"]),
            paper_id=str(data.get("paper_id", "")),
            arxiv_id=_str(data.get("arxiv_id")),
            status=str(data.get("status", "agent_pending")),
            tier_claimed=_int(data.get("tier_claimed")),
            hardware_spec=str(data.get("hardware_spec", "")),
            run_log=RunLog.from_dict(run_log if isinstance(run_log, Mapping) else {}),
            actual_metric_name=_str(data.get("actual_metric_name")),
            actual_metric_value=_float(data.get("actual_metric_value")),
            dataset=_str(data.get("dataset")),
            run_id=_str(data.get("run_id")),
            submitted_at=str(data.get("submitted_at", "")),
            validation=Validation.from_dict(validation if isinstance(validation, Mapping) else {}),
            trajectory=(
                Trajectory.from_dict(trajectory) if isinstance(trajectory, Mapping) else None
            ),
            trust_tier=_int(data.get("trust_tier")),
            raw=dict(data),
            duplicate_of=_str(data.get("duplicate_of")),
            compute=Compute.from_dict(compute) if isinstance(compute, Mapping) else None,
            copy_of_earlier=_str(data.get("copy_of_earlier")),
        )

    @property
    def settled(self) -> bool:
        """True once the validators are done: validation is not pending (it is ``passed``,
        ``failed`` or ``unchecked``) and, when a replay log was sent, neither is the trajectory
        verdict."""
        if self.validation.state == "pending":
            return False
        return self.trajectory is None or self.trajectory.state != "pending"

    def explain(self) -> str:
        """A short, human-readable summary of the verdicts (failed checks first)."""
        lines = [
            f"reproduction {self.reproduction_id} of {self.arxiv_id or self.paper_id}: "
            f"status {self.status}, validation {self.validation.state}, "
            f"trajectory {self.trajectory.state if self.trajectory else 'none'}, "
            f"trust tier {self.trust_tier}"
        ]
        if self.validation.unchecked:
            lines.append(
                "  the server did not read the run log, so nobody has checked it yet: a "
                "reviewer must read it (or resubmit with the pasted output)"
            )
        if self.duplicate_of:
            lines.append(
                f"  the same run output was submitted earlier by another account "
                f"({self.duplicate_of}): a reviewer must confirm before promoting it"
            )
        if self.copy_of_earlier:
            lines.append(
                f"  possible copy: promoted before {self.copy_of_earlier}, submitted earlier by "
                f"another account with the same run output, was read (it still counts; a "
                f"reviewer should check it)"
            )
        if self.compute is not None and self.compute.gpu_hours is not None:
            lines.append(
                f"  compute: {self.compute.gpu_count}x {self.compute.gpu_model}, "
                f"{self.compute.wall_seconds / 3600:.3g} h of wall time = "
                f"{self.compute.gpu_hours:g} GPU hours"
            )
        checks = self.validation.checks + (self.trajectory.checks if self.trajectory else [])
        for check in sorted(checks, key=lambda c: c.ok):
            lines.append(f"  [{'ok' if check.ok else 'FAILED'}] {check.name}: {check.detail}")
        return "\n".join(lines)
