"""Wrong confirmations found by the hostile52 review of this session's new rules (decoding
titles, raw ranking metrics, multimodal benchmark names, splits in parentheses). Each test is a
crafted log of a general shape, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_second_decoding_title_replaces_the_first_method() -> None:
    # Shape: a results section written one block per decoding method, each under its title
    # (icefall RESULTS.md: greedy search, then modified beam search)
    # Given two titled blocks
    log = (
        "Results with greedy search:\n"
        "%WER = 3.20\n"
        "Results with modified beam search:\n"
        "%WER = 3.05\n"
    )
    # Then the second block's value is modified beam search's alone
    assert not confirms(log, "WER (greedy search)", 3.05)
    assert confirms(log, "WER (modified beam search)", 3.05)
    assert confirms(log, "WER (greedy search)", 3.20)
    assert not confirms(log, "WER (modified beam search)", 3.20)
