"""Reviewer sign-in for the review pages: an API key is exchanged for a server-side session.

- The cookie holds a random 256-bit token; the accounts table stores only its SHA-256
  (`SESSION#<sha256>`) with the account, role, name, the hash of the key used to sign in,
  a CSRF token and `expires_at` (epoch seconds: the table's TTL attribute, and checked on
  every read because TTL deletion is lazy).
- Agent keys cannot sign in: the pages are for humans (SPEC 1, 5).
- A session ends when it expires, on sign-out, or when the key it was opened with is
  revoked (checked on every read: one more GetItem).
- Every state-changing form carries the session's CSRF token (`csrf_ok`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from chalicelib.db import accounts as accounts_db
from chalicelib.domain.apikeys import hash_key
from chalicelib.services.accounts import Principal, Role, Unauthenticated, authenticate

SESSION_SECONDS = 12 * 3600
COOKIE_NAME = "sotav_session"
LOGIN_COOKIE_NAME = "sotav_login"  # double-submit token of the sign-in form (login CSRF)
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32)
SIGN_IN_ROLES = frozenset({"reviewer", "admin"})


class AgentCannotSignIn(Exception):
    """The key is valid but belongs to an agent account."""


@dataclass(frozen=True)
class Session:
    token_hash: str
    account_id: str
    role: str
    name: str
    csrf_token: str
    expires_at: int

    @property
    def principal(self) -> Principal:
        role: Role = "admin" if self.role == "admin" else "reviewer"
        return Principal(account_id=self.account_id, role=role, name=self.name)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def is_token(value: str | None) -> bool:
    return bool(value) and bool(_TOKEN.match(value or ""))


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def sign_in(api_key: str, now: float | None = None) -> tuple[str, Session]:
    """Check the key (the same check as the API's), refuse agents, store a new session.
    Returns the cookie token (never stored) and the session. Raises Unauthenticated or
    AgentCannotSignIn."""
    api_key = api_key.strip()
    principal = authenticate(f"Bearer {api_key}")
    if principal.role not in SIGN_IN_ROLES:
        raise AgentCannotSignIn
    now = time.time() if now is None else now
    token = new_token()
    session = Session(
        token_hash=_token_hash(token),
        account_id=principal.account_id,
        role=principal.role,
        name=principal.name,
        csrf_token=new_token(),
        expires_at=int(now) + SESSION_SECONDS,
    )
    accounts_db.put_session(
        session.token_hash,
        {
            "account_id": session.account_id,
            "role": session.role,
            "name": session.name,
            "key_hash": hash_key(api_key),
            "csrf_token": session.csrf_token,
            "created_at": datetime.fromtimestamp(now, UTC).isoformat(timespec="seconds"),
            "expires_at": session.expires_at,
        },
    )
    return token, session


def load(token: str | None, now: float | None = None) -> Session | None:
    """The live session of a cookie token, or None (malformed, unknown, expired, or its
    key was revoked since)."""
    if token is None or not is_token(token):
        return None
    token_hash = _token_hash(token)
    item = accounts_db.get_session(token_hash)
    now = time.time() if now is None else now
    if item is None or int(item.get("expires_at", 0)) <= now:
        return None
    key = accounts_db.get_key(item.get("key_hash", ""))
    if key is None or key.get("revoked_at") or item.get("role") not in SIGN_IN_ROLES:
        accounts_db.delete_session(token_hash)
        return None
    return Session(
        token_hash=token_hash,
        account_id=item["account_id"],
        role=item["role"],
        name=item["name"],
        csrf_token=item["csrf_token"],
        expires_at=int(item["expires_at"]),
    )


def sign_out(session: Session) -> None:
    accounts_db.delete_session(session.token_hash)


def csrf_ok(expected: str | None, given: str | None) -> bool:
    """Constant-time comparison; a missing token on either side never matches."""
    if not expected or not given:
        return False
    return hmac.compare_digest(expected.encode("utf-8"), given.encode("utf-8"))


__all__ = [
    "COOKIE_NAME",
    "LOGIN_COOKIE_NAME",
    "AgentCannotSignIn",
    "Session",
    "Unauthenticated",
    "csrf_ok",
    "load",
    "sign_in",
    "sign_out",
]
