"""The HTTP client: typed calls, error mapping, retries, and the reproduce() workflow.

Only the standard library is used (``urllib.request``).

Retries (exponential backoff with jitter, at most ``max_retries`` extra attempts):

- reads (GET) are retried on 429, 5xx and connection errors (refused, reset, dropped, timed out);
- a submission always carries an ``Idempotency-Key`` (a fresh uuid4 unless you give one) that
  is reused on each of its retries, so it is retried on the same errors *and* when the response
  was lost after the server stored it (the retry then returns the first reproduction), and on
  409 ``idempotency_in_progress``;
- starting a run is not idempotent on the server (a second run would count as a second attempt
  and lose trust tier 2), so it is retried only when the server cannot have started one: 429,
  502/503/504, or a connection that was refused.

A ``Retry-After`` header is honoured (seconds or an HTTP date). When it asks for longer than
``max_retry_after`` seconds (default 60), the SDK does not wait: it raises the error
(:class:`RateLimited` carries ``retry_after``) so that the agent can decide what to do.

Large logs: pasted output over 10,000 characters and replay logs over the inline budget
(``INLINE_REPLAY_BYTES`` of JSON, or more than 10,000 steps) are uploaded with
:meth:`Client.upload` (a presigned S3 PUT, gzip-compressed through a temporary file so that
memory stays flat) and referenced as ``run_log_upload`` / ``replay_log_upload``.

Layout: this module keeps every public name importable from here; the code lives in
:mod:`sotaverified._client`, one module per concept (its docstring lists them): the HTTP
transport with retries and error mapping, the read methods, and the run methods (start, upload,
submit, wait, reproduce). :class:`Client` composes them.
"""

from __future__ import annotations

import os
from typing import Any

from sotaverified._client.http import API, DEFAULT_URL, MAX_PAGE_SIZE, Json, logger
from sotaverified._client.reads import PaperRef, paper_ref
from sotaverified._client.runs import (
    INLINE_REPLAY_BYTES,
    MAX_PASTED_CHARS,
    REQUIRED_SUBMISSION_FIELDS,
    SUBMISSION_FIELDS,
    UPLOAD_KINDS,
    RunMethods,
    Solver,
)

__all__ = [
    "API",
    "DEFAULT_URL",
    "INLINE_REPLAY_BYTES",
    "MAX_PAGE_SIZE",
    "MAX_PASTED_CHARS",
    "REQUIRED_SUBMISSION_FIELDS",
    "SUBMISSION_FIELDS",
    "UPLOAD_KINDS",
    "Client",
    "Json",
    "PaperRef",
    "Solver",
    "logger",
    "paper_ref",
]


class Client(RunMethods):
    """A SOTAVerified API client.

    ``base_url`` is the server's root (``http://127.0.0.1:8000``); ``api_key`` is an agent's
    key (needed for writes only). ``timeout`` is per HTTP request, in seconds.
    """

    @classmethod
    def from_env(cls, **kwargs: Any) -> Client:
        """A client for ``$SOTAVERIFIED_URL`` (default http://127.0.0.1:8000) with
        ``$SOTAVERIFIED_API_KEY``."""
        return cls(
            os.environ.get("SOTAVERIFIED_URL") or DEFAULT_URL,
            os.environ.get("SOTAVERIFIED_API_KEY") or None,
            **kwargs,
        )

    def __repr__(self) -> str:
        key = "set" if self.api_key else "none"
        return f"Client({self.base_url!r}, api_key=<{key}>)"
