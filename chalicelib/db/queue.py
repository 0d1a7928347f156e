"""Queue and agent-rating index tables (see keys.py)."""

from __future__ import annotations

import contextlib
from decimal import Decimal
from typing import Any

from chalicelib.db import codec
from chalicelib.db.cursors import decode_cursor, encode_cursor, query_fingerprint
from chalicelib.db.dynamo import batch_get, batch_write, ddb, error_code, storage_errors
from chalicelib.db.tables import AGENT_RATINGS, QUEUE

_QUEUE_CURSOR = frozenset({"row_id", "task_slug", "priority_key"})
_RATING_CURSOR = frozenset({"row_id", "tier", "rating_key"})


def _page(
    table: str,
    index: str,
    key_name: str,
    key_value: str,
    limit: int,
    cursor: str | None,
    fields: frozenset[str],
    max_gpu_hours: float | None = None,
) -> tuple[list[dict[str, Any]], str | None]:
    parts: tuple[object, ...] = (table, index, key_value)
    fingerprint = (
        query_fingerprint(*parts, max_gpu_hours)
        if max_gpu_hours is not None
        else (query_fingerprint(*parts))
    )
    kwargs: dict[str, Any] = {
        "TableName": table,
        "IndexName": index,
        "KeyConditionExpression": "#k = :v",
        "ExpressionAttributeNames": {"#k": key_name},
        "ExpressionAttributeValues": {":v": {"S": key_value}},
        "ScanIndexForward": False,
        "Limit": limit,
    }
    if max_gpu_hours is not None:  # unknown estimates stay: nobody knows they are too costly
        kwargs["FilterExpression"] = "attribute_not_exists(est_gpu_hours) OR est_gpu_hours <= :g"
        kwargs["ExpressionAttributeValues"][":g"] = {"N": gpu_hours_bound(max_gpu_hours)}
    if cursor:
        kwargs["ExclusiveStartKey"] = decode_cursor(
            cursor, fingerprint, fields, partition=(key_name, key_value)
        )
    with storage_errors(f"Query {index}"):
        response = ddb().query(**kwargs)
    items = [codec.from_item(i) for i in response.get("Items", [])]
    return items, encode_cursor(response.get("LastEvaluatedKey"), fingerprint)


def queue_page(
    task_slug: str, limit: int, cursor: str | None, max_gpu_hours: float | None = None
) -> tuple[list[dict[str, Any]], str | None]:
    return _page(
        QUEUE.physical_name(),
        "by_task_priority",
        "task_slug",
        task_slug,
        limit,
        cursor,
        _QUEUE_CURSOR,
        max_gpu_hours,
    )


def active_runs(paper_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The `<paper_id>#runs` items (run_id -> {account_id, expires_at}) for these papers."""
    if not paper_ids:
        return {}
    keys = [{"row_id": {"S": f"{pid}#runs"}} for pid in dict.fromkeys(paper_ids)]
    items = [codec.from_item(i) for i in batch_get(QUEUE.physical_name(), keys)]
    return {item["row_id"].removesuffix("#runs"): item.get("runs", {}) for item in items}


def record_run(paper_id: str, run_id: str, account_id: str, expires_at: int, now: int) -> None:
    """Add a run to the paper's active-run item, dropping runs that have expired. Each start
    writes only its own entry (and removes expired ones), so parallel starts lose nothing."""
    from botocore.exceptions import ClientError

    key = {"row_id": {"S": f"{paper_id}#runs"}}
    entry = codec.to_value({"account_id": account_id, "expires_at": expires_at})
    current = active_runs([paper_id]).get(paper_id)
    for _ in range(8):
        if current is None:
            with storage_errors("PutItem queue runs"):
                try:
                    ddb().put_item(
                        TableName=QUEUE.physical_name(),
                        Item={**key, "paper_id": {"S": paper_id}, "runs": {"M": {run_id: entry}}},
                        ConditionExpression="attribute_not_exists(row_id)",
                    )
                    return
                except ClientError as exc:
                    if error_code(exc) != "ConditionalCheckFailedException":
                        raise
            current = {}
            continue
        expired = [rid for rid, r in current.items() if int(r["expires_at"]) <= now][:50]
        names = {"#new": run_id, **{f"#e{i}": rid for i, rid in enumerate(expired)}}
        update = "SET runs.#new = :entry"
        if expired:
            update += " REMOVE " + ", ".join(f"runs.#e{i}" for i in range(len(expired)))
        with storage_errors("UpdateItem queue runs"):
            ddb().update_item(
                TableName=QUEUE.physical_name(),
                Key=key,
                UpdateExpression=update,
                ConditionExpression="attribute_exists(runs)",
                ExpressionAttributeNames=names,
                ExpressionAttributeValues={":entry": entry},
            )
        return


def forget_run(paper_id: str, run_id: str) -> None:
    """A used run no longer discounts the paper in the queue (best effort: the read side also
    ignores expired runs)."""
    from botocore.exceptions import BotoCoreError, ClientError

    with contextlib.suppress(ClientError, BotoCoreError):
        ddb().update_item(
            TableName=QUEUE.physical_name(),
            Key={"row_id": {"S": f"{paper_id}#runs"}},
            UpdateExpression="REMOVE runs.#rid",
            ConditionExpression="attribute_exists(runs)",
            ExpressionAttributeNames={"#rid": run_id},
        )


def ratings_page(
    tier: int, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    return _page(
        AGENT_RATINGS.physical_name(), "by_rating", "tier", str(tier), limit, cursor, _RATING_CURSOR
    )


def write_rating_rows(rows: list[dict[str, Any]], stale_row_ids: list[str]) -> None:
    requests: list[dict[str, Any]] = [{"PutRequest": {"Item": codec.to_item(r)}} for r in rows]
    requests += [{"DeleteRequest": {"Key": {"row_id": {"S": rid}}}} for rid in stale_row_ids]
    if requests:
        batch_write(AGENT_RATINGS.physical_name(), requests)


# Below this a bound keeps what 0 keeps: a positive estimate is at least one GPU-millisecond
# (2.8e-7 hours), and DynamoDB refuses numbers below 1e-130 (the API allows 1e-300).
_NO_GPU_HOURS = 1e-9


def gpu_hours_bound(max_gpu_hours: float) -> str:
    """The filter's bound as a plain DynamoDB number, exactly the float the client sent (a
    bound rounded down would drop papers estimated at exactly the bound)."""
    if max_gpu_hours < _NO_GPU_HOURS:
        return "0.0"
    return format(Decimal(repr(max_gpu_hours)), "f")
