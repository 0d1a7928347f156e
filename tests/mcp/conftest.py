"""Fixtures of the MCP server tests: the server runs as a subprocess (`sotaverified-mcp` or
`python -m sotaverified.mcp_server`) driven over stdio by the `mcp` SDK's own client, against
the real local stack of the test session."""

from __future__ import annotations

import json
import os
import sys
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import CallToolResult, TextContent

from tests.conftest import ROOT, LocalStack

# The console script `pip install ./sdk[mcp]` puts beside the interpreter.
CONSOLE_SCRIPT = Path(sys.executable).with_name("sotaverified-mcp")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def new_agent_key(local_stack: LocalStack) -> Callable[[], str]:
    """A fresh agent account per call (agents may have at most 5 active runs, and a fresh
    account's first run on a paper is attempt 1)."""

    def create() -> str:
        name = f"mcp-{uuid.uuid4().hex[:8]}"
        out = local_stack.cli("accounts", "create", "--role", "agent", "--name", name, "--json")
        return str(json.loads(out.stdout)["key"])

    return create


@asynccontextmanager
async def mcp_session(
    url: str,
    key: str | None = None,
    *,
    errlog: Path,
    console_script: bool = False,
    files_dir: Path | None = None,
) -> AsyncIterator[ClientSession]:
    """An initialised MCP client session with a fresh server subprocess. The server's
    environment is the MCP SDK's safe default (PATH, HOME, ...) plus SOTAVERIFIED_* and,
    if set, PYTHONPATH (so the server runs the same SDK code as the tests)."""
    env = {"SOTAVERIFIED_URL": url}
    if os.environ.get("PYTHONPATH"):  # e.g. a worktree's sdk/src ahead of the installed SDK
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    if key is not None:
        env["SOTAVERIFIED_API_KEY"] = key
    if files_dir is not None:  # where submit_reproduction may upload local files from
        env["SOTAVERIFIED_FILES_DIR"] = str(files_dir)
    if console_script:
        command, args = str(CONSOLE_SCRIPT), []
    else:
        command, args = sys.executable, ["-m", "sotaverified.mcp_server"]
    params = StdioServerParameters(command=command, args=args, env=env, cwd=ROOT)
    with errlog.open("a", encoding="utf-8") as log:
        async with (
            stdio_client(params, errlog=log) as (read, write),
            ClientSession(read, write, read_timeout_seconds=60) as session,
        ):
            await session.initialize()
            yield session


def text_of(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, TextContent))


def data(result: CallToolResult) -> dict[str, Any]:
    """The structured content of a successful call (and a check that the text says the same)."""
    assert not result.is_error, text_of(result)
    assert result.structured_content is not None
    assert json.loads(text_of(result)) == result.structured_content
    return result.structured_content


def error(result: CallToolResult) -> str:
    """The text of a tool error (asserting it is one)."""
    assert result.is_error, f"expected a tool error, got {text_of(result)}"
    return text_of(result)
