"""Modules loaded on first use, so that importing `app` — every Lambda's cold start — stays
cheap (`bench/bench_reads.py` measures it).

The API models pull in pydantic (~100 ms to import). The stream-recompute functions never need
it, and the API functions only on their first request, so the route modules reach the models
through `LazyModule("chalicelib.api.models")` and name them by string in their declarations.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class LazyModule:
    """The first attribute access imports the module (thread-safe: the import system holds a
    lock per module); later ones read it from the module kept here."""

    __slots__ = ("_module", "_name")

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attribute: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attribute)

    def __repr__(self) -> str:
        return f"<lazy module {self._name}>"
