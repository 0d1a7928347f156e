"""Parsing the metric values found in Papers-with-Code dumps.

Real values look like `84.1`, `"0.8428 ± 0.0014"`, `"84.1%"`, `"220k"`, `"1.2M"`, `""`, `"–"`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_EMPTY = {"", "-", "–", "—", "n/a", "na", "none", "null", "?", "x"}
_NUMBER = re.compile(
    r"""^\s*
    (?P<num>[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?)  # 1,234.5 / .5 / 1e-3
    \s*(?P<suffix>%|[kKmMbB])?                                          # 84.1% / 220k / 1.2M
    \s*(?:(?:±|\+/-|\+-)\s*[\d.]+\s*%?)?                              # ± 0.0014
    \s*(?:\(.*\))?\s*$                                                  # trailing note
    """,
    re.VERBOSE,
)
_MULTIPLIER = {"k": 1e3, "m": 1e6, "b": 1e9}


@dataclass(frozen=True)
class ParsedValue:
    value: float | None  # None when empty or unparseable
    raw: str
    status: str  # "ok" | "empty" | "unparsed"


def parse_metric_value(raw: object) -> ParsedValue:
    """Turn a dump's metric value into a float, keeping the original text."""
    if isinstance(raw, bool):
        return ParsedValue(None, str(raw), "unparsed")
    if isinstance(raw, int | float):
        value = float(raw)
        if math.isfinite(value):
            return ParsedValue(value, str(raw), "ok")
        return ParsedValue(None, str(raw), "unparsed")
    text = "" if raw is None else str(raw).strip()
    if text.lower() in _EMPTY:
        return ParsedValue(None, text, "empty")
    match = _NUMBER.match(text)
    if not match or not re.search(r"\d", match["num"] or ""):
        return ParsedValue(None, text, "unparsed")
    value = float(match["num"].replace(",", "").replace("−", "-"))
    suffix = (match["suffix"] or "").lower()
    value *= _MULTIPLIER.get(suffix, 1.0)
    if not math.isfinite(value):
        return ParsedValue(None, text, "unparsed")
    return ParsedValue(value, text, "ok")
