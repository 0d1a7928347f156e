"""arXiv identifiers: accept what people paste, store one normal form."""

from __future__ import annotations

import re

# New-style ids: YYMM.NNNN (0704-1412) or YYMM.NNNNN (1501-), optional version (v1, v2 ...).
# ASCII digits only: Python's \d also takes other scripts' digits (`2104.０９３７６`), which
# named another paper id, a look-alike of the real one.
_NEW = re.compile(r"(?P<id>[0-9]{4}\.[0-9]{4,5})(?:v[1-9][0-9]{0,3})?")
# Old-style ids: archive(.SUBJ)?/YYMMNNN, e.g. hep-th/9901001, math.GT/0309136.
_OLD = re.compile(r"(?P<id>[a-z][a-z-]*(?:\.[A-Z]{2})?/[0-9]{7})(?:v[1-9][0-9]{0,3})?")
_URL_PREFIX = re.compile(
    r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/", re.IGNORECASE | re.ASCII
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
            if pattern is _NEW and not _new_style_exists(match["id"]):
                break
            return match["id"]
    raise InvalidArxivId(
        f"'{raw[:80]}' is not an arXiv id; expected e.g. 2104.09376, arXiv:2104.09376v2, "
        "https://arxiv.org/abs/2104.09376 or hep-th/9901001"
    )


def _new_style_exists(arxiv_id: str) -> bool:
    """A month 01-12, four digits after the dot from April 2007 to 2014 and five from 2015
    (arXiv's identifier scheme): `2401.1234` and `1301.12345` name no paper."""
    yymm, number = arxiv_id.split(".")
    if not 1 <= int(yymm[2:]) <= 12:
        return False
    return "0704" <= yymm <= "1412" if len(number) == 4 else yymm >= "1501"


def arxiv_id_from_url(url: str | None) -> str | None:
    """The arXiv id of an arxiv.org abs/pdf URL, else None."""
    if not url or not _URL_PREFIX.match(url.strip()):
        return None
    try:
        return normalise_arxiv_id(url)
    except InvalidArxivId:
        return None
