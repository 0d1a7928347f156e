"""Reading rules found on the fresh33 and fresh36 blind sets (verdicts39): each test is a
crafted log that shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_an_xgboost_evals_name_with_a_numbered_part_is_read_as_rounds() -> None:
    # Given xgb.train rounds on an evals set named with a number ("valid-1"), pasted with
    # spaces for the tab, between pruning notices
    log = (
        "[09:12:01] src/tree/updater_prune.cc:74: tree pruning end, 1 roots, 8 extra nodes\n"
        "[0]     valid-1-logloss:0.681220\n"
        "Will train until valid-1-logloss hasn't improved in 10 rounds.\n"
        "[1]     valid-1-logloss:0.662903\n"
        "[2]\tvalid-1-logloss:0.650117\n"
    )
    # Then only the last round's value stands: the earlier rounds are running values
    assert confirms(log, "Validation logloss", 0.650117)
    assert not confirms(log, "Validation logloss", 0.68122)
    assert not confirms(log, "Validation logloss", 0.662903)


def test_a_number_after_a_definite_article_refers_to_a_known_value() -> None:
    # Given a reporter's own score, then a reply explaining the number the paper gives
    log = (
        "I trained the baseline and I've got a WER of 7.15 on the eval set.\n"
        "The 5.90% WER on eval92 was obtained with an external RNN LM.\n"
    )
    # Then the reply's number is no result of the run, on any data set
    assert confirms(log, "WER", 7.15)
    assert not confirms(log, "WER", 5.9)
    assert not confirms(log, "WER", 5.9, dataset="eval92")


def test_a_subset_written_after_the_data_set_scopes_the_value() -> None:
    # Given a sentence reporting one subset's score of a data set
    log = "After 15 epochs I've got a WER of 9.31 on wsj eval92 data.\n"
    # Then the value is that subset's, never another subset's of the same data set
    assert confirms(log, "WER", 9.31, dataset="WSJ eval92")
    assert not confirms(log, "WER", 9.31, dataset="WSJ dev93")


def test_a_data_set_named_after_in_scopes_a_sentences_values() -> None:
    # Given a reporter's scores on two data sets, each written "in <data set>"
    log = (
        "I got a 61.20% mIoU in Horse-21, while the paper shows 66.0%. "
        "I also obtained a 48.05% mIoU in Car-20, but the paper shows 54.8%.\n"
    )
    # Then each value is its data set's, never the other's
    assert confirms(log, "mIoU", 61.2, dataset="Horse-21")
    assert confirms(log, "mIoU", 48.05, dataset="Car-20")
    assert not confirms(log, "mIoU", 61.2, dataset="Car-20")
    assert not confirms(log, "mIoU", 48.05, dataset="Horse-21")


def test_a_json_metric_at_k_names_its_cutoffs_by_the_keys_below_it() -> None:
    # Given a pretty-printed rank-based results dict whose hits are keyed by the cutoff
    log = (
        "{\n"
        '  "hits_at_k": {\n'
        '    "both": {\n'
        '      "realistic": {\n'
        '        "1": 0.2114,\n'
        '        "3": 0.3362,\n'
        '        "10": 0.4781\n'
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n"
    )
    # Then each value is the hits at its cutoff, never another cutoff's
    assert confirms(log, "Hits@10", 0.4781)
    assert confirms(log, "Hits@1", 21.14)
    assert not confirms(log, "Hits@10", 0.3362)


def test_an_old_optuna_trial_line_reports_the_current_best_value() -> None:
    # Given Optuna 0.x trial lines: each trial's value, then the current best and its parameters
    log = (
        "[I 2019-05-02 10:00:01,100] Finished trial#0 resulted in value: 0.412. "
        "Current best value is 0.412 with parameters: {'units': 64, 'epochs': 12}.\n"
        "[I 2019-05-02 10:03:11,502] Finished trial#1 resulted in value: 0.7305. "
        "Current best value is 0.7305 with parameters: {'units': 128, 'epochs': 20}.\n"
        "[I 2019-05-02 10:06:40,877] Finished trial#2 resulted in value: 0.5519. "
        "Current best value is 0.7305 with parameters: {'units': 128, 'epochs': 20}.\n"
    )
    # Then the best is the study's result, claimed under the metric the study optimised
    assert confirms(log, "Best Accuracy", 0.7305)
    assert confirms(log, "Best F1", 73.05)
    assert not confirms(log, "Best Accuracy", 0.5519)
    assert not confirms(log, "Best Accuracy", 128)
    # and never a claim that says no best
    assert not confirms(log, "Accuracy", 0.412)


def test_an_optuna_best_answers_a_claim_of_the_best_of_any_metric() -> None:
    # Given Optuna 2.x trial lines, the study's objective unnamed
    log = (
        "[I 2021-03-01 08:00:00,000] Trial 7 finished with value: 0.61 and parameters: "
        "{'depth': 4}. Best is trial 3 with value: 0.674.\n"
    )
    # Then the best value is the best of the claimed metric; a trial's value is not
    assert confirms(log, "Best score", 0.674)
    assert not confirms(log, "Best score", 0.61)


def test_a_line_that_is_one_inline_code_span_is_read_as_the_output_it_quotes() -> None:
    # Given a PR description quoting the evaluation's summary line in an inline code span
    log = "Validated with --test-only (epoch 59):\n`Acc@1 68.412 Acc@5 88.160`\n"
    # Then the span's values are read as the summary's: its first pair too
    assert confirms(log, "Top-1 Accuracy", 68.412)
    assert confirms(log, "Top-5 Accuracy", 88.16)
    assert not confirms(log, "Top-1 Accuracy", 88.16)
