"""Rules found by reading the fresh14 corpus set: each a general rule about how tools and
writers print results, each with a crafted log (not a corpus excerpt)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


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


def test_settings_in_parentheses_after_a_metric_name_are_parameters_not_its_value() -> None:
    # Given a detection-cost metric printed with its cost parameters between name and value
    text = "Scores on the trial list:\nminDCF (p_target=0.05, c_miss=1, c_fa=1): 0.3127\n"
    # Then the value after the parenthesis is the metric's; the parameters are no values
    assert confirms(text, "minDCF", 0.3127)
    assert not confirms(text, "minDCF", 0.05)
    assert "p_target" not in found(text)


def test_an_iou_threshold_in_parentheses_stays_part_of_the_metric() -> None:
    # Given AP printed at one IoU threshold: AP50, never plain AP
    text = "AP (IoU=0.50) = 0.587\n"
    assert not confirms(text, "AP", 0.587)


def test_a_chinese_sentence_naming_a_source_before_its_numbers_quotes_them() -> None:
    # Given the writer's own result, then a sentence comparing it with the paper's numbers
    text = "我的测试结果: mAP = 38.2\n与论文中的 mAP = 41.5 差距较大。\n"
    # Then the paper's number is no result of the run; the writer's is
    assert confirms(text, "mAP", 38.2)
    assert not confirms(text, "mAP", 41.5)


def test_a_title_saying_the_results_are_on_a_split_gives_the_values_below_that_split() -> None:
    # Given a title naming the dev split among other details, a blank line, then the values
    text = (
        "Interim results on dev_clean (2,703 utts), beam 10, after 12 of 30 epochs:\n"
        "\n"
        "    WER 4.87\n"
    )
    # Then the value is the dev split's: no test claim is confirmed by it
    assert confirms(text, "WER", 4.87)
    assert not confirms(text, "Test WER", 4.87)


def test_every_pair_of_a_list_separated_by_runs_of_spaces_is_read() -> None:
    # Given pairs separated only by runs of spaces
    text = "    PER 12.30    WER 20.15    SER 61.0\n"
    # Then each pair is read, not only the last
    assert found(text) == {"PER": 12.3, "WER": 20.15, "SER": 61.0}


def test_a_harness_task_namespaced_leaderboard_is_the_runs_own_task() -> None:
    # Given an lm-eval table of the leaderboard task group's sub-tasks
    text = (
        "|    Tasks    |Version|Filter|n-shot| Metric |   |Value |   |Stderr|\n"
        "|-------------|-------|------|-----:|--------|---|-----:|---|-----:|\n"
        "|leaderboard_bbh_navigate|      1|none  |     3|acc_norm|↑  |0.6120|±  |0.0309|\n"
    )
    # Then its value is the run's, while a value named as a leaderboard's stays a reference
    assert confirms(text, "BBH Navigate", 61.2)
    assert not confirms("Leaderboard AUC: 0.912\n", "AUC", 0.912)
