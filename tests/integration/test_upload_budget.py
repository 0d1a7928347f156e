"""The hourly budget of granted upload bytes (POST /api/v1/uploads) on a fresh moto per test:
past it a grant is a 429 with Retry-After and nothing is stored, and parallel grants of one
account cannot pass it together (the condition is in the grant's own transaction)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from chalicelib.db import tables
from tests.conftest import AwsStack
from tests.conftest import test_client as client_for
from tests.integration.submission_world import World, build_world, run_together, scan, setting
from tests.integration.test_uploads import grant


@contextmanager
def budget(stack: AwsStack, tmp: Path, upload_bytes_per_hour: int) -> Iterator[World]:
    """A fresh world whose stage grants `upload_bytes_per_hour` (the setting is changed before
    the test client opens: the client swaps os.environ for the stage's config while open)."""
    with (
        setting("SOTAV_UPLOAD_BYTES_PER_HOUR", str(upload_bytes_per_hour)),
        client_for(stack) as client,
    ):
        yield build_world(stack, client, tmp)


def grants_of(account_id: str) -> int:
    return sum(1 for item in scan(tables.UPLOADS) if item["account_id"] == account_id)


def test_granted_bytes_past_the_hourly_budget_are_429_and_store_nothing(
    aws: AwsStack, tmp_path: Path
) -> None:
    with budget(aws, tmp_path, 3000) as world:
        agent, other = world.new_account(), world.new_account()
        first = grant(world, "run_log", 1000, key=agent.key)
        assert first.status_code == 201, first.body
        assert grant(world, "replay_log", 1500, key=agent.key).status_code == 201
        over = grant(world, "run_log", 501, key=agent.key)
        assert over.status_code == 429, over.body
        error = over.json_body["error"]
        assert error["code"] == "upload_quota_exceeded"
        assert "per hour" in error["message"] and "gzip" in error["message"]
        assert "(3000 bytes)" in error["message"]  # the exact budget, not only "2.9 KiB"
        assert 1 <= int(over.headers["Retry-After"]) <= 3600
        assert grants_of(agent.account_id) == 2  # the refused grant left nothing
        # what is left of the hour can still be granted, to the byte; other accounts
        # have budgets of their own
        assert grant(world, "run_log", 500, key=agent.key).status_code == 201
        assert grant(world, "run_log", 1, key=agent.key).status_code == 429
        assert grant(world, "run_log", 3000, key=other.key).status_code == 201
        # one grant larger than the whole budget can never pass: 422, saying so
        too_big = grant(world, "run_log", 3001, key=other.key)
        assert too_big.status_code == 422, too_big.body
        assert too_big.json_body["error"]["code"] == "upload_too_large"
    assert grants_of(agent.account_id) == 3 and grants_of(other.account_id) == 1


def test_parallel_grants_never_pass_the_hourly_budget_together(
    aws: AwsStack, tmp_path: Path, atomic_dynamodb: None
) -> None:
    with budget(aws, tmp_path, 3000) as world:
        agent = world.new_account()
        responses = run_together(
            *[lambda: grant(world, "run_log", 1000, key=agent.key) for _ in range(8)]
        )
    codes = sorted(r.status_code for r in responses)
    assert codes == [201] * 3 + [429] * 5, codes
    assert grants_of(agent.account_id) == 3
