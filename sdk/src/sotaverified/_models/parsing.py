"""Parsing helpers shared by the views: the JSON dict type, timestamps, lenient field readers."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

JsonDict = dict[str, Any]


def parse_time(value: str | None) -> datetime | None:
    """An ISO-8601 string from the server (``...+00:00`` or ``...Z``) as an aware datetime."""
    if not value:
        return None
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    return list(value) if isinstance(value, list) else []


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _float(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None
