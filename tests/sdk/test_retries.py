"""Retries, with a misbehaving proxy in front of the real local stack: 429 with Retry-After,
5xx, 409 idempotency_in_progress, a response lost after the server stored the submission
(the retry reuses the Idempotency-Key and gets the same reproduction), and the cases the SDK
must not retry."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from sotaverified import (
    ApiConnectionError,
    Client,
    ConflictError,
    RateLimited,
    Reproduction,
    ServerError,
)

from tests.conftest import LocalStack, free_port
from tests.sdk.conftest import Sleeps
from tests.sdk.stub_proxy import Fault, StubProxy

pytestmark = pytest.mark.e2e

SUBMIT = "/api/v1/reproductions"


def submission(hardware: str = "1x A100 80GB, Ubuntu 22.04") -> dict[str, Any]:
    return {
        "tier_claimed": 3,
        "hardware_spec": hardware,
        "run_log_url": "Test Accuracy: 0.8060",
        "actual_metric_name": "Test Accuracy",
        "actual_metric_value": 0.806,
        "dataset": "ogbn-products",
    }


def posts(proxy: StubProxy) -> list[Any]:
    return proxy.seen("POST", SUBMIT)


def test_a_429_is_retried_after_retry_after(
    proxied: Client, proxy: StubProxy, sleeps: Sleeps
) -> None:
    proxy.fail("POST", SUBMIT, Fault.answer(429, "quota_exceeded", retry_after="0"))
    reproduction = proxied.submit_reproduction("2009.03509", **submission())

    assert isinstance(reproduction, Reproduction) and reproduction.status == "agent_pending"
    first, second = posts(proxy)
    assert (first.action, second.action, second.upstream_status) == ("status", "forward", 201)
    key = first.headers["Idempotency-Key"]
    assert key and second.headers["Idempotency-Key"] == key  # the same key on the retry
    assert first.body == second.body
    assert sleeps == [0.0]  # Retry-After: 0 honoured, no backoff added


def test_reads_retry_429_and_5xx_with_backoff(
    proxied: Client, proxy: StubProxy, sleeps: Sleeps
) -> None:
    proxy.fail(
        "GET",
        "/api/v1/papers/",
        Fault.answer(429, "slow_down", retry_after="1"),
        Fault.answer(503, "storage_unavailable"),
        Fault.answer(500, "internal"),
    )
    assert proxied.paper("2010.09891").arxiv_id == "2010.09891"
    assert [r.action for r in proxy.seen("GET", "/api/v1/papers/")] == [
        "status",
        "status",
        "status",
        "forward",
    ]
    assert sleeps[0] == 1.0  # Retry-After
    # then exponential backoff with jitter: base 0.01 -> within [0.01, 0.02] and [0.02, 0.04]
    assert 0.01 <= sleeps[1] <= 0.02 and 0.02 <= sleeps[2] <= 0.04


def test_giving_up_raises_the_servers_error(
    proxied: Client, proxy: StubProxy, sleeps: Sleeps
) -> None:
    proxy.fail("GET", "/api/v1/sota", *[Fault.answer(503, "storage_unavailable")] * 4)
    with pytest.raises(ServerError) as caught:
        proxied.sota_page("node-property-prediction")
    assert (caught.value.status, caught.value.code) == (503, "storage_unavailable")
    assert len(proxy.seen("GET", "/api/v1/sota")) == 4 and len(sleeps) == 3  # max_retries=3


def test_a_long_retry_after_is_not_waited_for(
    proxied: Client, proxy: StubProxy, sleeps: Sleeps
) -> None:
    proxy.fail("POST", SUBMIT, Fault.answer(429, "quota_exceeded", retry_after="3600"))
    with pytest.raises(RateLimited) as caught:
        proxied.submit_reproduction("2009.03509", **submission())
    assert caught.value.retry_after == 3600 and caught.value.code == "quota_exceeded"
    assert len(posts(proxy)) == 1 and sleeps == []
    assert caught.value.idempotency_key == posts(proxy)[0].headers["Idempotency-Key"]


def test_idempotency_in_progress_is_retried(
    proxied: Client, proxy: StubProxy, sleeps: Sleeps
) -> None:
    proxy.fail("POST", SUBMIT, Fault.answer(409, "idempotency_in_progress", retry_after="0"))
    reproduction = proxied.submit_reproduction(
        "2009.03509", idempotency_key="my-key-1", **submission()
    )
    assert reproduction.reproduction_id
    assert [p.headers["Idempotency-Key"] for p in posts(proxy)] == ["my-key-1", "my-key-1"]

    # Any other conflict is not retried (here: a run that is already used).
    proxy.fail("POST", SUBMIT, Fault.answer(409, "run_already_used", retry_after="0"))
    with pytest.raises(ConflictError) as caught:
        proxied.submit_reproduction("2009.03509", **submission())
    assert caught.value.code == "run_already_used" and len(posts(proxy)) == 3


def test_a_lost_response_is_retried_without_a_duplicate(
    local_stack: LocalStack,
    proxy: StubProxy,
    sleeps: Sleeps,
    new_agent_key: Callable[[], str],
) -> None:
    paper = "2004.11198"
    agent = Client(proxy.url, new_agent_key(), max_retries=3, backoff_base=0.01)
    agent._sleep = sleeps
    direct = Client(local_stack.url)
    marker = f"1x H100 80GB, Ubuntu 22.04 (lost-response test {time.time_ns()})"
    before = len(list(direct.paper_reproductions(paper)))

    # The first POST reaches the server, which stores the reproduction, but its response is lost.
    proxy.fail("POST", SUBMIT, Fault.drop_response())
    reproduction = agent.submit_reproduction(paper, **submission(marker))

    first, retry = posts(proxy)
    assert (first.action, first.upstream_status) == ("drop_response", 201)
    assert retry.action == "forward" and retry.upstream_status == 201
    assert retry.headers["Idempotency-Key"] == first.headers["Idempotency-Key"]
    assert len(sleeps) == 1  # one backoff, then the retry

    # One reproduction on the server for this paper and agent, the one the client got back.
    everything = list(direct.paper_reproductions(paper))
    ours = [r for r in everything if r.hardware_spec == marker]
    assert [r.reproduction_id for r in ours] == [reproduction.reproduction_id]
    assert len(everything) == before + 1


def test_starting_a_run_is_not_retried_after_a_lost_response(
    proxy: StubProxy, sleeps: Sleeps, new_agent_key: Callable[[], str]
) -> None:
    proxied = Client(proxy.url, new_agent_key(), max_retries=3, backoff_base=0.01)
    proxied._sleep = sleeps
    # A retry would start a second run (attempt 2, no tier 2), so the SDK surfaces the error.
    proxy.fail("POST", "/api/v1/runs", Fault.drop_response())
    with pytest.raises(ApiConnectionError):
        proxied.start_run("2009.03509")
    assert len(proxy.seen("POST", "/api/v1/runs")) == 1 and sleeps == []

    # ... but a 503 (nothing started) is retried.
    proxy.fail("POST", "/api/v1/runs", Fault.answer(503, "storage_unavailable"))
    run = proxied.start_run("2009.03509", memoryless=True, workspace={"files": ["a.py"]})
    assert run.run_id and run.memoryless and run.workspace.files == ["a.py"]
    assert len(proxy.seen("POST", "/api/v1/runs")) == 3


def test_connection_errors_are_retried_then_raised(sleeps: Sleeps) -> None:
    client = Client(f"http://127.0.0.1:{free_port()}", max_retries=2, backoff_base=0.01)
    client._sleep = sleeps
    with pytest.raises(ApiConnectionError) as caught:
        client.paper("2010.09891")
    assert caught.value.status is None and caught.value.code == "connection_error"
    assert len(sleeps) == 2


def test_a_dropped_read_is_retried(proxied: Client, proxy: StubProxy) -> None:
    proxy.fail("GET", "/api/v1/queue", Fault.refuse())
    assert proxied.queue(limit=3)
    assert [r.action for r in proxy.seen("GET", "/api/v1/queue")] == ["refuse", "forward"]
