"""Writes to one reproduction that land in another order than their times say.

Each writer of a reproduction (the submission, a reviewer's decision, a validator's verdict, a
copy's mark) computes its time before its write reaches DynamoDB, and Lambdas' clocks differ:
a write can land after another one yet carry an earlier `updated_at`. The recomputes order
their results by what they read (a paper's score, an agent's ratings), and must not take that
earlier time for older inputs: the newest write always reaches the score.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from chalicelib.db import accounts as accounts_db
from chalicelib.db import reproductions as reproductions_db
from tests.integration.submission_world import SCORE_PAPER, World


@contextmanager
def before_decision_lands(then: Any) -> Iterator[None]:
    """Run `then` once, after a reviewer's decision has its time and before its UpdateItem is
    sent (a request in flight while another write lands)."""
    from chalicelib.db.dynamo import ddb

    done: list[bool] = []

    def hook(params: dict[str, Any], **_: Any) -> None:
        if done or "decided_by" not in str(params.get("UpdateExpression", "")):
            return
        done.append(True)
        then()

    events = ddb().meta.events
    events.register("before-parameter-build.dynamodb.UpdateItem", hook)
    try:
        yield
    finally:
        events.unregister("before-parameter-build.dynamodb.UpdateItem", hook)
    assert done, "no decision was written"


def test_a_promotion_timed_before_a_verdict_that_landed_first_still_counts(world: World) -> None:
    # Given a validated submission, its paper recomputed and its agent rated
    rid = world.created(paper_id=SCORE_PAPER)["reproduction_id"]
    world.stack.pump.drain()
    assert world.score(SCORE_PAPER) == ("agent_pending", 5)
    pending = reproductions_db.get(rid, consistent=True)
    assert pending is not None and pending["validation"]["state"] == "passed"

    def verdict_lands() -> None:
        # a validator's new verdict (still passed; one check reworded), stored, and its
        # stream record handled, while the reviewer's decision is in flight
        validation = {**pending["validation"]}
        reread = {"name": "reread", "ok": True, "detail": "read again"}
        validation["checks"] = [*validation["checks"], reread]
        now = datetime.now(UTC).isoformat(timespec="microseconds")
        assert reproductions_db.store_verdict(
            rid, validation, pending.get("trajectory"), int(pending["trust_tier"]), now
        )
        world.stack.pump.drain()

    # When a reviewer promotes it, and the verdict lands between the decision's time and its
    # write (the decision's `updated_at` is earlier than the verdict's)
    with before_decision_lands(verdict_lands):
        assert world.decide(rid, "promote", world.reviewer.key).status_code == 200
    world.stack.pump.drain()
    # Then the paper's score counts it (+10 reproduction, +5 within 5%) ...
    assert world.score(SCORE_PAPER) == ("community_verified", 20)
    # ... and the agent's rating has the win
    account = accounts_db.get_account(world.agent.account_id)
    assert account is not None and account["ratings"]["0"]["promoted"] == 1


def test_a_stamp_stored_before_revisions_were_counted_never_refuses_a_recompute(
    world: World,
) -> None:
    from chalicelib.db import aws as clients
    from chalicelib.db import papers as papers_db
    from chalicelib.db import tables
    from chalicelib.services.recompute import recompute_paper

    # Given a paper whose stored result carries a stamp of the earlier format (the count, then
    # the latest `updated_at`) for its one reproduction, and that reproduction promoted since
    rid = world.created(paper_id=SCORE_PAPER)["reproduction_id"]
    world.stack.pump.drain()
    assert world.decide(rid, "promote", world.reviewer.key).status_code == 200
    paper = papers_db.get_paper(world.get(f"/api/v1/papers/{SCORE_PAPER}")[1]["paper_id"])
    assert paper is not None
    clients.client("dynamodb").update_item(  # as the earlier code stored it
        TableName=tables.PAPERS.physical_name(),
        Key={"paper_id": {"S": paper["paper_id"]}},
        UpdateExpression="SET computed_repro_stamp = :old, verification_score = :five",
        ExpressionAttributeValues={
            ":old": {"S": "00000001#2099-12-31T23:59:59.999999+00:00"},
            ":five": {"N": "5"},
        },
    )
    assert world.score(SCORE_PAPER)[1] == 5
    # When the paper is recomputed
    assert recompute_paper(paper["paper_id"])
    # Then the new result is stored
    assert world.score(SCORE_PAPER) == ("community_verified", 20)
