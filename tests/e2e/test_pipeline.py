"""The event pipeline end to end over HTTP on the local stack: submission -> S3 -> SQS ->
validator -> reproductions stream -> recompute -> paper and sota (SPEC 6, 7, 9)."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from typing import Any

import pytest
import requests

from tests.conftest import LocalStack, validated, wait_for

pytestmark = pytest.mark.e2e
# DeeperGCN: claims Test Accuracy 0.8098 on ogbn-products, official code. No other test
# touches it (tests share one local stack per worker), so its score starts at 5.
PAPER = "2006.07739"


def account(stack: LocalStack, role: str, name: str) -> dict[str, str]:
    out = stack.cli("accounts", "create", "--role", role, "--name", name, "--json")
    created = json.loads(out.stdout)
    return {"Authorization": f"Bearer {created['key']}", "account_id": created["account_id"]}


def auth(who: dict[str, str]) -> dict[str, str]:
    return {"Authorization": who["Authorization"]}


def get_json(stack: LocalStack, path: str) -> Any:
    return requests.get(stack.url + path, timeout=10).json()


def submit(stack: LocalStack, who: dict[str, str], **fields: Any) -> dict[str, Any]:
    response = requests.post(
        f"{stack.url}/api/v1/reproductions", json=fields, headers=auth(who), timeout=10
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_submit_validate_promote_and_score(local_stack: LocalStack) -> None:
    agent_a, agent_b = account(local_stack, "agent", "a"), account(local_stack, "agent", "b")
    reviewer = account(local_stack, "reviewer", "rita")
    before = get_json(local_stack, f"/api/v1/papers/{PAPER}")
    assert before["verification_score"] == 5 and before["verification"] == "unverified"

    # When agent A pastes output that contains the claimed metric
    log = "epoch 99 | loss 0.21\nTest Accuracy: 0.8090\nValidation Accuracy: 0.9217\n"
    first = submit(
        local_stack,
        agent_a,
        paper_id=PAPER,
        tier_claimed=2,
        run_log_url=log,
        hardware_spec="1x NVIDIA A100 80GB, Ubuntu 22.04",
        actual_metric_name="Test Accuracy",
        actual_metric_value=0.809,
        dataset="ogbn-products",
    )
    # Then validation passes and the metrics are extracted
    verdict = validated(local_stack, first["reproduction_id"])
    assert verdict["validation"]["state"] == "passed", verdict["validation"]
    assert {"name": "Test Accuracy", "value": 0.809} in verdict["validation"]["extracted_metrics"]
    pending = wait_for(
        lambda: get_json(local_stack, f"/api/v1/papers/{PAPER}"),
        lambda p: p["verification"] == "agent_pending",
    )
    assert pending["verification"] == "agent_pending" and pending["verification_score"] == 5

    # When a reviewer promotes it: +10 reproduction, +5 within 5% of the claim
    promoted = requests.post(
        f"{local_stack.url}/api/v1/reproductions/{first['reproduction_id']}/promote",
        headers=auth(reviewer),
        timeout=10,
    )
    assert promoted.status_code == 200
    paper = wait_for(
        lambda: get_json(local_stack, f"/api/v1/papers/{PAPER}"),
        lambda p: p["verification_score"] == 20,
    )
    assert (paper["verification"], paper["verification_score"]) == ("community_verified", 20)
    sota = get_json(
        local_stack, "/api/v1/sota?task=node-property-prediction&dataset=ogbn-products&min_score=20"
    )
    row = next(r for r in sota["results"] if r["arxiv_id"] == PAPER)
    assert (row["verification_score"], row["reproductions"]) == (20, 1)

    # When a second, independent agent reproduces on different hardware: +10 +5 +3
    second = submit(
        local_stack,
        agent_b,
        paper_id=PAPER,
        tier_claimed=3,
        run_log_url="Test Accuracy = 80.95",
        hardware_spec="8x H100 80GB, Rocky 9",
        actual_metric_name="test accuracy",
        actual_metric_value=0.8095,
        dataset="ogbn-products",
    )
    assert validated(local_stack, second["reproduction_id"])["validation"]["state"] == "passed"
    requests.post(
        f"{local_stack.url}/api/v1/reproductions/{second['reproduction_id']}/promote",
        headers=auth(reviewer),
        timeout=10,
    ).raise_for_status()
    paper = wait_for(
        lambda: get_json(local_stack, f"/api/v1/papers/{PAPER}"),
        lambda p: p["verification_score"] == 38,
    )
    assert paper["verification_score"] == 38
    assert sorted(r["rule"] for r in paper["score_breakdown"]) == sorted(
        [
            "official_code",
            "reproduction",
            "within_5pct",
            "reproduction",
            "within_5pct",
            "new_hardware",
        ]
    )


def start_run(stack: LocalStack, who: dict[str, str], memoryless: bool) -> dict[str, Any]:
    response = requests.post(
        f"{stack.url}/api/v1/runs",
        headers=auth(who),
        timeout=10,
        json={
            "paper_id": PAPER,
            "memoryless": memoryless,
            "workspace": {
                "repo_url": "https://github.com/devnkong/FLAG",
                "commit": "a1b2c3d",
                "files": ["train.py", "configs/products.yaml"],
            },
        },
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def replay(
    run: dict[str, Any], ts: datetime, path: str = "train.py", output: str = "Test Accuracy: 0.80"
) -> dict[str, Any]:
    """A trajectory that reads `path`, asks an LLM, and runs the training, whose recorded
    output is the run log (output_in_trajectory looks for its lines there)."""
    return {
        "run_id": run["run_id"],
        "steps": [
            {
                "type": "tool_call",
                "ts": ts.isoformat(),
                "tool": "read_file",
                "input": path,
                "output": "import torch",
                "duration_ms": 4,
            },
            {
                "type": "tool_call",
                "ts": ts.isoformat(),
                "tool": "bash",
                "input": "python train.py --config configs/products.yaml",
                "output": output,
                "duration_ms": 60_000,
            },
            {
                "type": "llm_call",
                "ts": ts.isoformat(),
                "model": "m",
                "input_tokens": 120,
                "output_tokens": 40,
                "duration_ms": 800,
                "response_text": "run it",
            },
        ],
    }


@pytest.mark.parametrize(
    ("memoryless", "attempts_before", "offset", "tier", "failed"),
    [
        (True, 0, timedelta(seconds=0), 2, None),  # valid + memoryless + first attempt
        (False, 0, timedelta(seconds=0), 1, None),  # valid, not memoryless
        (True, 1, timedelta(seconds=0), 1, None),  # valid, second attempt
        # before the run started: so was the output that printed the number
        (True, 0, timedelta(hours=-1), 0, "timestamp_bounds,output_in_trajectory"),
    ],
)
def test_replay_logs_give_trust_tiers(
    local_stack: LocalStack,
    memoryless: bool,
    attempts_before: int,
    offset: timedelta,
    tier: int,
    failed: str | None,
) -> None:
    agent = account(local_stack, "agent", "replayer")
    for _ in range(attempts_before):
        start_run(local_stack, agent, memoryless)
    run = start_run(local_stack, agent, memoryless)
    started = datetime.fromisoformat(run["started_at"])
    time.sleep(0.05)
    repro = submit(
        local_stack,
        agent,
        paper_id=PAPER,
        tier_claimed=1,
        run_log_url="Test Accuracy: 0.80",
        hardware_spec="1x RTX 4090",
        run_id=run["run_id"],
        replay_log=replay(run, started + offset + timedelta(milliseconds=10)),
    )
    result = wait_for(
        lambda: get_json(local_stack, f"/api/v1/reproductions/{repro['reproduction_id']}"),
        lambda r: r["trajectory"]["state"] != "pending",
    )
    assert result["trust_tier"] == tier
    failing = [c["name"] for c in result["trajectory"]["checks"] if not c["ok"]]
    assert failing == (failed.split(",") if failed else [])
    if failed:
        detail = next(c["detail"] for c in result["trajectory"]["checks"] if not c["ok"])
        assert "step" in detail.lower()
