"""General policies of the claim check against wrong confirmations (a wrong metric confirmed
moves a public number unearned; a refusal only sends the claim to a human). Each on a minimal
log written for the rule; the corpus holds the real logs."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_mask_claim_of_any_ap_variant_is_never_the_box_row() -> None:
    log = (
        "copypaste: Task: bbox\n"
        "copypaste: AP,AP50,APr,APc\n"
        "copypaste: 33.9075,46.6746,19.8430,34.0934\n"
        "copypaste: Task: segm\n"
        "copypaste: AP,AP50,APr,APc\n"
        "copypaste: 30.4862,44.4716,18.6669,30.8249\n"
    )
    assert confirms(log, "mask APr", 18.67) and confirms(log, "box APr", 19.84)
    assert not confirms(log, "mask APr", 19.84) and not confirms(log, "box APc", 30.82)
