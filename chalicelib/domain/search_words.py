"""Words of paper titles and model names, normalised for the search index (pure, no I/O).

`FLAG: Adversarial Data Augmentation` and the model `GCN+FLAG` give the words `flag`,
`adversarial`, `data`, `augmentation`, `gcn`. Case and accents are folded (`Réseau` ==
`reseau`), and everything but letters and digits separates words. A name joined by
hyphens, underscores or dots is also indexed in one piece (`ResNet-50` -> `resnet`, `50` and
`resnet50`), so both spellings find it. Single characters and a few very common English
words are not indexed: they would make huge index partitions and match everything.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "our",
        "that",
        "the",
        "this",
        "to",
        "towards",
        "via",
        "we",
        "with",
        "without",
    ]
)
MAX_WORDS_PER_PAPER = 40  # index rows per paper: bounds the recompute's writes
MAX_QUERY_WORDS = 8
_CHUNK = re.compile(r"[^a-z0-9._\-]+")
_WORD = re.compile(r"[a-z0-9]+")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()


def _keep(word: str) -> bool:
    return len(word) >= 2 and word not in STOP_WORDS


def words(text: str, *, joined: bool = True) -> list[str]:
    """The indexable words of `text`, in order of appearance, without repeats. With `joined`,
    a hyphen/underscore/dot-joined name also counts as one word."""
    out: dict[str, None] = {}
    for chunk in _CHUNK.split(_fold(text)):
        parts = _WORD.findall(chunk)
        for part in parts:
            if _keep(part):
                out[part] = None
        if joined and len(parts) > 1 and _keep("".join(parts)):
            out["".join(parts)] = None
    return list(out)


def paper_words(title: str, model_names: Iterable[str]) -> list[str]:
    """The words a paper is found by: its title's, then its model names' (at most
    MAX_WORDS_PER_PAPER, title words first)."""
    out: dict[str, None] = dict.fromkeys(words(title))
    for name in model_names:
        out |= dict.fromkeys(words(name))
    return list(out)[:MAX_WORDS_PER_PAPER]


def query_words(query: str) -> list[str]:
    """The words a search must all match (joined forms are not required: `resnet-50` asks
    for `resnet` and `50`, which every `ResNet-50` paper has)."""
    return words(query, joined=False)[:MAX_QUERY_WORDS] or words(query)[:MAX_QUERY_WORDS]


def key_word(terms: list[str]) -> str:
    """The term whose index partition a search reads: the longest, as the likeliest to be
    rare (the others are a filter on that partition)."""
    return max(terms, key=len)
