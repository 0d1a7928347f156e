"""Forged cursors built from a real one: every way a client could edit or invent a cursor
(used by tests/integration/test_cursors.py and test_discovery.py; no fixtures here)."""

from __future__ import annotations

import base64
import json
from typing import Any


def decode(cursor: str) -> dict[str, Any]:
    return dict(json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))))


def encode(payload: Any) -> str:
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


# The partition key attribute of each index read by a paged endpoint.
PARTITION_KEYS = frozenset(
    {"task_slug", "task_dataset", "paper_id", "pending_queue", "tier", "listed", "word"}
)


def forgeries(real: str) -> list[tuple[str, str]]:
    """(what, cursor) pairs built from a real cursor of the same query."""
    payload = decode(real)
    keys, fingerprint = payload["k"], payload["f"]
    out = [
        ("not base64", "%%%"),
        ("not JSON", base64.urlsafe_b64encode(b"{nope").decode()),
        ("a JSON list", encode([1, 2])),
        ("no start key", encode({"f": fingerprint})),
        ("start key not a map", encode({"k": "row", "f": fingerprint})),
        ("empty start key", encode({"k": {}, "f": fingerprint})),
        ("another query's fingerprint", encode({"k": keys, "f": "0" * 12})),
        ("an extra attribute", encode({"k": {**keys, "paper_id": "x"}, "f": fingerprint})),
        # JSON nested deeper than the decoder's recursion limit (RecursionError, not ValueError)
        ("1500 nested lists", base64.urlsafe_b64encode(b"[" * 1500).decode().rstrip("=")),
        ("nested start keys", base64.urlsafe_b64encode(b'{"k":' * 400).decode().rstrip("=")),
    ]
    for name in keys:
        rest = {k: v for k, v in keys.items() if k != name}
        out.append((f"without {name}", encode({"k": rest, "f": fingerprint})))
        # "\ud800": a lone surrogate, which no UTF-8 request to DynamoDB can carry
        for bad in ("", 7, None, ["x"], {"S": "x"}, "x" * 2000, "\ud800", keys[name] + "\udfff"):
            out.append(
                (f"{name} = {bad!r:.20}", encode({"k": {**keys, name: bad}, "f": fingerprint}))
            )
        if name in PARTITION_KEYS:
            moved = {"k": {**keys, name: "zz"}, "f": fingerprint}
            out.append((f"{name} in another partition", encode(moved)))
    return out
