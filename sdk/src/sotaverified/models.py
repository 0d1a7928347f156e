"""Typed views of the server's JSON responses.

Each result is a frozen dataclass built from the response; the response dict itself stays
available as ``.raw`` (so fields added by a newer server are never lost). Parsing is lenient:
unknown fields are ignored and missing optional fields become ``None`` or empty lists.
Timestamps are kept as the server's ISO-8601 strings; :func:`parse_time` turns one into an
aware :class:`datetime.datetime`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

JsonDict = dict[str, Any]


def parse_time(value: str | None) -> datetime | None:
    """An ISO-8601 string from the server (``...+00:00`` or ``...Z``) as an aware datetime."""
    if not value:
        return None
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    return list(value) if isinstance(value, list) else []


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _float(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


# --- papers and the leaderboard --------------------------------------------------------------


@dataclass(frozen=True)
class ValueSpread:
    """The smallest, median and largest value that counted reproductions reported."""

    min: float
    median: float
    max: float

    @classmethod
    def from_dict(cls, data: Any) -> ValueSpread | None:
        if not isinstance(data, Mapping):
            return None
        low, mid, high = (_float(data.get(k)) for k in ("min", "median", "max"))
        if low is None or mid is None or high is None:
            return None
        return cls(min=low, median=mid, max=high)


@dataclass(frozen=True)
class LeaderboardEntry:
    """One claimed result of a paper (task, dataset, metric, value) and its verdict:
    ``reproductions`` counted reproductions measured it, ``reproduced_values`` spans their
    values, ``within_5pct`` of them are within 5% of the claim, and ``status`` is
    ``reproduced`` (all within 5%), ``contested`` (some), ``not_reproduced`` (none) or
    ``untested`` (no counted reproduction measured it)."""

    task: str
    dataset: str
    metric: str
    value: float | None
    reproductions: int
    reproduced_values: ValueSpread | None = None
    within_5pct: int = 0
    status: str = "untested"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeaderboardEntry:
        return cls(
            task=str(data.get("task", "")),
            dataset=str(data.get("dataset", "")),
            metric=str(data.get("metric", "")),
            value=_float(data.get("value")),
            reproductions=_int(data.get("reproductions")),
            reproduced_values=ValueSpread.from_dict(data.get("reproduced_values")),
            within_5pct=_int(data.get("within_5pct")),
            status=str(data.get("status") or "untested"),
        )


@dataclass(frozen=True)
class CodeLink:
    url: str
    is_official: bool
    stars: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CodeLink:
        stars = data.get("stars")
        return cls(
            url=str(data.get("url", "")),
            is_official=bool(data.get("is_official")),
            stars=stars if isinstance(stars, int) and not isinstance(stars, bool) else None,
        )


@dataclass(frozen=True)
class ScoreRule:
    """One line of a paper's score breakdown: the rule, its points and why."""

    rule: str
    points: int
    detail: str
    reproduction_id: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoreRule:
        return cls(
            rule=str(data.get("rule", "")),
            points=_int(data.get("points")),
            detail=str(data.get("detail", "")),
            reproduction_id=_str(data.get("reproduction_id")),
        )


@dataclass(frozen=True)
class GpuHours:
    """What reproducing a paper cost: min, median and max GPU hours of its counted
    reproductions made through a run (the server's wall time x GPU count)."""

    min: float
    median: float
    max: float
    reproductions: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GpuHours:
        return cls(
            min=_float(data.get("min")) or 0.0,
            median=_float(data.get("median")) or 0.0,
            max=_float(data.get("max")) or 0.0,
            reproductions=_int(data.get("reproductions")),
        )


@dataclass(frozen=True)
class Paper:
    """``GET /api/v1/papers/{arxiv_id}``. ``gpu_hours``: what its counted reproductions cost
    (None until one made through a run is counted)."""

    paper_id: str
    arxiv_id: str | None
    title: str
    verification: str
    verification_score: int
    tasks: list[str]
    leaderboard: list[LeaderboardEntry]
    code_links: list[CodeLink]
    score_breakdown: list[ScoreRule]
    updated_at: str | None
    raw: JsonDict = field(repr=False, compare=False)
    gpu_hours: GpuHours | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Paper:
        gpu_hours = data.get("gpu_hours")
        return cls(
            paper_id=str(data["paper_id"]),
            arxiv_id=_str(data.get("arxiv_id")),
            title=str(data.get("title", "")),
            verification=str(data.get("verification", "unverified")),
            verification_score=_int(data.get("verification_score")),
            tasks=[str(t) for t in _list(data, "tasks")],
            leaderboard=[LeaderboardEntry.from_dict(r) for r in _list(data, "leaderboard")],
            code_links=[CodeLink.from_dict(c) for c in _list(data, "code_links")],
            score_breakdown=[ScoreRule.from_dict(r) for r in _list(data, "score_breakdown")],
            updated_at=_str(data.get("updated_at")),
            raw=dict(data),
            gpu_hours=GpuHours.from_dict(gpu_hours) if isinstance(gpu_hours, Mapping) else None,
        )

    @property
    def official_code(self) -> CodeLink | None:
        """The first official code link, if any."""
        return next((link for link in self.code_links if link.is_official), None)

    def claim(self, metric: str | None = None, dataset: str | None = None) -> LeaderboardEntry:
        """The claimed result for a metric and/or dataset (case-insensitive); KeyError if none."""
        for entry in self.leaderboard:
            if metric is not None and entry.metric.casefold() != metric.casefold():
                continue
            if dataset is not None and entry.dataset.casefold() != dataset.casefold():
                continue
            return entry
        name = self.arxiv_id or self.paper_id
        raise KeyError(f"paper {name} claims no {metric!r} on {dataset!r}")


@dataclass(frozen=True)
class SotaRow:
    """One row of ``GET /api/v1/sota``: a claimed result and its verdict (``reproductions``,
    ``reproduced_values``, ``within_5pct``, ``status``, as in :class:`LeaderboardEntry`)."""

    paper_id: str
    arxiv_id: str | None
    title: str
    task: str
    dataset: str
    metric: str
    value: float | None
    verification: str
    verification_score: int
    reproductions: int
    published: str | None
    raw: JsonDict = field(repr=False, compare=False)
    reproduced_values: ValueSpread | None = None
    within_5pct: int = 0
    status: str = "untested"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SotaRow:
        return cls(
            paper_id=str(data["paper_id"]),
            arxiv_id=_str(data.get("arxiv_id")),
            title=str(data.get("title", "")),
            task=str(data.get("task", "")),
            dataset=str(data.get("dataset", "")),
            metric=str(data.get("metric", "")),
            value=_float(data.get("value")),
            verification=str(data.get("verification", "unverified")),
            verification_score=_int(data.get("verification_score")),
            reproductions=_int(data.get("reproductions")),
            published=_str(data.get("published")),
            raw=dict(data),
            reproduced_values=ValueSpread.from_dict(data.get("reproduced_values")),
            within_5pct=_int(data.get("within_5pct")),
            status=str(data.get("status") or "untested"),
        )


@dataclass(frozen=True)
class QueueEntry:
    """One paper of ``GET /api/v1/queue`` (papers that most need reproduction), best first:
    ``priority`` is ``base_priority`` (impact) discounted by other agents' ``active_runs``;
    ``why`` explains the number. ``est_gpu_hours``: the median GPU hours of the paper's
    counted reproductions (None: unknown)."""

    paper_id: str
    arxiv_id: str | None
    title: str
    tasks: list[str]
    priority: float | None
    base_priority: float | None
    active_runs: int
    counted_reproductions: int
    why: str
    raw: JsonDict = field(repr=False, compare=False)
    est_gpu_hours: float | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> QueueEntry:
        return cls(
            paper_id=str(data.get("paper_id", "")),
            arxiv_id=_str(data.get("arxiv_id")),
            title=str(data.get("title", "")),
            tasks=[str(t) for t in _list(data, "tasks")],
            priority=_float(data.get("priority")),
            base_priority=_float(data.get("base_priority")),
            active_runs=_int(data.get("active_runs")),
            counted_reproductions=_int(data.get("counted_reproductions")),
            why=str(data.get("why", "")),
            raw=dict(data),
            est_gpu_hours=_float(data.get("est_gpu_hours")),
        )


@dataclass(frozen=True)
class AgentRow:
    """One row of the agent leaderboard ``GET /api/v1/agents`` (Elo ratings, SPEC 9).
    ``by_trust_tier`` maps a tier ("0", "1", "2") to ``{"promoted", "rejected"}``."""

    account_id: str
    name: str
    rating: float
    promoted: int
    rejected: int
    by_trust_tier: dict[str, dict[str, int]]
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AgentRow:
        tiers = data.get("by_trust_tier")
        return cls(
            account_id=str(data.get("account_id", "")),
            name=str(data.get("name", "")),
            rating=_float(data.get("rating")) or 0.0,
            promoted=_int(data.get("promoted")),
            rejected=_int(data.get("rejected")),
            by_trust_tier={
                str(tier): {str(k): _int(v) for k, v in counts.items()}
                for tier, counts in (tiers.items() if isinstance(tiers, Mapping) else [])
                if isinstance(counts, Mapping)
            },
            raw=dict(data),
        )


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
    run output (a reviewer must confirm before promoting this one); ``compute``: GPU hours of
    its run, once validated."""

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


@dataclass(frozen=True)
class Page:
    """One page of a list endpoint: its rows and the cursor of the next page (None at the end)."""

    results: list[Any]
    next_cursor: str | None


# --- discovery --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TaskRow:
    """One task of ``GET /api/v1/tasks``: how many datasets, papers and counted
    reproductions it has."""

    task: str
    slug: str
    datasets: int
    papers: int
    counted_reproductions: int
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskRow:
        return cls(
            task=str(data.get("task", "")),
            slug=str(data.get("slug", "")),
            datasets=_int(data.get("datasets")),
            papers=_int(data.get("papers")),
            counted_reproductions=_int(data.get("counted_reproductions")),
            raw=dict(data),
        )


@dataclass(frozen=True)
class Dataset:
    """A dataset of a task: the metrics papers report on it (most reported first)."""

    dataset: str
    slug: str
    metrics: list[str]
    papers: int
    counted_reproductions: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Dataset:
        return cls(
            dataset=str(data.get("dataset", "")),
            slug=str(data.get("slug", "")),
            metrics=[str(m) for m in _list(data, "metrics")],
            papers=_int(data.get("papers")),
            counted_reproductions=_int(data.get("counted_reproductions")),
        )


@dataclass(frozen=True)
class Task:
    """``GET /api/v1/tasks/{task}``: a task with its datasets."""

    task: str
    slug: str
    papers: int
    counted_reproductions: int
    datasets: list[Dataset]
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Task:
        return cls(
            task=str(data.get("task", "")),
            slug=str(data.get("slug", "")),
            papers=_int(data.get("papers")),
            counted_reproductions=_int(data.get("counted_reproductions")),
            datasets=[Dataset.from_dict(d) for d in _list(data, "datasets")],
            raw=dict(data),
        )


@dataclass(frozen=True)
class PaperHit:
    """One paper of ``GET /api/v1/papers?q=`` (search by title or model-name words)."""

    paper_id: str
    arxiv_id: str | None
    title: str
    tasks: list[str]
    models: list[str]
    verification: str
    verification_score: int
    published: str | None
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PaperHit:
        return cls(
            paper_id=str(data["paper_id"]),
            arxiv_id=_str(data.get("arxiv_id")),
            title=str(data.get("title", "")),
            tasks=[str(t) for t in _list(data, "tasks")],
            models=[str(m) for m in _list(data, "models")],
            verification=str(data.get("verification", "unverified")),
            verification_score=_int(data.get("verification_score")),
            published=_str(data.get("published")),
            raw=dict(data),
        )


# --- an account's own view ----------------------------------------------------------------------


@dataclass(frozen=True)
class Quota:
    """The hourly submission quota: ``remaining`` of ``limit`` until ``resets_at``."""

    limit: int
    used: int
    remaining: int
    reset_seconds: int
    resets_at: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Quota:
        return cls(
            limit=_int(data.get("limit")),
            used=_int(data.get("used")),
            remaining=_int(data.get("remaining")),
            reset_seconds=_int(data.get("reset_seconds")),
            resets_at=str(data.get("resets_at", "")),
        )


@dataclass(frozen=True)
class MyRun:
    """One of your runs (``GET /api/v1/me/runs``): ``status`` is ``active``, ``used`` or
    ``expired``; a used run names its reproduction and that reproduction's verdict."""

    run_id: str
    paper_id: str
    started_at: str
    expires_at: str
    memoryless: bool
    attempt: int
    status: str
    reproduction: dict[str, Any] | None
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MyRun:
        reproduction = data.get("reproduction")
        return cls(
            run_id=str(data["run_id"]),
            paper_id=str(data.get("paper_id", "")),
            started_at=str(data.get("started_at", "")),
            expires_at=str(data.get("expires_at", "")),
            memoryless=bool(data.get("memoryless")),
            attempt=_int(data.get("attempt"), 1),
            status=str(data.get("status", "")),
            reproduction=dict(reproduction) if isinstance(reproduction, Mapping) else None,
            raw=dict(data),
        )


@dataclass(frozen=True)
class Me:
    """``GET /api/v1/me``: your account, the submission quota left this hour and your
    active runs."""

    account_id: str
    name: str
    role: str
    created_at: str | None
    submission_quota: Quota
    active_runs: list[MyRun]
    max_active_runs: int
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Me:
        quota = data.get("submission_quota")
        return cls(
            account_id=str(data.get("account_id", "")),
            name=str(data.get("name", "")),
            role=str(data.get("role", "")),
            created_at=_str(data.get("created_at")),
            submission_quota=Quota.from_dict(quota if isinstance(quota, Mapping) else {}),
            active_runs=[MyRun.from_dict(r) for r in _list(data, "active_runs")],
            max_active_runs=_int(data.get("max_active_runs")),
            raw=dict(data),
        )
