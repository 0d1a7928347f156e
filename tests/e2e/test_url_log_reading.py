"""URL run logs end to end over HTTP: submission -> S3 -> SQS -> the local stack's validator
reads the log from the test's HTTPS stand-in for GitHub, Hugging Face and W&B (the session's
`fake_hosts_server`, passed to the stack as SOTAV_URL_FETCH_OVERRIDE + CA bundle) -> verdict.

Papers: SNLI rows of the sample that no other test touches."""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests
from sotaverified import Client

from tests.conftest import LocalStack, validated
from tests.fake_hosts import FakeHosts

pytestmark = pytest.mark.e2e

ROCKTASCHEL = "1509.06664"  # claims 83.5 % Test Accuracy on SNLI
VENDROV = "1511.06361"  # 81.4
MOU = "1512.08422"  # 82.1
TRAIN_LOG = """Namespace(batch_size=128, dropout=0.1, epochs=25, lr=0.001, model='lstm-attention')
epoch 24 | step 10700 | loss 0.4102 | dev acc 84.71
***** Running evaluation on test *****
Test Accuracy: 83.52
Test Loss: 0.4417
"""


@pytest.fixture(scope="module")
def agent(local_stack: LocalStack) -> dict[str, str]:
    out = local_stack.cli("accounts", "create", "--role", "agent", "--name", "url-e2e", "--json")
    return dict(json.loads(out.stdout))


def submit(stack: LocalStack, agent: dict[str, str], **fields: Any) -> dict[str, Any]:
    body = {"tier_claimed": 2, "hardware_spec": "1x RTX 3090 24GB, Ubuntu 22.04", **fields}
    response = requests.post(
        f"{stack.url}/api/v1/reproductions",
        json=body,
        headers={"Authorization": f"Bearer {agent['key']}"},
        timeout=10,
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_a_github_log_is_read_by_the_stack_and_passes(
    local_stack: LocalStack, fake_hosts_server: FakeHosts, agent: dict[str, str]
) -> None:
    # Given a training log committed to a GitHub repository
    fake_hosts_server.text(
        "raw.githubusercontent.com", "/nli-lab/snli-repro/v1.0/logs/test.log", TRAIN_LOG
    )
    # When an agent submits the file's page over HTTP
    created = submit(
        local_stack,
        agent,
        paper_id=ROCKTASCHEL,
        run_log_url="https://github.com/nli-lab/snli-repro/blob/v1.0/logs/test.log",
        actual_metric_name="Test Accuracy",
        actual_metric_value=83.52,
    )
    assert created["validation"]["state"] == "pending"
    # Then the stack's validator read it over HTTPS and found the claimed value
    verdict = validated(local_stack, created["reproduction_id"])["validation"]
    assert verdict["state"] == "passed", verdict
    assert [c["name"] for c in verdict["checks"]] == [
        "run_log_read",
        "metrics_extracted",
        "metric_in_log",
    ]
    assert {"name": "Test Accuracy", "value": 83.52} in verdict["extracted_metrics"]
    assert "raw.githubusercontent.com" in fake_hosts_server.sni


def test_hugging_face_and_wandb_logs_are_read(
    local_stack: LocalStack, fake_hosts_server: FakeHosts, agent: dict[str, str]
) -> None:
    # Given a log on the Hub served through a CDN redirect, and a public W&B run
    fake_hosts_server.add(
        "huggingface.co",
        "/datasets/nli-lab/runs/resolve/main/test.log",
        status=302,
        headers={"Location": "https://cas-bridge.xethub.hf.co/xet-bridge-us/f00d?sig=1"},
    )
    fake_hosts_server.text("cas-bridge.xethub.hf.co", "/xet-bridge-us/f00d?sig=1", TRAIN_LOG)
    fake_hosts_server.wandb_run(
        "nli-lab", "snli", "9q8w7e6r", {"test/accuracy": 81.4, "_step": 99}, "finished"
    )
    # When both are submitted
    from_hub = submit(
        local_stack,
        agent,
        paper_id=MOU,
        run_log_url="https://huggingface.co/datasets/nli-lab/runs/blob/main/test.log",
        actual_metric_name="Test Accuracy",
        actual_metric_value=83.52,
    )
    from_wandb = submit(
        local_stack,
        agent,
        paper_id=VENDROV,
        run_log_url="https://wandb.ai/nli-lab/snli/runs/9q8w7e6r",
        actual_metric_name="Test Accuracy",
        actual_metric_value=81.4,
    )
    # Then both pass, each read through its documented raw form
    hub = validated(local_stack, from_hub["reproduction_id"])["validation"]
    assert hub["state"] == "passed", hub
    assert "redirected to cas-bridge.xethub.hf.co" in hub["checks"][0]["detail"]
    wandb = validated(local_stack, from_wandb["reproduction_id"])["validation"]
    assert wandb["state"] == "passed", wandb
    assert wandb["extracted_metrics"] == [{"name": "test/accuracy", "value": 81.4}]


def test_a_log_the_stack_cannot_read_is_unchecked_everywhere(
    local_stack: LocalStack, fake_hosts_server: FakeHosts, agent: dict[str, str]
) -> None:
    # Given a link to a file that is not there (deleted, or in a private repository)
    created = submit(
        local_stack,
        agent,
        paper_id=VENDROV,
        run_log_url="https://github.com/nli-lab/private-repo/blob/main/test.log",
        actual_metric_name="Test Accuracy",
        actual_metric_value=81.4,
    )
    # Then the SDK's wait returns (unchecked is settled) with the verdict and its reason
    sdk = Client(local_stack.url, agent["key"], timeout=20)
    done = sdk.wait_for_validation(created["reproduction_id"], timeout=30, poll=0.2)
    assert done.settled and done.validation.unchecked
    assert done.validation.state == "unchecked"
    (check,) = done.validation.checks
    assert check.name == "run_log_read" and not check.ok
    assert "answered 404 Not Found" in check.detail
    assert "nobody has checked it" in done.explain()
    # ... and the paper page tells a person that nobody has read the log
    page = requests.get(f"{local_stack.url}/papers/{VENDROV}", timeout=10).text
    assert "unchecked: log not read" in page and "Nobody has read this log." in page
