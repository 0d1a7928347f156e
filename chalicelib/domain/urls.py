"""The run log of a reproduction: an allow-listed https URL or pasted terminal output (SPEC 5).

Pure functions, no I/O; the server never fetches these URLs.

Decisions where the spec leaves room:
- A value "looks like a URL" when, after skipping leading whitespace and invisible characters,
  it starts with a known scheme (`https:`, `http:`, `javascript:`, `data:`, `file:`, `ftp:`,
  ...), with any `scheme://` (`s3://bucket/log`, `hxxps://...`), with `//` (or a backslash
  variant of it), or with `www.`; a single token such as
  `github.com/org/repo` or `evil.com` (domain name, optional path, no whitespace) looks like a
  URL too. A URL-looking value is never treated as pasted text: it is accepted only if it passes
  every URL rule, otherwise it is rejected.
- Leading/trailing whitespace on a URL-looking value is rejected, not stripped, so what is
  stored is exactly what was checked.
- Every rule is checked on the raw string *before* `urllib.parse` sees it, because parsers
  disagree on hosts such as `https://github.com\\@evil.com/`; the parse afterwards is only a
  second opinion that must agree.
- Pasted output is stored verbatim (not stripped). Its length is counted in Python `str`
  characters (code points), so a 4-byte emoji counts as one. It may contain tabs, carriage
  returns and ANSI escapes (real terminal output does), but not NUL.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

ALLOWED_LOG_HOSTS: frozenset[str] = frozenset(
    {"github.com", "gist.github.com", "wandb.ai", "colab.research.google.com", "huggingface.co"}
)
MAX_PASTED_CHARS = 10_000
MAX_URL_CHARS = 2_048

_HOSTS_IN_WORDS = (
    "github.com, gist.github.com, wandb.ai, colab.research.google.com or huggingface.co"
)
_REMEDY = (
    f"use an https URL on {_HOSTS_IN_WORDS}, "
    f"or paste the output (<= {MAX_PASTED_CHARS:,} characters)"
)

# Schemes someone might send; anything starting with one of these is judged as a URL.
_URL_SCHEMES = (
    "https",
    "http",
    "javascript",
    "vbscript",
    "data",
    "file",
    "ftp",
    "ftps",
    "sftp",
    "ssh",
    "git",
    "ws",
    "wss",
    "blob",
    "mailto",
)
_SCHEME_PREFIX = re.compile(r"(?P<scheme>" + "|".join(_URL_SCHEMES) + r"):", re.IGNORECASE)
_NETWORK_PATH_PREFIX = re.compile(r"[/\\]{2}|www\.", re.IGNORECASE)
# Any other `scheme://` (RFC 3986 scheme syntax), so `s3://bucket/run.log` is not pasted text.
_ANY_SCHEME_AUTHORITY = re.compile(r"[a-z][a-z0-9+.-]*:[/\\]{2}", re.IGNORECASE)
# `github.com/org/repo`, `evil.com`, `wandb.ai:443/x`: a bare domain, optionally a path.
_BARE_DOMAIN = re.compile(
    r"(?:[a-z0-9-]+\.)+[a-z]{2,}\.?(?::\d*)?(?:[/?#]\S*)?",
    re.IGNORECASE,
)
_HTTPS_PREFIX = "https://"
# Characters that break out of an HTML attribute, a Markdown link or a template.
_UNSAFE_IN_URL = frozenset("\"'<>`{}")


@dataclass(frozen=True)
class RunLog:
    kind: Literal["url", "pasted"]
    url: str | None  # canonical URL when kind == "url"
    text: str | None  # pasted output when kind == "pasted"


class RunLogError(ValueError):
    """The run log value breaks a rule; the message says which and what to do instead."""


def _is_invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in {"Cc", "Cf"}


def _looks_like_url(value: str) -> bool:
    start = 0
    while start < len(value) and _is_invisible(value[start]):
        start += 1
    head = value[start:]
    if (
        _SCHEME_PREFIX.match(head)
        or _NETWORK_PATH_PREFIX.match(head)
        or _ANY_SCHEME_AUTHORITY.match(head)
    ):
        return True
    return _BARE_DOMAIN.fullmatch(head.rstrip()) is not None


def _reject(problem: str) -> RunLogError:
    return RunLogError(f"run_log_url {problem}; {_REMEDY}")


def _check_characters(url: str) -> None:
    if len(url) > MAX_URL_CHARS:
        raise _reject(f"is {len(url):,} characters long, over the {MAX_URL_CHARS:,} limit")
    for index, char in enumerate(url):
        if not char.isascii():
            raise _reject(
                f"contains the non-ASCII character {char!r} (U+{ord(char):04X}) at position "
                f"{index}; look-alike hosts are not accepted"
            )
        if char.isspace() or ord(char) < 0x20 or ord(char) == 0x7F:
            raise _reject(
                f"contains whitespace or a control character ({char!r}) at position {index}"
            )
        if char == "\\":
            raise _reject(f"contains a backslash at position {index}")


def _split_authority(url: str) -> tuple[str, str]:
    """Return (authority, rest) of a URL already known to be ASCII without whitespace."""
    scheme = _SCHEME_PREFIX.match(url)
    if scheme is None:
        if url.startswith("//"):
            raise _reject("has no scheme; it must start with https://")
        raise _reject("must start with https://")
    if scheme["scheme"].lower() != "https":
        raise _reject(f"scheme {scheme['scheme'].lower()!r} is not allowed; only https is")
    if url[: len(_HTTPS_PREFIX)].lower() != _HTTPS_PREFIX:
        raise _reject("must start with https:// (two slashes, then the host)")
    after = url[len(_HTTPS_PREFIX) :]
    end = len(after)
    for delimiter in "/?#":
        position = after.find(delimiter)
        if position != -1:
            end = min(end, position)
    return after[:end], after[end:]


def _check_host(authority: str) -> str:
    if not authority:
        raise _reject("has no host after https://")
    if "@" in authority:
        raise _reject(f"contains user information ({authority!r}); a URL may not contain '@' there")
    if "%" in authority:
        raise _reject(f"host {authority!r} is percent-encoded")
    if "[" in authority or "]" in authority:
        raise _reject(f"host {authority!r} is an IP address literal")
    if ":" in authority:
        raise _reject(f"must not name a port ({authority!r})")
    host = authority.lower()
    if host.endswith("."):
        raise _reject(f"host {host!r} ends with a dot")
    if host not in ALLOWED_LOG_HOSTS:
        raise _reject(f"host {host!r} is not allowed")
    return host


def canonical_log_url(url: str) -> str:
    """Check `url` against every URL rule and return its canonical form.

    Canonical: scheme and host lowercased, the fragment removed, an empty path written as `/`,
    an empty `?` dropped; path and query are kept exactly. Raises `RunLogError` when the URL
    breaks a rule, so validators can call it on stored values without trusting them.
    """
    if not isinstance(url, str):
        raise _reject("must be a string")
    _check_characters(url)
    authority, rest = _split_authority(url)
    host = _check_host(authority)
    for index, char in enumerate(url):
        if char in _UNSAFE_IN_URL:
            raise _reject(
                f"contains {char!r} at position {index}; quotes, angle brackets, backticks and "
                "braces are not accepted in a URL (percent-encode them)"
            )

    # Second opinion: the standard parser must see the same host and no userinfo or port.
    parts = urlsplit(url)
    if (
        parts.scheme.lower() != "https"
        or parts.hostname != host
        or parts.username is not None
        or parts.password is not None
        or parts.netloc.lower() != host
    ):
        raise _reject(f"could not be read unambiguously (host {host!r})")

    path_and_query = rest.split("#", 1)[0]
    path, _, query = path_and_query.partition("?")
    canonical = f"https://{host}{path or '/'}"
    return f"{canonical}?{query}" if query else canonical


def _check_pasted(value: str) -> str:
    if not value.strip():
        raise RunLogError(
            "run_log_url is empty; paste the run's terminal output "
            f"(<= {MAX_PASTED_CHARS:,} characters) or give an https URL on {_HOSTS_IN_WORDS}"
        )
    if len(value) > MAX_PASTED_CHARS:
        raise RunLogError(
            f"run_log_url pasted output is {len(value):,} characters, over the "
            f"{MAX_PASTED_CHARS:,} limit; paste only the final evaluation output or upload the "
            f"full log and give an https URL on {_HOSTS_IN_WORDS}"
        )
    nul = value.find("\x00")
    if nul != -1:
        raise RunLogError(
            f"run_log_url pasted output contains a NUL character at position {nul}; "
            "paste the output as plain text"
        )
    return value


def parse_run_log(value: str) -> RunLog:
    """Classify and check a submitted `run_log_url` value.

    A URL-looking value must pass every URL rule (see `canonical_log_url`) and becomes a
    `url` run log with its canonical URL; anything else is pasted output.
    """
    if not isinstance(value, str):
        raise RunLogError(f"run_log_url must be a string; {_REMEDY}")
    if _looks_like_url(value):
        return RunLog(kind="url", url=canonical_log_url(value), text=None)
    return RunLog(kind="pasted", url=None, text=_check_pasted(value))


# A commit or revision id in a log URL's path (`/blob/<sha>/`, `/resolve/<sha>/`, a gist's
# `/raw/<sha>/` or `/<user>/<id>/<sha>`): the file behind it can no longer change.
_REVISION_SEGMENT = re.compile(r"/[0-9a-f]{40}(?:/|$)")


def pinned_log_url(url: str) -> bool:
    """Does the log URL name a fixed revision of its file (a commit, a gist revision)? A URL
    of a branch or of a gist's latest revision can be edited after it was submitted."""
    path = url.split("?", 1)[0].split("#", 1)[0]
    return _REVISION_SEGMENT.search(path.lower()) is not None
