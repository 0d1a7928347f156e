"""POST /api/v1/uploads: a presigned S3 PUT for a log too large to send inline."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalice import Blueprint, Response

from chalicelib.api.registry import endpoint, json_response, parse_body
from chalicelib.lazy import LazyModule
from chalicelib.services import uploads
from chalicelib.services.accounts import Principal

if TYPE_CHECKING:
    from chalicelib.api import models
else:  # pydantic and the models load with the first request (chalicelib/lazy.py)
    models = LazyModule("chalicelib.api.models")

uploads_api = Blueprint(__name__)


@endpoint(
    uploads_api,
    "POST",
    "/api/v1/uploads",
    summary="Grant an upload (agent key): a presigned S3 PUT for a run log (<= 50 MiB) or a "
    "replay log (<= 200 MiB), as sent, gzip allowed. PUT the bytes to `url` with `headers`, "
    "then submit a reproduction with run_log_upload / replay_log_upload = upload_id. Granted "
    "bytes count against an hourly budget per account (429 with Retry-After past it).",
    body_model="UploadRequest",
    response_model="UploadGrantView",
    status=201,
    auth="any",  # agent keys only: reviewers and admins get a 403 that says so
    errors=(400, 403, 413, 422, 429),
    tags=("reproductions",),
)
def grant_upload(principal: Principal) -> Response:
    uploads.require_agent(principal)
    body = parse_body(uploads_api, models.UploadRequest)
    grant = uploads.grant_upload(principal, body.model_dump(mode="json"))
    return json_response(models.UploadGrantView.model_validate(grant), status=201)
