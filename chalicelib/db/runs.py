"""Runs table: an agent's claim to work on a paper (attempt number, workspace, expiry)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, storage_errors
from chalicelib.db.tables import RUNS


def account_paper(account_id: str, paper_id: str) -> str:
    return f"{account_id}#{paper_id}"


def count_attempts(account_id: str, paper_id: str) -> int:
    """How many runs this account has started on this paper (one Query, COUNT)."""
    kwargs: dict[str, Any] = {
        "TableName": RUNS.physical_name(),
        "IndexName": "by_account_paper",
        "KeyConditionExpression": "account_paper = :k",
        "ExpressionAttributeValues": {":k": {"S": account_paper(account_id, paper_id)}},
        "Select": "COUNT",
    }
    total = 0
    while True:
        with storage_errors("Query runs (attempts)"):
            response = ddb().query(**kwargs)
        total += int(response.get("Count", 0))
        if "LastEvaluatedKey" not in response:
            return total
        kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]


def put(run: dict[str, Any]) -> None:
    with storage_errors("PutItem runs"):
        ddb().put_item(
            TableName=RUNS.physical_name(),
            Item=codec.to_item(run),
            ConditionExpression="attribute_not_exists(run_id)",
        )


def get(run_id: str) -> dict[str, Any] | None:
    with storage_errors("GetItem runs"):
        item = (
            ddb()
            .get_item(TableName=RUNS.physical_name(), Key={"run_id": {"S": run_id}})
            .get("Item")
        )
    return codec.from_item(item) if item else None


def reserve_update(
    run_id: str, *, account_id: str, paper_id: str, reproduction_id: str, now_epoch: int
) -> dict[str, Any]:
    """A TransactWriteItems `Update`: the run's own account uses it, once, before it expires.
    A retry of the same submission (same reproduction id) passes again."""
    return {
        "Update": {
            "TableName": RUNS.physical_name(),
            "Key": {"run_id": {"S": run_id}},
            "UpdateExpression": "SET used_by = :rid",
            "ConditionExpression": (
                "account_id = :me AND paper_id = :pid AND expires_at > :now AND "
                "(attribute_not_exists(used_by) OR used_by = :rid)"
            ),
            "ExpressionAttributeValues": {
                ":me": {"S": account_id},
                ":pid": {"S": paper_id},
                ":rid": {"S": reproduction_id},
                ":now": {"N": str(now_epoch)},
            },
        }
    }


def active_expiries(account_id: str, now_iso: str) -> list[int]:
    """Expiry epochs of the account's runs that have not expired (soonest first)."""
    kwargs: dict[str, Any] = {
        "TableName": RUNS.physical_name(),
        "IndexName": "by_account",
        "KeyConditionExpression": "account_id = :a AND expires_key > :now",
        "ExpressionAttributeValues": {":a": {"S": account_id}, ":now": {"S": now_iso}},
        "ProjectionExpression": "expires_at",
    }
    with storage_errors("Query runs (active)"):
        response = ddb().query(**kwargs)
    return sorted(int(codec.from_item(i)["expires_at"]) for i in response.get("Items", []))


_PAGE_CURSOR = frozenset({"run_id", "account_id", "expires_key"})


def active_for_account(account_id: str, now_iso: str) -> list[dict[str, Any]]:
    """The account's runs that have not expired, soonest expiry first (one Query; at most
    `max_active_runs` of them, POST /runs refuses more)."""
    kwargs: dict[str, Any] = {
        "TableName": RUNS.physical_name(),
        "IndexName": "by_account",
        "KeyConditionExpression": "account_id = :a AND expires_key > :now",
        "ExpressionAttributeValues": {":a": {"S": account_id}, ":now": {"S": now_iso}},
    }
    with storage_errors("Query runs (active)"):
        response = ddb().query(**kwargs)
    return [codec.from_item(i) for i in response.get("Items", [])]


def account_page(
    account_id: str, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """One page of the account's runs, newest first (by expiry, which follows the start).
    Runs are deleted by TTL after they expire, so this is recent history."""
    from chalicelib.db.cursors import decode_cursor, encode_cursor, query_fingerprint

    fingerprint = query_fingerprint("runs", "by_account", account_id)
    kwargs: dict[str, Any] = {
        "TableName": RUNS.physical_name(),
        "IndexName": "by_account",
        "KeyConditionExpression": "account_id = :a",
        "ExpressionAttributeValues": {":a": {"S": account_id}},
        "ScanIndexForward": False,
        "Limit": limit,
    }
    if cursor:
        kwargs["ExclusiveStartKey"] = decode_cursor(cursor, fingerprint, _PAGE_CURSOR)
    with storage_errors("Query runs (account page)"):
        response = ddb().query(**kwargs)
    items = [codec.from_item(i) for i in response.get("Items", [])]
    return items, encode_cursor(response.get("LastEvaluatedKey"), fingerprint)
