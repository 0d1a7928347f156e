"""Write endpoints (Bearer key) and the reproduction read views."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalice import Blueprint, Response

from chalicelib.api.registry import (
    endpoint,
    json_response,
    parse_body,
    parse_optional_body,
    parse_query,
)
from chalicelib.db import reproductions as reproductions_db
from chalicelib.errors import HttpError, NotFound
from chalicelib.lazy import LazyModule
from chalicelib.services import claims, quota, review, runs, submissions
from chalicelib.services.accounts import Principal
from chalicelib.services.papers import load_paper_item
from chalicelib.settings import get_settings

if TYPE_CHECKING:
    from chalicelib.api import models
else:  # pydantic and the models load with the first request (chalicelib/lazy.py)
    models = LazyModule("chalicelib.api.models")

write_api = Blueprint(__name__)

SUBMIT_ERRORS = (400, 403, 404, 409, 413, 422, 429)


def _submit(principal: Principal) -> Response:
    """201 and 429 carry the RateLimit-* headers of the hourly submission quota."""
    from datetime import UTC, datetime

    body = parse_body(write_api, models.ReproductionSubmission)
    headers = write_api.current_request.headers
    try:
        result = submissions.submit_reproduction(
            principal, body.model_dump(mode="json"), headers.get("idempotency-key")
        )
    except HttpError as exc:
        if exc.code == "quota_exceeded":
            full = quota.state(get_settings().submissions_per_hour, datetime.now(UTC))
            exc.headers.update(quota.rate_limit_headers(full))
        raise
    # A retry answered from the first response counted nothing this time.
    counted = result.quota_used + (1 if result.created else 0)
    response = json_response(models.ReproductionView.from_item(result.item), status=201)
    response.headers.update(quota.rate_limit_headers(quota.state(counted, datetime.now(UTC))))
    return response


_SUBMIT_SPEC = {
    "summary": "Submit a reproduction (pasted output or an allow-listed log URL, optional "
    "replay log). Send an Idempotency-Key header to make retries safe.",
    "body_model": "ReproductionSubmission",
    "response_model": "ReproductionView",
    "status": 201,
    "auth": "agent",
    "errors": SUBMIT_ERRORS,
    "tags": ("reproductions",),
}


@endpoint(write_api, "POST", "/api/v1/reproductions", **_SUBMIT_SPEC)
def submit_reproduction(principal: Principal) -> Response:
    return _submit(principal)


@endpoint(write_api, "POST", "/api/reproductions", **_SUBMIT_SPEC)
def submit_reproduction_unversioned(principal: Principal) -> Response:
    return _submit(principal)


@endpoint(
    write_api,
    "GET",
    "/api/v1/reproductions/{reproduction_id}",
    summary="One reproduction with its validation verdict (poll it after submitting).",
    response_model="ReproductionView",
    errors=(404,),
    tags=("reproductions",),
)
def get_reproduction(reproduction_id: str) -> Response:
    item = reproductions_db.get(reproduction_id) if len(reproduction_id) <= 100 else None
    if item is None:
        raise NotFound(f"no reproduction '{reproduction_id[:100]}'")
    return json_response(models.ReproductionView.from_item(item))


@endpoint(
    write_api,
    "GET",
    "/api/v1/papers/{arxiv_id}/reproductions",
    summary="A paper's reproductions, newest first, paged.",
    query_model="PageQuery",
    response_model="ReproductionPage",
    errors=(400, 404),
    tags=("reproductions",),
)
def list_paper_reproductions(arxiv_id: str) -> Response:
    query = parse_query(write_api, models.PageQuery)
    paper = load_paper_item(arxiv_id)
    items, cursor = reproductions_db.query_page(
        "by_paper",
        "paper_id",
        paper["paper_id"],
        limit=query.limit,
        cursor=query.cursor,
        newest_first=True,
    )
    return json_response(
        models.ReproductionPage(
            results=[models.ReproductionView.from_item(i) for i in items], next_cursor=cursor
        )
    )


@endpoint(
    write_api,
    "POST",
    "/api/v1/runs",
    summary="Start a run on a paper: the server stamps started_at, the attempt number and an "
    "expiry, and fixes the workspace manifest.",
    body_model="RunRequest",
    response_model="RunView",
    status=201,
    auth="agent",
    errors=(400, 403, 404, 413, 422, 429),
    tags=("runs",),
)
def start_run(principal: Principal) -> Response:
    body = parse_body(write_api, models.RunRequest)
    run = runs.start_run(principal, body.model_dump(mode="json"))
    return json_response(
        models.RunView.model_validate(
            {
                **{
                    k: run[k]
                    for k in (
                        "run_id",
                        "paper_id",
                        "account_id",
                        "started_at",
                        "memoryless",
                        "attempt",
                        "workspace",
                    )
                },
                "expires_at": run["expires_key"],
            }
        ),
        status=201,
    )


@endpoint(
    write_api,
    "GET",
    "/api/v1/review/pending",
    summary="The review queue: agent_pending reproductions, oldest first, paged.",
    query_model="PageQuery",
    response_model="ReproductionPage",
    errors=(400,),
    tags=("review",),
)
def review_pending() -> Response:
    query = parse_query(write_api, models.PageQuery)
    items, cursor = review.pending_page(query.limit, query.cursor)
    return json_response(
        models.ReproductionPage(
            results=[models.ReproductionView.from_item(i) for i in items], next_cursor=cursor
        )
    )


def _decision(
    principal: Principal, reproduction_id: str, action: str, confirm_duplicate: bool = False
) -> Response:
    item = review.decide(principal, reproduction_id, action, confirm_duplicate=confirm_duplicate)
    return json_response(
        models.DecisionView.model_validate(
            {k: item.get(k) for k in ("reproduction_id", "status", "decided_by", "decided_at")}
        )
    )


@endpoint(
    write_api,
    "POST",
    "/api/v1/reproductions/{reproduction_id}/promote",
    summary="Promote an agent submission to verified (reviewer or admin; not your own). A "
    'reproduction flagged as a copy (duplicate_of) needs {"confirm_duplicate": true}: '
    "without it, 409 duplicate_confirmation_required.",
    body_model="PromoteRequest",
    body_required=False,
    response_model="DecisionView",
    auth="reviewer",
    errors=(400, 403, 404, 409, 413, 422),
    tags=("review",),
)
def promote(reproduction_id: str, principal: Principal) -> Response:
    body = parse_optional_body(write_api, models.PromoteRequest)
    return _decision(principal, reproduction_id, "promote", body.confirm_duplicate)


@endpoint(
    write_api,
    "POST",
    "/api/v1/reproductions/{reproduction_id}/reject",
    summary="Reject an agent submission (reviewer or admin).",
    response_model="DecisionView",
    auth="reviewer",
    errors=(403, 404, 409),
    tags=("review",),
)
def reject(reproduction_id: str, principal: Principal) -> Response:
    return _decision(principal, reproduction_id, "reject")


@endpoint(
    write_api,
    "POST",
    "/api/v1/papers/{arxiv_id}/author-claim",
    summary="Claim authorship of a paper, with evidence; an admin verifies it (+10 points).",
    body_model="AuthorClaimRequest",
    response_model="AuthorClaimView",
    status=201,
    auth="any",
    errors=(400, 404, 409, 413, 422),
    tags=("papers",),
)
def author_claim(arxiv_id: str, principal: Principal) -> Response:
    body = parse_body(write_api, models.AuthorClaimRequest)
    claim = claims.claim_authorship(principal, arxiv_id, body.evidence)
    return json_response(
        models.AuthorClaimView.model_validate(
            {k: claim[k] for k in ("paper_id", "account_id", "state", "submitted_at")}
        ),
        status=201,
    )


for _action, _verify in (("verify", True), ("reject", False)):

    def _decide_claim(
        arxiv_id: str, account_id: str, principal: Principal, verify: bool = _verify
    ) -> Response:
        claim = claims.decide_claim(arxiv_id, account_id, verify, by=principal)
        return json_response(
            models.AuthorClaimView.model_validate(
                {k: claim[k] for k in ("paper_id", "account_id", "state", "submitted_at")}
            )
        )

    _decide_claim.__name__ = f"{_action}_author_claim"
    endpoint(
        write_api,
        "POST",
        f"/api/v1/admin/papers/{{arxiv_id}}/author-claims/{{account_id}}/{_action}",
        summary=f"{_action.capitalize()} an author claim (admin).",
        response_model="AuthorClaimView",
        auth="admin",
        errors=(400, 403, 404, 409),
        tags=("admin",),
    )(_decide_claim)
