"""The compute ledger and the copy hash (issue 18) as pure rules."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chalicelib.domain.compute import compute_of, gpu_hours_spread
from chalicelib.domain.copies import ContentHasher, content_hash, normalise_output

START = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("spec", "model", "count", "hours"),
    [
        ("8x NVIDIA A100-SXM4-80GB, Ubuntu 22.04", "a100", 8, 12.0),
        ("A100 80G x8, Linux", "a100", 8, 12.0),
        ("1x RTX 4090", "rtx4090", 1, 1.5),
        ("TPU v4-32", "tpuv4", 32, 48.0),
    ],
)
def test_gpu_hours_are_gpus_times_the_servers_wall_hours(
    spec: str, model: str, count: int, hours: float
) -> None:
    compute = compute_of(spec, START, START + timedelta(hours=1.5))
    assert (compute["gpu_model"], compute["gpu_count"]) == (model, count)
    assert compute["wall_seconds"] == 5400.0
    assert compute["gpu_hours"] == hours
    assert compute["run_started_at"] == START.isoformat()


def test_no_gpu_means_no_gpu_hours_and_no_null_to_store() -> None:
    for spec in ("CPU only, 64 GB RAM", "a laptop", ""):
        compute = compute_of(spec, START, START + timedelta(minutes=3))
        assert compute == {
            "gpu_count": 0,
            "wall_seconds": 180.0,
            "run_started_at": START.isoformat(),
        }


def test_wall_time_is_never_negative_and_offsets_are_respected() -> None:
    other_zone = START.astimezone(timezone(timedelta(hours=2)))
    assert compute_of("1x T4", START, other_zone)["wall_seconds"] == 0.0
    assert compute_of("1x T4", START, START - timedelta(seconds=5))["wall_seconds"] == 0.0
    naive = START.replace(tzinfo=None) + timedelta(hours=1)  # stored times are UTC
    assert compute_of("1x T4", START, naive)["gpu_hours"] == 1.0


def test_the_spread_of_a_papers_gpu_hours() -> None:
    assert gpu_hours_spread([None, None]) is None
    assert gpu_hours_spread([]) is None
    assert gpu_hours_spread([3.0, None, 1.0, 40.0]) == {
        "min": 1.0,
        "median": 3.0,
        "max": 40.0,
        "reproductions": 3,
    }
    assert gpu_hours_spread([1.0, 2.0])["median"] == 1.5  # type: ignore[index]


def test_copies_are_the_same_output_however_it_was_pasted() -> None:
    original = "epoch 1 | loss 0.5\nTest Accuracy: 0.8190\n"
    variants = [
        original.replace("\n", "\r\n"),  # Windows line ends
        original.replace("\n", "\r"),  # old Mac line ends
        original.replace("\n", "   \t\n"),  # trailing blanks
        "\n\n" + original + "\n\n\n",  # blank lines around it
        original.replace("0.8190", "０.８１９０"),  # fullwidth digits (NFKC)
        # invisible characters a reviewer cannot see: zero-width, bidi marks, colour codes
        original.replace("Accuracy", "Accu\u200bracy"),
        original.replace("loss", "lo\u2060ss\u200e"),
        original.replace("Test", "\x1b[32mTest\x1b[0m"),
        "\ufeff" + original,
        # control characters nobody sees either: a bell, DEL, a C1 control
        original.replace("loss", "lo\x07ss\x7f").replace("Test", "\x9bTest"),
        # look-alike letters of other scripts: Cyrillic е, о, а, Greek Τ, Armenian օ
        original.replace("epoch", "\u0435p\u043ech").replace("Accuracy", "Accur\u0430c\u0443"),
        original.replace("Test", "\u03a4est").replace("loss", "l\u0585ss"),
        # default-ignorable characters that are not format characters (found by hostile13):
        # a combining grapheme joiner, variation selectors, Hangul fillers (also halfwidth)
        original.replace("loss", "lo\u034fss").replace("Test", "Te\ufe0fst\U000e0101"),
        original.replace("epoch", "ep\u3164och\uffa0").replace("Accuracy", "Accu\u180bracy"),
    ]
    for variant in variants:
        assert content_hash(variant) == content_hash(original), repr(variant)
    assert normalise_output(variants[0]) == original.rstrip("\n")


def test_an_invisible_character_between_a_letter_and_its_accent_makes_no_other_output() -> None:
    # "é" is one character after NFKC; with a zero-width joiner (or a combining grapheme
    # joiner) between "e" and U+0301 it rendered the same but NFKC could not compose it, so
    # the copy hashed differently once the joiner was dropped (found by hostile13)
    original = "Pr\u00e9cision: 0.91\nD\u00e9j\u00e0 vu: 12\n"
    for joiner in ("\u200d", "\u2060", "\u034f", "\ufe00", "\x07", "\x7f"):
        copy = original.replace("\u00e9", f"e{joiner}\u0301")
        assert content_hash(copy) == content_hash(original), repr(joiner)
        hasher = ContentHasher()
        hasher.feed_text(copy)
        assert hasher.hexdigest() == content_hash(original)


def test_different_outputs_hash_differently() -> None:
    original = "Test Accuracy: 0.8190"
    for other in ("Test Accuracy: 0.8191", "  Test Accuracy: 0.8190", "Test  Accuracy: 0.8190"):
        assert content_hash(other) != content_hash(original)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *("acc", " ", "\t", "\n", "\r", "\r\n", "Ａ", "e\u0301", "0.81", "\u2028"),
                *("\u200b", "\x1b[1m", "\x1b[0m", "\ufeff", "\u043e", "\u0391"),
                *("\x0c", "\x0b", "\x85", "\x1c", "\u2029", "\x07", "\x7f"),
                *("\u034f", "\ufe0f", "\uffa0"),
            ]
        ),
        max_size=40,
    )
)
def test_an_uploaded_log_hashes_as_it_streams_like_the_whole_text(pieces: list[str]) -> None:
    # Given a log read the way the validator reads an upload (universal newlines, line by line)
    import io

    from chalicelib.services.log_streams import iter_lines
    from chalicelib.services.object_streams import ReadStats

    text = "".join(pieces)
    hasher = ContentHasher()
    for line in iter_lines(io.BufferedReader(io.BytesIO(text.encode())), ReadStats()):
        hasher.feed(line)
    # Then its digest is that of the whole text: a pasted and an uploaded copy are one output
    assert hasher.hexdigest() == content_hash(text)


@settings(max_examples=400, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(
            [
                *("a", "0", " ", "\t", "\n", "\r", "\x0c", "\x0b", "\x85", "\x1e", "\u2028"),
                *("\x07", "\u200b", "Ａ", "é", "\u0430"),
            ]
        ),
        max_size=60,
    ),
    st.integers(min_value=1, max_value=9),
)
def test_a_log_read_from_a_url_hashes_like_the_whole_text(text: str, chunk: int) -> None:
    # Given a log read the way the validator reads a URL log (bytes in chunks, str.splitlines
    # lines, chalicelib.services.url_logs), then its digest is that of the pasted text
    assert _url_read_hash(text, chunk) == content_hash(text)


def test_real_logs_hash_alike_pasted_uploaded_and_read_from_a_url() -> None:
    # every real excerpt of the corpus (tests/corpus), each way the validator can receive it
    import io
    import tomllib
    from pathlib import Path

    from chalicelib.services.log_streams import iter_lines
    from chalicelib.services.object_streams import ReadStats

    texts = [
        case["text"]
        for path in sorted(Path(__file__).parents[1].glob("corpus/*/*.toml"))
        for case in tomllib.loads(path.read_text())["case"]
    ]
    assert len(texts) > 500
    for text in texts:
        uploaded = ContentHasher()
        for line in iter_lines(io.BufferedReader(io.BytesIO(text.encode())), ReadStats()):
            uploaded.feed(line)
        assert uploaded.hexdigest() == content_hash(text) == _url_read_hash(text, 4096)


def _url_read_hash(text: str, chunk: int) -> str:
    from chalicelib.domain.copies import hashing
    from chalicelib.domain.log_sources import lines_of_chunks

    data = text.encode()
    hasher = ContentHasher()
    for _ in hashing(
        lines_of_chunks(data[i : i + chunk] for i in range(0, len(data), chunk)), hasher
    ):
        pass
    return hasher.hexdigest()


def test_a_line_cut_into_pieces_hashes_like_the_whole_line() -> None:
    hasher = ContentHasher()
    for piece in ("Test Acc", "uracy: 0.81", "90   \n", "\n", "done"):
        hasher.feed(piece)
    assert hasher.hexdigest() == content_hash("Test Accuracy: 0.8190\n\ndone")


@given(st.floats(min_value=0, max_value=1e9, allow_nan=False, allow_infinity=False))
def test_the_queue_filter_bound_is_a_plain_number_in_dynamodbs_range(hours: float) -> None:
    # max_gpu_hours accepts any float in [0, 1e9]; DynamoDB refuses numbers below 1e-130
    from decimal import Decimal

    from chalicelib.db.queue import gpu_hours_bound

    bound = gpu_hours_bound(hours)
    assert re.fullmatch(r"\d+\.\d+", bound), bound  # no exponent, no sign
    value = Decimal(bound)
    if hours < 1e-9:  # below one GPU-millisecond an estimate can be: what 0 keeps
        assert value == 0
    else:  # exactly the bound sent: an estimate equal to it is kept (the e2e test caught a
        assert value == Decimal(repr(hours))  # bound rounded to the microhour dropping it)
        assert len(value.as_tuple().digits) <= 38  # DynamoDB's precision


def test_the_byte_test_for_unseen_ascii_characters_is_the_pattern() -> None:
    from chalicelib.domain.copies import _ASCII_UNSEEN, _ascii_unseen

    for code in range(128):
        text = f"Loss 1.2\t{chr(code)}x"
        assert _ascii_unseen(text) == (_ASCII_UNSEEN.search(text) is not None), code
    assert not _ascii_unseen("") and not _ascii_unseen("a\tb\nc")
