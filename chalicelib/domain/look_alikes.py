"""Letters of other scripts that look like Latin ones (Unicode confusables): the Cyrillic `а`
in `Ерoch`, the Greek `Ο` in `ΟS`. NFKC leaves them as they are, so text that reads the same
to a person can differ in every comparison. Read as the Latin letters they look like, they
compare equal again: hardware names (`chalicelib/domain/hardware.py`) and copies of run output
(`chalicelib/domain/copies.py`).

The table holds the letters that are drawn like a Latin letter in common fonts (Cyrillic,
Greek, Armenian and Latin variants such as the dotless `ı`), after NFKC, which already folds
fullwidth, mathematical and other compatibility forms. Pure, standard library only.
"""

from __future__ import annotations

_PAIRS = (
    # Cyrillic
    ("АВЕКМНОРСТХУЅІЈԚԜҮ", "ABEKMHOPCTXYSIJQWY"),
    ("аеорсхуѕіјԁһӏԛԝүɡ", "aeopcxysijdhlqwyg"),
    # Greek
    ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹ", "ABEZHIKMNOPTYXC"),
    ("αβεικνορτυχϲϳ", "abeiknoptuxcj"),
    # Armenian
    ("ՕՍԼ", "OUL"),
    ("օսհոզ", "ouhnq"),
    # Latin letters drawn like plain ones
    ("ıȷɑɩ", "ijai"),
)
LOOK_ALIKES = str.maketrans("".join(a for a, _ in _PAIRS), "".join(b for _, b in _PAIRS))


def fold_look_alikes(text: str) -> str:
    """`text` with look-alike letters of other scripts read as the Latin ones."""
    return text if text.isascii() else text.translate(LOOK_ALIKES)
