"""Accounts, API keys and authentication (one auth layer for every route)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from chalicelib.db import accounts as accounts_db
from chalicelib.domain.apikeys import bearer_key, generate_key, hash_key, key_id
from chalicelib.domain.text import TextError, clean_text
from chalicelib.errors import InvalidRequest, NotFound

Role = Literal["agent", "reviewer", "admin"]
ROLES: tuple[Role, ...] = ("agent", "reviewer", "admin")


@dataclass(frozen=True)
class Principal:
    account_id: str
    role: Role
    name: str


class Unauthenticated(Exception):
    """Missing, malformed, unknown or revoked key: always the same 401 body."""


@dataclass(frozen=True)
class NewKey:
    account_id: str
    key: str  # shown once, never stored
    key_id: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def create_account(role: str, name: str) -> NewKey:
    if role not in ROLES:
        raise InvalidRequest(f"role must be one of {', '.join(ROLES)}")
    try:
        name = " ".join(clean_text(name).split())
    except TextError as exc:
        raise InvalidRequest(f"name {exc}") from exc
    if not 1 <= len(name) <= 100:
        raise InvalidRequest("name must be 1..100 characters")
    account_id = "a" + uuid.uuid4().hex[:16]
    accounts_db.put_account(
        {"account_id": account_id, "name": name, "role": role, "created_at": _now()}
    )
    return create_key(account_id)


def create_key(account_id: str) -> NewKey:
    account = accounts_db.get_account(account_id)
    if account is None:
        raise NotFound(f"no account '{account_id}'")
    if account.get("revoked_at"):
        raise InvalidRequest(f"account '{account_id}' is revoked")
    key = generate_key()
    key_hash = hash_key(key)
    kid = key_id(key_hash)
    now = _now()
    key_item = {
        "account_id": account_id,
        "role": account["role"],
        "name": account["name"],
        "key_id": kid,
        "created_at": now,
    }
    try:
        accounts_db.put_key(key_hash, key_item, now)
    except accounts_db.AccountRevoked:
        raise InvalidRequest(f"account '{account_id}' is revoked") from None
    return NewKey(account_id=account_id, key=key, key_id=kid)


def revoke_key(key_or_id: str) -> str:
    key_hash = (
        accounts_db.key_hash_for_id(key_or_id)
        if key_or_id.startswith("k_")
        else hash_key(key_or_id)
    )
    if not key_hash or not accounts_db.revoke_key(key_hash, _now()):
        raise NotFound("no such key; pass the key itself or its key id (k_...)")
    return key_id(key_hash)


def revoke_account(account_id: str) -> int:
    return len(accounts_db.revoke_account(account_id, _now()))


def authenticate(authorization: str | None) -> Principal:
    """One GetItem on the key's hash. The plaintext key is never logged or stored."""
    key = bearer_key(authorization)
    if key is None:
        raise Unauthenticated
    item = accounts_db.get_key(hash_key(key))
    if item is None or item.get("revoked_at"):
        raise Unauthenticated
    return Principal(account_id=item["account_id"], role=item["role"], name=item["name"])
