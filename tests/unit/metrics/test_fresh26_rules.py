"""Reading rules found on the fresh26 blind set (verdicts31): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_row_label_saying_official_in_parentheses_is_the_sources_row() -> None:
    # Given a ranking table mixing published rows with the reporter's own runs
    log = (
        "| # | Model | MBPP | Source |\n"
        "|---|---|---|---|\n"
        "| 1 | Llama-9B (reported) | 71.4% | paper |\n"
        "| 2 | Llama-9B Q4 | 69.8% | local |\n"
        "| 3 | Mistral-7B (FP16, official) | 66.2% | model card |\n"
    )
    # Then a published row never confirms a claim of the run
    assert not confirms(log, "MBPP pass@1", 71.4)
    assert not confirms(log, "MBPP pass@1", 66.2)
    # And the local row still does
    assert confirms(log, "MBPP pass@1", 69.8)


def test_a_count_under_a_bare_split_name_is_never_a_score() -> None:
    # Given an evaluation dict whose count of questions has no metric word of its own
    log = (
        "***** eval metrics *****\n"
        "  eval_exact   =    64.2051\n"
        "  eval_f1      =    70.1187\n"
        "  eval_total   =       2540\n"
    )
    # Then the count never confirms a score that cannot pass 100
    assert not confirms(log, "Exact Match", 2540)
    assert not confirms(log, "F1", 2540)
    assert confirms(log, "Exact Match", 64.21)


def test_the_addressees_results_title_quotes_the_block_below() -> None:
    # Given a reporter's block and the repository's block, each under its owner's title
    log = "MY RESULT:\nMOTA:61.302\nIDF1:70.118\n\nYOUR RESULT:\nMOTA:63.917\nIDF1:72.440\n"
    # Then the addressee's values are not the run's
    assert not confirms(log, "MOTA", 63.917)
    assert not confirms(log, "IDF1", 72.44)
    assert confirms(log, "MOTA", 61.302)


def test_a_line_led_by_your_results_or_a_full_width_source_label_is_quoted() -> None:
    # Given mine-vs-yours lines, one typed with a full-width colon, and a paper's line
    log = (
        "My results：MOTA 58.112      IDF1 61.93\n"
        "Your results：MOTA 60.554          IDF1 66.071\n"
        "Paper：MOTA 61.8  IDF1 67.5\n"
    )
    values = set(found(log).values())
    # Then only the writer's values are read
    assert 60.554 not in values and 66.071 not in values and 61.8 not in values
    assert not confirms(log, "IDF1", 66.071)
    assert confirms(log, "IDF1", 61.93)


def test_values_listed_after_the_value_you_gave_are_the_addressees() -> None:
    # Given a sentence with the writer's values, then the maintainer's after a turn
    log = (
        "I ran val.py and got precision 0.612, recall 0.547, which is lower than the value "
        "you gave, precision 0.655, recall 0.571.\n"
    )
    # Then the values after the turn are not the run's
    assert not confirms(log, "Precision", 0.655)
    assert not confirms(log, "Recall", 0.571)
    assert confirms(log, "Precision", 0.612)


def test_one_labels_ap_is_never_the_mean_the_log_prints_beside_it() -> None:
    # Given an evaluation mail with the mean and each class's AP
    log = (
        "The detector I trained on the UCAS1 dataset only reaches:\n"
        "\n"
        "mAP: 0.7214\n"
        "ap of each class: car: 0.8832, truck: 0.6120, bus: 0.6690\n"
    )
    # Then a class's AP never confirms a claim of the mean
    assert not confirms(log, "mAP", 0.8832)
    assert not confirms(log, "mAP", 88.32)
    assert confirms(log, "mAP", 72.14)
    assert confirms(log, "car AP", 0.8832)


def test_a_chinese_clause_naming_the_paper_quotes_its_values() -> None:
    # Given one paragraph with the writer's value and, in a bracket, the paper's
    log = (
        "我们在amazon上训练了50个epoch，得到NDCG@20=0.0631，远高于论文中的结果"
        "（论文中报告LightGCN amazon NDCG@20=0.0411，SGL amazon NDCG@20=0.0460）。\n"
    )
    # Then the bracket's values are the paper's, not the run's
    assert not confirms(log, "NDCG@20", 0.0411)
    assert not confirms(log, "NDCG@20", 0.046)
    assert confirms(log, "NDCG@20", 0.0631)
