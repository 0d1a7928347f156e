"""The write path (SPEC 5) through the HTTP routes, on in-process moto: submissions and their
validation, authentication, idempotency, quotas, runs, review decisions, author claims, the
public reproduction views and how API keys are stored.

Refused requests are checked twice: each answers a 4xx with the one error shape and a message
a client can act on, and each leaves nothing behind (no reproduction, no S3 object, no
Idempotency-Key record, no quota consumed, no run used).

This module holds the tests that need a fresh moto each (a whole queue, settings, the
integrity rules); `test_submission_refusals.py`, `test_submission_ledger.py` and
`test_submission_review.py` share one moto per class (`submission_world.py` says how).
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote_plus

import pytest

from chalicelib.db import aws as clients
from chalicelib.db import tables
from chalicelib.domain.apikeys import hash_key
from tests.conftest import AwsStack, imagenet_table
from tests.conftest import test_client as client_for
from tests.integration.submission_world import (
    PAPER,
    PASTED_LOG,
    REPRODUCTION_KEYS,
    World,
    assert_error,
    build_world,
    header,
    read_upload,
    scan,
    setting,
    stored,
    upload_keys,
)

# --- tests that need a fresh moto -----------------------------------------------------------


def peek_validator_queue(stack: AwsStack) -> list[dict[str, Any]]:
    """The S3 notifications waiting on the validator queue, left in place (visibility 0)."""
    sqs = clients.client("sqs")
    seen: dict[str, dict[str, Any]] = {}
    for _ in range(5):
        messages = sqs.receive_message(
            QueueUrl=stack.resources.validator_queue_url,
            MaxNumberOfMessages=10,
            VisibilityTimeout=0,
            WaitTimeSeconds=0,
        ).get("Messages", [])
        for message in messages:
            seen[message["MessageId"]] = json.loads(message["Body"])
    return list(seen.values())


def test_pasted_output_and_replay_log_go_to_s3_and_notify_the_validator(world: World) -> None:
    # Given a run, a pasted log and a replay log
    run = world.start_run(world.agent.key, memoryless=True)
    assert run.status_code == 201
    now = datetime.now(UTC).isoformat()
    replay = {
        "run_id": run.json_body["run_id"],
        "steps": [
            {"type": "tool_call", "ts": now, "tool": "read_file", "input": "train.py",
             "output": "import torch", "duration_ms": 3},
            {"type": "llm_call", "ts": now, "model": "m-1", "input_tokens": 10,
             "output_tokens": 5, "duration_ms": 400, "response_text": "ok"},
        ],
    }  # fmt: skip
    # When the agent submits both
    body = world.created(run_id=run.json_body["run_id"], replay_log=replay)
    rid = body["reproduction_id"]
    # Then the response promises both checks, pending
    assert body["trajectory"] == {"state": "pending", "checks": [], "evidence": None}
    assert body["run_id"] == run.json_body["run_id"]
    # ... the pasted output and the replay log are in the bucket under the documented keys
    assert upload_keys() == {f"replays/{rid}.json", f"runlogs/{rid}.txt"}
    assert read_upload(f"runlogs/{rid}.txt") == PASTED_LOG
    stored_replay = json.loads(read_upload(f"replays/{rid}.json"))
    assert [s["type"] for s in stored_replay["steps"]] == ["tool_call", "llm_call"]
    # ... the item points at them, privately
    (item,) = scan(tables.REPRODUCTIONS)
    assert item["run_log"]["s3_key"] == f"runlogs/{rid}.txt"
    assert item["replay_s3_key"] == f"replays/{rid}.json"
    # ... and S3 told the validator queue about each object (moto also sends an s3:TestEvent)
    messages = peek_validator_queue(world.stack)
    notified = [
        unquote_plus(record["s3"]["object"]["key"])  # keys arrive URL-encoded, as from S3
        for message in messages
        for record in message.get("Records", [])
        if record["eventName"].startswith("ObjectCreated")
    ]
    assert sorted(notified) == [f"replays/{rid}.json", f"runlogs/{rid}.txt"]
    assert any(message.get("Event") == "s3:TestEvent" for message in messages)


def test_the_review_queue_is_oldest_first_and_paged(world: World) -> None:
    ids = [world.created(hardware_spec=f"rig {n}")["reproduction_id"] for n in range(5)]
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        status, page = world.get(
            "/api/v1/review/pending?limit=2" + (f"&cursor={cursor}" if cursor else "")
        )
        assert status == 200 and len(page["results"]) <= 2
        assert all(set(r) == REPRODUCTION_KEYS for r in page["results"])
        seen += [r["reproduction_id"] for r in page["results"]]
        pages += 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == ids and pages >= 3
    # A decided one leaves the queue
    world.stack.pump.drain()
    assert world.decide(ids[0], "reject", world.reviewer.key).status_code == 200
    assert world.decide(ids[1], "promote", world.reviewer.key).status_code == 200
    _, page = world.get("/api/v1/review/pending?limit=100")
    assert [r["reproduction_id"] for r in page["results"]] == ids[2:]
    # Bad paging parameters are 400s with the one error shape
    for query in ("limit=0", "limit=101", "cursor=garbage", "sort=newest"):
        assert_error(world.client.http.get(f"/api/v1/review/pending?{query}"), 400)


def test_the_hourly_quota_answers_429_with_retry_after_and_retries_are_free(
    aws: AwsStack, tmp_path: Path
) -> None:
    with setting("SOTAV_SUBMISSIONS_PER_HOUR", "3"), client_for(aws) as client:
        world = build_world(aws, client, tmp_path)
        # Given three submissions this hour, with idempotent retries in between
        first = world.created(idempotency_key="q-1")
        world.created(idempotency_key="q-2")
        assert world.submit(idempotency_key="q-1").json_body == first  # a retry: free
        world.created(idempotency_key="q-3")
        before = stored()
        assert before.quota == 3
        # When the fourth new one arrives (with or without a key)
        for key in ("q-4", None):
            response = world.submit(idempotency_key=key)
            # Then it is refused until the hour turns, and nothing is stored for it
            assert_error(response, 429, "quota_exceeded", "at most 3 submissions per hour")
            retry_after = int(header(response, "Retry-After") or "0")
            assert 1 <= retry_after <= 3600
        assert stored() == before
        # ... a retry of an accepted one still gets its first response
        assert world.submit(idempotency_key="q-1").json_body == first
        # ... and the quota is per account
        assert world.submit(world.agent2.key).status_code == 201


def test_plaintext_keys_are_never_stored_or_logged(
    world: World, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    from chalicelib import cli
    from chalicelib.services.accounts import create_key, revoke_key

    caplog.set_level(logging.DEBUG, logger="sotaverified")
    caplog.set_level(logging.INFO)
    # Given keys made by the service and by the CLI
    extra = create_key(world.agent.account_id)
    assert cli.main(["--stage", "test", "accounts", "create", "--role", "agent",
                     "--name", "cli-bot", "--json"]) == 0  # fmt: skip
    out = capsys.readouterr()
    made = json.loads(out.out)
    assert set(made) >= {"account_id", "key"} and made["key"] not in out.err
    keys = [world.agent.key, world.agent2.key, world.reviewer.key, world.reviewer2.key,
            world.admin.key, extra.key, made["key"]]  # fmt: skip
    # ... used for every kind of request, accepted and refused
    rid = world.created(extra.key, idempotency_key="k-1")["reproduction_id"]
    world.created(made["key"], replay_log={"steps": []})
    world.start_run(world.agent.key)
    world.decide(rid, "promote", world.reviewer.key)
    world.decide(rid, "reject", world.agent2.key)
    world.submit(world.admin.key, tier_claimed=9)
    revoke_key(extra.key)
    assert world.submit(extra.key).status_code == 401
    world.stack.pump.drain()
    # Then no table item, upload or log line holds a plaintext key
    everything = json.dumps([scan(spec) for spec in tables.ALL_TABLES], default=str)
    everything += "".join(read_upload(k) for k in sorted(upload_keys()))
    captured = capsys.readouterr()
    logs = caplog.text + captured.out + captured.err
    key_items = {i["pk"]: i for i in scan(tables.ACCOUNTS) if i["pk"].startswith("KEY#")}
    for key in keys:
        assert key not in everything
        assert key not in logs
        # ... the key item is found by the key's SHA-256 alone
        item = key_items[f"KEY#{hash_key(key)}"]
        assert set(item) <= {"pk", "account_id", "role", "name", "key_id", "created_at",
                             "revoked_at"}  # fmt: skip
    assert key_items[f"KEY#{hash_key(extra.key)}"]["revoked_at"]


# --- integrity rules (issue: integrity) -----------------------------------------------------


def test_an_admin_cannot_decide_their_own_author_claim(world: World) -> None:
    # Given an admin who claims authorship of a paper
    path = f"/api/v1/papers/{PAPER}/author-claim"
    response = world.request("POST", path, {"evidence": "my paper"}, key=world.admin.key)
    assert response.status_code == 201, response.body
    for action in ("verify", "reject"):
        decide = f"/api/v1/admin/papers/{PAPER}/author-claims/{world.admin.account_id}/{action}"
        # When the same admin decides it, then it is refused and the claim stays pending
        assert_error(world.request("POST", decide, key=world.admin.key), 403, "forbidden", "own")
    from chalicelib.db import author_claims
    from chalicelib.services.papers import resolve_paper_id

    claim = author_claims.get(resolve_paper_id(PAPER), world.admin.account_id)
    assert claim is not None and claim["state"] == "pending"


def test_deciding_a_claim_of_something_that_is_no_account_is_404(world: World) -> None:
    # Given a paper with a pending claim (so the paper has a pending-claims counter item)
    path = f"/api/v1/papers/{PAPER}/author-claim"
    assert world.request("POST", path, {"evidence": "mine"}, key=world.agent.key).status_code == 201
    # When an admin decides "claims" of ids that are no account: the counter's own key, a
    # confusable, an id of the wrong shape
    for account in ("%23pending", "a" + "0" * 15 + "\u0430", "A" + "0" * 16, "x"):
        decide = f"/api/v1/admin/papers/{PAPER}/author-claims/{account}/verify"
        # Then each is a 404 naming the rule, and nothing changes
        assert_error(world.request("POST", decide, key=world.admin.key), 404, "not_found")
    # (API Gateway hands the route its path parameters decoded: "#pending" itself)
    from chalicelib.errors import NotFound
    from chalicelib.services.accounts import Principal
    from chalicelib.services.claims import decide_claim

    admin = Principal(account_id=world.admin.account_id, role="admin", name="admin")
    with pytest.raises(NotFound, match="not an account id"):
        decide_claim(PAPER, "#pending", True, by=admin)
    from chalicelib.db import author_claims
    from chalicelib.services.papers import resolve_paper_id

    claim = author_claims.get(resolve_paper_id(PAPER), world.agent.account_id)
    assert claim is not None and claim["state"] == "pending"


def test_one_pending_claim_per_account_and_a_bounded_number_per_paper(world: World) -> None:
    from chalicelib.db import author_claims
    from chalicelib.db.author_claims import MAX_PENDING_PER_PAPER
    from chalicelib.services.papers import resolve_paper_id

    path = f"/api/v1/papers/{PAPER}/author-claim"
    claimants = [world.new_account() for _ in range(MAX_PENDING_PER_PAPER)]
    for claimant in claimants:
        response = world.request("POST", path, {"evidence": "me"}, key=claimant.key)
        assert response.status_code == 201, response.body
    # A second claim by the same account: 409, it already has a pending one
    again = world.request("POST", path, {"evidence": "me again"}, key=claimants[0].key)
    assert_error(again, 409, "claim_exists", "pending")
    # One more account past the cap: 409 that says what to do, never a 5xx
    late = world.new_account()
    refused = world.request("POST", path, {"evidence": "me"}, key=late.key)
    assert_error(refused, 409, "too_many_pending_claims", "try again once they are decided")
    # Deciding one frees a place; a rejected claimant may claim again
    reject = f"/api/v1/admin/papers/{PAPER}/author-claims/{claimants[0].account_id}/reject"
    assert world.request("POST", reject, key=world.admin.key).status_code == 200
    assert world.request("POST", path, {"evidence": "me"}, key=late.key).status_code == 201
    paper_id = resolve_paper_id(PAPER)
    assert len(author_claims.list_for_paper(paper_id)) == MAX_PENDING_PER_PAPER + 1
    # ... and the paper item holds none of them: claims never make it unwritable
    status, _ = world.get(f"/api/v1/papers/{PAPER}")
    from chalicelib.db import papers as papers_db

    assert status == 200 and "author_claims" not in (papers_db.get_paper(paper_id) or {})


def test_author_claim_evidence_is_normalised_text(world: World) -> None:
    path = f"/api/v1/papers/{PAPER}/author-claim"
    for evidence, says in (
        ("me\u200b", "zero-width"),
        ("\u202eme", "bidi"),
        (" \n ", "whitespace"),
    ):
        response = world.request("POST", path, {"evidence": evidence}, key=world.agent.key)
        assert_error(response, 422, "invalid_body", says)


def test_a_metric_claimed_on_several_datasets_needs_the_dataset(
    world: World, tmp_path: Path
) -> None:
    from chalicelib.services.ingest import ingest_files

    # Given the paper also claims Top-1 Accuracy on a second dataset
    table = imagenet_table(
        [
            {
                "paper_url": f"https://arxiv.org/abs/{PAPER}",
                "paper_title": "P",
                "metrics": {"Top-1 Accuracy": "88.0"},
                "code_links": [],
            }
        ]
    )
    table[0]["datasets"][0]["dataset"] = "ImageNet ReaL"
    path = tmp_path / "real.json"
    path.write_text(json.dumps(table))
    ingest_files(evaluation_tables=[path])
    before = stored()
    # When a submission reports that metric without naming a dataset
    response = world.submit(dataset=None)
    # Then it is refused, listing the datasets to choose from, and nothing is stored
    assert_error(response, 422, "dataset_required", "ImageNet, ImageNet ReaL")
    assert response.json_body["error"]["details"] == [
        {"field": "dataset", "choices": ["ImageNet", "ImageNet ReaL"]}
    ]
    assert stored() == before
    # Naming one, or reporting no metric, is accepted
    assert world.submit(dataset="ImageNet ReaL").status_code == 201
    assert (
        world.submit(actual_metric_name=None, actual_metric_value=None, dataset=None).status_code
        == 201
    )


def test_the_recompute_dry_run_says_when_an_agent_has_no_rating_yet(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    from chalicelib import cli

    fresh = world.new_account()
    # `--stage test` targets the sotav-test-* resources, which in-process moto serves here
    assert cli.main(["--stage", "test", "recompute", "--agent", fresh.account_id, "--dry-run"]) == 0
    printed = capsys.readouterr().out
    assert "no rating stored yet" in printed and "DIFFERS" not in printed
