"""Reading rules found on the fresh37 and fresh38 blind sets (verdicts41): each test is a
crafted log that shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_weight_of_a_metric_is_a_setting_not_the_metric() -> None:
    # Given a hydra override list giving the LM weight of the WER decoding, then the WER
    log = (
        "overrides: criterion.wer_lm_weight=2 criterion.ctc_weight=0.3 optimization.lr=0.0001\n"
        "valid | wer 12.41 | uer 4.02\n"
    )
    # Then the WER is the measured one, never the weight named after it
    assert confirms(log, "WER", 12.41)
    assert not confirms(log, "WER", 2)
