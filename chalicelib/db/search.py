"""Search table: the inverted index of paper words (keys.py)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.cursors import decode_cursor, encode_cursor, query_fingerprint
from chalicelib.db.dynamo import ddb, storage_errors
from chalicelib.db.tables import SEARCH

_CURSOR_FIELDS = frozenset({"row_id", "word", "rank_key"})


def search_page(
    key_word: str, other_words: list[str], limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query on the key word's partition, best first; rows must also have every other
    word (a filter, so a page may hold fewer than `limit` rows)."""
    fingerprint = query_fingerprint("search", key_word, sorted(other_words))
    names = {"#word": "word"}
    values: dict[str, Any] = {":word": {"S": key_word}}
    kwargs: dict[str, Any] = {
        "TableName": SEARCH.physical_name(),
        "IndexName": "by_word",
        "KeyConditionExpression": "#word = :word",
        "ScanIndexForward": False,
        "Limit": limit,
    }
    if other_words:
        names["#words"] = "words"
        conditions = []
        for i, word in enumerate(other_words):
            values[f":w{i}"] = {"S": word}
            conditions.append(f"contains(#words, :w{i})")
        kwargs["FilterExpression"] = " AND ".join(conditions)
    kwargs["ExpressionAttributeNames"] = names
    kwargs["ExpressionAttributeValues"] = values
    if cursor:
        kwargs["ExclusiveStartKey"] = decode_cursor(
            cursor, fingerprint, _CURSOR_FIELDS, partition=("word", key_word)
        )
    with storage_errors("Query search"):
        response = ddb().query(**kwargs)
    items = [codec.from_item(i) for i in response.get("Items", [])]
    return items, encode_cursor(response.get("LastEvaluatedKey"), fingerprint)
