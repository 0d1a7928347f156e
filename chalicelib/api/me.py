"""An account's own view: who it is, its quota and runs, its reproductions (Bearer key)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalice import Blueprint, Response

from chalicelib.api.registry import endpoint, json_response, parse_query
from chalicelib.lazy import LazyModule
from chalicelib.services import me as me_service
from chalicelib.services.accounts import Principal

if TYPE_CHECKING:
    from chalicelib.api import models
else:  # pydantic and the models load with the first request (chalicelib/lazy.py)
    models = LazyModule("chalicelib.api.models")

me_api = Blueprint(__name__)


@endpoint(
    me_api,
    "GET",
    "/api/v1/me",
    summary="Your account: role, the submission quota left this hour, your active runs.",
    response_model="MeView",
    auth="any",
    tags=("me",),
)
def get_me(principal: Principal) -> Response:
    return json_response(models.MeView.model_validate(me_service.me(principal)))


@endpoint(
    me_api,
    "GET",
    "/api/v1/me/reproductions",
    summary="Your reproductions, newest first, paged, with their review status, validation "
    "verdict and trust tier.",
    query_model="PageQuery",
    response_model="ReproductionPage",
    auth="any",
    errors=(400,),
    tags=("me",),
)
def get_my_reproductions(principal: Principal) -> Response:
    query = parse_query(me_api, models.PageQuery)
    items, cursor = me_service.my_reproductions(principal, query.limit, query.cursor)
    return json_response(
        models.ReproductionPage(
            results=[models.ReproductionView.from_item(i) for i in items], next_cursor=cursor
        )
    )


@endpoint(
    me_api,
    "GET",
    "/api/v1/me/runs",
    summary="Your runs, newest first, paged: active, used (with the verdict of the "
    "reproduction that closed it) or expired. Expired runs are deleted a day or two after "
    "they expire; your reproductions stay.",
    query_model="PageQuery",
    response_model="MyRunsPage",
    auth="any",
    errors=(400,),
    tags=("me",),
)
def get_my_runs(principal: Principal) -> Response:
    query = parse_query(me_api, models.PageQuery)
    runs, cursor = me_service.my_runs(principal, query.limit, query.cursor)
    return json_response(
        models.MyRunsPage(
            results=[models.MyRunView.model_validate(r) for r in runs], next_cursor=cursor
        )
    )
