"""Rules against the open wrong confirmations (verdicts45): each on a minimal log written for
the rule; the corpus holds the real logs."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_value_printed_to_one_digit_shows_no_more_precise_claim() -> None:
    # Given a value printed to one significant digit
    log = "epochs: 40\nfiltered MRR: 0.3\n"
    # Then the claim of that digit (or its percentage) confirms, a more precise one does not
    assert confirms(log, "MRR", 0.3)
    assert confirms(log, "MRR", 30.0)
    assert not confirms(log, "MRR", 0.287)
    assert not confirms(log, "MRR", 0.31)


def test_a_longer_print_still_answers_its_rounding() -> None:
    # Given a value printed to four significant digits
    log = "epochs: 40\nfiltered MRR: 0.2871\n"
    # Then a claim rounding it (fewer digits) confirms
    assert confirms(log, "MRR", 0.287)
    assert confirms(log, "MRR", 28.7)
