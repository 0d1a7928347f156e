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
    (`chalicelib.domain.metrics.sense_compare.same_metric`: synonyms fold; test, validation and
    train never match each other; box and mask AP stay apart)."""
    from chalicelib.domain.metrics.sense_compare import same_metric

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


# The code points `clean_text` refuses (Unicode 14, Python 3.11's unicodedata: categories Cc,
# Cf, Cs, Co, Zl and Zp), as ranges; a unit test recomputes them. The API's OpenAPI document
# states the rule as a pattern built from them (`refused_class`).
REFUSED_RANGES: tuple[tuple[int, int], ...] = (
    (0x00, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD),
    (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0x180E, 0x180E), (0x200B, 0x200F),
    (0x2028, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F), (0xD800, 0xF8FF), (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
    (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD),
)  # fmt: skip


def refused_class(*, allow: str = "") -> str:
    """The inside of a regex character class of refused code points (BMP ones as backslash-u
    escapes, which ECMA-262, Rust's regex and Python read alike; astral ones literally),
    leaving out the characters in `allow` and the lone surrogates."""

    def one(code: int) -> str:
        return f"\\u{code:04x}" if code < 0x10000 else chr(code)

    parts: list[str] = []
    for low, high in REFUSED_RANGES:
        if low <= 0xDFFF and high >= 0xD800:
            # Lone surrogates cannot be written in most regex dialects (Rust's, Unicode-mode
            # ECMA-262): the pattern leaves them out; `clean_text` still refuses them.
            if low < 0xD800:
                parts.append(f"{one(low)}-{one(0xD7FF)}")
            low = 0xE000
        codes = [c for c in range(low, high + 1) if chr(c) not in allow] if allow else None
        if codes is None or len(codes) == high - low + 1:
            parts.append(one(low) if low == high else f"{one(low)}-{one(high)}")
            continue
        parts.extend(one(c) for c in codes)
    return "".join(parts)


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


def strip_invisible(value: str) -> str:
    """Text from a source that cannot be asked to fix it (an ingested dump): NFKC-normalised,
    with what `clean_text` refuses (bidi overrides, zero-width and other format characters,
    control characters, private use) dropped instead, and runs of whitespace made one space.
    A title carrying U+202E would otherwise read reversed on the pages reviewers decide on."""
    text = unicodedata.normalize("NFKC", value)
    kept = "".join(
        " " if char in _LINE_BREAKS else char
        for char in text
        if char in _LINE_BREAKS
        or unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
    )
    return " ".join(kept.split())


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
