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


def test_a_line_naming_both_ranking_settings_does_not_make_its_filtered_value_raw() -> None:
    # Shape: a link-prediction report giving the filtered headline with the raw figure beside it
    # Given one line holding both settings, the plain value being the filtered one
    log = "MRR: 0.312 (filtered; raw: 0.171)\n"
    # Then a raw claim of the filtered value is refused, a plain one confirmed
    assert not confirms(log, "Raw MRR", 0.312)
    assert confirms(log, "MRR", 0.312)

    # Given a line that says raw for its own value only
    log = "raw MRR: 0.171 | raw Hits@10: 0.35\n"
    # Then the raw claim is answered
    assert confirms(log, "Raw MRR", 0.171)
