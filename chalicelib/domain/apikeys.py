"""API keys: `sotav_` + 256 random bits. Shown once; only the SHA-256 hash is stored."""

from __future__ import annotations

import hashlib
import re
import secrets

PREFIX = "sotav_"
_FORMAT = re.compile(r"^sotav_[A-Za-z0-9_-]{43}$")


def generate_key() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_id(key_hash: str) -> str:
    """A public handle for a key (for listing/revoking), derived from its hash."""
    return "k_" + key_hash[:16]


def is_well_formed(key: str) -> bool:
    return bool(_FORMAT.match(key))


def bearer_key(authorization: str | None) -> str | None:
    """The key of an `Authorization: Bearer <key>` header, if well formed."""
    if not authorization:
        return None
    scheme, _, value = authorization.strip().partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not is_well_formed(value):
        return None
    return value
