"""The HTTP transport: the client's settings, requests with retries (exponential backoff with
jitter, ``Retry-After``), pagination, and HTTP errors mapped to :mod:`sotaverified.errors`."""

from __future__ import annotations

import http.client
import json
import logging
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from sotaverified._version import __version__
from sotaverified.errors import (
    ApiConnectionError,
    AuthError,
    NotFoundError,
    SotaVerifiedError,
    error_for_status,
    parse_retry_after,
)

logger = logging.getLogger("sotaverified")

DEFAULT_URL = "http://127.0.0.1:8000"
API = "/api/v1"
MAX_PAGE_SIZE = 100

Json = Any


class _Retry:
    """What may be retried for one request."""

    SAFE = "safe"  # reads: 429, 5xx, any connection error
    KEYED = "keyed"  # idempotency-keyed submission: SAFE + 409 idempotency_in_progress
    UNSAFE = "unsafe"  # not idempotent: only when nothing can have happened


_NOT_SENT_STATUSES = frozenset({429, 502, 503, 504})


@dataclass(frozen=True)
class _Response:
    status: int
    headers: dict[str, str]
    body: bytes


class _TransportError(Exception):
    def __init__(self, cause: BaseException, *, sent: bool) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.sent = sent  # False: the request surely never reached the server


class HttpTransport:
    """The transport under :class:`sotaverified.Client`: settings, requests, retries, pages."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        api_key: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 4,
        backoff_base: float = 0.5,
        backoff_max: float = 20.0,
        max_retry_after: float = 60.0,
        user_agent: str | None = None,
    ) -> None:
        base = base_url.strip().rstrip("/")
        if base.endswith(API):
            base = base[: -len(API)]
        if not base.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, not {base_url!r}")
        if max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        self.base_url = base
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.max_retry_after = max_retry_after
        self.user_agent = user_agent or f"sotaverified-python/{__version__}"
        self._sleep: Callable[[float], None] = time.sleep
        self._opener = urllib.request.build_opener()

    # --- HTTP --------------------------------------------------------------------------------

    def _get(
        self, path: str, params: Mapping[str, Any] | None = None, *, auth: bool | None = False
    ) -> Json:
        return self._request("GET", path, params=params, auth=auth, retry=_Retry.SAFE)

    def _iterate(
        self,
        path: str,
        params: Mapping[str, Any],
        page_size: int,
        max_results: int | None,
        *,
        auth: bool | None = False,
    ) -> Iterator[Json]:
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise ValueError(f"page_size must be between 1 and {MAX_PAGE_SIZE}")
        cursor: str | None = None
        seen: set[str] = set()
        count = 0
        while max_results is None or count < max_results:
            data = self._get(path, {**params, "limit": page_size, "cursor": cursor}, auth=auth)
            for row in data.get("results", []):
                yield row
                count += 1
                if max_results is not None and count >= max_results:
                    return
            cursor = data.get("next_cursor")
            if not cursor:
                return
            if cursor in seen:
                raise SotaVerifiedError(
                    f"the server returned the same next_cursor twice for {path}",
                    code="cursor_loop",
                )
            seen.add(cursor)

    def _request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
        auth: bool | None = False,
        retry: str = _Retry.SAFE,
        headers: Mapping[str, str] | None = None,
    ) -> Json:
        url = self.base_url + path
        query = {k: _query_value(v) for k, v in (params or {}).items() if v is not None}
        if query:
            url += "?" + urllib.parse.urlencode(query)
        sent_headers = {"Accept": "application/json", "User-Agent": self.user_agent}
        if auth is None:  # optional: sent when the client has a key
            auth = bool(self.api_key)
        if auth:
            if not self.api_key:
                raise AuthError(
                    "this call needs an API key: Client(url, api_key=...) or "
                    "$SOTAVERIFIED_API_KEY with Client.from_env()",
                    code="no_api_key",
                    method=method,
                    url=url,
                )
            sent_headers["Authorization"] = f"Bearer {self.api_key}"
        data = None
        if body is not None:
            data = json.dumps(body, ensure_ascii=False, allow_nan=False).encode("utf-8")
            sent_headers["Content-Type"] = "application/json"
        sent_headers.update(headers or {})

        attempt = 0
        while True:
            try:
                response = self._send(method, url, data, sent_headers)
            except _TransportError as exc:
                retryable = retry != _Retry.UNSAFE or not exc.sent
                if not retryable or attempt >= self.max_retries:
                    raise ApiConnectionError(
                        f"no response from the server: {exc.cause!r}"
                        + (f" (after {attempt + 1} attempts)" if attempt else ""),
                        code="connection_error",
                        method=method,
                        url=url,
                    ) from exc.cause
                delay = self._backoff(attempt)
                logger.warning(
                    "%s %s: %r; retrying in %.2f s (%d/%d)",
                    method,
                    path,
                    exc.cause,
                    delay,
                    attempt + 1,
                    self.max_retries,
                )
            else:
                if 200 <= response.status < 300:
                    return _decode(response, method, url)
                error = _error(response, method, url)
                if attempt >= self.max_retries or not _retryable(retry, error):
                    raise error
                retry_after = parse_retry_after(response.headers.get("retry-after"))
                if retry_after is not None and retry_after > self.max_retry_after:
                    raise error  # the server asks for a longer wait than we are willing to sleep
                delay = retry_after if retry_after is not None else self._backoff(attempt)
                logger.warning(
                    "%s %s: HTTP %d %s; retrying in %.2f s (%d/%d)",
                    method,
                    path,
                    response.status,
                    error.code,
                    delay,
                    attempt + 1,
                    self.max_retries,
                )
            self._sleep(delay)
            attempt += 1

    def _backoff(self, attempt: int) -> float:
        """Exponential backoff with "equal jitter": between half and all of base * 2^attempt
        (capped at backoff_max)."""
        ceiling = min(self.backoff_max, self.backoff_base * (2.0**attempt))
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    def _send(
        self, method: str, url: str, data: bytes | None, headers: Mapping[str, str]
    ) -> _Response:
        # base_url is checked to be http(s) in __init__.
        request = urllib.request.Request(  # noqa: S310
            url, data=data, headers=dict(headers), method=method
        )
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                return _Response(response.status, _lower(response.headers), response.read())
        except urllib.error.HTTPError as error:
            try:
                body = error.read()
            except (OSError, http.client.HTTPException):
                body = b""
            finally:
                error.close()
            return _Response(error.code, _lower(error.headers), body)
        except urllib.error.URLError as error:
            reason = error.reason
            sent = not isinstance(reason, ConnectionRefusedError | socket.gaierror)
            raise _TransportError(
                reason if isinstance(reason, BaseException) else error, sent=sent
            ) from error
        except (OSError, http.client.HTTPException) as error:
            raise _TransportError(error, sent=True) from error


# --- helpers ----------------------------------------------------------------------------------


def _segment(value: str) -> str:
    return urllib.parse.quote(str(value), safe="")


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _lower(headers: Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in (headers or {}).items()}


def _decode(response: _Response, method: str, url: str) -> Json:
    try:
        return json.loads(response.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise SotaVerifiedError(
            f"the server answered HTTP {response.status} with a body that is not JSON: "
            f"{response.body[:200]!r}",
            status=response.status,
            code="invalid_response",
            headers=response.headers,
            method=method,
            url=url,
        ) from exc


def _error(response: _Response, method: str, url: str) -> SotaVerifiedError:
    status = response.status
    code, message = f"http_{status}", ""
    details: list[Any] = []
    try:
        payload = json.loads(response.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        payload = None
    error = payload.get("error") if isinstance(payload, dict) else None
    if isinstance(error, dict):
        code = str(error.get("code") or code)
        message = str(error.get("message") or "")
        raw_details = error.get("details")
        details = list(raw_details) if isinstance(raw_details, list) else []
    elif isinstance(payload, dict) and isinstance(payload.get("message"), str):
        message = payload["message"]
    else:
        message = response.body[:500].decode("utf-8", errors="replace").strip()
    cls = error_for_status(status)
    if status == 403 and message == "Missing Authentication Token" and error is None:
        # API Gateway (and `chalice local`) answer an unknown route this way.
        cls, code = NotFoundError, "unknown_route"
        message = f"the server has no route {method} {urllib.parse.urlsplit(url).path}"
    return cls(
        message or f"HTTP {status}",
        status=status,
        code=code,
        details=details,
        headers=response.headers,
        method=method,
        url=url,
    )


def _retryable(retry: str, error: SotaVerifiedError) -> bool:
    status = error.status or 0
    if retry == _Retry.UNSAFE:
        return status in _NOT_SENT_STATUSES
    if status == 429 or status >= 500:
        return True
    return retry == _Retry.KEYED and status == 409 and error.code == "idempotency_in_progress"
