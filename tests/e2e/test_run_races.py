"""Runs under parallel starts, over HTTP against the local stack (issue: integrity, points 5
and 6): attempt numbers are handed out once, the active-run cap holds, a used run stops being
active at once, and the queue's record of a paper's active runs loses no start."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import requests

from tests.conftest import LocalStack
from tests.e2e.own_stack import account

pytestmark = pytest.mark.e2e

PAPER = "1810.00826"  # official code and claims (in the queue); no other test uses it


def _start(stack: LocalStack, key: str, paper: str = PAPER) -> requests.Response:
    return requests.post(
        f"{stack.url}/api/v1/runs",
        headers={"Authorization": f"Bearer {key}"},
        json={"paper_id": paper, "memoryless": True},
        timeout=60,
    )


def _together(calls: list[Any]) -> list[requests.Response]:
    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(lambda call: call(), calls))


def test_twelve_parallel_starts_give_one_first_attempt_and_hold_the_cap(
    local_stack: LocalStack,
) -> None:
    agent = account(local_stack, "agent", "racer")
    # When one account starts twelve runs on one paper at the same moment
    responses = _together([lambda: _start(local_stack, agent["key"]) for _ in range(12)])
    started = [r.json() for r in responses if r.status_code == 201]
    refused = [r for r in responses if r.status_code != 201]
    # Then at most 5 are active (the cap), the others get 429 with Retry-After
    assert len(started) == 5, [r.text for r in responses]
    assert all(r.status_code == 429 and int(r.headers["Retry-After"]) >= 1 for r in refused)
    assert all(r.json()["error"]["code"] == "too_many_active_runs" for r in refused)
    # And attempt numbers are unique: exactly one run is attempt 1
    attempts = sorted(run["attempt"] for run in started)
    assert attempts == [1, 2, 3, 4, 5]
    # When a reproduction uses one of the runs, it stops being active at once
    used = started[0]["run_id"]
    submitted = requests.post(
        f"{local_stack.url}/api/v1/reproductions",
        headers={"Authorization": f"Bearer {agent['key']}"},
        json={
            "paper_id": PAPER,
            "run_id": used,
            "tier_claimed": 1,
            "hardware_spec": "1x A100 80GB",
            "run_log_url": "Test Accuracy: 0.8",
        },
        timeout=60,
    )
    assert submitted.status_code == 201, submitted.text
    # so the account may start one more, and only one
    again = _together([lambda: _start(local_stack, agent["key"]) for _ in range(3)])
    assert sorted(r.status_code for r in again) == [201, 429, 429]
    (next_run,) = [r.json() for r in again if r.status_code == 201]
    assert next_run["attempt"] == 6  # never an attempt number handed out before


def test_a_submission_without_a_run_uses_up_the_first_attempt(local_stack: LocalStack) -> None:
    agent = account(local_stack, "agent", "no-run-first")
    submitted = requests.post(
        f"{local_stack.url}/api/v1/reproductions",
        headers={"Authorization": f"Bearer {agent['key']}"},
        json={
            "paper_id": PAPER,
            "tier_claimed": 1,
            "hardware_spec": "1x A100 80GB",
            "run_log_url": "Test Accuracy: 0.8",
        },
        timeout=60,
    )
    assert submitted.status_code == 201, submitted.text
    # A run started afterwards is not a first attempt (no tier 2 for a second try)
    run = _start(local_stack, agent["key"]).json()
    assert run["attempt"] == 2


def _queue_entry(stack: LocalStack, paper_id: str) -> dict[str, Any]:
    cursor = None
    while True:
        params: dict[str, Any] = {"limit": 100, **({"cursor": cursor} if cursor else {})}
        page = requests.get(f"{stack.url}/api/v1/queue", params=params, timeout=30).json()
        for entry in page["results"]:
            if entry["paper_id"] == paper_id:
                return dict(entry)
        cursor = page["next_cursor"]
        assert cursor, f"{paper_id} is not in the queue"


def test_twenty_parallel_starts_are_all_recorded_for_the_queue(local_stack: LocalStack) -> None:
    paper_id = requests.get(f"{local_stack.url}/api/v1/papers/{PAPER}", timeout=30).json()[
        "paper_id"
    ]
    before = _queue_entry(local_stack, paper_id)["active_runs"]
    with ThreadPoolExecutor(8) as pool:
        agents = list(pool.map(lambda i: account(local_stack, "agent", f"q-{i}"), range(20)))
    # When twenty agents start a run on the same paper at the same moment
    responses = _together([lambda a=a: _start(local_stack, a["key"]) for a in agents])
    assert all(r.status_code == 201 for r in responses), [r.text for r in responses]
    # Then the queue counts every one of them (no start overwrote another's record)
    assert _queue_entry(local_stack, paper_id)["active_runs"] == before + 20
