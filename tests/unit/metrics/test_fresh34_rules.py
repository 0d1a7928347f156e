"""Reading rules found on the fresh34 blind set (verdicts38): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_claim_that_rounds_to_the_value_but_copies_another_number_on_its_line() -> None:
    # Given a sentence giving the run's coarse value beside a source's precise one
    log = "We trained the model and got a Hits@1 of 0.3. The original work only reports 0.274.\n"
    # Then a claim of the source's number is not the run's value it rounds to
    assert confirms(log, "Hits@1", 0.3)
    assert not confirms(log, "Hits@1", 0.274)


def test_a_fraction_claim_that_is_the_spread_printed_beside_the_value() -> None:
    # Given a mean over runs with its standard deviation
    log = "Over 20 seeds, the accuracy is about 64.38 +- 0.64 with the default settings.\n"
    # Then the spread is no fraction of the mean, while the mean's own fraction is
    assert not confirms(log, "Accuracy", 0.64)
    assert confirms(log, "Accuracy", 0.6438)
    assert confirms(log, "Accuracy", 64.38)
