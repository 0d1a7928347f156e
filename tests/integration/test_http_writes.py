"""HTTP conventions on a fresh moto each (the read-only ones share the sample ledger in
test_http_conventions.py; a fresh stack reloads `app`, so the two kinds live apart): the ETag
follows the data, CORS on the API and none on the cookie pages, the submission quota's
RateLimit headers, and the health check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import AwsStack
from tests.conftest import test_client as client_for
from tests.integration.submission_world import (
    World,
    assert_error,
    build_world,
    header,
    setting,
)
from tests.integration.test_http_conventions import PAGES


@pytest.fixture
def world(aws: AwsStack, api: Any, tmp_path: Path) -> World:
    return build_world(aws, api, tmp_path)


def test_the_etag_follows_the_data(world: World) -> None:
    # Given an agent's (empty) list of reproductions and its ETag
    path = "/api/v1/me/reproductions"
    auth = {"Authorization": f"Bearer {world.agent.key}"}
    before = world.client.http.get(path, headers=auth)
    assert header(before, "Cache-Control") == "private, no-cache"
    # When the agent submits
    world.created()
    # Then the old ETag no longer matches: the new list comes back
    after = world.client.http.get(path, headers={**auth, "If-None-Match": header(before, "ETag")})
    assert after.status_code == 200 and len(after.json_body["results"]) == 1
    assert header(after, "ETag") != header(before, "ETag")


def test_the_api_allows_any_origin_and_the_cookie_pages_none(world: World) -> None:
    # Reads, Bearer-key writes and their errors all allow any origin, without credentials
    responses = [
        world.client.http.get("/api/v1/papers/2401.12345"),
        world.client.http.get("/api/v1/papers/2401.99999"),  # 404
        world.submit(),  # 201
        world.submit(key="sotav_wrong"),  # 401
        world.request("GET", "/api/v1/me", key=world.agent.key),
    ]
    for response in responses:
        assert header(response, "Access-Control-Allow-Origin") == "*", response.body
        assert header(response, "Access-Control-Allow-Credentials") is None
        exposed = header(response, "Access-Control-Expose-Headers") or ""
        assert {"ETag", "RateLimit-Remaining", "Retry-After"} <= set(exposed.split(","))
        allowed = header(response, "Access-Control-Allow-Headers") or ""
        assert {"Authorization", "Idempotency-Key", "If-None-Match"} <= set(allowed.split(","))
    # The review pages, sign-in and the paper pages allow no origin
    for path in [*PAGES, "/papers/2401.12345"]:
        response = world.client.http.get(path)
        assert header(response, "Access-Control-Allow-Origin") is None, path
    login = world.request(
        "POST", "/login", "api_key=x", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert header(login, "Access-Control-Allow-Origin") is None


def test_submissions_answer_the_quota_as_ratelimit_headers(aws: AwsStack, tmp_path: Path) -> None:
    with setting("SOTAV_SUBMISSIONS_PER_HOUR", "3"), client_for(aws) as client:
        world = build_world(aws, client, tmp_path)
        remaining = []
        for key in ("r-1", "r-2"):
            response = world.submit(idempotency_key=key)
            assert response.status_code == 201
            assert header(response, "RateLimit-Limit") == "3"
            assert header(response, "RateLimit-Policy") == "3;w=3600"
            assert 1 <= int(header(response, "RateLimit-Reset") or "0") <= 3600
            remaining.append(header(response, "RateLimit-Remaining"))
        # An idempotent retry counts nothing
        retry = world.submit(idempotency_key="r-1")
        assert header(retry, "RateLimit-Remaining") == "1"
        last = world.submit(idempotency_key="r-3")
        remaining.append(header(last, "RateLimit-Remaining"))
        assert remaining == ["2", "1", "0"]
        # Over the quota: 429 with Retry-After and the same window
        refused = world.submit(idempotency_key="r-4")
        assert_error(refused, 429, "quota_exceeded")
        assert header(refused, "RateLimit-Remaining") == "0"
        assert header(refused, "RateLimit-Limit") == "3"
        reset, retry_after = (
            int(header(refused, "RateLimit-Reset") or 0),
            int(header(refused, "Retry-After") or 0),
        )
        assert abs(reset - retry_after) <= 1
        # /me reports the same quota
        me = world.request("GET", "/api/v1/me", key=world.agent.key).json_body
        assert me["submission_quota"]["used"] == 3 and me["submission_quota"]["remaining"] == 0


def test_a_submission_still_makes_four_dynamodb_calls(world: World, aws_calls: Any) -> None:
    aws_calls.reset()
    assert world.submit(idempotency_key="calls-1").status_code == 201
    assert dict(aws_calls.calls) | {"s3.PutObject": 0} == {
        "dynamodb.GetItem": 1,  # the key
        "dynamodb.BatchGetItem": 1,  # the paper and this hour's quota counter
        "dynamodb.TransactWriteItems": 1,  # quota + Idempotency-Key
        "dynamodb.PutItem": 1,  # the reproduction
        "s3.PutObject": 0,
    }


def test_health_reports_each_store_and_503_when_one_is_gone(aws: AwsStack, api: Any) -> None:
    from chalicelib.db import aws as clients
    from chalicelib.settings import get_settings

    ok = api.http.get("/api/v1/health")
    assert ok.status_code == 200 and header(ok, "Cache-Control") == "no-store"
    assert [(c["name"], c["ok"]) for c in ok.json_body["checks"]] == [
        ("dynamodb", True),
        ("s3", True),
    ]
    # When the uploads bucket is gone
    clients.client("s3").delete_bucket(Bucket=get_settings().uploads_bucket)
    down = api.http.get("/api/v1/health")
    assert_error(down, 503, "storage_unavailable", "s3")
    details = {c["name"]: c["ok"] for c in down.json_body["error"]["details"]}
    assert details == {"dynamodb": True, "s3": False}
    assert header(down, "Retry-After")


def test_health_503_when_the_table_is_gone(aws: AwsStack, api: Any) -> None:
    from chalicelib.db import aws as clients
    from chalicelib.db.tables import PAPERS

    clients.client("dynamodb").delete_table(TableName=PAPERS.physical_name())
    down = api.http.get("/api/v1/health")
    assert_error(down, 503, "storage_unavailable", "dynamodb")
    assert {c["name"]: c["ok"] for c in down.json_body["error"]["details"]}["dynamodb"] is False
