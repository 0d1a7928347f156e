"""Reproductions table repository."""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, storage_errors
from chalicelib.db.tables import REPRODUCTIONS


def list_for_paper(paper_id: str) -> list[dict[str, Any]]:
    """Every reproduction of a paper, oldest first (follows pages)."""
    kwargs: dict[str, Any] = {
        "TableName": REPRODUCTIONS.physical_name(),
        "IndexName": "by_paper",
        "KeyConditionExpression": "paper_id = :p",
        "ExpressionAttributeValues": {":p": {"S": paper_id}},
    }
    items: list[dict[str, Any]] = []
    while True:
        with storage_errors("Query reproductions by paper"):
            response = ddb().query(**kwargs)
        items.extend(codec.from_item(i) for i in response.get("Items", []))
        if "LastEvaluatedKey" not in response:
            return items
        kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]
