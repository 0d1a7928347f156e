"""What :func:`sotaverified._mcp.server.create_server` hands the tool modules: the ``@tool``
decorator's type, the API-key check's type and the read / write tool annotations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from mcp.types import CallToolResult, ToolAnnotations

F = TypeVar("F", bound=Callable[..., Any])

_READ = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=True)
_WRITE = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=True
)


class ToolDecorator(Protocol):
    """``@tool(title, annotations)``: registers the function as a tool, its docstring the
    description."""

    def __call__(self, title: str, annotations: ToolAnnotations) -> Callable[[F], F]: ...


NeedKey = Callable[[str], CallToolResult | None]
"""``need_key(tool)``: a tool error saying to set the API key when there is none, else None."""
