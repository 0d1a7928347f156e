"""Tasks table: task partitions (membership, summary, datasets) and the task list (keys.py)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec, keys
from chalicelib.db.cursors import decode_cursor, encode_cursor, query_fingerprint
from chalicelib.db.dynamo import batch_write, ddb, query_all, storage_errors
from chalicelib.db.tables import TASKS

MAX_NAME_PAGES = 10  # "did you mean" reads at most this many pages of task names


def partition(task_slug: str) -> list[dict[str, Any]]:
    """Every row of a task (summary, datasets, memberships), strongly consistent: the task
    recompute's input."""
    return query_all(
        {
            "TableName": TASKS.physical_name(),
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": {":pk": {"S": keys.task_pk(task_slug)}},
            "ConsistentRead": True,
        },
        "Query tasks (partition)",
    )


def task_view(task_slug: str) -> list[dict[str, Any]]:
    """A task's summary and dataset rows, without its membership rows (sk < "P#")."""
    return query_all(
        {
            "TableName": TASKS.physical_name(),
            "KeyConditionExpression": "pk = :pk AND sk < :members",
            "ExpressionAttributeValues": {
                ":pk": {"S": keys.task_pk(task_slug)},
                ":members": {"S": keys.task_member_sk("")},
            },
        },
        "Query tasks (task)",
    )


def list_page(sort: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """One page of task summaries: by slug (`name`) or most papers first (`papers`)."""
    index = "by_name" if sort == "name" else "by_papers"
    fingerprint = query_fingerprint("tasks", index)
    kwargs: dict[str, Any] = {
        "TableName": TASKS.physical_name(),
        "IndexName": index,
        "KeyConditionExpression": "listed = :listed",
        "ExpressionAttributeValues": {":listed": {"S": keys.TASK_LISTED}},
        "ScanIndexForward": sort == "name",
        "Limit": limit,
    }
    if cursor:
        sort_key = "task_slug" if index == "by_name" else "papers_key"
        kwargs["ExclusiveStartKey"] = decode_cursor(
            cursor,
            fingerprint,
            frozenset({"pk", "sk", "listed", sort_key}),
            partition=("listed", keys.TASK_LISTED),
        )
    with storage_errors("Query tasks (list)"):
        response = ddb().query(**kwargs)
    items = [codec.from_item(i) for i in response.get("Items", [])]
    return items, encode_cursor(response.get("LastEvaluatedKey"), fingerprint)


def task_names() -> dict[str, str]:
    """slug -> name of every listed task (for "did you mean"; bounded by MAX_NAME_PAGES)."""
    kwargs: dict[str, Any] = {
        "TableName": TASKS.physical_name(),
        "IndexName": "by_name",
        "KeyConditionExpression": "listed = :listed",
        "ExpressionAttributeValues": {":listed": {"S": keys.TASK_LISTED}},
        "ProjectionExpression": "task_slug, task",
    }
    names: dict[str, str] = {}
    for _ in range(MAX_NAME_PAGES):
        with storage_errors("Query tasks (names)"):
            response = ddb().query(**kwargs)
        for item in map(codec.from_item, response.get("Items", [])):
            names[item["task_slug"]] = item["task"]
        if "LastEvaluatedKey" not in response:
            break
        kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
    return names


def write_rows(puts: list[dict[str, Any]], deletes: list[dict[str, str]]) -> int:
    requests: list[dict[str, Any]] = [{"PutRequest": {"Item": codec.to_item(r)}} for r in puts]
    requests += [{"DeleteRequest": {"Key": codec.to_item(k)}} for k in deletes]
    return batch_write(TASKS.physical_name(), requests) if requests else 0
