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


def test_blocks_under_an_advancing_counter_line_are_one_runs_steps() -> None:
    # Given a visualiser printing a training block under each epoch's header, then saving a
    # checkpoint that repeats the last epoch
    log = (
        "Showing train stats at (epoch 40, total_steps 8000)\n"
        "loss: 0.31\n"
        "F1: 0.7012\n"
        "\n"
        "Showing train stats at (epoch 45, total_steps 9000)\n"
        "loss: 0.29\n"
        "F1: 0.7255\n"
        "\n"
        "saving checkpoint (epoch 45, total_steps 9000)\n"
    )
    # Then the earlier block was a step of the same run: only the last F1 stands
    assert confirms(log, "F1", 0.7255)
    assert not confirms(log, "F1", 0.7012)

    # Given three result files pasted one after the other, each with the epoch of its best
    # (a summary's field, no counter line advancing)
    log = (
        "first file:\n"
        "Best score epoch:  30\n"
        "top1: 0.5511  top5: 0.8120\n"
        "second file:\n"
        "Best score epoch:  70\n"
        "top1: 0.5302  top5: 0.7764\n"
        "third file:\n"
        "Best score epoch:  70\n"
        "top1: 0.4410  top5: 0.7031\n"
    )
    # Then every file's values stand, the first one's too
    assert confirms(log, "Top-5 Accuracy", 0.812)
    assert confirms(log, "Top-5 Accuracy", 0.7764)
    assert confirms(log, "Top-5 Accuracy", 0.7031)


def test_a_paragraph_ending_with_a_colon_is_titled_by_its_last_sentence() -> None:
    # Given a paragraph that uses "report" as a verb, then presents the writer's numbers
    log = (
        "We should report results on the baseline we actually trained, not older ones. "
        "Below is what I have:\n"
        "\n"
        "mIoU 41.7, mAcc 52.3 (my training run)\n"
    )
    # Then the numbers below are the writer's, not quoted
    assert confirms(log, "mIoU", 41.7)


def test_a_line_labelled_as_official_results_is_the_sources() -> None:
    # Given the writer's line and the official line, each labelled in a closing parenthesis
    log = (
        "mIoU 41.7, mAcc 52.3 (my training run)\nmIoU 43.2, mAcc 54.0 (official release results)\n"
    )
    # Then only the writer's numbers are confirmed
    assert confirms(log, "mIoU", 41.7)
    assert not confirms(log, "mIoU", 43.2)
    assert not confirms(log, "mAcc", 54.0)
