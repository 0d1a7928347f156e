"""Numbers as logs print them.

Every pattern here is linear-time on any input: runs are matched with possessive quantifiers
(Python >= 3.11), so a failed match never re-scans the digits it consumed, and a number token
longer than `MAX_NUMBER_CHARS` is not a metric value (a 10,000-digit "number" is skipped
without converting it)."""

from __future__ import annotations

import math
import re

MAX_NUMBER_CHARS = 40

# A signed decimal with optional exponent: 76.130, .5, 1e-3, -0.25, 12.
NUM = r"[-+]?+(?:\d++(?:\.\d*+)?+|\.\d++)(?:[eE][-+]?+\d++)?+"
# Where a number may end: not inside a word, a version string ("1.13.0"), a fraction or count
# ("9916/10000") or a time of day ("12:30"); a full stop that ends a sentence is fine.
END = r"(?=\.(?:\s|$)|[^\w./:]|[/:](?!\d)|$)"
# Where a number may start: not inside a word or another number.
START = r"(?<![\w.])"
_NUMBER = re.compile(NUM)


def parse_number(text: str) -> float | None:
    """The float in `text` if `text` is exactly one finite number of sane length, else None."""
    text = text.strip()
    if not text or len(text) > MAX_NUMBER_CHARS or not _NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def decimals_of(text: str) -> int:
    """Digits printed after the decimal point ("76.130" -> 3; "1.5e-3" -> 4)."""
    mantissa, _, exponent = text.strip().lstrip("+-").lower().partition("e")
    decimals = len(mantissa.split(".", 1)[1]) if "." in mantissa else 0
    if exponent:
        try:
            decimals -= int(exponent)
        except ValueError:
            return decimals
    return max(decimals, 0)


def float_decimals(value: float) -> int:
    """Decimals of a number that arrived as a float (JSON), from its shortest repr."""
    if isinstance(value, int):
        return 0
    text = repr(float(value))
    if "e" in text or "E" in text:
        return decimals_of(text)
    return len(text.split(".", 1)[1]) if "." in text else 0
