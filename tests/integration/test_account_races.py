"""Revoking an account while a key is being created for it (the admin CLI run by two
operators, or a script): whatever the interleaving, no live key is left on a revoked account.
The rule is in the conditional writes (a key joins its account only while the account is not
revoked; a revocation revokes the keys its own write returns), not in a read before them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from chalicelib.db.dynamo import ddb
from chalicelib.errors import InvalidRequest
from chalicelib.services import accounts
from chalicelib.services.accounts import Unauthenticated
from tests.conftest import AwsStack


def _before(operation: str, names: str, then: Callable[[], Any]) -> Callable[[], None]:
    """Run `then` once, just before the first DynamoDB `operation` whose parameters mention
    `names`, as if another operator's command ran at that moment. Returns the unhook."""
    pending = [then]

    def hook(params: dict[str, Any], **_: Any) -> None:
        if pending and names in json.dumps(params, default=str):
            pending.pop()()

    events = ddb().meta.events
    event = f"before-call.dynamodb.{operation}"
    events.register(event, hook)
    return lambda: events.unregister(event, hook)


def _live(key: str) -> bool:
    try:
        accounts.authenticate(f"Bearer {key}")
    except Unauthenticated:
        return False
    return True


# Every write of a key creation, and the revocation's own write: the moments another
# operator's command can fall between.
CREATE_STEPS = [("GetItem", "ACCOUNT#"), ("BatchWriteItem", "KEY#"), ("UpdateItem", "key_hashes")]


@pytest.mark.parametrize(("operation", "names"), CREATE_STEPS)
def test_a_key_created_while_its_account_is_revoked_is_never_live(
    aws: AwsStack, operation: str, names: str
) -> None:
    account_id = accounts.create_account("agent", "racer").account_id
    # Given an account revoked at some moment of a key's creation
    unhook = _before(operation, names, lambda: accounts.revoke_account(account_id))
    try:
        # When the key is created, then it is refused, or it is not live
        try:
            new = accounts.create_key(account_id)
        except InvalidRequest:
            return
    finally:
        unhook()
    assert not _live(new.key)


@pytest.mark.parametrize(("operation", "names"), [("UpdateItem", "revoked_at")])
def test_a_revocation_revokes_a_key_created_during_it(
    aws: AwsStack, operation: str, names: str
) -> None:
    account_id = accounts.create_account("agent", "racer").account_id
    created: list[str] = []
    # Given a key created just before the revocation's write (after anything it read)
    unhook = _before(operation, names, lambda: created.append(accounts.create_key(account_id).key))
    try:
        # When the revocation completes
        accounts.revoke_account(account_id)
    finally:
        unhook()
    # Then the key created meanwhile is revoked too
    assert created and not _live(created[0])
