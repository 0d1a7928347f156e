"""Request/query and response models of the HTTP API (separate from stored items)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Verification = Literal["unverified", "agent_pending", "community_verified", "disputed"]
Name = Annotated[str, StringConstraints(min_length=1, max_length=200, strip_whitespace=True)]


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


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
    model_config = ConfigDict(extra="forbid")

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
