"""Copies of run output (issue 18): two submissions carry the same output when their
normalised texts are equal. Normalised: Unicode NFKC, line endings as `\n` (`\r\n` and a lone
`\r` alike), trailing whitespace of every line and blank lines at both ends dropped. So a
log pasted through another terminal, editor or operating system is the same log.

Pure, standard library only.
"""

from __future__ import annotations

import hashlib
import unicodedata


def normalise_output(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip() for line in text.split("\n")).strip("\n")


def content_hash(text: str) -> str:
    """SHA-256 (hex) of the normalised text."""
    normalised = normalise_output(text).encode("utf-8", errors="surrogatepass")
    return hashlib.sha256(normalised).hexdigest()
