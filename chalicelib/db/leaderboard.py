"""Leaderboard table: one row per (paper, task, dataset), queried by task (and dataset)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec, keys
from chalicelib.db.cursors import decode_cursor, encode_cursor, query_fingerprint
from chalicelib.db.dynamo import ddb, storage_errors
from chalicelib.db.tables import LEADERBOARD

_CURSOR_FIELDS = frozenset({"row_id", "task_slug", "task_dataset", "score_key", "date_key"})


def query_rows(
    *,
    task_slug: str,
    dataset_slug: str | None,
    sort: str,
    min_score: int | None,
    trust_tier: int | None,
    limit: int,
    cursor: str | None,
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query per page, newest/highest first."""
    scope = "by_task_dataset" if dataset_slug is not None else "by_task"
    index = f"{scope}_{'score' if sort == 'score' else 'date'}"
    if dataset_slug is not None:
        pk_name, pk_value = "task_dataset", keys.task_dataset_key(task_slug, dataset_slug)
    else:
        pk_name, pk_value = "task_slug", task_slug
    sk_name = "score_key" if sort == "score" else "date_key"

    names = {"#pk": pk_name}
    values: dict[str, Any] = {":pk": {"S": pk_value}}
    condition = "#pk = :pk"
    filters = []
    if min_score is not None:
        if sort == "score":
            names["#sk"] = sk_name
            values[":floor"] = {"S": keys.score_key_floor(min_score)}
            condition += " AND #sk >= :floor"
        else:
            names["#score"] = "verification_score"
            values[":min_score"] = {"N": str(min_score)}
            filters.append("#score >= :min_score")
    if trust_tier is not None:
        names["#tier"] = "max_trust_tier"
        values[":tier"] = {"N": str(trust_tier)}
        filters.append("#tier >= :tier")

    fingerprint = query_fingerprint(index, pk_value, min_score, trust_tier)
    kwargs: dict[str, Any] = {
        "TableName": LEADERBOARD.physical_name(),
        "IndexName": index,
        "KeyConditionExpression": condition,
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": values,
        "ScanIndexForward": False,
        "Limit": limit,
    }
    if filters:
        kwargs["FilterExpression"] = " AND ".join(filters)
    if cursor:
        kwargs["ExclusiveStartKey"] = decode_cursor(cursor, fingerprint, _CURSOR_FIELDS)
    with storage_errors("Query leaderboard"):
        response = ddb().query(**kwargs)
    rows = [codec.from_item(item) for item in response.get("Items", [])]
    return rows, encode_cursor(response.get("LastEvaluatedKey"), fingerprint)


def has_rows(task_slug: str, dataset_slug: str | None) -> bool:
    """Whether any row exists for the task (and dataset): one Query with Limit 1."""
    if dataset_slug is not None:
        index, name, value = (
            "by_task_dataset_score",
            "task_dataset",
            keys.task_dataset_key(task_slug, dataset_slug),
        )
    else:
        index, name, value = "by_task_score", "task_slug", task_slug
    with storage_errors("Query leaderboard (exists)"):
        response = ddb().query(
            TableName=LEADERBOARD.physical_name(),
            IndexName=index,
            KeyConditionExpression="#k = :v",
            ExpressionAttributeNames={"#k": name},
            ExpressionAttributeValues={":v": {"S": value}},
            ProjectionExpression="row_id",
            Limit=1,
        )
    return bool(response.get("Items"))
