"""Failures as tool errors: the SDK's errors (with a next step per status and code), bad
arguments, and anything unexpected (``guarded``), so that no tool call stops the server."""

from __future__ import annotations

from collections.abc import Callable

from mcp.types import CallToolResult
from pydantic import ValidationError as ArgumentsError

from sotaverified._mcp.config import ENV_KEY, ENV_URL, logger
from sotaverified._mcp.results import tool_error
from sotaverified.errors import (
    ApiConnectionError,
    ConflictError,
    RateLimited,
    SotaVerifiedError,
)


def _retry_after(error: SotaVerifiedError) -> float | None:
    if isinstance(error, RateLimited | ConflictError):
        return error.retry_after
    return None


def _next_step(error: SotaVerifiedError, tool: str, retry_after: float | None) -> str:
    status = error.status
    key = error.idempotency_key
    resubmit = (
        f" Resubmit with idempotency_key={key!r}: if the server stored the first attempt you "
        "get it back instead of a duplicate."
        if key
        else ""
    )
    if isinstance(error, ApiConnectionError):
        return (
            f"The SOTAVerified server did not answer; check that it runs at the URL in "
            f"{ENV_URL} and retry later.{resubmit}"
        )
    if status is None:
        return f"Fix what the message names, then call {tool} again."
    if status == 401:
        return (
            f"The API key was refused (missing, unknown or revoked): set {ENV_KEY} to a valid "
            "agent key in the MCP server's environment and restart it."
        )
    if status == 403:
        return (
            "This key's account may not do this (another account's run, or not an agent "
            "key); use your own runs and an agent key."
        )
    if status == 404 and error.code in ("unknown_task", "unknown_dataset"):
        names = [
            name
            for detail in error.details
            if isinstance(detail, dict)
            for name in detail.get("did_you_mean", [])
        ]
        closest = f" The closest known names: {', '.join(names)}." if names else ""
        return (
            f"No paper claims results under that name.{closest} Call {tool} again with one of "
            "them; list_tasks lists every task and get_task a task's datasets."
        )
    if status == 404:
        return (
            "Check the id. Find papers with query_sota or get_queue (arXiv ids like 2010.09891 "
            "work), reproductions with get_paper(include_reproductions=true)."
        )
    if status == 409:
        if error.code == "idempotency_in_progress":
            wait = f"{retry_after:g} s" if retry_after is not None else "a few seconds"
            return f"The same submission is still being processed: retry after {wait}.{resubmit}"
        if error.code in ("run_used", "run_expired"):
            return (
                "Start a new run with start_run and submit with its run_id (a second run on a "
                "paper is attempt 2: trust tier 1 at most)."
            )
        return f"The state changed meanwhile: call {tool} again.{resubmit}"
    if status == 413:
        return "The request is too large: shorten the replay log (fewer or shorter steps)."
    if status in (400, 422):
        return f"Fix the argument(s) the message and details name, then call {tool} again."
    if status == 429:
        wait = f"{retry_after:g} seconds" if retry_after is not None else "a while"
        if error.code == "too_many_active_runs":
            return (
                f"Submit a reproduction for one of your active runs, or wait {wait} for one "
                "to expire, then call start_run again."
            )
        return f"Rate limited: wait {wait}, then call {tool} again.{resubmit}"
    if status >= 500:
        return f"The server failed; retry in a little while.{resubmit}"
    return f"Check the arguments and call {tool} again."


def api_error(error: SotaVerifiedError, tool: str) -> CallToolResult:
    retry_after = _retry_after(error)
    return tool_error(
        error.message,
        code=error.code,
        status=error.status,
        details=error.details,
        retry_after=retry_after,
        idempotency_key=error.idempotency_key,
        next_step=_next_step(error, tool, retry_after),
    )


def guarded(tool: str, call: Callable[[], CallToolResult]) -> CallToolResult:
    """Runs a tool body: SDK errors and anything unexpected become tool errors."""
    try:
        return call()
    except SotaVerifiedError as error:
        return api_error(error, tool)
    except (ValueError, TypeError) as error:
        return tool_error(
            str(error),
            code="invalid_argument",
            next_step=f"Fix the argument and call {tool} again.",
        )
    except Exception as error:  # a tool call must never take the server down
        logger.exception("tool %s failed", tool)
        return tool_error(
            f"{type(error).__name__}: {error}",
            code="internal_error",
            next_step="This is a bug in the MCP server or the SDK; retry, and report it if it "
            "persists.",
        )


def invalid_arguments(tool: str, error: ArgumentsError) -> CallToolResult:
    """Arguments that break the tool's input schema: one ``{field, message}`` per problem."""
    details: list[dict[str, str]] = []
    for problem in error.errors(include_url=False)[:20]:
        field = ".".join(str(part) for part in problem["loc"]) or "(arguments)"
        message = str(problem["msg"])
        given = problem.get("input")
        if problem["type"] != "missing" and not isinstance(given, dict | list):
            shown = repr(given)
            message += f" (got {shown if len(shown) <= 60 else shown[:57] + '...'})"
        details.append({"field": field, "message": message})
    return _invalid(
        tool,
        details,
        f"Fix the argument(s) named to match {tool}'s input schema (see tools/list), "
        "then call it again.",
    )


def _invalid(tool: str, details: list[dict[str, str]], next_step: str) -> CallToolResult:
    listed = "; ".join(f"{d['field']}: {d['message']}" for d in details)
    return tool_error(
        f"invalid arguments for {tool}: {listed}",
        code="invalid_arguments",
        details=details,
        details_in_message=True,
        next_step=next_step,
    )
