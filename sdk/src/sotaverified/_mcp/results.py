"""What a tool returns: a successful result (structured content plus the same JSON as text), a
tool error (``isError: true``, saying what to do next) and a listing of rows."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from mcp.types import CallToolResult, TextContent

Row = TypeVar("Row")


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)


def ok(data: dict[str, Any]) -> CallToolResult:
    """A successful tool result: structured content plus the same JSON as text."""
    return CallToolResult(
        content=[TextContent(type="text", text=_json(data))], structured_content=data
    )


def tool_error(
    message: str,
    *,
    code: str,
    next_step: str,
    status: int | None = None,
    details: list[Any] | None = None,
    retry_after: float | None = None,
    idempotency_key: str | None = None,
    details_in_message: bool = False,
) -> CallToolResult:
    """A tool error (``isError: true``) whose text and ``structuredContent.error`` say what
    went wrong and what to do next."""
    error: dict[str, Any] = {"code": code, "message": message, "status": status}
    if details:
        error["details"] = details
    if retry_after is not None:
        error["retry_after"] = retry_after
    if idempotency_key is not None:
        error["idempotency_key"] = idempotency_key
    error["next_step"] = next_step
    where = f"HTTP {status} " if status is not None else ""
    text = f"Error ({where}{code}): {message}"
    if details and not details_in_message:
        text += f"\nDetails: {_json(details)}"
    text += f"\nNext step: {next_step}"
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content={"error": error},
        is_error=True,
    )


def _listing(
    key: str,
    fetch: Callable[[int, int], Iterable[Row]],
    limit: int,
    out: Callable[[Row], dict[str, Any]],
) -> CallToolResult:
    """Up to `limit` rows from `fetch(page_size, max_results)`, asking for one more to tell
    whether more are available."""
    rows = list(fetch(min(limit + 1, 100), limit + 1))
    shown = rows[:limit]
    return ok(
        {key: [out(row) for row in shown], "count": len(shown), "more_available": len(rows) > limit}
    )
