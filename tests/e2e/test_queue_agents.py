"""SPEC 8 and 9 read side over HTTP on the local stack: the reproduction queue and the agent
leaderboard, with trust-tier filters."""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from typing import Any

import pytest
import requests
from sotaverified import Client, SotaRow

from tests.conftest import LocalStack
from tests.e2e.test_pipeline import account, auth, get_json, replay, submit, validated, wait_for

pytestmark = pytest.mark.e2e
TASK = "graph-property-prediction"
RESERVED = {"2006.07739", "2010.09891"}  # papers other e2e tests score; leave them alone


def queue(stack: LocalStack, who: dict[str, str] | None = None) -> list[dict[str, Any]]:
    response = requests.get(
        f"{stack.url}/api/v1/queue",
        params={"task": TASK, "limit": 100},
        headers=auth(who) if who else {},
        timeout=10,
    )
    assert response.status_code == 200, response.text
    return [e for e in response.json()["results"] if e["arxiv_id"] not in RESERVED]


def age_runs(stack: LocalStack, paper_id: str, hours: int) -> None:
    """Move every run on the paper `hours` into the past, in the stack's own moto."""
    import boto3

    table = boto3.resource(
        "dynamodb",
        endpoint_url=f"http://127.0.0.1:{stack.moto_port}",
        region_name="us-east-1",
        aws_access_key_id="local",
        aws_secret_access_key="local",
    ).Table("sotav-local-queue")
    item = table.get_item(Key={"row_id": f"{paper_id}#runs"})["Item"]
    for run in item["runs"].values():
        run["expires_at"] -= hours * 3600
    table.put_item(Item=item)


def test_queue_order_follows_runs_and_reproductions(local_stack: LocalStack) -> None:
    entries = queue(local_stack)
    assert len(entries) >= 2
    assert all(e["counted_reproductions"] < 2 and e["why"] for e in entries)
    priorities = [e["priority"] for e in entries]
    assert priorities == sorted(priorities, reverse=True)
    top, second = entries[0], entries[1]
    agent, other = account(local_stack, "agent", "q1"), account(local_stack, "agent", "q2")
    reviewer = account(local_stack, "reviewer", "q-rev")

    # When an agent starts a run on the top paper
    run = requests.post(
        f"{local_stack.url}/api/v1/runs",
        headers=auth(agent),
        timeout=10,
        json={"paper_id": top["paper_id"], "memoryless": True},
    )
    assert run.status_code == 201
    # Then for everyone else its priority is halved and the order changes ...
    seen_by_other = {e["paper_id"]: e for e in queue(local_stack, other)}
    assert seen_by_other[top["paper_id"]]["active_runs"] == 1
    assert seen_by_other[top["paper_id"]]["priority"] == pytest.approx(top["priority"] / 2)
    assert "active run" in seen_by_other[top["paper_id"]]["why"]
    if top["priority"] / 2 < second["priority"]:
        assert queue(local_stack, other)[0]["paper_id"] != top["paper_id"]
    # ... but not for the agent who started it
    mine = {e["paper_id"]: e for e in queue(local_stack, agent)}
    assert mine[top["paper_id"]]["active_runs"] == 0

    # When the run expires (moved 25 h on, as if the clock had run: DynamoDB TTL deletes
    # lag, so the read itself must ignore expired runs), the discount goes away
    age_runs(local_stack, top["paper_id"], hours=25)
    expired = {e["paper_id"]: e for e in queue(local_stack, other)}
    assert expired[top["paper_id"]]["active_runs"] == 0
    assert expired[top["paper_id"]]["priority"] == pytest.approx(top["priority"])

    # When two independent reproductions of it are promoted, it leaves the queue
    for who in (agent, other):
        repro = submit(
            local_stack,
            who,
            paper_id=top["paper_id"],
            tier_claimed=1,
            # each its own run (the same output from two accounts would be flagged a copy)
            run_log_url=f"loss: 0.1\naccuracy: 0.5\ncheckpoint saved to /tmp/{who['account_id']}",
            hardware_spec="1x T4",
        )
        validated(local_stack, repro["reproduction_id"])
        requests.post(
            f"{local_stack.url}/api/v1/reproductions/{repro['reproduction_id']}/promote",
            headers=auth(reviewer),
            timeout=10,
        ).raise_for_status()
    gone = wait_for(
        lambda: queue(local_stack),
        lambda rows: top["paper_id"] not in {e["paper_id"] for e in rows},
    )
    assert top["paper_id"] not in {e["paper_id"] for e in gone}


def tiered_promotion(stack: LocalStack, reviewer: dict[str, str], tier: int) -> str:
    """An agent with one promoted reproduction (tier_claimed 2) at the given trust tier."""
    agent = account(stack, "agent", f"tier{tier}")
    fields: dict[str, Any] = {
        "paper_id": "2010.09891",
        "tier_claimed": 2,
        # its own run: the same output from two accounts would be flagged a copy
        "run_log_url": f"Test Accuracy: 0.8190\ncheckpoint saved to /tmp/{agent['account_id']}",
        "hardware_spec": "1x L4",
        # it measured the claimed result, so it backs that leaderboard row
        "actual_metric_name": "Test Accuracy",
        "actual_metric_value": 0.819,
        "dataset": "ogbn-products",
    }
    if tier:
        run = requests.post(
            f"{stack.url}/api/v1/runs",
            headers=auth(agent),
            timeout=10,
            json={
                "paper_id": "2010.09891",
                "memoryless": tier == 2,
                "workspace": {"files": ["train.py"]},
            },
        ).json()
        time.sleep(0.05)
        started = datetime.fromisoformat(run["started_at"])
        fields.update(
            run_id=run["run_id"],
            replay_log=replay(
                run, started + timedelta(milliseconds=10), output=fields["run_log_url"]
            ),
        )
    repro = submit(stack, agent, **fields)
    result = wait_for(
        lambda: get_json(stack, f"/api/v1/reproductions/{repro['reproduction_id']}"),
        lambda r: (
            r["validation"]["state"] != "pending"
            and (r["trajectory"] is None or r["trajectory"]["state"] != "pending")
        ),
    )
    assert result["trust_tier"] == tier
    requests.post(
        f"{stack.url}/api/v1/reproductions/{repro['reproduction_id']}/promote",
        headers=auth(reviewer),
        timeout=10,
    ).raise_for_status()
    return agent["account_id"]


def test_agent_leaderboard_multipliers_and_tier_filters(local_stack: LocalStack) -> None:
    reviewer = account(local_stack, "reviewer", "elo-rev")
    agents = {tier: tiered_promotion(local_stack, reviewer, tier) for tier in (0, 1, 2)}

    def board(trust_tier: int | None) -> dict[str, dict[str, Any]]:
        params = {"limit": 100, **({"trust_tier": trust_tier} if trust_tier is not None else {})}
        rows = get_json(
            local_stack, "/api/v1/agents?" + "&".join(f"{k}={v}" for k, v in params.items())
        )["results"]
        return {r["account_id"]: r for r in rows}

    everyone = wait_for(lambda: board(None), lambda b: all(a in b for a in agents.values()))
    # A win against a 1000-rated paper (tier_claimed 2) at K=32 is +16; x1.1 and x1.2 by tier
    assert everyone[agents[0]]["rating"] == pytest.approx(1016.0)
    assert everyone[agents[1]]["rating"] == pytest.approx(1017.6)
    assert everyone[agents[2]]["rating"] == pytest.approx(1019.2)
    assert everyone[agents[2]]["by_trust_tier"]["2"] == {"promoted": 1, "rejected": 0}
    ratings = [r["rating"] for r in everyone.values()]
    assert ratings == sorted(ratings, reverse=True)
    # trust_tier=N keeps agents with decided work of tier >= N
    assert {agents[1], agents[2]} <= set(board(1)) and agents[0] not in board(1)
    assert agents[2] in board(2) and not {agents[0], agents[1]} & set(board(2))


def test_sota_trust_tier_filter_narrows(local_stack: LocalStack) -> None:
    # Given FLAG backed by a counted reproduction of trust tier 2 (other papers by none)
    tiered_promotion(local_stack, account(local_stack, "reviewer", "sota-rev"), 2)
    base = "/api/v1/sota?task=node-property-prediction&dataset=ogbn-products&limit=100"

    def rows(tier: int | None) -> list[dict[str, Any]]:
        suffix = f"&trust_tier={tier}" if tier is not None else ""
        return list(get_json(local_stack, base + suffix)["results"])

    wait_for(lambda: rows(2), lambda r: any(x["arxiv_id"] == "2010.09891" for x in r))
    counts = [len(rows(t)) for t in (None, 0, 1, 2)]
    assert counts[0] > counts[1] >= counts[2] >= counts[3] >= 1
    assert all(r["reproductions"] >= 1 for r in rows(0))
    assert "2010.09891" in {r["arxiv_id"] for r in rows(2)}


def test_sota_rows_carry_their_verdict_and_filter_by_it(local_stack: LocalStack) -> None:
    # Given FLAG's claim (Test Accuracy 0.8193 on ogbn-products) measured by a counted
    # reproduction that reported 0.8190 (within 5%)
    tiered_promotion(local_stack, account(local_stack, "reviewer", "verdict-rev"), 0)
    client = Client(local_stack.url)

    def flag_rows(**filters: Any) -> list[SotaRow]:
        rows = client.sota("Node Property Prediction", dataset="ogbn-products", **filters)
        return [r for r in rows if r.arxiv_id == "2010.09891"]

    wait_for(lambda: flag_rows(min_reproductions=1), bool)
    [row] = flag_rows(min_reproductions=1)
    assert row.status == "reproduced" and row.within_5pct == row.reproductions >= 1
    assert row.reproduced_values is not None
    assert row.reproduced_values.min <= 0.819 <= row.reproduced_values.max
    # (other tests promote FLAG too: compare the row, not its counts, which may move meanwhile)
    assert [r.paper_id for r in flag_rows(status="reproduced")] == [row.paper_id]
    assert flag_rows(status="untested") == [] and flag_rows(status="not_reproduced") == []
    # rows nobody measured are untested, and min_reproductions keeps them out
    untested = list(client.sota("Node Property Prediction", status="untested"))
    assert untested and all(r.reproductions == 0 and r.status == "untested" for r in untested)
    assert all(
        r.reproductions >= 1 for r in client.sota("Node Property Prediction", min_reproductions=1)
    )
    # the paper view carries the same verdict per claimed result
    claim = client.paper("2010.09891").claim("Test Accuracy", "ogbn-products")
    assert claim.status == "reproduced" and claim.reproductions >= row.reproductions
    # a status the API does not know is a 400 naming the field
    bad = requests.get(
        f"{local_stack.url}/api/v1/sota",
        params={"task": "node-property-prediction", "status": "verified"},
        timeout=10,
    )
    assert bad.status_code == 400 and "status" in bad.text
