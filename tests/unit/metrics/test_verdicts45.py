"""Rules against the open wrong confirmations (verdicts45): each on a minimal log written for
the rule; the corpus holds the real logs."""

from __future__ import annotations

from chalicelib.domain.metrics.sources import quoted_from_a_leaderboard
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


def test_a_row_labelled_with_the_system_a_sentence_compares_with_is_not_the_run() -> None:
    # Given a sentence naming the system the run falls short of, then one row for each system
    log = (
        "On the Yelp data my numbers are far worse than LightGCN-X on the same split:\n"
        "LightGCN-X : recall@20: 0.0721, ndcg@20: 0.0612\n"
        "MyRec : recall@20: 0.0533, ndcg@20: 0.0452\n"
    )
    # Then the compared system's row confirms nothing; the run's own row does
    assert not confirms(log, "Recall@20", 0.0721)
    assert confirms(log, "Recall@20", 0.0533)


def test_a_column_headed_with_the_compared_system_is_not_the_run() -> None:
    log = (
        "My scores look low in comparison to the baseline SPLADE-v2 from the paper.\n"
        "\n"
        "| Dataset | mine ndcg@10 | SPLADEv2 ndcg@10 |\n"
        "|-|-|-|\n"
        "| FiQA | 0.2214 | 0.336 |\n"
    )
    assert not confirms(log, "NDCG@10", 0.336, dataset="FiQA")
    assert confirms(log, "NDCG@10", 0.2214, dataset="FiQA")


def test_a_comparison_with_a_word_or_a_metric_drops_no_row() -> None:
    # Given comparisons that name no system ("than the paper", "than the FID ...")
    log = "This is lower than the paper and higher than the FID of the release.\nFID : 6.71\n"
    assert confirms(log, "FID", 6.71)


def test_a_sentence_naming_its_experiment_by_a_data_set_scopes_its_values() -> None:
    # Given a run on one data set, then a sentence leading with another data set's experiment
    log = (
        "With the default settings I found a macro F1 = 0.611.\n"
        "For the SNLI-SNLI experiment, my macro F1 was 0.873 with the same settings.\n"
    )
    # Then that value is the named data set's, never another's
    assert confirms(log, "Macro F1", 0.873, dataset="SNLI")
    assert not confirms(log, "Macro F1", 0.873, dataset="MNLI")


def test_an_experiment_named_by_a_model_scopes_nothing() -> None:
    log = "I ran the script for the ResNet50 experiment on CIFAR-10. The accuracy I got is 93.1\n"
    assert confirms(log, "Accuracy", 93.1, dataset="CIFAR-10")


def test_a_sentence_citing_a_leaderboard_link_states_the_board_s_numbers() -> None:
    # Given a leaderboard's entry cited by a link, then the writer's own evaluation
    log = (
        "Qwen-VL-X is first on [seed-bench](https://x.org/leaderboard) with acc = 81.2%\n"
        "\n"
        "my results:\n"
        "acc = 0.7443\n"
    )
    # Then the board's number confirms nothing; the writer's does
    assert not confirms(log, "Accuracy", 81.2)
    assert confirms(log, "Accuracy", 74.43)


def test_a_writer_s_own_sentence_with_a_leaderboard_link_is_not_the_board_s() -> None:
    # Given the writer's own words around the link, or a link to no leaderboard
    own = "I get acc = 74.4% on [seed-bench](https://example.org/seed/leaderboard)"
    other = "Qwen-VL-X scores acc = 81.2% in [the report](https://example.org/seed/report)"
    # Then the sentence is not read as a leaderboard's entry
    assert not quoted_from_a_leaderboard(own)
    assert not quoted_from_a_leaderboard(other)
