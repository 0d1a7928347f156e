"""The MCP server's configuration: its name, the environment it reads, its limits, its logger,
and the SDK client every tool calls (``make_client``)."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

from sotaverified._version import __version__
from sotaverified.client import DEFAULT_URL, Client

logger = logging.getLogger("sotaverified.mcp")

SERVER_NAME = "sotaverified"
ENV_URL = "SOTAVERIFIED_URL"
ENV_KEY = "SOTAVERIFIED_API_KEY"
MAX_SOTA_ROWS = 500
MAX_WAIT_SECONDS = 60.0
PAPER_REPRODUCTIONS_SHOWN = 10


def make_client(environ: Mapping[str, str] | None = None) -> Client:
    """A client for ``$SOTAVERIFIED_URL`` with ``$SOTAVERIFIED_API_KEY``, tuned for tool calls:
    a ``Retry-After`` over 10 s is reported, not waited for; two retries on connection errors."""
    env = os.environ if environ is None else environ
    return Client(
        (env.get(ENV_URL) or DEFAULT_URL).strip(),
        (env.get(ENV_KEY) or "").strip() or None,
        timeout=30.0,
        max_retries=2,
        max_retry_after=10.0,
        user_agent=f"sotaverified-mcp/{__version__}",
    )
