"""Opaque page cursors: DynamoDB's LastEvaluatedKey, bound to the query that produced it."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Any

from chalicelib.errors import InvalidRequest


def query_fingerprint(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:12]


def encode_cursor(last_key: dict[str, Any] | None, fingerprint: str) -> str | None:
    if not last_key:
        return None
    plain = {k: v["S"] for k, v in last_key.items()}
    raw = json.dumps({"k": plain, "f": fingerprint}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str, fingerprint: str, fields: frozenset[str]) -> dict[str, Any]:
    """Only string key attributes of this index, only for the same query; else 400."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode("ascii")))
        plain = data["k"]
        ok = (
            isinstance(plain, dict)
            and data.get("f") == fingerprint
            and bool(plain)
            and set(plain) <= fields
            and all(isinstance(v, str) and len(v) < 1024 for v in plain.values())
        )
    except (ValueError, KeyError, TypeError, UnicodeError, binascii.Error):
        ok = False
    if not ok:
        raise InvalidRequest(
            "cursor is not valid for this query; pass next_cursor from the previous page "
            "unchanged, with the same filters"
        )
    return {k: {"S": v} for k, v in plain.items()}
