"""Recomputes triggered by the reproductions stream read a paper's (and an agent's)
reproductions through a global secondary index, and DynamoDB never reads a GSI consistently:
right after a write, the index may still show the item as it was (moto's indexes are always
current, so the tests show the recompute a stale index). The stream record itself carries the
new item, so a promotion's own record must move the score and the rating, even when the index
has not caught up and no later event comes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chalicelib.db import accounts as accounts_db
from chalicelib.db import reproductions as reproductions_db
from tests.conftest import AwsStack
from tests.integration.test_submissions import SCORE_PAPER, World, build_world


@pytest.fixture
def world(aws: AwsStack, api: Any, tmp_path: Path) -> World:
    return build_world(aws, api, tmp_path)


def _as_before(
    monkeypatch: pytest.MonkeyPatch, name: str, before: dict[str, dict[str, Any]]
) -> None:
    """`reproductions_db.<name>` answers each item as it was in `before` (a lagging index)."""
    real: Callable[[str], list[dict[str, Any]]] = getattr(reproductions_db, name)

    def lagging(key: str) -> list[dict[str, Any]]:
        return [before.get(item["reproduction_id"], item) for item in real(key)]

    monkeypatch.setattr(reproductions_db, name, lagging)


def test_a_promotion_moves_the_score_and_rating_while_the_index_lags(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a validated submission, its paper recomputed and its agent rated
    rid = world.created(paper_id=SCORE_PAPER)["reproduction_id"]
    world.stack.pump.drain()
    assert world.score(SCORE_PAPER) == ("agent_pending", 5)
    pending = reproductions_db.get(rid)
    assert pending is not None and pending["validation"]["state"] == "passed"
    # When a reviewer promotes it, and the indexes still show it pending when the stream's
    # record of the promotion is handled
    assert world.decide(rid, "promote", world.reviewer.key).status_code == 200
    _as_before(monkeypatch, "list_for_paper", {rid: pending})
    _as_before(monkeypatch, "list_for_submitter", {rid: pending})
    world.stack.pump.drain()
    # Then the paper's score counts it (+10 reproduction, +5 within 5%) ...
    assert world.score(SCORE_PAPER) == ("community_verified", 20)
    # ... and the agent's rating has the win
    account = accounts_db.get_account(world.agent.account_id)
    assert account is not None and account["ratings"]["0"]["promoted"] == 1
