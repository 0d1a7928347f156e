"""The one place where errors become HTTP responses, with one JSON shape:
`{"error": {"code": "...", "message": "...", "details": [...]}}`."""

from __future__ import annotations

from typing import Any

from chalice import Response

from chalicelib.errors import (
    Conflict,
    DomainError,
    HttpError,
    InvalidRequest,
    NotFound,
    StorageUnavailable,
)

STATUS_BY_ERROR: dict[type[DomainError], int] = {
    InvalidRequest: 400,
    NotFound: 404,
    Conflict: 409,
    StorageUnavailable: 503,
}


ApiError = HttpError  # errors with an explicit status, raised by any layer


def error_response(
    status: int,
    code: str,
    message: str,
    details: list[Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    return Response(
        body={"error": {"code": code, "message": message, "details": details or []}},
        status_code=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def response_for(exc: DomainError) -> Response:
    if isinstance(exc, HttpError):
        return error_response(exc.status, exc.code, exc.message, exc.details, exc.headers)
    status = next((code for cls, code in STATUS_BY_ERROR.items() if isinstance(exc, cls)), 400)
    headers = {"Retry-After": "1"} if status == 503 else None
    return error_response(status, exc.code, exc.message, exc.details, headers)


def unsupported_media_type(given: str | None, expected: str = "application/json") -> ApiError:
    """415 for a request body of another media type than the route takes."""
    shown = repr(given[:100]) if given else "(empty)"
    if expected == "application/json":
        fix = "send the body as UTF-8 JSON with 'Content-Type: application/json' (a charset, "
        fix += "if any, must be utf-8)"
    else:
        fix = f"send the form with 'Content-Type: {expected}'"
    return ApiError(415, "unsupported_media_type", f"Content-Type {shown} is not accepted; {fix}")
