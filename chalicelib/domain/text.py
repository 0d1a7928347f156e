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
    key_a = metric_key(a)
    return bool(key_a) and key_a == metric_key(b)
