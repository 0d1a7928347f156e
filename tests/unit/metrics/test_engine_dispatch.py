"""The engine wakes a reader for a line exactly when one of the reader's markers occurs in it
(`Reader.wants`), whatever the registry holds: one regular expression finds the markers
(engine `_marker_index`), overlapping and nested markers included."""

from __future__ import annotations

import random

from chalicelib.domain.metrics import readers  # noqa: F401 - registers every reader
from chalicelib.domain.metrics.engine import REGISTRY, _marker_index


def test_woken_readers_are_the_readers_that_want_the_line() -> None:
    # Given lines built from whole and cut markers and random characters
    find, woken = _marker_index(tuple(REGISTRY))
    markers = sorted({marker for item in REGISTRY for marker in item.markers})
    alphabet = list("abc :|=#-\t'\"{}[]@%/.,0123456789EIT")
    rng = random.Random(7)
    for _ in range(3000):
        parts = []
        for _ in range(rng.randint(0, 6)):
            if rng.random() < 0.5:
                marker = rng.choice(markers)
                cut = rng.randint(1, len(marker)) if rng.random() < 0.3 else len(marker)
                parts.append(marker[:cut])
            else:
                parts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4))))
        line = "".join(parts)
        # When the engine's index wakes readers for the line
        found: set[int] = set()
        for marker in set(find(line)):
            found |= woken[marker]
        # Then they are exactly the readers whose markers occur in it
        assert found == {i for i, item in enumerate(REGISTRY) if item.wants(line)}, line
