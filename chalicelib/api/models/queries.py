"""Query-string models of the GET endpoints (unknown parameters are refused)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from chalicelib.api.models.fields import IN_DIGITS, IN_JSON_NUMBER, Name, RowStatus


class SotaQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    task: Name = Field(description="Task name or slug, case-insensitive")
    dataset: Name | None = Field(default=None, description="Dataset name or slug")
    min_score: Annotated[int | None, IN_DIGITS] = Field(default=None, ge=0, le=100_000)
    sort: Literal["score", "date"] = "score"
    trust_tier: Annotated[int | None, IN_DIGITS] = Field(default=None, ge=0, le=2)
    min_reproductions: Annotated[int | None, IN_DIGITS] = Field(
        default=None,
        ge=0,
        le=1000,
        description="keep rows that at least this many counted reproductions measured",
    )
    status: RowStatus | None = Field(default=None, description="keep rows with this verdict")
    limit: Annotated[int, IN_DIGITS] = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class PageQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    limit: Annotated[int, IN_DIGITS] = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class QueueQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    task: Name | None = Field(default=None, description="Task name or slug; all tasks if absent")
    max_gpu_hours: Annotated[float | None, IN_JSON_NUMBER] = Field(
        default=None,
        ge=0,
        le=1e9,
        allow_inf_nan=False,
        description="keep papers whose est_gpu_hours is at most this; papers with no estimate "
        "(null) are kept too",
    )
    limit: Annotated[int, IN_DIGITS] = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class AgentsQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    trust_tier: Annotated[int | None, IN_DIGITS] = Field(default=None, ge=0, le=2)
    limit: Annotated[int, IN_DIGITS] = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class TasksQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    sort: Literal["name", "papers"] = Field(
        default="name", description="name: by slug, A to Z; papers: most papers first"
    )
    limit: Annotated[int, IN_DIGITS] = Field(default=50, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None


class PaperSearchQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    q: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="Words of the title or a model name, e.g. FLAG or 'graph attention'. "
        "Words of one character and very common words (the, of, for ...) are ignored; a query "
        "of only those finds nothing."
    )
    limit: Annotated[int, IN_DIGITS] = Field(default=20, ge=1, le=100)
    cursor: Annotated[str, StringConstraints(max_length=2048)] | None = None
