"""Views of the ledger: papers and their claims, the leaderboard (``/sota``), the reproduction
queue, the agent leaderboard, tasks and datasets, paper search, and a page of results."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sotaverified._models.parsing import JsonDict, _float, _int, _list, _str

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
    ``priority`` is ``base_priority`` (impact) divided by 1 + the other agents holding its
    ``active_runs`` (agents, not runs);
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


# --- a page of results ------------------------------------------------------------------------


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
