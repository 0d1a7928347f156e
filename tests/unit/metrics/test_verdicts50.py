"""Rules of the fresh42 round (verdicts50): each test a crafted text that shows one general
shape or documented format, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_rows_beside_a_row_marked_this_pr_are_copied_from_elsewhere() -> None:
    # Given a RESULTS-style table whose own rows say "(this PR)" beside rows of older models
    log = (
        "| name | test-clean | test-other | comment |\n"
        "|---|---|---|---|\n"
        "| conformer_v3 (this PR) | 2.31 | 5.48 | greedy search |\n"
        "| conformer_v2 (large) | 2.52 | 5.86 | greedy search |\n"
        "| conformer_v2 | 2.60 | 5.93 | greedy search |\n"
    )
    # Then the PR's row answers a claim of the set, the copied rows' values do not
    assert confirms(log, "WER", 5.48, "LibriSpeech test-other")
    assert confirms(log, "WER", 2.31, "LibriSpeech test-clean")
    assert not confirms(log, "WER", 5.86, "LibriSpeech test-other")
    assert not confirms(log, "WER", 2.60, "LibriSpeech test-clean")
