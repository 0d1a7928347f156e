"""Read use cases: a paper, the sota leaderboard."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from chalicelib.db import keys
from chalicelib.db import leaderboard as leaderboard_db
from chalicelib.db import papers as papers_db
from chalicelib.domain.arxiv import InvalidArxivId, normalise_arxiv_id
from chalicelib.domain.text import slugify
from chalicelib.errors import InvalidRequest, NotFound

_PAPER_ID = re.compile(r"^p[0-9a-f]{16}$")


def resolve_paper_id(reference: str) -> str:
    """A paper_id, or the paper_id of an arXiv id in any accepted spelling."""
    # Old-style ids carry a slash, so clients send it URL-encoded (hep-th%2F9901001); some
    # gateways decode path parameters and some do not.
    reference = unquote(reference).strip()
    if _PAPER_ID.match(reference):
        return reference
    try:
        return keys.paper_id_for_arxiv(normalise_arxiv_id(reference))
    except InvalidArxivId as exc:
        raise InvalidRequest(str(exc)) from exc


def load_paper_item(reference: str) -> dict[str, Any]:
    """The stored paper for a paper_id or arXiv id, or NotFound."""
    paper = papers_db.get_paper(resolve_paper_id(reference))
    if paper is None:
        raise NotFound(f"no paper '{reference[:80]}' is recorded; check the id or search /sota")
    return paper


def load_paper(reference: str) -> dict[str, Any]:
    paper = load_paper_item(reference)
    if "computed_source_rev" not in paper:
        # Ingested moments ago and not yet recomputed by the stream: derive the view now
        # (a paper that has never been recomputed has no counted reproductions).
        from chalicelib.services.recompute import derive  # rare; keeps import cheap

        derived, _ = derive(paper, [], paper.get("updated_at", ""))
        paper = {**paper, **derived, "updated_at": None}
    return paper


def sota(
    *,
    task: str,
    dataset: str | None,
    sort: str,
    min_score: int | None,
    trust_tier: int | None,
    limit: int,
    cursor: str | None,
    min_reproductions: int | None = None,
    status: str | None = None,
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query per page. An empty first page of a task or dataset that no paper has is a
    404 naming the closest known names (`unknown_task` / `unknown_dataset`), not an empty
    200: an agent that misspelt a task must not conclude that nobody has claimed results."""
    task_slug = slugify(task)
    dataset_slug = slugify(dataset) if dataset is not None else None
    rows: list[dict[str, Any]] = []
    next_cursor = None
    if task_slug and dataset_slug != "":  # a name without letters or digits names nothing
        rows, next_cursor = leaderboard_db.query_rows(
            task_slug=task_slug,
            dataset_slug=dataset_slug,
            sort=sort,
            min_score=min_score,
            trust_tier=trust_tier,
            limit=limit,
            cursor=cursor,
            min_reproductions=min_reproductions,
            status=status,
        )
    if not rows and cursor is None and next_cursor is None:
        filtered = any(f is not None for f in (min_score, trust_tier, min_reproductions, status))
        check_names(task, task_slug, dataset, dataset_slug, scope_empty=not filtered)
    return rows, next_cursor


def check_names(
    task: str, task_slug: str, dataset: str | None, dataset_slug: str | None, scope_empty: bool
) -> None:
    """After an empty first page: raise a 404 with suggestions when the task (or the dataset)
    is unknown. `scope_empty`: the page was unfiltered, so the queried scope has no rows."""
    from chalicelib.services import tasks as catalog  # only on this rare path

    if dataset_slug is None and scope_empty:
        task_known = False
    else:
        task_known = bool(task_slug) and leaderboard_db.has_rows(task_slug, None)
    if not task_known:
        catalog.check_task_known(task, task_slug)  # a task of the catalogue without rows: ok
        return
    if dataset is None or dataset_slug is None:
        return
    if not scope_empty and dataset_slug and leaderboard_db.has_rows(task_slug, dataset_slug):
        return
    catalog.check_dataset_known(task_slug, dataset, dataset_slug)
