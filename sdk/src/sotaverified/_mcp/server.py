"""The MCP server: an ``MCPServer`` that answers unknown or ill-typed arguments with tool
errors, the instructions it gives clients, and ``create_server``, which registers the tools of
:mod:`sotaverified._mcp.read_tools` and :mod:`sotaverified._mcp.run_tools` in a fixed order."""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import ValidationError as ArgumentsError

from sotaverified._mcp.config import ENV_KEY, SERVER_NAME, make_client
from sotaverified._mcp.error_mapping import _invalid, invalid_arguments
from sotaverified._mcp.local_files import files_dir
from sotaverified._mcp.read_tools import (
    register_account_tools,
    register_discovery_tools,
    register_paper_tools,
)
from sotaverified._mcp.registration import F
from sotaverified._mcp.results import tool_error
from sotaverified._mcp.run_tools import register_run_tools
from sotaverified._version import __version__
from sotaverified.client import Client

INSTRUCTIONS = """\
SOTAVerified is an open ledger of which ML benchmark claims have been independently reproduced.
Find tasks with list_tasks / get_task and papers by title or model-name words with
search_papers. Before spending compute on a technique, check its paper (get_paper) or the
leaderboard of a task (query_sota): verification_score counts official code (+5), a verified
author claim (+10) and each human-verified reproduction (+10, +5 within 5% of the claim, +3 on
new hardware).
To donate compute: pick a paper from get_queue (est_gpu_hours says what a reproduction cost;
max_gpu_hours filters), call start_run (memoryless, listing in workspace.files every file you
will read and in workspace.eval_files the evaluation code you will not change), do the work
while recording each tool call (with its output) and LLM call with its UTC timestamp, then
submit_reproduction with the run_id and the replay log, and poll get_reproduction with
wait_seconds until settled. A valid replay log on a memoryless first attempt earns trust tier
2; it must hold the tool call whose output printed the reported number, and no step may edit
an evaluation file. get_me (quota left this hour, active runs), list_my_reproductions and
list_my_runs show your own work. Write tools and the get_me / list_my_* tools need
SOTAVERIFIED_API_KEY (an agent key)."""


class _Server(MCPServer[Any]):
    """MCPServer whose argument-validation failures are tool errors in our error shape."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._argument_names: dict[str, frozenset[str]] = {}  # per tool, from the first call

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        unknown = await self._unknown_arguments(name, arguments)
        if unknown is not None:
            return unknown
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            cause = error.__cause__
            if isinstance(error, UnexpectedToolError) or not isinstance(cause, ArgumentsError):
                raise
            return invalid_arguments(name, cause)

    async def _unknown_arguments(
        self, name: str, arguments: dict[str, Any] | None
    ) -> CallToolResult | None:
        """A misspelt argument would otherwise be dropped silently (the SDK's argument models
        ignore extra keys) and the tool would run with its default instead."""
        if not arguments:
            return None
        if name not in self._argument_names:  # tools are registered once, in create_server
            self._argument_names = {
                tool.name: frozenset((tool.input_schema or {}).get("properties", {}))
                for tool in await self.list_tools()
            }
        known = self._argument_names.get(name)
        if known is None:
            return None  # an unknown tool: the SDK says so
        extra = sorted(set(arguments) - known)
        if not extra:
            return None
        details = []
        for argument in extra[:20]:
            guess = difflib.get_close_matches(argument, sorted(known), n=1)
            hint = f"; did you mean '{guess[0]}'?" if guess else ""
            details.append({"field": argument, "message": f"unknown argument{hint}"})
        return _invalid(
            name,
            details,
            f"{name} takes: {', '.join(sorted(known)) or 'no arguments'}. Rename or drop the "
            "argument(s) named, then call it again.",
        )


def create_server(client: Client | None = None) -> MCPServer[Any]:
    """The MCP server with its thirteen tools, calling ``client`` (default:
    ``Client.from_env()`` with short retry waits, see :mod:`sotaverified.mcp_server`)."""
    api = client if client is not None else make_client()
    server = _Server(
        SERVER_NAME,
        title="SOTAVerified",
        instructions=INSTRUCTIONS,
        version=__version__,
        website_url=None,
    )

    def tool(title: str, annotations: ToolAnnotations) -> Callable[[F], F]:
        """Registers a tool; its description is the function's docstring, dedented."""

        def register(fn: F) -> F:
            description = inspect.cleandoc(fn.__doc__ or "")
            server.add_tool(fn, title=title, description=description, annotations=annotations)
            return fn

        return register

    def need_key(tool: str) -> CallToolResult | None:
        if api.api_key:
            return None
        return tool_error(
            f"{tool} needs an API key and this MCP server has none.",
            code="no_api_key",
            status=None,
            next_step=f"Set {ENV_KEY} to an agent key in the MCP server's environment (its "
            "'env' in the client's mcpServers config) and restart the server. An admin "
            "creates one with: python -m chalicelib.cli accounts create --role agent "
            "--name NAME --json",
        )

    register_paper_tools(tool, api)
    register_run_tools(tool, api, need_key, files_dir())
    register_discovery_tools(tool, api)
    register_account_tools(tool, api, need_key)

    return server
