"""Error mapping and Retry-After parsing (no server)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
from sotaverified import (
    AuthError,
    Client,
    ConflictError,
    NotFoundError,
    RateLimited,
    ServerError,
    SotaVerifiedError,
    ValidationError,
)
from sotaverified.errors import error_for_status, parse_retry_after


@pytest.mark.parametrize(
    ("status", "error"),
    [
        (400, ValidationError),
        (401, AuthError),
        (403, AuthError),
        (404, NotFoundError),
        (409, ConflictError),
        (413, ValidationError),
        (422, ValidationError),
        (429, RateLimited),
        (500, ServerError),
        (503, ServerError),
        (418, SotaVerifiedError),
    ],
)
def test_statuses_map_to_exceptions(status: int, error: type[SotaVerifiedError]) -> None:
    assert error_for_status(status) is error
    assert issubclass(error, SotaVerifiedError)


def test_errors_carry_the_servers_fields() -> None:
    error = RateLimited(
        "at most 60 submissions per hour",
        status=429,
        code="quota_exceeded",
        details=[{"limit": 60}],
        headers={"retry-after": "120"},
        method="POST",
        url="http://x/api/v1/reproductions",
    )
    assert (error.status, error.code, error.retry_after) == (429, "quota_exceeded", 120.0)
    assert str(error) == (
        "HTTP 429 quota_exceeded: at most 60 submissions per hour "
        "(POST http://x/api/v1/reproductions); details: [{'limit': 60}]"
    )
    assert "quota_exceeded" in repr(error)


def test_retry_after_parsing() -> None:
    assert parse_retry_after(None) is None
    assert parse_retry_after("0") == 0.0
    assert parse_retry_after(" 2.5 ") == 2.5
    assert parse_retry_after("-3") == 0.0
    assert parse_retry_after("soon") is None
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    assert 25 <= (parse_retry_after(later) or 0) <= 30


def test_client_arguments_are_checked() -> None:
    assert Client("http://127.0.0.1:8000/api/v1/").base_url == "http://127.0.0.1:8000"
    with pytest.raises(ValueError, match="http"):
        Client("127.0.0.1:8000")
    with pytest.raises(ValueError, match="page_size"):
        list(Client("http://127.0.0.1:1").sota("x", page_size=500))
    assert "api_key=<none>" in repr(Client("http://h")) and "secret" not in repr(
        Client("http://h", "secret")
    )
