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
    min_reproductions: int | None = None,
    status: str | None = None,
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query per page, newest/highest first. Filters other than a score floor on the score
    sort are applied to the page DynamoDB read, so a page may hold fewer than `limit` rows."""
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
    if min_reproductions is not None:
        names["#repros"] = "reproductions"
        values[":repros"] = {"N": str(min_reproductions)}
        filters.append("#repros >= :repros")
    if status is not None:
        names["#status"] = "status"
        values[":status"] = {"S": status}
        # rows stored before verdicts existed carry no status: they were untested
        filters.append(
            "#status = :status"
            if status != "untested"
            else "(#status = :status OR attribute_not_exists(#status))"
        )

    fingerprint = query_fingerprint(
        index, pk_value, min_score, trust_tier, min_reproductions, status
    )
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
        kwargs["ExclusiveStartKey"] = decode_cursor(
            cursor,
            fingerprint,
            _CURSOR_FIELDS,
            required=frozenset({"row_id", pk_name, sk_name}),
            partition=(pk_name, pk_value),
            sort_floor=(
                (sk_name, keys.score_key_floor(min_score))
                if min_score is not None and sort == "score"
                else None
            ),
        )
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
