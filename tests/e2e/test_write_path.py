"""The write path over real HTTP against the local stack (`python -m chalicelib.local`, started
once per test session): the README flow a newcomer follows with the admin CLI and `requests`,
a burst of identical requests with one Idempotency-Key, two reviewers at once, author claims
verified from the CLI, and keys that never reach the stack's output.

Each test uses papers no other e2e test touches, and its own accounts.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import requests

from tests.conftest import LocalStack, validated, wait_for

pytestmark = pytest.mark.e2e

README_PAPER = "1609.02907"  # GCN
BURST_PAPER = "1710.10903"  # GAT
CLAIM_PAPER = "1607.00653"  # node2vec
RACE_PAPER = "1706.02216"  # GraphSAGE


def cli_json(stack: LocalStack, *args: str) -> dict[str, Any]:
    """Run the admin CLI with --json; what it prints on stdout, parsed."""
    done = stack.cli(*args, "--json")
    return dict(json.loads(done.stdout))


def create_account(stack: LocalStack, role: str, name: str) -> dict[str, str]:
    created = cli_json(stack, "accounts", "create", "--role", role, "--name", name)
    assert set(created) >= {"account_id", "key"}
    return {k: str(v) for k, v in created.items()}


def bearer(account: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {account['key']}"}


def get_json(stack: LocalStack, path: str) -> Any:
    response = requests.get(stack.url + path, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def assert_not_in_stack_output(stack: LocalStack, *accounts: dict[str, str]) -> None:
    output = "".join(stack.output)
    for account in accounts:
        assert account["key"] not in output


@pytest.fixture(scope="module")
def team(local_stack: LocalStack) -> Iterator[dict[str, dict[str, str]]]:
    """Accounts made with the admin CLI, as the README shows (`accounts create --role R
    --name N --json`); in parallel, since each is a process."""
    roles = {
        "bot": "agent",
        "rita": "reviewer",
        "agent": "agent",
        "burst": "agent",
        "reviewer": "reviewer",
        "reviewer2": "reviewer",
    }
    with ThreadPoolExecutor(len(roles)) as pool:
        made = pool.map(lambda item: (item[0], create_account(local_stack, item[1], item[0])),
                        roles.items())  # fmt: skip
        accounts = dict(made)
    yield accounts
    # No plaintext key ever reached the stack's output
    assert_not_in_stack_output(local_stack, *accounts.values())


def test_the_readme_flow_from_a_cli_key_to_a_promoted_reproduction(
    local_stack: LocalStack, team: dict[str, dict[str, str]]
) -> None:
    url = local_stack.url
    # Given an agent key made with the admin CLI, printed once as JSON
    agent = team["bot"]
    assert set(agent) == {"account_id", "key", "key_id"}
    assert agent["key"].startswith("sotav_") and agent["key_id"].startswith("k_")
    # When the agent submits a reproduction over HTTP
    body = {
        "paper_id": README_PAPER,
        "tier_claimed": 2,
        "hardware_spec": "1x NVIDIA RTX 4090 24GB, Ubuntu 22.04",
        "run_log_url": "https://github.com/example/gcn-repro/actions/runs/42",
    }
    response = requests.post(f"{url}/api/v1/reproductions", json=body, headers=bearer(agent),
                             timeout=10)  # fmt: skip
    # Then it is stored, waiting for a human
    assert response.status_code == 201, response.text
    assert response.headers["Content-Type"] == "application/json"
    submitted = response.json()
    rid = submitted["reproduction_id"]
    assert (submitted["status"], submitted["arxiv_id"]) == ("agent_pending", README_PAPER)
    assert submitted["run_log"] == {"kind": "url", "url": body["run_log_url"]}
    # ... and reviewers find it in the review queue (oldest first, paged)
    queued: list[str] = []
    cursor = None
    while True:
        params = {"limit": "50", **({"cursor": cursor} if cursor else {})}
        page = requests.get(f"{url}/api/v1/review/pending", params=params, timeout=10).json()
        queued += [r["reproduction_id"] for r in page["results"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert rid in queued
    # ... once its validation has settled (nobody can read that URL here: `unchecked`)
    assert validated(local_stack, rid)["validation"]["state"] == "unchecked"
    # When a reviewer (another CLI account) promotes it over HTTP
    reviewer = team["rita"]
    promoted = requests.post(f"{url}/api/v1/reproductions/{rid}/promote",
                             headers=bearer(reviewer), timeout=10)  # fmt: skip
    assert promoted.status_code == 200, promoted.text
    assert promoted.json()["decided_by"] == reviewer["account_id"]
    # Then its public view says so, and it has left the queue
    view = get_json(local_stack, f"/api/v1/reproductions/{rid}")
    assert view["status"] == "verified"
    assert set(view) == set(submitted)
    assert rid not in json.dumps(get_json(local_stack, "/api/v1/review/pending?limit=100"))
    # When the admin revokes the agent's key with the CLI
    revoked = cli_json(local_stack, "keys", "revoke", "--key", agent["key"])
    assert revoked == {"revoked": agent["key_id"]}
    # Then the key gets the same 401 as no key at all
    again = requests.post(f"{url}/api/v1/reproductions", json=body, headers=bearer(agent),
                          timeout=10)  # fmt: skip
    anonymous = requests.post(f"{url}/api/v1/reproductions", json=body, timeout=10)
    assert again.status_code == anonymous.status_code == 401
    assert again.json() == anonymous.json()
    assert again.json()["error"]["code"] == "unauthorized"
    assert again.headers["WWW-Authenticate"] == "Bearer"
    # ... and no plaintext key ever reached the stack's output
    assert_not_in_stack_output(local_stack, agent, reviewer)


def test_eight_identical_requests_at_once_create_one_reproduction(
    local_stack: LocalStack, team: dict[str, dict[str, str]]
) -> None:
    import boto3

    agent = team["burst"]
    body = {
        "paper_id": BURST_PAPER,
        "tier_claimed": 1,
        "hardware_spec": "1x T4 16GB, Debian 12",
        "run_log_url": "epoch 200 | loss 0.31\nTest Accuracy: 0.7366\n",
    }
    headers = {**bearer(agent), "Idempotency-Key": "burst-e2e-1"}
    barrier = threading.Barrier(8)

    def post(_: int) -> requests.Response:
        barrier.wait()
        return requests.post(f"{local_stack.url}/api/v1/reproductions", json=body,
                             headers=headers, timeout=60)  # fmt: skip

    # When eight copies of one request arrive at once
    with ThreadPoolExecutor(8) as pool:
        responses = list(pool.map(post, range(8)))
    # Then each is the reproduction (201, one id) or "in progress, retry" (409 + Retry-After)
    statuses = sorted(r.status_code for r in responses)
    assert set(statuses) <= {201, 409}, [(r.status_code, r.text) for r in responses]
    created = [r.json() for r in responses if r.status_code == 201]
    assert created and len({c["reproduction_id"] for c in created}) == 1
    for response in responses:
        if response.status_code == 409:
            assert response.json()["error"]["code"] == "idempotency_in_progress"
            assert int(response.headers["Retry-After"]) >= 1
    # ... a later retry gets the same reproduction
    retry = requests.post(f"{local_stack.url}/api/v1/reproductions", json=body, headers=headers,
                          timeout=10)  # fmt: skip
    assert retry.status_code == 201
    assert retry.json()["reproduction_id"] == created[0]["reproduction_id"]
    # ... and exactly one reproduction exists for this account (a test-only Scan of the table
    # on the stack's moto server)
    dynamodb = boto3.client(
        "dynamodb",
        endpoint_url=f"http://127.0.0.1:{local_stack.moto_port}",
        region_name="us-east-1",
        aws_access_key_id="local",
        aws_secret_access_key="local",
    )
    items = dynamodb.scan(
        TableName="sotav-local-reproductions",
        FilterExpression="submitter_id = :me",
        ExpressionAttributeValues={":me": {"S": agent["account_id"]}},
    )["Items"]
    assert [i["reproduction_id"]["S"] for i in items] == [created[0]["reproduction_id"]]
    assert_not_in_stack_output(local_stack, agent)


def test_two_reviewers_promoting_at_once_over_http(
    local_stack: LocalStack, team: dict[str, dict[str, str]]
) -> None:
    """Both get 200 and the reproduction ends verified, decided by one of them. (moto's
    server does not apply a conditional update atomically under concurrent requests, so which
    reviewer each response names is checked in tests/integration, on serialised moto.)"""
    body = {
        "paper_id": RACE_PAPER,
        "tier_claimed": 3,
        "hardware_spec": "2x A100 40GB, Ubuntu 20.04",
        "run_log_url": "https://wandb.ai/team/graphsage/runs/7",
    }
    response = requests.post(f"{local_stack.url}/api/v1/reproductions", json=body,
                             headers=bearer(team["agent"]), timeout=10)  # fmt: skip
    assert response.status_code == 201, response.text
    rid = response.json()["reproduction_id"]
    assert validated(local_stack, rid)["validation"]["state"] == "unchecked"
    barrier = threading.Barrier(2)

    def promote(who: str) -> requests.Response:
        barrier.wait()
        return requests.post(f"{local_stack.url}/api/v1/reproductions/{rid}/promote",
                             headers=bearer(team[who]), timeout=30)  # fmt: skip

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(promote, ["reviewer", "reviewer2"]))
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert {a.json()["status"] for a in answers} == {"verified"}
    reviewers = {team["reviewer"]["account_id"], team["reviewer2"]["account_id"]}
    assert {a.json()["decided_by"] for a in answers} <= reviewers
    # A third promotion (a retry) answers the stored decision
    final = requests.post(f"{local_stack.url}/api/v1/reproductions/{rid}/promote",
                          headers=bearer(team["reviewer"]), timeout=10).json()  # fmt: skip
    assert final["status"] == "verified" and final["decided_by"] in reviewers
    assert get_json(local_stack, f"/api/v1/reproductions/{rid}")["status"] == "verified"
    # An agent key cannot decide
    rejected = requests.post(f"{local_stack.url}/api/v1/reproductions/{rid}/reject",
                             headers=bearer(team["agent"]), timeout=10)  # fmt: skip
    assert rejected.status_code == 403 and rejected.json()["error"]["code"] == "forbidden"


def test_an_author_claim_verified_with_the_cli_adds_10_points(
    local_stack: LocalStack, team: dict[str, dict[str, str]]
) -> None:
    agent = team["agent"]
    before = get_json(local_stack, f"/api/v1/papers/{CLAIM_PAPER}")["verification_score"]
    # Given an author claim made over HTTP
    response = requests.post(
        f"{local_stack.url}/api/v1/papers/{CLAIM_PAPER}/author-claim",
        json={"evidence": "https://example.org/~grover/publications"},
        headers=bearer(agent),
        timeout=10,
    )
    assert response.status_code == 201, response.text
    assert response.json()["state"] == "pending"
    # ... which an agent cannot verify over HTTP
    verify_path = f"/api/v1/admin/papers/{CLAIM_PAPER}/author-claims/{agent['account_id']}/verify"
    refused = requests.post(local_stack.url + verify_path, headers=bearer(agent), timeout=10)
    assert refused.status_code == 403
    # When an operator verifies it with the CLI
    decided = cli_json(local_stack, "claims", "verify", "--paper", CLAIM_PAPER, "--account",
                       agent["account_id"])  # fmt: skip
    assert decided["state"] == "verified" and decided["account_id"] == agent["account_id"]
    # Then the papers stream recomputes the score: +10
    paper = wait_for(
        lambda: get_json(local_stack, f"/api/v1/papers/{CLAIM_PAPER}"),
        lambda p: p["verification_score"] == before + 10,
    )
    assert paper["verification_score"] == before + 10
    assert "author_claim" in {r["rule"] for r in paper["score_breakdown"]}
