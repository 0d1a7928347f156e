"""Copies of run output (issue 18): two submissions carry the same output when their
normalised texts are equal. Normalised: Unicode NFKC, line endings as `\n` (`\r\n`, a lone
`\r` and the other line boundaries `str.splitlines` knows alike: vertical tab, form feed,
`\x1c`-`\x1e`, NEL, U+2028, U+2029), invisible characters dropped (zero-width and other
format characters, other control characters, ANSI colour codes: nobody reading the log can
see them), look-alike letters of other scripts read as the Latin ones they look like (a
Cyrillic `о` in `Lоss`: `chalicelib/domain/look_alikes.py`), trailing whitespace of every line
and blank lines at both ends dropped. So a log pasted through another terminal, editor or
operating system is the same log, and so is one with a zero-width space or a look-alike letter
slipped in.

Pure, standard library only.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Iterator

from chalicelib.domain.look_alikes import fold_look_alikes

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# Unicode's default-ignorable code points (DerivedCoreProperties.txt) that are not format
# characters: they render as nothing (a combining grapheme joiner, variation selectors, Khmer
# inherent vowels, Mongolian free variation selectors) or as a blank the width of nothing
# (Hangul fillers), so a copy with one slipped in looked the same on the review page.
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u2065\u3164\ufe00-\ufe0f"
    "\uffa0\ufff0-\ufff8\U000e0000-\U000e0fff]"
)
# Line boundaries besides \n and \r (those of str.splitlines, which the URL-log reader uses),
# and the control characters left once they are taken out (a tab stays: it is whitespace).
_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_CONTROLS = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f]")
# What sends ASCII text down the line-by-line path of `ContentHasher.feed_text`: every control
# character but a tab and `\n` (line boundaries, `\r`, ANSI's escape, the removed controls).
_ASCII_UNSEEN = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_ASCII_UNSEEN_BYTES = bytes([*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F])


def _ascii_unseen(text: str) -> bool:
    """`_ASCII_UNSEEN.search(text)` for ASCII text, at the speed of a byte translation (a
    regular expression's character class scans 256K characters ~5x slower)."""
    encoded = text.encode("ascii")
    return len(encoded.translate(None, _ASCII_UNSEEN_BYTES)) != len(encoded)


def _visible(line: str) -> str:
    """A line, NFKC-normalised, without what nobody sees: ANSI colour codes, zero-width and
    other format characters (Unicode category Cf) and the other default-ignorable code points,
    trailing whitespace; look-alike letters read as Latin ones."""
    line = composed = unicodedata.normalize("NFKC", line)
    if "\x1b" in line:
        line = _ANSI.sub("", line)
    line = _CONTROLS.sub("", line)
    if not line.isascii():
        line = "".join(c for c in line if unicodedata.category(c) != "Cf")
        line = _IGNORABLE.sub("", line)
    if len(line) != len(composed) and not line.isascii():
        # what was dropped may have stood between a letter and its accent (`e<ZWJ>\u0301`
        # shows as `é`), which NFKC could not compose around it: compose again
        line = _IGNORABLE.sub("", unicodedata.normalize("NFKC", line))  # U+FFA0 -> U+3164
    if not line.isascii():
        line = fold_look_alikes(line)
    return line.rstrip()


def normalise_output(text: str) -> str:
    text = _BREAKS.sub("\n", text.replace("\r\n", "\n").replace("\r", "\n"))
    return "\n".join(_visible(line) for line in text.split("\n")).strip("\n")


def content_hash(text: str) -> str:
    """SHA-256 (hex) of the normalised text."""
    normalised = normalise_output(text).encode("utf-8", errors="surrogatepass")
    return hashlib.sha256(normalised).hexdigest()


class ContentHasher:
    """`content_hash` of a text that arrives line by line (an uploaded log, read as a stream):
    feed it the lines of a universal-newline reader (`\\r\\n` and `\\r` already read as `\\n`;
    a line longer than the reader's limit may come in pieces, none but the last ending with
    `\\n`), then read `hexdigest()`. The same text gives the same digest either way."""

    def __init__(self) -> None:
        self._sha = hashlib.sha256()
        self._line: list[str] = []  # pieces of the line being read
        self._blank = 0  # blank lines held back: kept only if a line with text follows
        self._started = False

    def feed(self, piece: str) -> None:
        if not piece.endswith("\n"):
            self._line.append(piece)
            return
        self._line.append(piece[:-1])
        self._end_line()

    def feed_text(self, text: str) -> None:
        """Text of any length as a universal-newline reader gives it (the same digest as
        feeding its lines one by one). Runs of printable ASCII lines, most of a run log, are
        hashed as one block: NFKC, the ANSI and control rules change nothing in them, and
        what `_visible` leaves of a line is the line without its trailing blanks."""
        end = text.rfind("\n")
        if end < 0:
            self._line.append(text)
            return
        block = text[:end]  # whole lines, the last one's `\n` dropped
        if self._line:
            self._line.append(block)
            block = "".join(self._line)
        self._line = [text[end + 1 :]] if end + 1 < len(text) else []
        if not block.isascii() or _ascii_unseen(block):
            # a line at a time; the printable ASCII ones still skip the Unicode rules
            held, add = self._line, self._add
            for line in block.split("\n"):
                if line.isascii() and not _ASCII_UNSEEN.search(line):
                    add(line.rstrip())
                else:
                    self._line = [line]
                    self._end_line()
            self._line = held
            return
        if " \n" in block or "\t\n" in block or block.endswith((" ", "\t")):
            block = "\n".join([line.rstrip() for line in block.split("\n")])
        self._add_block(block)

    def _add_block(self, block: str) -> None:
        """`_add` of each line of `block` (visible lines joined by `\n`), in one update."""
        body = block.rstrip("\n")
        trailing = len(block) - len(body)  # blank lines at its end, held back
        if not body:  # blank lines only
            self._blank += self._started * (trailing + 1)
            return
        body = "\n" * (self._blank + 1) + body if self._started else body.lstrip("\n")
        self._sha.update(body.encode("utf-8", errors="surrogatepass"))
        self._started, self._blank = True, trailing

    def _end_line(self) -> None:
        line = "".join(self._line)
        self._line = []
        for part in _BREAKS.split(line) if _BREAKS.search(line) else (line,):
            self._add(_visible(part))

    def _add(self, line: str) -> None:
        if not line:
            self._blank += self._started
            return
        separator = "\n" * (self._blank + 1) if self._started else ""
        self._sha.update((separator + line).encode("utf-8", errors="surrogatepass"))
        self._started, self._blank = True, 0

    def hexdigest(self) -> str:
        if self._line:
            self._end_line()
        return self._sha.hexdigest()


def hashing(lines: Iterable[str], hasher: ContentHasher, *, ended: bool = False) -> Iterator[str]:
    """`lines`, fed to `hasher` as they pass: a log read once, for its metrics and its copy
    check (issue 18) together. Lines come without their breaks (as `str.splitlines` gives
    them), or with `ended`, as a universal-newline reader gives them (see ContentHasher)."""
    for line in lines:
        hasher.feed(line if ended else line + "\n")
        yield line
