"""Rules found by reading the fresh14 corpus set: each a general rule about how tools and
writers print results, each with a crafted log (not a corpus excerpt)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_prose_line_ending_by_introducing_a_source_quotes_the_next_paragraph() -> None:
    # Given a writer's own figure, then a last sentence that introduces the README's numbers
    text = (
        "My run gives mIoU: 71.3 after 80k iterations. But the README says you achieve :\n"
        "mIoU: 74.9 mAcc: 82.1\n"
        "\n"
        "Any idea why?\n"
    )
    # Then the quoted paragraph is the README's, not the run's; the writer's own figure stands
    assert not confirms(text, "mIoU", 74.9)
    assert not confirms(text, "mAcc", 82.1)
    assert confirms(text, "mIoU", 71.3)


def test_a_paragraph_after_a_plain_prose_line_with_a_colon_is_still_read() -> None:
    # Given a prose line with numbers that ends with a colon but names no source
    text = "I trained for 90 epochs. Then I evaluated the checkpoint :\nmIoU: 74.9\n"
    # Then the next line is the run's own output
    assert confirms(text, "mIoU", 74.9)
