"""Rules of prose reports (verdicts47): general shapes of reproduction reports, each test a
crafted text that shows one, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_the_correct_performance_named_as_a_target_is_not_the_runs() -> None:
    # Given a report naming the figures the run should reach, then the run's own
    log = (
        "The expected performance is about acc = 91.40, f1 = 88.10 on MRPC, "
        "but my run ends with acc = 86.25 and f1 = 83.90.\n"
    )
    # Then the target's values confirm nothing, the run's do
    assert not confirms(log, "Accuracy", 91.40)
    assert not confirms(log, "F1", 88.10)
    assert confirms(log, "Accuracy", 86.25)
    assert confirms(log, "F1", 83.90)


def test_a_two_word_name_before_an_equals_sign_is_kept_whole() -> None:
    # Given "exact match = N" in a sentence (the last word alone is no metric)
    log = "After training the script prints exact match = 64.30 on the dev file.\n"
    # Then the value is the exact match
    assert confirms(log, "Exact Match", 64.30)


def test_a_constant_of_a_formula_is_no_value() -> None:
    # Given a reply explaining how a score is normalized
    log = "The normalized return = 100 * (return - random return) / (expert - random)\n"
    # Then the formula's constant is no normalized return
    assert not confirms(log, "Normalized Return", 100)
    assert not confirms(log, "Normalized Score", 100)


def test_my_metric_for_each_data_set_is_scoped_to_it() -> None:
    # Given a writer listing one metric over several data sets in one sentence
    log = (
        "Using the released config, my normalized score for Hopper is 51.20, for Walker2d is "
        "70.95 (averaged over 5 seeds) I am not sure what went wrong here?\n"
    )
    # Then each value answers its own data set's claim, and never the other's
    assert confirms(log, "Normalized Score", 51.20, "Hopper")
    assert confirms(log, "Normalized Score", 70.95, "Walker2d")
    assert not confirms(log, "Normalized Score", 70.95, "Hopper")


def test_my_metric_is_still_a_value_after_a_parenthesis() -> None:
    # Given "my <metric> (<what it is over>) is still <value>"
    log = "Right now my validation WER (dev93 and eval92) is still 0.2488. Is that normal?\n"
    # Then the value is the validation WER
    assert confirms(log, "Validation WER", 0.2488)


def test_a_sentence_opened_by_a_data_set_scopes_its_value() -> None:
    # Given a report of two tasks, each sentence opened by its data set and its setting
    log = (
        "For the MNLI (large model, config mnli.json): the accuracy is 82.10;\n"
        "For the QQP2 (base model, config qqp.json): the accuracy is 86.40;\n"
    )
    # Then each value is its data set's, never the other's
    assert confirms(log, "Accuracy", 86.40, "QQP2")
    assert not confirms(log, "Accuracy", 86.40, "MNLI")


def test_a_row_beside_the_writers_own_row_is_someone_elses() -> None:
    # Given a comparison table: the writer's own run, then the released model's log
    log = (
        "Model | top1 | top5\n"
        "------ | ------ | ------\n"
        "trained by me | 0.712 | 0.901\n"
        "released checkpoint | 0.768 | 0.932\n"
    )
    # Then the writer's row answers the claim, the other row never
    assert confirms(log, "Top-1 Accuracy", 0.712)
    assert not confirms(log, "Top-1 Accuracy", 0.768)
    assert not confirms(log, "Top-5 Accuracy", 0.932)
