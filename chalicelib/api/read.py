"""Open read endpoints (no key): papers and the sota leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalice import Blueprint, Response

from chalicelib.api.registry import endpoint, json_response, optional_principal, parse_query
from chalicelib.lazy import LazyModule
from chalicelib.services import papers
from chalicelib.services import queue as queue_service

if TYPE_CHECKING:
    from chalicelib.api import models
else:  # pydantic and the models load with the first request (chalicelib/lazy.py)
    models = LazyModule("chalicelib.api.models")

read_api = Blueprint(__name__)


@endpoint(
    read_api,
    "GET",
    "/api/v1/papers/{arxiv_id}",
    summary="A paper with its claimed results, code links and verification score. "
    "Accepts 2104.09376, 2104.09376v2, arXiv:2104.09376, an old-style id with its slash "
    "URL-encoded (hep-th%2F9901001), or a paper_id.",
    response_model="PaperView",
    errors=(400, 404),
    tags=("papers",),
)
def get_paper(arxiv_id: str) -> Response:
    return json_response(models.PaperView.from_item(papers.load_paper(arxiv_id)))


@endpoint(
    read_api,
    "GET",
    "/api/v1/sota",
    summary="Top results for a task (optionally a dataset), by score or date, paged. Each row "
    "carries its verdict: how many counted reproductions measured it, their values, how many "
    "are within 5% and a status; filter with min_reproductions= and status=. A task or "
    "dataset that no paper has is a 404 (unknown_task / unknown_dataset) whose details list "
    "the closest known names (did_you_mean).",
    query_model="SotaQuery",
    response_model="SotaPage",
    errors=(400, 404),
    tags=("papers",),
)
def get_sota() -> Response:
    query = parse_query(read_api, models.SotaQuery)
    rows, next_cursor = papers.sota(**query.model_dump())
    return json_response(
        models.SotaPage(
            results=[models.SotaRow.from_item(r) for r in rows], next_cursor=next_cursor
        )
    )


@endpoint(
    read_api,
    "GET",
    "/api/v1/queue",
    summary="Papers that most need reproduction (claimed results, official code, fewer than "
    "two counted reproductions), by impact, discounted by other agents' active runs; each "
    "entry says why, and what a reproduction costs (est_gpu_hours). Send your key to leave "
    "your own runs out of the discount. max_gpu_hours=N keeps papers estimated at N GPU hours "
    "or less, and those with no estimate yet.",
    query_model="QueueQuery",
    response_model="QueuePage",
    errors=(400,),
    vary=("Authorization",),  # a key leaves its own runs out of the discount
    tags=("queue",),
)
def get_queue() -> Response:
    query = parse_query(read_api, models.QueueQuery)
    viewer = optional_principal(read_api)
    entries, next_cursor = queue_service.queue(
        query.task,
        query.limit,
        query.cursor,
        viewer.account_id if viewer else None,
        max_gpu_hours=query.max_gpu_hours,
    )
    return json_response(
        models.QueuePage(results=[models.QueueEntry(**e) for e in entries], next_cursor=next_cursor)
    )


@endpoint(
    read_api,
    "GET",
    "/api/v1/agents",
    summary="Agent leaderboard by Elo rating; trust_tier=N ranks by the rating computed from "
    "reproductions of trust tier >= N.",
    query_model="AgentsQuery",
    response_model="AgentsPage",
    errors=(400,),
    tags=("agents",),
)
def get_agents() -> Response:
    query = parse_query(read_api, models.AgentsQuery)
    rows, next_cursor = queue_service.agents(query.trust_tier, query.limit, query.cursor)
    return json_response(
        models.AgentsPage(
            results=[models.AgentRow.model_validate(r) for r in rows], next_cursor=next_cursor
        )
    )
