"""Name comparisons used across the domain: slugs for tasks/datasets, metric-name keys.

Pure functions, no I/O.
"""

from __future__ import annotations

import re
import unicodedata

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """`Image Classification` -> `image-classification`; the slug form of a task or dataset.

    Accents are folded to ASCII so `Réseau` and `reseau` share a slug. A name with no
    letters or digits slugs to `""`; callers treat that as "no such name".
    """
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return _NON_ALNUM.sub("-", folded.lower()).strip("-")


def metric_key(name: str) -> str:
    """Case- and punctuation-insensitive key of a metric name (SPEC 6).

    `Top-1 Accuracy`, `top1 accuracy` and `TOP_1-ACCURACY` share the key `top1accuracy`.
    """
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return _NON_ALNUM.sub("", folded.lower())


def metric_names_match(a: str, b: str) -> bool:
    """Whether two names denote the same metric, by the one metric vocabulary
    (`chalicelib.domain.metrics.vocabulary.same_metric`: synonyms fold; test, validation and
    train never match each other; box and mask AP stay apart)."""
    from chalicelib.domain.metrics.vocabulary import same_metric  # its tables load on first use

    return same_metric(a, b)


class TextError(ValueError):
    """Free text that cannot be stored; the message says what to remove."""


_LINE_BREAKS = frozenset("\n\r\t")
_NAMES = {
    "\u200b": "a zero-width space",
    "\u200c": "a zero-width non-joiner",
    "\u200d": "a zero-width joiner",
    "\u2060": "a word joiner",
    "\ufeff": "a byte-order mark",
    "\u202a": "a bidi embedding",
    "\u202b": "a bidi embedding",
    "\u202c": "a bidi pop",
    "\u202d": "a bidi override",
    "\u202e": "a bidi override",
    "\u2066": "a bidi isolate",
    "\u2067": "a bidi isolate",
    "\u2068": "a bidi isolate",
    "\u2069": "a bidi isolate",
    "\x00": "a NUL character",
}


def _describe(char: str) -> str:
    name = _NAMES.get(char)
    if name is None:
        category = unicodedata.category(char)
        name = {
            "Cc": "a control character",
            "Cf": "an invisible format character",
            "Cs": "a lone surrogate",
            "Co": "a private-use character",
            "Zl": "a line separator",
            "Zp": "a paragraph separator",
        }.get(category, "a character that cannot be stored")
    return f"{name} (U+{ord(char):04X})"


def clean_text(value: str, *, multiline: bool = False) -> str:
    """Free text as the ledger stores it: NFKC-normalised (fullwidth and compatibility forms
    folded), surrounding whitespace removed. Refused: zero-width, bidi-override and other
    invisible format characters, NUL and control characters (line breaks and tabs only where
    `multiline`), private-use characters, and text that is empty or only whitespace."""
    text = unicodedata.normalize("NFKC", value).strip()
    for index, char in enumerate(text):
        if multiline and char in _LINE_BREAKS:
            continue
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            raise TextError(f"contains {_describe(char)} at position {index}; remove it")
    if not text:
        raise TextError("is empty or only whitespace")
    return text


def workspace_path(value: str) -> str:
    """A workspace-relative path: refused when absolute (`/x`, `\\x`), on a drive (`C:`),
    starting with `~`, or climbing out with a `..` segment; also the `clean_text` rules."""
    path = clean_text(value)
    if path.startswith(("/", "\\")):
        raise TextError(f"{path[:200]!r} is absolute; give it relative to the workspace root")
    if len(path) >= 2 and path[1] == ":" and path[0].isascii() and path[0].isalpha():
        raise TextError(f"{path[:200]!r} names a drive; give it relative to the workspace root")
    if path.startswith("~"):
        raise TextError(f"{path[:200]!r} starts with '~'; give it relative to the workspace root")
    if ".." in path.replace("\\", "/").split("/"):
        raise TextError(f"{path[:200]!r} climbs out with '..'; give it relative to the workspace")
    return path
