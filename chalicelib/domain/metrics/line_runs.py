"""Runs of same-shape lines, read without a Python step per line (issue #16).

A training log prints one line template hundreds of thousands of times with other numbers
(`Epoch: [3][ 120/5005]  Loss ...`), in long runs of consecutive lines of one shape (digits
zeroed: `line_layout.ZERO_DIGITS`). `Extraction.feed_lines` counts a line without feeding it
when its shape is one that only its counters decide (`Extraction._skip_plan`) and one of
those counters consumes it (batch n of N, n < N: `line_layout._apply_counters`' first rules).
Whether a counter consumes a line depends on the line alone (the plan of its shape, its own
digits), never on the state; so the lines of a list are taken a run at a time, and this is
decided for the whole run in C:

- `runs`: the runs of equal shapes in the lines' shapes (their UTF-8 bytes, digits zeroed,
  each line ended by `\\n`), found by comparing growing blocks of the run's first line repeated
  (`bytes.startswith`), not line by line;
- `consumed`: which lines of a run the counters consume, and which of those are progress lines
  (a bracketed counter, `[ 10/196]`, consumes them). Lines of one shape have the same length,
  so in their bytes one character of a counter is one column, a strided slice
  (`run[a::stride]`); a counter's `n` differs from its `N` on a line when one of their columns
  does, which XOR of the columns read as integers tells for every line at once. (A shape with
  other characters than ASCII: the same from each line's own slices.)

`feed_lines` then goes from one line to feed to the next (`bytes.find`), exactly as it would
line by line. Off with `line_layout.FAST_PATHS = False`, with the rest of the fast paths
(`tests/unit/metrics/test_fast_paths.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import repeat
from operator import getitem, ne

from chalicelib.domain.metrics.line_layout import ShapePlan

# byte -> 1 when not 0: a mask of lines from the bytes of an XOR
_ONE = bytes([0, *[1] * 255])
_MAX_BLOCK = 4096  # lines compared at a time while a run goes on

Spans = tuple[tuple[int, int, int, int], ...]


def runs(shapes: bytes) -> Iterator[tuple[bytes, int, int, int, int]]:
    """The runs of equal lines in `shapes` (lines each ended by `\\n`): (the line without its
    `\\n`, index of its first line, number of lines, offset of its first line, its length with
    the `\\n`)."""
    pos, index, size = 0, 0, len(shapes)
    startswith = shapes.startswith
    while pos < size:
        end = shapes.find(b"\n", pos) + 1
        unit = shapes[pos:end]
        count, step, block, at = 1, 1, unit, end
        while True:  # blocks of `step` more lines like the first: doubled, halved
            if startswith(block, at):
                count += step
                at += len(block)
                if step < _MAX_BLOCK:
                    step, block = step * 2, block + block
            elif step > 1:
                step //= 2
                block = block[: len(block) // 2]
            else:
                break
        yield unit[:-1], index, count, pos, end - pos
        index += count
        pos = at


def _differ_columns(data: bytes, start: int, stride: int, count: int, spans: Spans) -> int:
    """A mask (one byte a line, 0 or 1, read as a big-endian integer) of the lines of a run
    (`count` lines of `stride` bytes from `start` in `data`, all of one ASCII shape) on which
    the `n` of one of these counters differs from its `N`."""
    found = 0
    stop = start + stride * count
    for a, b, c, d in spans:
        if b - a != d - c:  # as wide on no line: always differ
            return int.from_bytes(b"\x01" * count, "big")
        xor = 0
        for j in range(b - a):
            n = data[start + a + j : stop : stride]
            total = data[start + c + j : stop : stride]
            xor |= int.from_bytes(n, "big") ^ int.from_bytes(total, "big")
        found |= int.from_bytes(xor.to_bytes(count, "big").translate(_ONE), "big")
    return found


def _differ_lines(lines: Sequence[str], spans: Spans) -> int:
    """`_differ_columns` from each line's own slices (a shape with other characters)."""
    found = [False] * len(lines)
    for a, b, c, d in spans:
        column = map(
            ne, map(getitem, lines, repeat(slice(a, b))), map(getitem, lines, repeat(slice(c, d)))
        )
        found = [x or y for x, y in zip(found, column, strict=True)]
    return int.from_bytes(bytes(found), "big")


def consumed(
    plan: ShapePlan, data: bytes, start: int, stride: int, lines: Sequence[str]
) -> tuple[bytes, bytes]:
    """Of the lines of one run (`lines`; their UTF-8 bytes, each ended by `\\n`, `stride`
    long, from `start` in `data`), whose shape's plan is `plan`: which ones its counters
    consume (1 a line, else 0), and which of those are progress lines (1). As `feed_lines`
    decides it for one line: a word counter not at its end consumes the line; else a
    bracketed one (a progress line); else a batch counter without a total."""
    count = len(lines)
    if stride - 1 == len(lines[0]):  # ASCII: a character is a byte
        words = _differ_columns(data, start, stride, count, plan.words)
        brackets = _differ_columns(data, start, stride, count, plan.brackets)
    else:
        words = _differ_lines(lines, plan.words)
        brackets = _differ_lines(lines, plan.brackets)
    progress = (brackets & ~words).to_bytes(count, "big")
    if plan.batch:
        return b"\x01" * count, progress
    return (words | brackets).to_bytes(count, "big"), progress
