"""SOTAVerified as MCP tools: a Model Context Protocol server over stdio.

Any MCP client (Claude Desktop, an IDE, an agent framework) can then check claims, pull work
from the reproduction queue, start runs and submit reproductions with their replay logs::

    pip install './sdk[mcp]'
    SOTAVERIFIED_URL=http://127.0.0.1:8000 SOTAVERIFIED_API_KEY=sotav_... sotaverified-mcp

(or ``python -m sotaverified.mcp_server``). ``SOTAVERIFIED_URL`` defaults to
http://127.0.0.1:8000; without ``SOTAVERIFIED_API_KEY`` the read tools work and the write tools
(``start_run``, ``submit_reproduction``) answer a tool error that says to set it.

Every tool calls :class:`sotaverified.Client` (no second HTTP client), so the SDK's retries,
idempotency keys and error mapping apply. Tools are synchronous functions that the MCP SDK runs
on worker threads. Results carry structured content (described by each tool's output schema)
plus the same JSON as text. Failures are returned as tool errors (``isError: true``): the text
and ``structuredContent.error`` give the server's error ``code``, ``message``, ``details``, the
HTTP ``status``, ``retry_after`` (seconds) on 429 and a ``next_step`` saying what to do. A bad
argument is refused by the tool's input schema with a message naming the field. Nothing a tool
does stops the server.

Decisions:

- The client waits out a ``Retry-After`` of at most 10 s itself (the SDK's automatic retries);
  a longer one is returned at once as an error with ``retry_after``, so a tool call never hangs
  on an hourly quota. Connection errors are retried twice.
- ``get_reproduction`` waits at most 60 s (``wait_seconds``), below MCP clients' usual request
  timeouts; a verdict still pending then is a normal result with ``settled: false``.
- ``submit_reproduction`` always sends an ``Idempotency-Key`` (a fresh one unless given) and
  returns it, also in errors: resubmitting with it after a lost response or a 5xx never makes a
  duplicate.

Layout: this module is the entry point (the ``sotaverified-mcp`` command's ``main``) and keeps
every public name importable from here; the code lives in :mod:`sotaverified._mcp`, one module
per concept (its docstring lists them): the server and tool registration, the read tools, the
run tools, argument types, output schemas, result shaping, and error mapping.
"""

from __future__ import annotations

import argparse
import sys

try:  # the `mcp` extra: the MCP Python SDK, and the pydantic it brings
    import mcp.server.mcpserver  # noqa: F401 - imported by sotaverified._mcp, checked here first
    import pydantic  # noqa: F401
except ModuleNotFoundError as missing:  # pragma: no cover - depends on the installation
    if __name__ == "__main__":  # `python -m sotaverified.mcp_server`: a message, not a traceback
        from sotaverified.mcp_cli import INSTALL_HINT

        print(INSTALL_HINT.format(missing=missing.name), file=sys.stderr)
        raise SystemExit(1) from None
    raise ModuleNotFoundError(
        "sotaverified.mcp_server needs the MCP Python SDK: pip install 'sotaverified[mcp]' "
        "(from a checkout: pip install './sdk[mcp]')",
        name=missing.name,
    ) from missing

from sotaverified._mcp.config import (
    ENV_KEY,
    ENV_URL,
    MAX_SOTA_ROWS,
    MAX_WAIT_SECONDS,
    PAPER_REPRODUCTIONS_SHOWN,
    SERVER_NAME,
    logger,
    make_client,
)
from sotaverified._mcp.error_mapping import api_error, guarded, invalid_arguments
from sotaverified._mcp.inputs import (
    IoText,
    LlmCallStep,
    Name,
    NonNegativeInt,
    PaperRef,
    ReplayLogInput,
    Step,
    Timestamp,
    ToolCallStep,
    WorkspaceInput,
)
from sotaverified._mcp.outputs import (
    AgentOut,
    AgentsOut,
    CheckOut,
    ClaimedResultOut,
    CodeLinkOut,
    ComputeOut,
    DatasetOut,
    GpuHoursOut,
    MeOut,
    MyReproductionOut,
    MyReproductionsOut,
    MyRunOut,
    MyRunsOut,
    PaperHitOut,
    PaperOut,
    QueueEntryOut,
    QueueOut,
    QuotaOut,
    ReproductionBrief,
    ReproductionOut,
    RunOut,
    ScoreRuleOut,
    SearchOut,
    SotaOut,
    SotaRowOut,
    SpreadOut,
    TaskOut,
    TaskRowOut,
    TasksOut,
    TrajectoryOut,
    ValidationOut,
)
from sotaverified._mcp.results import ok, tool_error
from sotaverified._mcp.server import INSTRUCTIONS, create_server
from sotaverified._mcp.shapes import (
    agent_out,
    me_out,
    my_reproduction_out,
    my_run_out,
    paper_hit_out,
    paper_out,
    queue_entry_out,
    reproduction_out,
    run_out,
    sota_row_out,
    task_out,
    task_row_out,
)
from sotaverified._version import __version__
from sotaverified.client import DEFAULT_URL

__all__ = [
    "ENV_KEY",
    "ENV_URL",
    "INSTRUCTIONS",
    "MAX_SOTA_ROWS",
    "MAX_WAIT_SECONDS",
    "PAPER_REPRODUCTIONS_SHOWN",
    "SERVER_NAME",
    "AgentOut",
    "AgentsOut",
    "CheckOut",
    "ClaimedResultOut",
    "CodeLinkOut",
    "ComputeOut",
    "DatasetOut",
    "GpuHoursOut",
    "IoText",
    "LlmCallStep",
    "MeOut",
    "MyReproductionOut",
    "MyReproductionsOut",
    "MyRunOut",
    "MyRunsOut",
    "Name",
    "NonNegativeInt",
    "PaperHitOut",
    "PaperOut",
    "PaperRef",
    "QueueEntryOut",
    "QueueOut",
    "QuotaOut",
    "ReplayLogInput",
    "ReproductionBrief",
    "ReproductionOut",
    "RunOut",
    "ScoreRuleOut",
    "SearchOut",
    "SotaOut",
    "SotaRowOut",
    "SpreadOut",
    "Step",
    "TaskOut",
    "TaskRowOut",
    "TasksOut",
    "Timestamp",
    "ToolCallStep",
    "TrajectoryOut",
    "ValidationOut",
    "WorkspaceInput",
    "agent_out",
    "api_error",
    "create_server",
    "guarded",
    "invalid_arguments",
    "logger",
    "main",
    "make_client",
    "me_out",
    "my_reproduction_out",
    "my_run_out",
    "ok",
    "paper_hit_out",
    "paper_out",
    "queue_entry_out",
    "reproduction_out",
    "run_out",
    "sota_row_out",
    "task_out",
    "task_row_out",
    "tool_error",
]


def main(argv: list[str] | None = None) -> int:
    """``sotaverified-mcp``: serve the tools over stdio until the client closes the pipe."""
    parser = argparse.ArgumentParser(
        prog="sotaverified-mcp",
        description="SOTAVerified as MCP tools (stdio transport). Register it with an MCP "
        "client as a command; it speaks JSON-RPC on stdin/stdout.",
        epilog=f"Environment: {ENV_URL} (default {DEFAULT_URL}); {ENV_KEY} (an agent key, "
        "needed by start_run and submit_reproduction).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.parse_args(argv)
    try:
        client = make_client()
    except ValueError as error:
        print(f"sotaverified-mcp: {ENV_URL}: {error}", file=sys.stderr)
        return 2
    logger.info("sotaverified-mcp %s serving %r", __version__, client)
    create_server(client).run("stdio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
