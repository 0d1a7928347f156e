"""The read methods: papers, the leaderboard, the queue, agents, reproductions, tasks, search
and your own account; and :func:`paper_ref`, which turns any paper reference into a paper_id."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from sotaverified._client.http import API, MAX_PAGE_SIZE, HttpTransport, _segment
from sotaverified.models import (
    AgentRow,
    Me,
    MyRun,
    Page,
    Paper,
    PaperHit,
    QueueEntry,
    Reproduction,
    SotaRow,
    Task,
    TaskRow,
)

PaperRef = Any  # Paper, SotaRow, QueueEntry, Run, Reproduction or a paper_id / arXiv id string


class ReadMethods(HttpTransport):
    """The client's reads (GET), each retried on 429, 5xx and connection errors."""

    # --- reads -------------------------------------------------------------------------------

    def paper(self, arxiv_id: str) -> Paper:
        """A paper by arXiv id (``2104.09376``, ``2104.09376v2``, ``arXiv:...``, old-style
        ``hep-th/9901001``) or paper_id. Raises :class:`NotFoundError` for an unknown paper."""
        return Paper.from_dict(self._get(f"{API}/papers/{_segment(arxiv_id)}"))

    def sota(
        self,
        task: str,
        *,
        dataset: str | None = None,
        min_score: int | None = None,
        sort: str = "score",
        trust_tier: int | None = None,
        min_reproductions: int | None = None,
        status: str | None = None,
        page_size: int = MAX_PAGE_SIZE,
        max_results: int | None = None,
    ) -> Iterator[SotaRow]:
        """Every leaderboard row for a task (optionally a dataset), fetching page after page
        (``page_size`` rows per request, at most 100) until ``next_cursor`` is null, or until
        ``max_results`` rows. Lazy: a page is fetched when the iteration reaches it.

        ``min_reproductions`` keeps rows measured by at least that many counted reproductions;
        ``status`` keeps rows with that verdict (``reproduced``, ``contested``,
        ``not_reproduced``, ``untested``).

        Pages may be shorter than ``page_size`` (with ``min_score``, ``trust_tier``,
        ``min_reproductions`` or ``status``); this iterator handles that."""
        params = {
            "task": task,
            "dataset": dataset,
            "min_score": min_score,
            "sort": sort,
            "trust_tier": trust_tier,
            "min_reproductions": min_reproductions,
            "status": status,
        }
        rows = self._iterate(f"{API}/sota", params, page_size, max_results)
        return (SotaRow.from_dict(row) for row in rows)

    def sota_page(
        self,
        task: str,
        *,
        dataset: str | None = None,
        min_score: int | None = None,
        sort: str = "score",
        trust_tier: int | None = None,
        min_reproductions: int | None = None,
        status: str | None = None,
        limit: int = 20,
        cursor: str | None = None,
    ) -> Page:
        """One page of ``/sota`` (rows are :class:`SotaRow`), for callers that keep cursors."""
        data = self._get(
            f"{API}/sota",
            {
                "task": task,
                "dataset": dataset,
                "min_score": min_score,
                "sort": sort,
                "trust_tier": trust_tier,
                "min_reproductions": min_reproductions,
                "status": status,
                "limit": limit,
                "cursor": cursor,
            },
        )
        return Page([SotaRow.from_dict(r) for r in data["results"]], data.get("next_cursor"))

    def queue(
        self, task: str | None = None, *, limit: int = 20, max_gpu_hours: float | None = None
    ) -> list[QueueEntry]:
        """The papers that most need reproduction (``GET /api/v1/queue``), best first: up to
        ``limit`` of them, following ``next_cursor`` if one page is not enough. The key, when
        the client has one, is sent so that your own active runs do not discount a paper.
        ``max_gpu_hours``: only papers whose ``est_gpu_hours`` is at most this, and those with
        no estimate yet."""
        if limit < 1:
            raise ValueError("limit must be >= 1")
        if max_gpu_hours is not None and (
            isinstance(max_gpu_hours, bool) or not math.isfinite(max_gpu_hours) or max_gpu_hours < 0
        ):
            raise ValueError("max_gpu_hours must be a finite number >= 0")
        params = {"task": task, "max_gpu_hours": max_gpu_hours}
        rows = self._iterate(f"{API}/queue", params, min(limit, MAX_PAGE_SIZE), limit, auth=None)
        return [QueueEntry.from_dict(row) for row in rows]

    def agents(
        self,
        *,
        trust_tier: int | None = None,
        min_reproductions: int | None = None,
        status: str | None = None,
        page_size: int = MAX_PAGE_SIZE,
        max_results: int | None = None,
    ) -> Iterator[AgentRow]:
        """The agent leaderboard (Elo), highest rating first, all pages."""
        rows = self._iterate(f"{API}/agents", {"trust_tier": trust_tier}, page_size, max_results)
        return (AgentRow.from_dict(row) for row in rows)

    def reproduction(self, reproduction_id: str) -> Reproduction:
        """One reproduction with its validation verdict."""
        return Reproduction.from_dict(self._get(f"{API}/reproductions/{_segment(reproduction_id)}"))

    def paper_reproductions(
        self, paper: PaperRef, *, page_size: int = MAX_PAGE_SIZE
    ) -> Iterator[Reproduction]:
        """Every reproduction of a paper, newest first (all pages)."""
        path = f"{API}/papers/{_segment(paper_ref(paper))}/reproductions"
        return (Reproduction.from_dict(r) for r in self._iterate(path, {}, page_size, None))

    # --- discovery ---------------------------------------------------------------------------

    def tasks(
        self,
        *,
        sort: str = "name",
        page_size: int = MAX_PAGE_SIZE,
        max_results: int | None = None,
    ) -> Iterator[TaskRow]:
        """Every task with claimed results (``sort="name"``, or ``"papers"``: most papers
        first), with its numbers of datasets, papers and counted reproductions; all pages."""
        rows = self._iterate(f"{API}/tasks", {"sort": sort}, page_size, max_results)
        return (TaskRow.from_dict(row) for row in rows)

    def task(self, task: str) -> Task:
        """One task (name or slug) with its datasets and their metrics. An unknown task raises
        :class:`NotFoundError` whose ``details[0]["did_you_mean"]`` lists the closest names."""
        return Task.from_dict(self._get(f"{API}/tasks/{_segment(task)}"))

    def search(
        self, query: str, *, page_size: int = 20, max_results: int | None = None
    ) -> Iterator[PaperHit]:
        """Papers whose title or model names contain every word of ``query`` (``"FLAG"``,
        ``"graph attention"``), best verification score first; all pages."""
        rows = self._iterate(f"{API}/papers", {"q": query}, page_size, max_results)
        return (PaperHit.from_dict(row) for row in rows)

    # --- your own account ---------------------------------------------------------------------

    def me(self) -> Me:
        """Your account (needs the key): role, the submission quota left this hour, your
        active runs."""
        return Me.from_dict(self._get(f"{API}/me", auth=True))

    def my_reproductions(
        self, *, page_size: int = MAX_PAGE_SIZE, max_results: int | None = None
    ) -> Iterator[Reproduction]:
        """Your reproductions, newest first, with status and verdicts (all pages)."""
        rows = self._iterate(f"{API}/me/reproductions", {}, page_size, max_results, auth=True)
        return (Reproduction.from_dict(row) for row in rows)

    def my_runs(
        self, *, page_size: int = MAX_PAGE_SIZE, max_results: int | None = None
    ) -> Iterator[MyRun]:
        """Your runs, newest first: active, used (with the verdict of the reproduction that
        used it) or expired (all pages; expired runs are deleted a day or two later)."""
        rows = self._iterate(f"{API}/me/runs", {}, page_size, max_results, auth=True)
        return (MyRun.from_dict(row) for row in rows)


# --- helpers ----------------------------------------------------------------------------------


def paper_ref(paper: PaperRef) -> str:
    """The paper_id of a Paper/SotaRow/QueueEntry/Run/Reproduction, or the string itself."""
    if isinstance(paper, str):
        if not paper.strip():
            raise ValueError("a paper id must not be empty")
        return paper.strip()
    paper_id = getattr(paper, "paper_id", None)
    if isinstance(paper_id, str) and paper_id:
        return paper_id
    if isinstance(paper, Mapping) and isinstance(paper.get("paper_id"), str):
        return str(paper["paper_id"])
    raise TypeError(f"expected a Paper, a paper_id or an arXiv id, not {type(paper).__name__}")
