"""Opaque page cursors: DynamoDB's LastEvaluatedKey, bound to the query that produced it.

A cursor is trusted for nothing: decoding checks that it is JSON (of any nesting depth: a
RecursionError is a refusal too) made for this query (the fingerprint), that it names
exactly the key attributes of the table and index being read, each a short string of valid
Unicode (no lone surrogate), that its partition value is the query's, and that its sort key
lies within the query's key condition. Anything else is 400 `invalid_cursor`, never a request
that DynamoDB would refuse (the storage layer also maps such a refusal to 400)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Any

from chalicelib.errors import InvalidRequest

MAX_VALUE_CHARS = 1024


class InvalidCursor(InvalidRequest):
    code = "invalid_cursor"


def query_fingerprint(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:12]


def encode_cursor(last_key: dict[str, Any] | None, fingerprint: str) -> str | None:
    if not last_key:
        return None
    plain = {k: v["S"] for k, v in last_key.items()}
    raw = json.dumps({"k": plain, "f": fingerprint}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(
    cursor: str,
    fingerprint: str,
    fields: frozenset[str],
    *,
    required: frozenset[str] | None = None,
    partition: tuple[str, str] | None = None,
    sort_floor: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """The ExclusiveStartKey of a cursor. `fields`: attributes a cursor may name; `required`:
    exactly the key attributes of the table and index read (default: `fields`);
    `partition`: (attribute, value) the query reads; `sort_floor`: (attribute, lowest value)
    when the key condition bounds the sort key from below. Anything else: 400."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode("ascii")))
        plain = data["k"]
        ok = (
            isinstance(plain, dict)
            and data.get("f") == fingerprint
            and set(plain) == (required if required is not None else fields)
            and set(plain) <= fields
            and all(isinstance(v, str) and 0 < len(v) <= MAX_VALUE_CHARS for v in plain.values())
        )
        if ok:  # a stored key is UTF-8: a lone surrogate never came from a real page
            "".join(plain.values()).encode("utf-8")
        if ok and partition is not None:
            ok = plain.get(partition[0]) == partition[1]
        if ok and sort_floor is not None:
            ok = str(plain.get(sort_floor[0], "")) >= sort_floor[1]
    except (
        ValueError,
        KeyError,
        TypeError,
        UnicodeError,
        AttributeError,
        RecursionError,
        binascii.Error,
    ):
        ok = False
    if not ok:
        raise InvalidCursor(
            "cursor is not valid for this query; pass next_cursor from the previous page "
            "unchanged, with the same filters"
        )
    return {k: {"S": v} for k, v in plain.items()}
