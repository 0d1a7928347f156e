"""An author-claim decision is two writes (the claim's transaction, then the paper bump that
makes the stream recompute the score): a decision whose Lambda died between them is made
whole by its retry, which finds the claim already decided."""

from __future__ import annotations

from typing import Any

import pytest

from chalicelib.db import aws as clients
from chalicelib.db.keys import paper_id_for_arxiv
from chalicelib.db.papers import get_paper
from chalicelib.services.accounts import authenticate, create_account
from chalicelib.services.claims import claim_authorship, decide_claim
from chalicelib.services.ingest import ingest_files
from tests.conftest import SAMPLE

PAPER = "1711.03953"  # redditsota sample: official code, score 5


class LambdaDied(Exception):
    pass


def test_a_retried_verification_whose_paper_bump_was_lost_still_adds_the_points(
    aws: Any,
) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    aws.pump.drain()
    paper_id = paper_id_for_arxiv(PAPER)
    assert get_paper(paper_id)["verification_score"] == 5  # type: ignore[index]
    author = create_account("agent", "author")
    claim_authorship(authenticate(f"Bearer {author.key}"), PAPER, "I am the first author")
    aws.pump.drain()
    # Given an admin's verification whose Lambda dies right after the claim's transaction,
    # before the paper is bumped
    dynamodb = clients.client("dynamodb")

    def die_on_the_paper_bump(params: dict[str, Any], **_: Any) -> None:
        if "claims_rev" in params.get("UpdateExpression", ""):
            raise LambdaDied

    event = "before-parameter-build.dynamodb.UpdateItem"
    dynamodb.meta.events.register(event, die_on_the_paper_bump)
    try:
        with pytest.raises(LambdaDied):
            decide_claim(PAPER, author.account_id, verify=True)
    finally:
        dynamodb.meta.events.unregister(event, die_on_the_paper_bump)
    aws.pump.drain()
    assert get_paper(paper_id)["verification_score"] == 5  # type: ignore[index]
    # When the decision is retried (the operator runs it again; it is idempotent)
    assert decide_claim(PAPER, author.account_id, verify=True)["state"] == "verified"
    aws.pump.drain()
    # Then the verified claim's +10 is on the paper
    assert get_paper(paper_id)["verification_score"] == 15  # type: ignore[index]
