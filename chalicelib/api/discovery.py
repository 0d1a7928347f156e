"""Discovery: which tasks exist (with their datasets and metrics) and finding papers by
words of their titles or model names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalice import Blueprint, Response

from chalicelib.api.registry import endpoint, json_response, parse_query
from chalicelib.lazy import LazyModule
from chalicelib.services import search, tasks

if TYPE_CHECKING:
    from chalicelib.api import models
else:  # pydantic and the models load with the first request (chalicelib/lazy.py)
    models = LazyModule("chalicelib.api.models")

discovery_api = Blueprint(__name__)


@endpoint(
    discovery_api,
    "GET",
    "/api/v1/tasks",
    summary="Every task with claimed results: its number of datasets, papers and counted "
    "reproductions; by name (default) or most papers first, paged.",
    query_model="TasksQuery",
    response_model="TasksPage",
    errors=(400,),
    tags=("discovery",),
)
def list_tasks() -> Response:
    query = parse_query(discovery_api, models.TasksQuery)
    rows, next_cursor = tasks.list_tasks(query.sort, query.limit, query.cursor)
    return json_response(
        models.TasksPage(
            results=[models.TaskRow.from_item(r) for r in rows], next_cursor=next_cursor
        )
    )


@endpoint(
    discovery_api,
    "GET",
    "/api/v1/tasks/{task}",
    summary="One task (name or slug, case-insensitive) with its datasets, each with its "
    "metrics and number of papers. An unknown task is a 404 naming the closest known ones.",
    response_model="TaskView",
    errors=(404,),
    tags=("discovery",),
)
def get_task(task: str) -> Response:
    from urllib.parse import unquote

    return json_response(models.TaskView.from_item(tasks.task_detail(unquote(task)[:200])))


@endpoint(
    discovery_api,
    "GET",
    "/api/v1/papers",
    summary="Papers whose title or model names contain every word of q (whole words, case- "
    "and accent-insensitive), best verification score first, then newest; paged. A page may "
    "hold fewer than limit papers: follow next_cursor until it is null.",
    query_model="PaperSearchQuery",
    response_model="PaperSearchPage",
    errors=(400,),
    tags=("discovery", "papers"),
)
def search_papers() -> Response:
    query = parse_query(discovery_api, models.PaperSearchQuery)
    rows, next_cursor = search.search_papers(query.q, query.limit, query.cursor)
    return json_response(
        models.PaperSearchPage(
            results=[models.PaperSearchHit.from_item(r) for r in rows], next_cursor=next_cursor
        )
    )
