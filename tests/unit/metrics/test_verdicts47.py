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


def test_a_run_that_yields_the_expected_result_prints_its_own_numbers() -> None:
    # Given a command whose output the writer says matches the expectation
    log = "Evaluating it yields the expected result:\n\n```\nINFO - accuracy: 0.8811\n```\n"
    # Then the printed value is the run's
    assert confirms(log, "Accuracy", 0.8811)
    # while under "the expected result is:" it is the expectation's, not the run's
    quoted = "For this config the expected result is:\n\nINFO - accuracy: 0.8811\n"
    assert not confirms(quoted, "Accuracy", 0.8811)


def test_a_replys_update_lead_scopes_nothing() -> None:
    # Given a maintainer's follow-up led by "Update:"
    log = "First run: top1=75.10%\nUpdate: top1=77.35% with `label_smoothing=0.1`\n"
    # Then the value is the run's top-1, not an "Update" setting's
    assert confirms(log, "Top-1 Accuracy", 77.35)


def test_a_value_stated_before_the_command_it_came_from_is_read() -> None:
    # Given a sentence stating the writer's value, then introducing the command they ran
    log = "I got rouge-L score **41.06** on the test split, using the following command:\n"
    # And one stating the value just before the log it pastes
    other = "I trained with the defaults and got a CER of 7.42 only:\n"
    # Then both values are the writer's
    assert confirms(log, "ROUGE-L", 41.06)
    assert confirms(other, "CER", 7.42)
    # and a sentence presenting results below states none of its own
    title = "I got the following results on 8 GPUs:\n"
    assert not confirms(title, "CER", 8)
