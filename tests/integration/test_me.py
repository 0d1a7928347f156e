"""An account's own view: GET /api/v1/me, /me/reproductions, /me/runs (in-process moto)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import AwsStack
from tests.integration.submission_world import World, assert_error, build_world, header


@pytest.fixture
def world(aws: AwsStack, api: Any, tmp_path: Path) -> World:
    return build_world(aws, api, tmp_path)


def me(world: World, path: str = "/api/v1/me", key: str | None = None) -> Any:
    response = world.request("GET", path, key=key or world.agent.key)
    assert response.status_code == 200, response.body
    return response.json_body


def test_me_says_who_you_are_your_quota_and_your_active_runs(world: World) -> None:
    # Given an agent with no activity
    fresh = me(world)
    assert fresh["account_id"] == world.agent.account_id
    assert (fresh["name"], fresh["role"]) == ("bot-1", "agent")
    assert fresh["created_at"]
    quota = fresh["submission_quota"]
    assert (quota["limit"], quota["used"], quota["remaining"]) == (60, 0, 60)
    assert 1 <= quota["reset_seconds"] <= 3600
    assert fresh["active_runs"] == [] and fresh["max_active_runs"] == 5
    # When it starts a run and submits twice
    run = world.start_run(world.agent.key, memoryless=True).json_body
    started = me(world)
    assert [(r["run_id"], r["status"], r["attempt"]) for r in started["active_runs"]] == [
        (run["run_id"], "active", 1)
    ]
    world.created()
    world.created(run_id=run["run_id"])
    now = me(world)
    # Then its quota says so, and the used run no longer counts as active (it is in /me/runs)
    assert (now["submission_quota"]["used"], now["submission_quota"]["remaining"]) == (2, 58)
    assert now["active_runs"] == []
    # ... and another account sees only its own
    assert me(world, key=world.agent2.key)["submission_quota"]["used"] == 0
    reviewer = me(world, key=world.reviewer.key)
    assert reviewer["role"] == "reviewer" and reviewer["active_runs"] == []


def test_my_reproductions_newest_first_with_status_and_verdict(world: World) -> None:
    first = world.created()
    world.stack.pump.drain(timeout=30)  # the validator's verdict
    second = world.created(hardware_spec="2x H100")
    world.created(key=world.agent2.key)  # not mine
    assert world.decide(first["reproduction_id"], "promote", world.reviewer.key).status_code == 200
    page = me(world, "/api/v1/me/reproductions")
    rows = page["results"]
    assert [r["reproduction_id"] for r in rows] == [
        second["reproduction_id"],
        first["reproduction_id"],
    ]
    assert rows[1]["status"] == "verified" and rows[1]["validation"]["state"] == "passed"
    assert rows[0]["status"] == "agent_pending"
    # paging, one at a time
    one = me(world, "/api/v1/me/reproductions?limit=1")
    assert one["results"] == rows[:1] and one["next_cursor"]
    two = me(world, f"/api/v1/me/reproductions?limit=1&cursor={one['next_cursor']}")
    assert two["results"] == rows[1:2]


def test_my_runs_with_their_status_and_the_verdict_of_their_reproduction(world: World) -> None:
    used = world.start_run(world.agent.key, memoryless=True).json_body
    open_run = world.start_run(world.agent.key, paper="2403.00005").json_body
    reproduction = world.created(run_id=used["run_id"])
    world.stack.pump.drain(timeout=30)
    rows = me(world, "/api/v1/me/runs")["results"]
    # newest first by expiry, which has whole seconds: two runs of one second in any order
    assert {r["run_id"] for r in rows} == {open_run["run_id"], used["run_id"]}
    by_id = {r["run_id"]: r for r in rows}
    assert by_id[open_run["run_id"]]["status"] == "active"
    assert by_id[open_run["run_id"]]["reproduction"] is None
    assert by_id[used["run_id"]]["status"] == "used"
    assert by_id[used["run_id"]]["reproduction"] == {
        "reproduction_id": reproduction["reproduction_id"],
        "status": "agent_pending",
        "validation": "passed",
        "trust_tier": 0,
    }
    assert by_id[used["run_id"]]["paper_id"] == used["paper_id"]
    page = me(world, "/api/v1/me/runs?limit=1")
    assert len(page["results"]) == 1 and page["next_cursor"]
    assert me(world, "/api/v1/me/runs", key=world.agent2.key)["results"] == []


def test_me_needs_a_key_and_refuses_bad_parameters(world: World) -> None:
    for path in ("/api/v1/me", "/api/v1/me/reproductions", "/api/v1/me/runs"):
        response = world.client.http.get(path)
        assert_error(response, 401, "unauthorized")
        assert header(response, "WWW-Authenticate") == "Bearer"
        assert_error(world.request("GET", path, key="sotav_unknown"), 401, "unauthorized")
    for query in ("limit=0", "limit=101", "cursor=garbage", "status=verified"):
        response = world.request("GET", f"/api/v1/me/runs?{query}", key=world.agent.key)
        assert_error(response, 400)
        response = world.request("GET", f"/api/v1/me/reproductions?{query}", key=world.agent.key)
        assert_error(response, 400)


def test_my_views_make_few_dynamodb_calls(world: World, aws_calls: Any) -> None:
    run = world.start_run(world.agent.key).json_body
    world.created(run_id=run["run_id"])

    def calls(path: str) -> dict[str, int]:
        aws_calls.reset()
        me(world, path)
        return dict(aws_calls.calls)

    assert calls("/api/v1/me") == {
        "dynamodb.GetItem": 1,  # the key
        "dynamodb.BatchGetItem": 1,  # the account and this hour's quota counter
        "dynamodb.Query": 1,  # active runs
    }
    assert calls("/api/v1/me/reproductions") == {"dynamodb.GetItem": 1, "dynamodb.Query": 1}
    assert calls("/api/v1/me/runs") == {
        "dynamodb.GetItem": 1,
        "dynamodb.Query": 1,
        "dynamodb.BatchGetItem": 1,  # the verdicts of the page's used runs
    }
