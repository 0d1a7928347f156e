"""Rules found by reading the fresh15 corpus set: each a general rule about how tools and
writers print results, each with a crafted log (not a corpus excerpt)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_pair_right_after_a_source_named_without_the_is_quoted() -> None:
    # Given the writer's own figure, then the README's figure glued in parentheses after it
    text = "My model gets mAP:38.2 on val, far below what is in README(mAP:41.7)\n"
    # Then the README's figure is no result of the run; the writer's is
    assert confirms(text, "mAP", 38.2)
    assert not confirms(text, "mAP", 41.7)


def test_a_pair_after_than_paper_is_quoted() -> None:
    # Given a comparison that names the paper right before its number
    text = "Top-1 accuracy: 74.9, clearly worse than paper: top-1 accuracy 76.3\n"
    assert confirms(text, "Top-1 accuracy", 74.9)
    assert not confirms(text, "Top-1 accuracy", 76.3)


def test_a_source_named_after_the_writers_pair_does_not_quote_it() -> None:
    # Given the writer's own figure, compared with the README after it
    text = "I got mAP: 38.2 which is lower than in README\n"
    assert confirms(text, "mAP", 38.2)


def test_a_source_title_with_a_settings_parenthesis_quotes_the_block_below() -> None:
    # Given the writer's scores, then a title naming the paper's scores with the settings used
    text = (
        "My scores:\n"
        "BLEU: 0.281\n"
        "ROUGE: 0.402\n"
        "\n"
        "And the scores as published (with beam = 5, 3 layers):\n"
        "BLEU: 31.25\n"
        "ROUGE: 44.07\n"
    )
    # Then the block under the title is the paper's, not the run's
    assert confirms(text, "BLEU", 28.1)
    assert not confirms(text, "BLEU", 31.25)
    assert not confirms(text, "ROUGE", 44.07)


def test_a_number_of_epochs_is_a_setting_not_a_progress_counter() -> None:
    # Given two runs with different training lengths, each block headed by its setting
    text = (
        "epochs = 10 (short schedule)\n"
        "F1: 0.712\n"
        "Accuracy: 0.804\n"
        "\n"
        "epochs = 40 (long schedule)\n"
        "F1: 0.735\n"
        "Accuracy: 0.811\n"
    )
    # Then both runs' values stand: the first is no running value of the second
    assert confirms(text, "F1", 0.712)
    assert confirms(text, "F1", 0.735)


def test_a_title_naming_the_paper_then_presenting_the_writers_log_is_the_writers() -> None:
    # Given a title that mentions the paper's results, then says the log below is the writer's
    text = (
        "I cannot match the results in the paper, here are my evaluation logs:\n"
        "Kappa: 0.713\n"
        "Accuracy: 81.6\n"
    )
    # Then the values below are the run's
    assert confirms(text, "Accuracy", 81.6)
    assert confirms(text, "Kappa", 0.713)


def test_a_title_naming_the_papers_results_still_quotes_them() -> None:
    text = "My accuracy is 79.2.\n\nThe results in the paper, for comparison:\nAccuracy: 81.6\n"
    assert not confirms(text, "Accuracy", 81.6)


def test_a_bracketed_metric_with_its_mean_and_extremes_is_the_mean() -> None:
    # Given per-sample scores summarised as mean, max and min under a bracketed name
    text = (
        "[METEOR] Mean: 0.2214, Max: 0.9000, Min: 0.0000\n"
        "[BLEU-2] Mean: 0.5012, Max: 1.0000, Min: 0.0310\n"
    )
    # Then each metric is its mean; a maximum is a single sample's, no result
    assert confirms(text, "METEOR", 22.14)
    assert confirms(text, "BLEU-2", 0.5012)
    assert not confirms(text, "METEOR", 0.9)
    assert not confirms(text, "BLEU-2", 1.0)


def test_a_list_of_bracketed_pairs_is_read_item_by_item() -> None:
    # Given a best-record line whose pairs are each enclosed in brackets
    text = "best record: [val loss 0.1234], [acc 0.95021], [mean_iu 0.71804], [epoch 42],\n"
    # Then each item is a pair; the epoch is a counter, no result
    assert confirms(text, "mIoU", 71.804)
    assert confirms(text, "acc", 0.95021)
    assert not confirms(text, "mIoU", 42)
