"""A few lines of HTML templating on the standard library (no Jinja2 in the Lambda).

Escaping is the default: `render` escapes every value it substitutes unless the value is
already `Html` (markup this module produced). So a value can only reach a page unescaped by
going through `render` itself, and attacker-controlled text (log excerpts, titles, metric
names, account names) is always shown as text.
"""

from __future__ import annotations

import html
import re
import string
from collections.abc import Iterable
from functools import lru_cache
from typing import Any
from urllib.parse import quote, urlencode


class Html(str):
    """Markup that is safe to emit as it is."""

    __slots__ = ()


# Bidi controls (embeddings, overrides, isolates, marks): text shown with them can read in
# another order than it is stored (`acc: 0.12 <U+202E>19.0` reads `acc: 0.12 0.91`). Free
# text is refused with them at submission and ingest drops them, but an uploaded log, a replay
# log's outputs or an item stored before those rules is shown as it came: each one is shown
# as a visible mark naming it, on every page.
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _bidi_mark(found: re.Match[str]) -> str:
    return f"[U+{ord(found.group()):04X}]"


def esc(value: Any) -> Html:
    """`value` as HTML text (quotes escaped too, so it is safe inside attributes; bidi
    controls shown as marks)."""
    if isinstance(value, Html):
        return value
    text = html.escape("" if value is None else str(value), quote=True)
    return Html(_BIDI.sub(_bidi_mark, text))


@lru_cache(maxsize=256)
def _template(text: str) -> string.Template:
    return string.Template(text)


def render(template: str, **values: Any) -> Html:
    """Substitute `${name}` placeholders, escaping each value that is not `Html`."""
    return Html(_template(template).substitute({k: esc(v) for k, v in values.items()}))


def join(parts: Iterable[Html], sep: str = "") -> Html:
    return Html(sep.join(esc(p) for p in parts))


def url(path: str, **params: Any) -> str:
    """A path with its query string; parameters that are None or "" are left out."""
    query = urlencode({k: v for k, v in params.items() if v is not None and v != ""})
    return f"{path}?{query}" if query else path


def path_segment(value: str) -> str:
    """A value as one URL path segment (old-style arXiv ids carry a slash)."""
    return quote(value, safe="")


def number(value: Any) -> str:
    """Metric values as people write them: no trailing `.0`, at most 6 significant digits
    after the point."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return f"{int(value):,}"
        return f"{value:.6g}"
    return str(value)
