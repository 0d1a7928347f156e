"""arXiv identifiers: accept what people paste, store one normal form."""

from __future__ import annotations

import re

# New-style ids: YYMM.NNNN (2007-2014) or YYMM.NNNNN (2015-), optional version.
_NEW = re.compile(r"(?P<id>\d{4}\.\d{4,5})(?:v\d+)?")
# Old-style ids: archive(.SUBJ)?/YYMMNNN, e.g. hep-th/9901001, math.GT/0309136.
_OLD = re.compile(r"(?P<id>[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?")
_URL_PREFIX = re.compile(
    r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/", re.IGNORECASE
)


class InvalidArxivId(ValueError):
    pass


def normalise_arxiv_id(raw: str) -> str:
    """`2401.12345v2`, `arXiv:2401.12345`, `https://arxiv.org/abs/2401.12345` -> `2401.12345`.

    Old-style ids keep their archive: `hep-th/9901001v1` -> `hep-th/9901001`.
    Raises InvalidArxivId for anything else.
    """
    text = raw.strip()
    text = _URL_PREFIX.sub("", text)
    if text.lower().startswith("arxiv:"):
        text = text[len("arxiv:") :]
    if text.lower().endswith(".pdf"):
        text = text[: -len(".pdf")]
    text = text.strip().rstrip("/")
    for pattern in (_NEW, _OLD):
        match = pattern.fullmatch(text)
        if match:
            month = match["id"][:4] if pattern is _NEW else None
            if month is not None and not 1 <= int(month[2:]) <= 12:
                break
            return match["id"]
    raise InvalidArxivId(
        f"'{raw[:80]}' is not an arXiv id; expected e.g. 2104.09376, arXiv:2104.09376v2, "
        "https://arxiv.org/abs/2104.09376 or hep-th/9901001"
    )


def arxiv_id_from_url(url: str | None) -> str | None:
    """The arXiv id of an arxiv.org abs/pdf URL, else None."""
    if not url or not _URL_PREFIX.match(url.strip()):
        return None
    try:
        return normalise_arxiv_id(url)
    except InvalidArxivId:
        return None
