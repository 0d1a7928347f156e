"""Exceptions raised by the client.

Every error the server answers is `{"error": {"code", "message", "details"}}` with an HTTP
status; the SDK raises the subclass of :class:`SotaVerifiedError` that matches the status and
keeps all four (plus the response headers) on the exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class SotaVerifiedError(Exception):
    """Base class of every error the SDK raises on purpose.

    ``status`` is the HTTP status (``None`` when no response arrived), ``code`` the server's
    machine-readable error code (e.g. ``not_found``, ``invalid_body``, ``quota_exceeded``),
    ``message`` its human-readable text and ``details`` its list of details (for 422: one
    ``{"field", "message"}`` per broken field).
    """

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        code: str = "error",
        details: list[Any] | None = None,
        headers: Mapping[str, str] | None = None,
        method: str | None = None,
        url: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.details: list[Any] = list(details or [])
        self.headers: dict[str, str] = dict(headers or {})
        self.method = method
        self.url = url
        #: Set on errors of :meth:`Client.submit_reproduction`: resubmit with this key to get the
        #: first reproduction back instead of a duplicate if the server did store it.
        self.idempotency_key: str | None = None

    def __str__(self) -> str:
        where = f" ({self.method} {self.url})" if self.method and self.url else ""
        status = f"HTTP {self.status} " if self.status is not None else ""
        text = f"{status}{self.code}: {self.message}{where}"
        if self.details:
            text += f"; details: {self.details}"
        return text

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status!r}, code={self.code!r}, "
            f"message={self.message!r}, details={self.details!r})"
        )


class ApiConnectionError(SotaVerifiedError):
    """No usable HTTP response: connection refused or dropped, DNS failure, timeout, or a body
    that is not JSON. Raised after the retries are used up."""


class AuthError(SotaVerifiedError):
    """401 (missing, malformed, unknown or revoked key) or 403 (role not allowed)."""


class NotFoundError(SotaVerifiedError):
    """404: unknown paper, run or reproduction (or a route this server does not have)."""


class ConflictError(SotaVerifiedError):
    """409: the run is already used or expired, a promotion of a failed validation, or the same
    Idempotency-Key still in progress (``retry_after`` then says when to retry)."""

    @property
    def retry_after(self) -> float | None:
        return parse_retry_after(self.headers.get("retry-after"))


class ValidationError(SotaVerifiedError):
    """400 (malformed JSON or query), 413 (body over the limit) or 422 (a field breaks a rule;
    ``details`` lists each field). Not to be confused with a reproduction's validation verdict,
    :class:`sotaverified.Validation`."""


class RateLimited(SotaVerifiedError):
    """429: over the hourly submission quota. ``retry_after`` is the server's wait in seconds."""

    @property
    def retry_after(self) -> float | None:
        return parse_retry_after(self.headers.get("retry-after"))


class ServerError(SotaVerifiedError):
    """5xx: the server failed (retried first; raised when the retries are used up)."""


class ValidationTimeout(SotaVerifiedError, TimeoutError):
    """:meth:`Client.wait_for_validation` gave up. Also a builtin :class:`TimeoutError`;
    ``reproduction`` is the last state seen."""

    def __init__(self, message: str, reproduction: Any = None) -> None:
        super().__init__(message, code="validation_timeout")
        self.reproduction = reproduction

    def __str__(self) -> str:
        return self.message


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header: delta-seconds or an HTTP date; None if absent or
    unreadable."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    from datetime import datetime, timezone
    from email.utils import parsedate_to_datetime

    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return max(0.0, (moment - datetime.now(timezone.utc)).total_seconds())


def error_for_status(status: int) -> type[SotaVerifiedError]:
    if status in (401, 403):
        return AuthError
    if status == 404:
        return NotFoundError
    if status == 409:
        return ConflictError
    if status in (400, 413, 422):
        return ValidationError
    if status == 429:
        return RateLimited
    if status >= 500:
        return ServerError
    return SotaVerifiedError
