"""Rules found by reading the fresh19 corpus set: each a general rule about how tools and
writers print results, each with a crafted log (not a corpus excerpt)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_speechbrain_per_utterance_wer_lines_are_samples_not_the_corpus_wer() -> None:
    # Given a SpeechBrain wer file: the summary line, then one alignment per utterance
    text = (
        "%WER 12.34 [ 321 / 2601, 20 ins, 41 del, 260 sub ]\n"
        "%SER 60.00 [ 30 / 50 ]\n"
        "================================================================================\n"
        "1089-134686-0000, %WER 25.00 [ 1 / 4, 0 ins, 0 del, 1 sub ]\n"
        "he ; hoped ; there ; would\n"
        "================================================================================\n"
        "1089-134686-0001, %WER 0.00 [ 0 / 3, 0 ins, 0 del, 0 sub ]\n"
    )
    # Then the corpus WER is the summary's, never one utterance's
    assert confirms(text, "WER", 12.34)
    assert not confirms(text, "WER", 25.0)
    assert not confirms(text, "WER", 0.0)
    # and a file holding only utterance lines has no WER at all
    assert found("utt_7, %WER 50.00 [ 1 / 2, 0 ins, 1 del, 0 sub ]\n") == {}


def test_a_value_someone_else_posted_is_quoted_not_the_runs() -> None:
    # Given a writer's own WER in one sentence and the maintainers' posted one in the next
    text = (
        "With your checkpoint I obtained a WER of 4.87 on the test data.\n"
        "In contrast, the number you posted was WER = 2.3.\n"
        "They published CER = 1.2 for it.\n"
        "CER = 2.9\n"
    )
    # Then the posted and published values are the source's, never the run's
    assert not confirms(text, "WER", 2.3)
    assert not confirms(text, "CER", 1.2)
    assert confirms(text, "WER", 4.87)
    assert confirms(text, "CER", 2.9)


def test_an_expected_behavior_section_holds_the_expected_numbers_not_the_runs() -> None:
    # Given a bug report: what the run printed, then the template's expected-behaviour section
    text = (
        "## What you observed:\n"
        "Evaluation results: mAP=36.1\n"
        "\n"
        "## Expected behavior:\n"
        "\n"
        "mAP=37.4 as in the model zoo table\n"
        "\n"
        "##BUT\n"
        "the same run: AP50=55.2\n"
    )
    # Then the expected value is no result of the run; the observed one is
    assert not confirms(text, "box AP", 37.4)
    assert not confirms(text, "mAP", 37.4)
    assert confirms(text, "mAP", 36.1)
    # and the section ends at the next heading, even one typed without its space
    assert confirms(text, "AP50", 55.2)


def test_squad2_answerable_and_unanswerable_scores_are_subsets_not_the_overall() -> None:
    # Given SQuAD 2.0's evaluation: the overall scores on an evaluation block, then the
    # script's JSON with the answerable and unanswerable subsets
    text = (
        "***** Eval results *****\n"
        "  exact = 71.25\n"
        "  f1 = 74.5\n"
        '{"exact": 71.25, "f1": 74.5, "total": 800, "HasAns_exact": 90.5, "HasAns_f1": 97.0,'
        ' "HasAns_total": 400, "NoAns_exact": 52.0, "NoAns_f1": 52.0, "NoAns_total": 400}\n'
    )
    # Then an exact match or F1 claim is the overall value, never a subset's
    assert not confirms(text, "Exact Match", 90.5)
    assert not confirms(text, "EM", 52.0, "SQuAD 2.0")
    assert not confirms(text, "F1", 97.0)
    assert confirms(text, "Exact Match", 71.25)
    assert confirms(text, "F1", 74.5, "SQuAD 2.0")
    # and a claim naming the subset is that subset's
    assert confirms(text, "HasAns_exact", 90.5)
    assert confirms(text, "NoAns F1", 52.0)


def test_per_sample_lines_of_an_announced_pass_are_progress_until_the_last() -> None:
    # Given an evaluation announcing 3 samples, cumulative scores after each
    head = "INFO: Start validation, Total sample: 3\n"
    lines = [
        "INFO: Sample: 1, validation pixAcc: 91.500, mIoU: 40.250, time: 0.01s\n",
        "INFO: Sample: 2, validation pixAcc: 93.125, mIoU: 52.750, time: 0.01s\n",
        "INFO: Sample: 3, validation pixAcc: 94.000, mIoU: 55.500, time: 0.01s\n",
    ]
    cut = head + "".join(lines[:2])
    # Then a pasted pass cut short has no metric: its values are the pass in progress
    assert not confirms(cut, "mIoU", 52.75)
    assert not confirms(cut, "Pixel Accuracy", 93.125)
    # and a whole pass's last line is its result
    whole = head + "".join(lines)
    assert confirms(whole, "mIoU", 55.5)
    assert not confirms(whole, "mIoU", 52.75)


def test_a_links_query_string_makes_no_question_of_an_own_result() -> None:
    # Given a writer's result in a sentence that links the weights they used
    text = (
        "I got 71.3 mIoU on the val set with [these weights](https://drive.example.com/file/d/"
        "1AbC9/view?usp=sharing) and https://example.com/run?id=42 for testing\n"
    )
    # Then the link's "?" asks nothing: the sentence reports the writer's result
    assert confirms(text, "mIoU", 71.3)
    # and a real question still reports none
    assert not confirms("Why did I get 71.3 mIoU on val?\n", "mIoU", 71.3)


def test_presumm_slashed_rouge_lines_pair_labels_and_values() -> None:
    # Given PreSumm's summary lines (its recall line labels four values and prints three)
    text = ">> ROUGE-F(1/2/l): 40.12/18.34/37.05\nROUGE-R(1/2/3/l): 45.50/21.25/41.75\n"
    # Then each F-measure is its ROUGE score, and the recalls are recalls of 1, 2 and L
    assert confirms(text, "ROUGE-1", 40.12)
    assert confirms(text, "ROUGE-2", 18.34)
    assert confirms(text, "ROUGE-L", 37.05)
    assert confirms(text, "ROUGE-L Recall", 41.75)
    assert not confirms(text, "ROUGE-L", 41.75)
    assert not confirms(text, "ROUGE-2", 21.25)


def test_bertabs_rouge_blocks_name_the_lines_below_them() -> None:
    # Given the BertAbs example's score blocks
    text = (
        "****** ROUGE SCORES ******\n\n"
        "** ROUGE 1\nF1        >> 0.411\nPrecision >> 0.432\nRecall    >> 0.397\n\n"
        "** ROUGE L\nF1        >> 0.376\nPrecision >> 0.401\nRecall    >> 0.362\n"
    )
    # Then F1 is the ROUGE score of its block, never another block's nor precision
    assert confirms(text, "ROUGE-1", 41.1)
    assert confirms(text, "ROUGE-L", 0.376)
    assert confirms(text, "ROUGE-1 Precision", 0.432)
    assert not confirms(text, "ROUGE-1", 0.432)
    assert not confirms(text, "ROUGE-L", 0.411)


def test_a_line_led_by_a_source_label_quotes_and_one_led_by_mine_reports() -> None:
    # Given the paper's numbers and the writer's on two labelled lines, pairs joined by "and"
    text = "Paper: WER 2.9% and B-WER 7.1%\nMine: WER 3.3% and B-WER 8.6%\n"
    # Then the writer's line is the run's, each pair its own metric
    assert confirms(text, "WER", 3.3)
    assert confirms(text, "B-WER", 8.6)
    # and the paper's line is quoted
    assert not confirms(text, "WER", 2.9)
    assert not confirms(text, "B-WER", 7.1)
    # as is a source label written with a preposition and a spaced colon
    quoted = "On Paper : ROUGE-F(1/2/l): 44.10/21.30/40.20\n"
    assert not confirms(quoted, "ROUGE-1", 44.1)


def test_values_named_by_whose_they_are_report_the_writers() -> None:
    # Given a metric per line, the paper's value beside the writer's
    text = (
        "ROUGE_1: paper=42.05 | my result=41.37 (close)\n"
        "ROUGE_L: paper=39.10 | my result=30.02 (much lower ?)\n"
        "BLEU: reported 28.4, mine 27.1\n"
    )
    # Then the writer's value is the metric, the paper's never
    assert confirms(text, "ROUGE-1", 41.37)
    assert confirms(text, "ROUGE-L", 30.02)
    assert confirms(text, "BLEU", 27.1)
    assert not confirms(text, "ROUGE-1", 42.05)
    assert not confirms(text, "BLEU", 28.4)


def test_a_quoted_block_ends_where_the_writer_turns_to_their_own_result() -> None:
    # Given a README quoted under a title, then the writer's own result after "However"
    text = (
        "In the README, it says that:\n"
        "\n"
        "The script should return: `EER 0.9912`.\n"
        "\n"
        "However, with the same checkpoint and script, I can only get EER 1.4406, "
        "MinDCF 0.10522. Is something wrong?\n"
    )
    # Then the writer's values are the run's, and the README's stay quoted
    assert confirms(text, "EER", 1.4406)
    assert confirms(text, "minDCF", 0.10522)
    assert not confirms(text, "EER", 0.9912)


def test_logger_rows_tailed_from_several_files_are_each_files_run() -> None:
    # Given `tail -n1` over the stdout logs of runs on two environments, two seeds each
    text = (
        "==> runs/env/Walker2d-v2/seed/0/stdout <==\n"
        "| ep_reward_mean     | 3.12e+03     |\n"
        "==> runs/env/Walker2d-v2/seed/1/stdout <==\n"
        "| ep_reward_mean     | 2.87e+03     |\n"
        "==> runs/env/Pendulum-v0/seed/0/stdout <==\n"
        "| ep_reward_mean     | -161         |\n"
    )
    # Then each run's last reward is a result on its own environment, never another's
    assert confirms(text, "Mean Episode Reward", 3120, "Walker2d-v2")
    assert confirms(text, "Mean Episode Reward", 2870, "Walker2d-v2")
    assert confirms(text, "Mean Episode Reward", -161, "Pendulum-v0")
    assert not confirms(text, "Mean Episode Reward", -161, "Walker2d-v2")


def test_a_name_glued_to_a_chinese_word_is_still_the_metrics_name() -> None:
    # Given a Chinese sentence whose metric names follow the words without a space
    text = "测试结果是mse:0.3121, mae:0.4410\n"
    # Then both values are read under their names
    assert confirms(text, "MSE", 0.3121)
    assert confirms(text, "MAE", 0.441)
    assert not confirms(text, "MSE", 0.441)


def test_and_joins_pairs_only_after_a_value_that_is_a_measurement() -> None:
    # Given two pairs joined by "and", and names joined by "and" before one bound
    assert confirms("Dev: WER 4.1% and CER 1.75\n", "CER", 1.75)
    # Then "top1 and top5 acc over 90" names no pair (a bound, not a value)
    assert not confirms("I got top1 and top5 acc over 90.\n", "Top-5 Accuracy", 90)
    assert not confirms("accuracy between 74 and top 76\n", "Accuracy", 74)
