"""Response models of the public reads about papers: a paper, the SOTA table, the reproduction
queue, tasks and datasets, and paper search."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from chalicelib.api.models.base import _Out
from chalicelib.api.models.fields import RowStatus, Verification


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
