"""Decoding uploaded objects as streams (chalicelib/services/object_streams.py): gzip members,
corrupt or mislabelled data, and the decoded-size cap that stops a gzip bomb."""

from __future__ import annotations

import gzip
import io

import pytest

from chalicelib.services.object_streams import ReadStats, UploadUnreadable, _DecodedReader


def decoded(data: bytes, is_gzip: bool, limit: int = 10**9) -> tuple[bytes, ReadStats]:
    stats = ReadStats()
    reader = io.BufferedReader(_DecodedReader(io.BytesIO(data), is_gzip, limit, stats))
    return reader.read(), stats


def test_plain_bytes_pass_through_and_are_counted() -> None:
    data = b"line\n" * 100_000
    out, stats = decoded(data, False)
    assert out == data and stats.sent_bytes == stats.decoded_bytes == len(data)


def test_gzip_is_decoded_on_the_fly_across_members() -> None:
    one, two = b"a" * 3_000_000, b"b\n" * 500_000
    out, stats = decoded(gzip.compress(one) + gzip.compress(two), True)
    assert out == one + two
    assert stats.decoded_bytes == len(one + two) and stats.sent_bytes < 100_000


def test_a_gzip_bomb_stops_at_the_decoded_cap() -> None:
    bomb = gzip.compress(b"\0" * 50_000_000)  # ~50 KB that expands to 50 MB
    with pytest.raises(UploadUnreadable, match="once decompressed"):
        decoded(bomb, True, limit=10_000_000)


@pytest.mark.parametrize(
    ("data", "is_gzip", "message"),
    [
        (b"plain text", True, "not gzip-compressed"),
        (gzip.compress(b"x" * 100), False, "did not say so"),
        (gzip.compress(b"x" * 100_000)[:-10], True, "ends early"),
        (gzip.compress(b"x") + b"trailing", True, "trailing garbage"),
        (b"\x1f\x8b" + b"\0" * 40, True, "corrupt"),
    ],
    ids=["plain-as-gzip", "gzip-as-plain", "truncated", "trailing", "corrupt"],
)
def test_unreadable_data_says_why(data: bytes, is_gzip: bool, message: str) -> None:
    with pytest.raises(UploadUnreadable, match=message):
        decoded(data, is_gzip)
