"""The uploaded run log's fast read (chalicelib/services/log_streams.py `line_batches`, and
`ContentHasher.feed_text` in chalicelib/domain/copies.py): large reads split into lines must
give the extractor exactly the lines `readline` gives (over-long lines cut alike) and the copy
check exactly the digest of the whole text, whatever the read size."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from chalicelib.domain.copies import ContentHasher, content_hash
from chalicelib.domain.log_metrics import extract_metrics, extract_metrics_from_lines
from chalicelib.services.log_streams import MAX_LINE_CHARS, iter_lines, line_batches
from chalicelib.services.object_streams import ReadStats

ALPHABET = st.sampled_from(
    [
        *("a", "0", ".", " ", "\t", "\n", "\r", "\r\n", ":", "é", "Ａ", "€"),
        *("\u200b", "\x1b[1m", "\x0c", "\x0b", "\x85", "\x1c", "\u2029", "\x07", "\x7f"),
        *("acc: 0.91", "Epoch [3/10]", "**0.5**", "  \n", "\n\n"),
    ]
)


def _stream(data: bytes) -> io.BufferedReader:
    return io.BufferedReader(io.BytesIO(data), 7)


def _readline_pieces(data: bytes, max_chars: int) -> tuple[list[str], int]:
    """The reference: `readline(max_chars)` lines, as `iter_lines` reads them."""
    text = io.TextIOWrapper(_stream(data), encoding="utf-8", errors="replace", newline=None)
    pieces = []
    while line := text.readline(max_chars):
        pieces.append(line)
    return pieces, len(pieces)


def _batched(data: bytes, read_chars: int, max_chars: int) -> tuple[list[str], int, str]:
    stats, hasher = ReadStats(), ContentHasher()
    lines = [
        line
        for batch in line_batches(
            _stream(data), stats, hasher, read_chars=read_chars, max_chars=max_chars
        )
        for line in batch
    ]
    return lines, stats.units, hasher.hexdigest()


@settings(max_examples=500, deadline=None)
@given(
    st.lists(ALPHABET, max_size=60).map("".join),
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=1, max_value=9),
)
def test_batched_lines_are_readlines_pieces_and_hash_like_the_whole_text(
    text: str, read_chars: int, max_chars: int
) -> None:
    data = text.encode()
    pieces, count = _readline_pieces(data, max_chars)
    lines, units, digest = _batched(data, read_chars, max_chars)
    # the same lines, without their line ends, and the same count
    assert lines == [piece.removesuffix("\n") for piece in pieces]
    assert units == count
    # the digest is that of the whole text (a pasted copy of it is the same output)
    assert digest == content_hash(text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=40), st.integers(min_value=1, max_value=12))
def test_undecodable_bytes_read_alike(data: bytes, read_chars: int) -> None:
    pieces, count = _readline_pieces(data, 5)
    lines, units, digest = _batched(data, read_chars, 5)
    assert lines == [piece.removesuffix("\n") for piece in pieces] and units == count
    assert digest == content_hash(data.decode("utf-8", errors="replace"))


def test_lines_at_and_over_the_limit_are_cut_like_readline() -> None:
    edge = MAX_LINE_CHARS
    text = "x" * edge + "\n" + "y" * (2 * edge + 3) + "\r\nTest acc: 0.5\n" + "z" * (2 * edge)
    data = text.encode()
    pieces, count = _readline_pieces(data, edge)
    lines, units, digest = _batched(data, 1000, edge)
    assert lines == [piece.removesuffix("\n") for piece in pieces] and units == count == 8
    assert digest == content_hash(text)


def test_the_extractor_reads_batched_lines_as_it_reads_the_text() -> None:
    text = "Epoch [3/10] loss 0.2\r\n**Test** acc: __0.91__\rBLEU = 27.3\n\x1b[1mF1: 0.5\x1b[0m"
    lines, _, _ = _batched(text.encode(), 16, MAX_LINE_CHARS)
    assert extract_metrics_from_lines(lines) == extract_metrics(text)
    found = [(m.name, m.value, m.line, m.evidence) for m in extract_metrics_from_lines(lines)]
    assert found == [(m.name, m.value, m.line, m.evidence) for m in extract_metrics(text)]


def test_iter_lines_counts_what_it_yields() -> None:
    stats = ReadStats()
    assert list(iter_lines(_stream(b"a\r\nb\rc"), stats)) == ["a\n", "b\n", "c"]
    assert stats.units == 3


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from("ab\n"), max_size=200), st.integers(min_value=1, max_value=40))
def test_a_text_said_to_hold_no_long_line_holds_none(text: str, max_chars: int) -> None:
    from chalicelib.services.log_streams import _may_hold

    if not _may_hold(text, max_chars):
        assert max(map(len, text.split("\n"))) < max_chars
