"""Domain errors. The API layer maps each to one HTTP status and error code, in one place
(`chalicelib/api/errors.py`)."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """Base class: `code` is the machine-readable error code in the response body."""

    code = "error"

    def __init__(self, message: str, details: list[Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or []


class NotFound(DomainError):
    code = "not_found"


class InvalidRequest(DomainError):
    code = "invalid_request"


class Conflict(DomainError):
    code = "conflict"


class HttpError(DomainError):
    """An error that names its HTTP status (401, 403, 413, 422, 429 ...) and headers."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: list[Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message, details)
        self.status = status
        self.code = code
        self.headers = headers or {}


class StorageUnavailable(DomainError):
    """DynamoDB/S3 refused or throttled; the caller may retry."""

    code = "storage_unavailable"
