"""How SDK errors become MCP tool errors (no server needed): code, message, status,
retry_after and a next step for each kind of failure."""

from __future__ import annotations

import pytest
from mcp.types import CallToolResult
from sotaverified import (
    ApiConnectionError,
    AuthError,
    ConflictError,
    NotFoundError,
    RateLimited,
    ServerError,
    SotaVerifiedError,
    ValidationError,
)
from sotaverified.mcp_server import api_error, guarded, make_client, ok

from tests.mcp.conftest import text_of


@pytest.mark.parametrize(
    ("error", "next_step"),
    [
        (ApiConnectionError("refused", code="connection_error"), "SOTAVERIFIED_URL"),
        (AuthError("bad key", status=401, code="unauthorized"), "SOTAVERIFIED_API_KEY"),
        (NotFoundError("no paper", status=404, code="not_found"), "query_sota"),
        (ConflictError("used", status=409, code="run_used"), "start_run"),
        (ValidationError("too big", status=413, code="body_too_large"), "replay log"),
        (ValidationError("bad", status=422, code="invalid_body"), "submit_reproduction again"),
        (
            RateLimited(
                "5 runs", status=429, code="too_many_active_runs", headers={"retry-after": "30"}
            ),
            "wait 30 seconds for one to expire",
        ),
        (ServerError("boom", status=503, code="storage_unavailable"), "retry"),
        (ValidationError("not finite", code="invalid_body"), "Fix what the message names"),
    ],
)
def test_each_error_says_what_to_do_next(error: SotaVerifiedError, next_step: str) -> None:
    result = api_error(error, "submit_reproduction")
    assert result.is_error and result.structured_content is not None
    shown = result.structured_content["error"]
    assert (shown["code"], shown["message"], shown["status"]) == (
        error.code,
        error.message,
        error.status,
    )
    assert next_step in shown["next_step"]
    assert error.message in text_of(result) and "Next step: " in text_of(result)


def test_a_rate_limited_submission_names_its_wait_and_key() -> None:
    error = RateLimited("quota", status=429, code="quota_exceeded", headers={"retry-after": "3600"})
    error.idempotency_key = "key-1"
    shown = api_error(error, "submit_reproduction").structured_content
    assert shown is not None
    assert shown["error"]["retry_after"] == 3600.0
    assert shown["error"]["idempotency_key"] == "key-1"
    assert "wait 3600 seconds" in shown["error"]["next_step"]
    assert "idempotency_key='key-1'" in shown["error"]["next_step"]


def test_an_unexpected_exception_is_a_tool_error_not_a_crash() -> None:
    def broken() -> CallToolResult:
        raise KeyError("surprise")

    result = guarded("get_paper", broken)
    assert result.is_error and "KeyError" in text_of(result)
    assert guarded("get_paper", lambda: ok({"fine": True})).structured_content == {"fine": True}


def test_the_client_comes_from_the_environment() -> None:
    client = make_client({"SOTAVERIFIED_URL": "http://example.test:9/", "SOTAVERIFIED_API_KEY": ""})
    assert (client.base_url, client.api_key) == ("http://example.test:9", None)
    assert client.max_retry_after == 10.0
    assert make_client({}).base_url == "http://127.0.0.1:8000"
    assert make_client({"SOTAVERIFIED_API_KEY": " k "}).api_key == "k"
    with pytest.raises(ValueError):
        make_client({"SOTAVERIFIED_URL": "ftp://nope"})
