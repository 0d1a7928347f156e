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


def test_a_claim_equal_to_an_earlier_running_value_is_not_the_last_value_rounded() -> None:
    # Given per-epoch values of one name, an earlier epoch printing the claimed digits
    log = "Epoch 1 | dev CER 20.10\nEpoch 2 | dev CER 18.30\nEpoch 3 | dev CER 18.34\n"
    # Then the claim is epoch 2's value, not a rounding of epoch 3's
    assert not confirms(log, "CER", 18.3)
    assert confirms(log, "CER", 18.34)


def test_a_rounding_of_the_last_value_still_confirms_without_such_an_earlier_print() -> None:
    log = "Epoch 1 | dev CER 20.10\nEpoch 2 | dev CER 18.71\nEpoch 3 | dev CER 18.34\n"
    assert confirms(log, "CER", 18.3)
    assert not confirms(log, "CER", 18.71)
