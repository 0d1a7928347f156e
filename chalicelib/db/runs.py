"""Runs table: an agent's claim to work on a paper (attempt number, workspace, expiry).

Besides the runs (TTL'd, `run_id` "u..."), the table holds two kinds of bookkeeping items per
account, which never expire and are not in its indexes:
- `ATTEMPTS#<account>#<paper>` {n}: the account's attempt counter on the paper. Starting a run
  takes the next number (one atomic ADD), and a reproduction submitted without a run uses up
  attempt 1 (in its transaction), so an attempt number is never handed out twice, whatever
  expires or runs in parallel.
- `ACTIVE#<account>` {runs: {run_id: expires_at}}: the account's active runs. A start adds its
  run under a condition on the map's size (expired entries it removes counted out), so the
  cap holds under parallel starts; a reproduction that uses a run removes it in its own
  transaction, so a used run stops being active at once.
"""

from __future__ import annotations

import contextlib
from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, error_code, storage_errors
from chalicelib.db.tables import RUNS

MAX_CLAIM_ROUNDS = 8


def account_paper(account_id: str, paper_id: str) -> str:
    return f"{account_id}#{paper_id}"


def _attempts_key(account_id: str, paper_id: str) -> dict[str, Any]:
    return {"run_id": {"S": f"ATTEMPTS#{account_id}#{paper_id}"}}


def _active_key(account_id: str) -> dict[str, Any]:
    return {"run_id": {"S": f"ACTIVE#{account_id}"}}


def next_attempt(account_id: str, paper_id: str) -> int:
    """The account's next attempt number on the paper (1, 2, ...), taken atomically."""
    with storage_errors("UpdateItem runs (attempts)"):
        response = ddb().update_item(
            TableName=RUNS.physical_name(),
            Key=_attempts_key(account_id, paper_id),
            UpdateExpression="ADD n :one",
            ExpressionAttributeValues={":one": {"N": "1"}},
            ReturnValues="UPDATED_NEW",
        )
    return int(response["Attributes"]["n"]["N"])


def first_attempt_used(account_id: str, paper_id: str) -> dict[str, Any]:
    """A TransactWriteItems `Update`: a reproduction without a run uses up attempt 1."""
    return {
        "Update": {
            "TableName": RUNS.physical_name(),
            "Key": _attempts_key(account_id, paper_id),
            "UpdateExpression": "SET n = if_not_exists(n, :one)",
            "ExpressionAttributeValues": {":one": {"N": "1"}},
        }
    }


def claim_active_slot(
    account_id: str, run_id: str, expires_at: int, now: int, cap: int
) -> list[int] | None:
    """Add `run_id` to the account's active runs if fewer than `cap` are active (expired ones
    are dropped in the same write). Returns None on success, else the expiries of the active
    runs (soonest first) for the caller's Retry-After."""
    from botocore.exceptions import ClientError

    for _ in range(MAX_CLAIM_ROUNDS):
        current = _active_runs(account_id)
        if current is None:
            with storage_errors("PutItem runs (active)"):
                try:
                    ddb().put_item(
                        TableName=RUNS.physical_name(),
                        Item={
                            **_active_key(account_id),
                            "runs": {"M": {run_id: {"N": str(expires_at)}}},
                        },
                        ConditionExpression="attribute_not_exists(run_id)",
                    )
                    return None
                except ClientError as exc:
                    if error_code(exc) != "ConditionalCheckFailedException":
                        raise
            continue  # created meanwhile: read it and go on
        live = sorted(e for e in current.values() if e > now)
        if len(live) >= cap:
            return live
        expired = [rid for rid, e in current.items() if e <= now][:50]
        names = {"#new": run_id, **{f"#e{i}": rid for i, rid in enumerate(expired)}}
        condition = " AND ".join(
            ["size(runs) < :limit", *(f"attribute_exists(runs.#e{i})" for i in range(len(expired)))]
        )
        update = "SET runs.#new = :expires"
        if expired:
            update += " REMOVE " + ", ".join(f"runs.#e{i}" for i in range(len(expired)))
        with storage_errors("UpdateItem runs (active)"):
            try:
                ddb().update_item(
                    TableName=RUNS.physical_name(),
                    Key=_active_key(account_id),
                    UpdateExpression=update,
                    ConditionExpression=condition,
                    ExpressionAttributeNames=names,
                    ExpressionAttributeValues={
                        ":expires": {"N": str(expires_at)},
                        ":limit": {"N": str(cap + len(expired))},
                    },
                )
                return None
            except ClientError as exc:
                if error_code(exc) != "ConditionalCheckFailedException":
                    raise
    return sorted(e for e in (_active_runs(account_id) or {}).values() if e > now) or [now + 1]


def release_active_slot(account_id: str, run_id: str) -> dict[str, Any]:
    """A TransactWriteItems `Update`: the run is used, so no longer active."""
    return {
        "Update": {
            "TableName": RUNS.physical_name(),
            "Key": _active_key(account_id),
            "UpdateExpression": "REMOVE runs.#rid",
            "ConditionExpression": "attribute_exists(runs)",
            "ExpressionAttributeNames": {"#rid": run_id},
        }
    }


def drop_active_slot(account_id: str, run_id: str) -> None:
    """Undo a claimed slot whose run could not be stored (best effort)."""
    from botocore.exceptions import BotoCoreError, ClientError

    with contextlib.suppress(ClientError, BotoCoreError):
        ddb().update_item(
            TableName=RUNS.physical_name(),
            Key=_active_key(account_id),
            UpdateExpression="REMOVE runs.#rid",
            ConditionExpression="attribute_exists(runs)",
            ExpressionAttributeNames={"#rid": run_id},
        )


def _active_runs(account_id: str) -> dict[str, int] | None:
    with storage_errors("GetItem runs (active)"):
        item = (
            ddb()
            .get_item(
                TableName=RUNS.physical_name(), Key=_active_key(account_id), ConsistentRead=True
            )
            .get("Item")
        )
    if item is None:
        return None
    return {rid: int(v) for rid, v in codec.from_item(item).get("runs", {}).items()}


def active_expiries(account_id: str, now: int) -> list[int]:
    """Expiry epochs of the account's active runs (soonest first)."""
    return sorted(e for e in (_active_runs(account_id) or {}).values() if e > now)


def put(run: dict[str, Any]) -> None:
    with storage_errors("PutItem runs"):
        ddb().put_item(
            TableName=RUNS.physical_name(),
            Item=codec.to_item(run),
            ConditionExpression="attribute_not_exists(run_id)",
        )


def get(run_id: str, *, consistent: bool = False) -> dict[str, Any] | None:
    if not run_id.startswith("u"):
        return None  # bookkeeping items are not runs
    with storage_errors("GetItem runs"):
        item = (
            ddb()
            .get_item(
                TableName=RUNS.physical_name(),
                Key={"run_id": {"S": run_id}},
                ConsistentRead=consistent,
            )
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
        kwargs["ExclusiveStartKey"] = decode_cursor(
            cursor, fingerprint, _PAGE_CURSOR, partition=("account_id", account_id)
        )
    with storage_errors("Query runs (account page)"):
        response = ddb().query(**kwargs)
    items = [codec.from_item(i) for i in response.get("Items", [])]
    return items, encode_cursor(response.get("LastEvaluatedKey"), fingerprint)
