"""Reading rules found on the fresh35 blind set (verdicts40): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_markdown_heading_naming_a_class_or_an_average_scopes_its_block() -> None:
    # Given a classification report written a key per Markdown heading, bullets below
    log = (
        "# Report\n"
        "\n"
        "## Class spam\n"
        "- **precision**: 0.9411\n"
        "- **f1-score**: 0.9137\n"
        "\n"
        "## Class ham\n"
        "- **precision**: 0.7002\n"
        "- **f1-score**: 0.6618\n"
        "\n"
        "## Class macro avg\n"
        "- **precision**: 0.8206\n"
        "- **f1-score**: 0.7877\n"
        "\n"
        "## Class weighted avg\n"
        "- **precision**: 0.8815\n"
        "- **f1-score**: 0.8542\n"
    )
    # Then a class's row is no aggregate, and each average is its own metric
    assert not confirms(log, "F1", 0.9137)
    assert confirms(log, "Macro F1", 0.7877)
    assert confirms(log, "Weighted F1", 85.42)
    assert not confirms(log, "Macro F1", 0.8542)


def test_a_long_sentence_saying_the_evaluation_ran_on_the_training_set_opens_its_block() -> None:
    # Given a reporter who evaluated on the data the model was trained on, the block below
    log = (
        "I picked the last snapshot and used our training set for evaluation with the "
        "standard script and the default thresholds; sadly, the numbers are these:\n"
        "mAP: 0.2210\n"
        "mAP50: 0.4105\n"
    )
    # Then the values are the training split's: only a claim that says train takes them
    assert confirms(log, "Train mAP50", 0.4105)
    assert not confirms(log, "mAP50", 0.4105)
    assert not confirms(log, "Test mAP", 0.2210)


def test_a_more_precise_claim_is_not_another_data_sets_full_print_rounded() -> None:
    # Given compute-wer lines for two test sets, one printed to one decimal only
    log = (
        "%WER 18.3 | 1831 21395 | 84.0 11.5 4.5 2.3 18.3 60.1 | exp/tri4/decode_callhome/"
        "score_10/test.ctm.filt.sys\n"
        "%WER 18.27 [ 9810 / 53696, 1201 ins, 902 del, 7707 sub ] exp/tri4/decode_wsj/wer_11\n"
    )
    # Then 18.27 on the first set is the other set's value, while 18.3 is the first set's
    assert not confirms(log, "WER", 18.27, "callhome")
    assert confirms(log, "WER", 18.3, "callhome")
    assert confirms(log, "WER", 18.27, "wsj")


def test_a_row_led_by_a_bare_label_is_that_labels_row() -> None:
    # Given an overall entity score, then one row per entity type as `LABEL p:.. r:.. f:..`
    log = (
        "Overall F-score: 81.204\n"
        "\n"
        "DRUG p:77.310 r:72.418 f:74.785\n"
        "DOSE p:90.125 r:88.001 f:89.050\n"
    )
    # Then a type's F-score is no overall F-score, and the overall one is confirmed
    assert not confirms(log, "F1", 74.785)
    assert confirms(log, "F1", 81.204)
    assert confirms(log, "F1", 89.05, "DOSE")


def test_a_result_verbs_subject_is_the_nearest_first_person_word() -> None:
    # Given a sentence whose first clause has its own "I" before the reporting "I get"
    log = "Whenever I rerun it I get a 63% accuracy.\n"
    # Then the value is read as the writer's own result
    assert confirms(log, "Accuracy", 63)
    assert confirms(log, "Accuracy", 0.63)


def test_a_metrics_name_after_its_value_ends_at_a_clause() -> None:
    # Given a value, its metric, then a clause saying how it was obtained
    log = "I get roughly 71% test accuracy when running the default config.\n"
    # Then the metric is the test accuracy, scoped to no data set
    assert confirms(log, "Test Accuracy", 71, "Citeseer")


def test_a_benchmark_named_before_for_and_its_metric_is_that_benchmarks() -> None:
    # Given a sentence naming the benchmark's result "for" its metric
    log = "With greedy decoding the MBPP result for pass@1 was 41.2%.\n"
    # Then a claim named by the benchmark takes its headline metric's value
    assert confirms(log, "MBPP", 0.412)
    assert confirms(log, "pass@1", 41.2, "MBPP")


def test_a_kaggle_leaderboard_score_is_a_metric_of_its_own() -> None:
    # Given a submission's private score stated in prose, then a reference value
    log = "After submitting, the private score is 0.512, well above 0.47.\n"
    # Then the private score is confirmed, and it is no accuracy nor a public score
    assert confirms(log, "Private Score", 0.512)
    assert not confirms(log, "Accuracy", 0.512)
    assert not confirms(log, "Public Score", 0.512)


def test_a_more_precise_claim_is_not_shown_by_a_hedged_value() -> None:
    # Given a writer's value given only approximately
    log = "I get around 76% top-1 accuracy after the full schedule.\n"
    # Then the value itself is confirmed, a claim with more digits is not
    assert confirms(log, "Top-1 Accuracy", 76)
    assert not confirms(log, "Top-1 Accuracy", 76.3)


def test_a_sentence_opened_on_a_data_set_with_a_model_scopes_its_stage_values() -> None:
    # Given a sentence opened by the data set and the model, values named by their epoch
    log = (
        "On BloodMNIST with ResNet-50(224), my last epoch ACC is 0.912, and my best epoch "
        "ACC is 0.934.\n"
    )
    # Then both values are the data set's accuracy; another data set takes neither
    assert confirms(log, "Accuracy", 0.912, "BloodMNIST")
    assert confirms(log, "Accuracy", 93.4, "BloodMNIST")
    assert not confirms(log, "Accuracy", 0.912, "OrganMNIST")
