"""Rules against wrong confirmations found in the fresh sets (verdicts12): each on a minimal log
written for the rule; the corpus holds the real logs."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_values_quoted_from_a_comment_replied_to_are_not_the_writer_s_run() -> None:
    # Given a reply quoting the maintainer's expected output, then the writer's own run
    log = (
        "> Running the evaluation script should print the following numbers\n"
        "> ```\n"
        "> mean Dice: 0.912\n"
        "> mean HD95: 4.31\n"
        "> ```\n"
        "\n"
        "Thanks, here is what I get now:\n"
        "mean Dice: 0.905\n"
    )
    # Then only the writer's value confirms; the quoted ones are the maintainer's
    assert confirms(log, "Dice", 0.905)
    assert not confirms(log, "Dice", 0.912)
    assert not confirms(log, "HD95", 4.31)


def test_a_writer_quoting_their_own_output_keeps_it() -> None:
    # Given quote marks on output lines with no quoted prose, and no reply around them
    log = "> mean Dice: 0.912\n> mean HD95: 4.31\nmean IoU: 0.85\n"
    # Then the quoted values are the run's
    assert confirms(log, "Dice", 0.912) and confirms(log, "HD95", 4.31)


def test_rows_of_parts_named_after_the_data_set_never_answer_the_data_set() -> None:
    # Given per-subset rows whose names extend the claimed data set's, and no overall row
    log = "subset       PSNR    SSIM\nDIV2K-x2    34.61   0.941\nDIV2K-x4    28.92   0.813\n"
    # Then one subset's value is not the data set's, though it answers that subset's claim
    assert not confirms(log, "PSNR", 34.61, dataset="DIV2K")
    assert confirms(log, "PSNR", 28.92, dataset="DIV2K-x4")


def test_an_overall_row_beside_parts_named_after_the_data_set_answers_it() -> None:
    log = (
        "subset       PSNR    SSIM\n"
        "DIV2K-x2    34.61   0.941\n"
        "DIV2K-x4    28.92   0.813\n"
        "OVERALL     31.77   0.877\n"
    )
    assert confirms(log, "PSNR", 31.77, dataset="DIV2K")
    assert not confirms(log, "PSNR", 34.61, dataset="DIV2K")


def test_a_line_led_by_example_result_prints_a_documented_example_not_the_run() -> None:
    # Given a README's example line quoted before the writer's own result
    log = (
        "python evaluate.py --tasks=GSM8K,ARC\n"
        'Example result: {"GSM8K": 0.61, "ARC": 0.72}\n'
        "My run prints:\n"
        '{"GSM8K": 0.55}\n'
    )
    # Then the example's numbers confirm nothing; the run's do
    assert not confirms(log, "ARC", 0.72) and not confirms(log, "GSM8K", 0.61)
    assert confirms(log, "GSM8K", 0.55)


def test_a_bare_example_output_title_does_not_quote_the_writer_s_run() -> None:
    log = "Example output:\nWER: 3.81\n"
    assert confirms(log, "WER", 3.81)


def test_a_banner_naming_a_split_gives_its_block_that_split() -> None:
    # Given logged banners naming the validation, then the test evaluation
    log = (
        "[INFO 12:00:01] ####### Round (VALID) 7 #######\n"
        "[INFO 12:00:01] {'BLEU': 0.311, 'ROUGE_L': 0.52}\n"
        "\n"
        "[INFO 12:05:40] ####### Round (TEST) 7 #######\n"
        "[INFO 12:05:40] {'BLEU': 0.298, 'ROUGE_L': 0.51}\n"
    )
    # Then a test or unsplit claim is the test block's, a validation claim the other's
    assert confirms(log, "Test BLEU", 0.298) and confirms(log, "BLEU", 0.298)
    assert not confirms(log, "BLEU", 0.311) and not confirms(log, "Test BLEU", 0.311)
    assert confirms(log, "Validation BLEU", 0.311)


def test_a_short_title_naming_a_split_holds_across_blank_lines_up_to_the_next_title() -> None:
    log = (
        "Dev Set Report:\n"
        "        precision  recall  f1-score  support\n"
        "\n"
        "   macro avg  0.80  0.78  0.79  500\n"
        "\n"
        "Test Set Report:\n"
        "        precision  recall  f1-score  support\n"
        "\n"
        "   macro avg  0.77  0.75  0.76  500\n"
    )
    assert confirms(log, "Test Macro F1", 0.76)
    assert not confirms(log, "Test Macro F1", 0.79)
    assert confirms(log, "Validation Macro F1", 0.79)


def test_a_split_word_saying_when_or_a_long_sentence_names_no_section_split() -> None:
    log = "## results after training 12 epochs\nAP: 41.2\n"
    assert confirms(log, "AP", 41.2)
    log = "I ran the evaluation script after the training on my data and it printed:\nAP: 41.2\n"
    assert confirms(log, "AP", 41.2)


def test_a_title_naming_a_documents_table_quotes_the_block_its_colon_opens() -> None:
    # the source's table quoted as a JSON block opened on the title's line (full-width colon),
    # then the writer's own block opened the same way
    text = (
        "My scores are far from the ones in Table 3.\n\n"
        'Numbers from Table 3\uff1a`"summary": {\n'
        '    "Recall@1": 71.42,\n'
        '    "Recall@5": 90.06\n'
        "  },`\n\n"
        'what I get: `"summary": {\n'
        '    "Recall@1": 52.18,\n'
        '    "Recall@5": 77.3\n'
        "  }`\n"
    )
    assert confirms(text, "Recall@1", 52.18)
    assert not confirms(text, "Recall@1", 71.42)
    assert not confirms(text, "Recall@5", 90.06)


def test_my_results_in_a_table_are_not_a_quotation() -> None:
    text = 'my results in Table 1: `"summary": {\n    "Recall@1": 48.8\n  }`\n'
    assert confirms(text, "Recall@1", 48.8)


def test_an_unlabelled_table_above_a_comparison_with_the_source_is_the_source_s() -> None:
    text = (
        "These are the numbers I got:\n\n"
        "fold | F1@{10} | F1@{50} | Edit | Acc\n"
        "-- | -- | -- | -- | --\n"
        "1 | 60.12 | 51.06 | 60.1 | 70.3\n"
        "mean | 61.37 | 52.49 | 61.7 | 71.2\n\n"
        "F1@{10} | F1@{50} | Edit | Acc\n"
        "-- | -- | -- | --\n"
        "66.4 | 57.8 | 65.0 | 77.9\n\n"
        "Mine are a lot lower than yours.\n"
    )
    assert confirms(text, "F1@50", 52.49)
    assert not confirms(text, "F1@10", 66.4)
    assert not confirms(text, "Accuracy", 77.9)


def test_a_lone_table_compared_with_the_source_stays_the_writer_s() -> None:
    text = (
        "F1@{10} | F1@{50} | Edit | Acc\n-- | -- | -- | --\n66.4 | 57.8 | 65.0 | 77.9\n\n"
        "It is lower than the paper's.\n"
    )
    assert confirms(text, "F1@10", 66.4)


def test_a_line_restating_the_source_the_line_above_ended_with_quotes_it() -> None:
    text = (
        "Class mIoU: 0.802, Instance mIoU: 0.839\n"
        "What should I change to match the numbers reported in the paper\n"
        "i.e. Class mIoU: 0.823, Instance mIoU: 0.857\n"
    )
    assert confirms(text, "Class mIoU", 0.802)
    assert not confirms(text, "Class mIoU", 0.823)
    assert not confirms(text, "Instance mIoU", 0.857)
    # a restatement of the writer's own numbers stays theirs
    own = "Here is what my last run printed\ni.e. Class mIoU: 0.823\n"
    assert confirms(own, "Class mIoU", 0.823)


def test_a_source_title_naming_a_model_with_a_digit_still_quotes_the_line_below() -> None:
    # Given the writer's numbers, then a line saying a paper's numbers follow, whose model name
    # carries a digit ("ColBERTv2"), then those numbers
    log = (
        "I am getting the following metrics using your provided model checkpoint.\n"
        "MRR@10 = 39.6, Recall@1000 = 97.7 for end-to-end retrieval.\n"
        "\n"
        "The ColBERTv2 paper says\n"
        "MRR@10 = 36.0, Recall@1000 = 96.8 for end-to-end retrieval.\n"
    )
    # Then the paper's numbers are quoted, not the run's; the run's still confirm
    assert not confirms(log, "MRR@10", 36.0) and not confirms(log, "Recall@1000", 96.8)
    assert confirms(log, "MRR@10", 39.6) and confirms(log, "Recall@1000", 97.7)
    # (a number outside a name still makes the line no title)
    assert confirms("The paper says 3 runs\nMRR@10 = 36.0\n", "MRR@10", 36.0)
