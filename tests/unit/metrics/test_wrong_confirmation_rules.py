"""Rules against wrong confirmations found in the fresh sets (verdicts12): each on a minimal log
written for the rule; the corpus holds the real logs."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_values_quoted_from_a_comment_replied_to_are_not_the_writer_s_run() -> None:
    # Given a reply quoting the maintainer's expected output, then the writer's own run
    log = (
        "> Running the evaluation script should print the following numbers\n"
        "> ```\n"
        "> mean Dice: 0.912\n"
        "> mean HD95: 4.31\n"
        "> ```\n"
        "\n"
        "Thanks, here is what I get now:\n"
        "mean Dice: 0.905\n"
    )
    # Then only the writer's value confirms; the quoted ones are the maintainer's
    assert confirms(log, "Dice", 0.905)
    assert not confirms(log, "Dice", 0.912)
    assert not confirms(log, "HD95", 4.31)


def test_a_writer_quoting_their_own_output_keeps_it() -> None:
    # Given quote marks on output lines with no quoted prose, and no reply around them
    log = "> mean Dice: 0.912\n> mean HD95: 4.31\nmean IoU: 0.85\n"
    # Then the quoted values are the run's
    assert confirms(log, "Dice", 0.912) and confirms(log, "HD95", 4.31)
