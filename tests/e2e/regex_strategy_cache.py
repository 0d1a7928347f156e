"""Build each character class's Hypothesis strategy once per test process.

Our free-text fields carry a `pattern` that names every refused code point (README
"Integrity"), including two planes of private-use characters. Hypothesis builds the strategy
of a character class one code point at a time (~1 s for ours), and Schemathesis asks for the
same few classes again and again: per field, per operation, and in every length variant of a
pattern its coverage phase makes (`{0}`, `{198}`, `{0,199}` ...), so the fuzz module spent
over two minutes at collection building the same strategies. A class's strategy depends only
on the class, the regex flags and the alphabet, and strategies are immutable: sharing one
changes nothing that is generated, only how often it is built."""

from __future__ import annotations

import re._parser as sre  # the parse tree Hypothesis walks (sre_parse is its old name)
from typing import Any

from hypothesis.strategies._internal import regex as _regex

_built: dict[tuple[str, int, bool, str], Any] = {}
_build = _regex._strategy


def _strategy(codes: Any, context: Any, is_unicode: bool, *, alphabet: Any) -> Any:
    if isinstance(codes, tuple) and codes[0] == sre.IN:
        key = (repr(codes[1]), int(context.flags), is_unicode, repr(alphabet))
        if key not in _built:
            _built[key] = _build(codes, context, is_unicode, alphabet=alphabet)
        return _built[key]
    return _build(codes, context, is_unicode, alphabet=alphabet)


def install() -> None:
    """Route Hypothesis' regex strategies through the cache (idempotent)."""
    _regex._strategy = _strategy
