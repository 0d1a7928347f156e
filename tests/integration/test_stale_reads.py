"""DynamoDB's eventual consistency, which moto does not have: the tests show the code reads
that lag behind the writes, and check that no number or answer depends on them.

Recomputes triggered by the reproductions stream read a paper's (and an agent's)
reproductions through a global secondary index, and DynamoDB never reads a GSI consistently:
right after a write, the index may still show the item as it was (moto's indexes are always
current, so the tests show the recompute a stale index). The stream record itself carries the
new item, so a promotion's own record must move the score and the rating, even when the index
has not caught up and no later event comes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from chalicelib.db import accounts as accounts_db
from chalicelib.db import reproductions as reproductions_db
from chalicelib.services.accounts import revoke_account
from tests.conftest import AwsStack
from tests.integration.submission_world import SCORE_PAPER, World, build_world, signed_in_cookie


@pytest.fixture
def world(aws: AwsStack, api: Any, tmp_path: Path) -> World:
    return build_world(aws, api, tmp_path)


@contextmanager
def lagging_index(index: str, before: dict[str, dict[str, Any]]) -> Iterator[None]:
    """Every Query of the reproductions index `index` answers the items named in `before` as
    they were there (a GSI that has not caught up yet); base-table reads are current."""
    from chalicelib.db import codec
    from chalicelib.db.dynamo import ddb

    def stale(parsed: dict[str, Any], model: Any, **_: Any) -> None:
        if model.name != "Query" or not isinstance(parsed, dict):
            return
        items = parsed.get("Items") or []
        for position, item in enumerate(items):
            old = before.get(item.get("reproduction_id", {}).get("S", ""))
            if old is not None:
                items[position] = codec.to_item(old)

    def mark(params: dict[str, Any], context: dict[str, Any], **_: Any) -> None:
        context["index_queried"] = params.get("IndexName")

    def only_index(parsed: Any, model: Any, context: dict[str, Any], **kw: Any) -> None:
        if context.get("index_queried") == index:
            stale(parsed, model)

    events = ddb().meta.events
    events.register("before-parameter-build.dynamodb.Query", mark)
    events.register("after-call.dynamodb.Query", only_index)
    try:
        yield
    finally:
        events.unregister("before-parameter-build.dynamodb.Query", mark)
        events.unregister("after-call.dynamodb.Query", only_index)


def test_a_promotion_moves_the_score_and_rating_while_the_index_lags(world: World) -> None:
    # Given a validated submission, its paper recomputed and its agent rated
    rid = world.created(paper_id=SCORE_PAPER)["reproduction_id"]
    world.stack.pump.drain()
    assert world.score(SCORE_PAPER) == ("agent_pending", 5)
    pending = reproductions_db.get(rid)
    assert pending is not None and pending["validation"]["state"] == "passed"
    # When a reviewer promotes it, and the indexes still show it pending when the stream's
    # record of the promotion is handled
    assert world.decide(rid, "promote", world.reviewer.key).status_code == 200
    with (
        lagging_index("by_paper", {rid: pending}),
        lagging_index("by_submitter", {rid: pending}),
    ):
        world.stack.pump.drain()
    # Then the paper's score counts it (+10 reproduction, +5 within 5%) ...
    assert world.score(SCORE_PAPER) == ("community_verified", 20)
    # ... and the agent's rating has the win
    account = accounts_db.get_account(world.agent.account_id)
    assert account is not None and account["ratings"]["0"]["promoted"] == 1


def test_a_paper_recompute_reads_its_inputs_consistently(world: World) -> None:
    """The papers stream's record of a source change (an author claim decided, say) comes as
    soon as the write is made; an eventually consistent read of the paper or of its claims
    may still return what was there before, and the recompute would store the old score as
    if it were the new one (its stamps would match the old inputs). Every read of a base
    table by a paper recompute is strongly consistent (indexes cannot be: see above)."""
    import traceback

    from chalicelib.db.dynamo import ddb

    reads: list[dict[str, Any]] = []

    def record(params: dict[str, Any], **_: Any) -> None:
        if any(frame.name == "recompute_paper" for frame in traceback.extract_stack()):
            reads.append(params)

    events = ddb().meta.events
    for operation in ("GetItem", "Query"):
        events.register(f"before-parameter-build.dynamodb.{operation}", record)
    try:
        # Given an author claim verified by an admin
        path = f"/api/v1/papers/{SCORE_PAPER}/author-claim"
        claim = world.request("POST", path, {"evidence": "my paper"}, key=world.agent.key)
        assert claim.status_code == 201, claim.body
        decide = f"/api/v1/admin/papers/{SCORE_PAPER}/author-claims/{world.agent.account_id}/verify"
        assert world.request("POST", decide, key=world.admin.key).status_code == 200
        # When the stream recomputes the paper
        world.stack.pump.drain()
    finally:
        for operation in ("GetItem", "Query"):
            events.unregister(f"before-parameter-build.dynamodb.{operation}", record)
    # Then it read the paper and its claims, each strongly consistently
    assert world.score(SCORE_PAPER) == ("unverified", 15)
    tables = {params["TableName"] for params in reads if "IndexName" not in params}
    assert any("papers" in t for t in tables) and any("author_claims" in t for t in tables)
    eventual = [p for p in reads if "IndexName" not in p and not p.get("ConsistentRead")]
    assert eventual == []


@contextmanager
def eventually_consistent(
    table: str, key: dict[str, Any], stale: dict[str, Any] | None
) -> Iterator[None]:
    """Every GetItem of `key` in `table` that does not ask for a strongly consistent read
    answers `stale` (what a replica that has not seen the latest write may return; None: no
    item yet)."""
    from botocore.awsrequest import AWSResponse

    from chalicelib.db import codec
    from chalicelib.db.dynamo import ddb

    def answer(params: dict[str, Any], **_: Any) -> Any:
        body = params.get("body") or b"{}"
        request = json.loads(body.decode() if isinstance(body, bytes) else body)
        mine = table in request.get("TableName", "") and request.get("Key") == key
        if not mine or request.get("ConsistentRead"):
            return None
        found = {"Item": codec.to_item(stale)} if stale is not None else {}
        return AWSResponse("", 200, {}, None), found

    events = ddb().meta.events
    events.register("before-call.dynamodb.GetItem", answer)
    try:
        yield
    finally:
        events.unregister("before-call.dynamodb.GetItem", answer)


def test_a_second_reviewer_promoting_at_once_gets_the_decision_not_a_409(world: World) -> None:
    rid = world.created(paper_id=SCORE_PAPER)["reproduction_id"]
    world.stack.pump.drain()
    pending = reproductions_db.get(rid)
    assert pending is not None and pending["validation"]["state"] == "passed"
    # Given a reviewer's promotion, which a replica has not seen yet
    assert world.decide(rid, "promote", world.reviewer.key).status_code == 200
    with eventually_consistent("reproductions", {"reproduction_id": {"S": rid}}, pending):
        # When a second reviewer promotes it too
        second = world.decide(rid, "promote", world.reviewer2.key)
    # Then the second gets the decision (promotions are idempotent), as with a current read
    assert second.status_code == 200, second.body
    assert second.json_body["status"] == "verified"


def test_a_retry_with_the_idempotency_key_returns_the_stored_reproduction(world: World) -> None:
    # Given a submission with an Idempotency-Key, stored, which a replica has not seen yet
    first = world.submit(idempotency_key="stale-replica-1", paper_id=SCORE_PAPER)
    assert first.status_code == 201, first.body
    rid = first.json_body["reproduction_id"]
    with eventually_consistent("reproductions", {"reproduction_id": {"S": rid}}, None):
        # When the client retries it with the same key and body
        retry = world.submit(idempotency_key="stale-replica-1", paper_id=SCORE_PAPER)
    # Then it gets the stored reproduction, not "still in progress"
    assert retry.status_code in (200, 201), retry.body
    assert retry.json_body["reproduction_id"] == rid


def test_a_revoked_key_is_refused_at_once_even_by_a_lagging_replica(world: World) -> None:
    from chalicelib.domain.apikeys import hash_key

    key = world.new_account()
    assert world.request("GET", "/api/v1/me", key=key.key).status_code == 200
    live = accounts_db.get_key(hash_key(key.key))
    assert live is not None and not live.get("revoked_at")
    # Given its account revoked, which a replica has not seen yet
    revoke_account(key.account_id)
    with eventually_consistent("accounts", {"pk": {"S": f"KEY#{hash_key(key.key)}"}}, live):
        # When the key is used right after
        response = world.request("GET", "/api/v1/me", key=key.key)
        submitted = world.submit(key=key.key, paper_id=SCORE_PAPER)
    # Then it is refused, as it would be once every replica has caught up
    assert response.status_code == 401, response.body
    assert submitted.status_code == 401, submitted.body


def test_a_signed_out_session_ends_at_once_even_by_a_lagging_replica(world: World) -> None:
    from chalicelib.web.sessions import COOKIE_NAME, _token_hash

    cookie = signed_in_cookie(world, world.reviewer.key)
    token = dict(part.split("=", 1) for part in cookie.split("; "))[COOKIE_NAME]
    pk = f"SESSION#{_token_hash(token)}"
    live = accounts_db.get_session(_token_hash(token))
    page = world.client.http.get("/review", headers={"Cookie": cookie})
    assert live is not None and page.status_code == 200
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', page.body.decode())
    assert csrf is not None
    # Given the reviewer signed out, which a replica has not seen yet
    out = world.client.http.post(
        "/logout",
        headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
        body=f"csrf_token={csrf.group(1)}".encode(),
    )
    assert out.status_code == 303, out.body
    with eventually_consistent("accounts", {"pk": {"S": pk}}, live):
        # When the old cookie is used again right after
        again = world.client.http.get("/review", headers={"Cookie": cookie})
    # Then it is signed out: the page sends it to the sign-in form
    assert again.status_code in (302, 303), again.body
    assert "/login" in again.headers["Location"]


def test_a_used_run_is_explained_as_used_even_by_a_lagging_replica(world: World) -> None:
    run_id = world.start_run(world.agent.key, SCORE_PAPER).json_body["run_id"]
    first = world.submit(run_id=run_id, paper_id=SCORE_PAPER)
    assert first.status_code == 201, first.body
    # Given a replica that has not seen the run yet (it was started a moment ago)
    with eventually_consistent("runs", {"run_id": {"S": run_id}}, None):
        # When a second submission names the same run
        second = world.submit(run_id=run_id, paper_id=SCORE_PAPER, actual_metric_value=84.0)
    # Then the refusal gives the true reason (used), not "no such run"
    assert second.status_code == 409, second.body
    assert second.json_body["error"]["code"] == "run_used"


def test_two_promotions_in_quick_succession_both_count_while_the_index_lags(
    world: World,
) -> None:
    """Two reviewers promote two reproductions of one paper a moment apart. When the second
    promotion's stream record is handled, the by_paper index may still show the first one
    pending: a recompute that takes the index's copy of the first for its current state
    stores a score without it, and its stamp (newer than the first recompute's) makes that the
    paper's score for good. Both promotions must count, whatever the index shows."""
    # Given two agents' validated reproductions of one paper, and one promoted and recomputed
    first = world.created(paper_id=SCORE_PAPER)["reproduction_id"]
    second = world.created(
        key=world.agent2.key,
        paper_id=SCORE_PAPER,
        run_log_url=" * Acc@1 84.050 Acc@5 96.910\n",
        actual_metric_value=84.05,
    )["reproduction_id"]
    world.stack.pump.drain()
    pending_first = reproductions_db.get(first)
    assert pending_first is not None and pending_first["validation"]["state"] == "passed"
    assert world.decide(first, "promote", world.reviewer.key).status_code == 200
    world.stack.pump.drain()
    assert world.score(SCORE_PAPER) == ("community_verified", 20)
    # When the second is promoted and its record is handled while the index still shows the
    # first one pending
    assert world.decide(second, "promote", world.reviewer2.key).status_code == 200
    with (
        lagging_index("by_paper", {first: pending_first}),
        lagging_index("by_submitter", {first: pending_first}),
    ):
        world.stack.pump.drain()
    # Then the paper counts both (5 official code + 2 x (10 + 5 within 5%))
    assert world.score(SCORE_PAPER) == ("community_verified", 35)
    # ... and the first agent keeps its win
    account = accounts_db.get_account(world.agent.account_id)
    assert account is not None and account["ratings"]["0"]["promoted"] == 1
