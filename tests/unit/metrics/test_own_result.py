"""A result the writer reports from their own run in a sentence (readers/own_result.py), and
the sentences that quote, question, negate, target or compare a number instead."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_metric_named_before_the_value_after_a_first_person_result_verb() -> None:
    text = "After fixing the loader I get CER of about 3.27% on the test set.\n"
    assert confirms(text, "Test CER", 3.27)
    assert not confirms(text, "Validation CER", 3.27)


def test_a_value_on_a_benchmark_is_that_benchmarks_value() -> None:
    text = "With greedy decoding I only got 28.4 on MBPP.\n"
    assert confirms(text, "MBPP", 28.4)
    assert not confirms(text, "HumanEval", 28.4)


def test_pairs_joined_by_and_each_keep_their_name() -> None:
    text = "Evaluating the released weights, I got top1 acc 71.25 and top5 acc 90.02.\n"
    assert confirms(text, "Top-1 Accuracy", 71.25)
    assert confirms(text, "Top-5 Accuracy", 90.02)
    assert not confirms(text, "Top-1 Accuracy", 90.02)


def test_a_metric_named_after_the_value_and_key_value_pairs() -> None:
    assert confirms("Using two GPUs we obtained 0.4127 mAP overall.\n", "mAP", 0.4127)
    text = "I could only get EER=2.31% min-tDCF=0.0612 with the default recipe\n"
    assert confirms(text, "EER", 2.31)
    assert confirms(text, "min t-DCF", 0.0612)


def test_a_possessive_subject_or_the_metric_the_writer_got() -> None:
    assert confirms("Sadly my BLEU can only reach 21.3, far from good.\n", "BLEU", 21.3)
    assert confirms("The mIoU I obtained is 0.7431 after the schedule.\n", "mIoU", 0.7431)


def test_the_papers_value_in_the_same_sentence_is_not_the_runs() -> None:
    text = "The paper reports 79.4 top-1 accuracy but I get 77.9 top-1 accuracy.\n"
    assert confirms(text, "Top-1 Accuracy", 77.9)
    assert not confirms(text, "Top-1 Accuracy", 79.4)
    text = "I got mAP 0.288, which is lower than your reported mAP of 0.301.\n"
    assert confirms(text, "mAP", 0.288)
    assert not confirms(text, "mAP", 0.301)
    assert not confirms("I get the paper's 0.301 mAP with your config.\n", "mAP", 0.301)


def test_a_question_reports_no_value() -> None:
    assert not confirms("Why do I get mAP 0.31 instead of 0.35?\n", "mAP", 0.31)
    assert not confirms("Why do I get mAP 0.31 instead of 0.35?\n", "mAP", 0.35)


def test_negations_targets_and_wishes_report_no_value() -> None:
    assert not confirms("I could not reach 68.2 top-1 accuracy with it.\n", "Top-1 Accuracy", 68.2)
    assert not confirms("I should get around 41.0 mAP here.\n", "mAP", 41.0)
    assert not confirms("I want to get 41.0 mAP with this backbone.\n", "mAP", 41.0)
    assert not confirms("If I get 41.0 mAP the model is fine.\n", "mAP", 41.0)
    assert not confirms("I see you get 88.5% Rank1 in your log.\n", "Rank-1", 88.5)
    assert not confirms("My target mIoU is 0.7431 for this run.\n", "mIoU", 0.7431)
    assert not confirms("My mIoU is not 0.7431 yet.\n", "mIoU", 0.7431)


def test_differences_ranges_and_bounds_are_no_values() -> None:
    assert found("I got mAP 2 points lower than the paper.\n") == {}
    assert not confirms("I get top-1 accuracy between 74 and 76.\n", "Top-1 Accuracy", 74)
    assert not confirms("I get top-1 accuracy 74-76 on most seeds.\n", "Top-1 Accuracy", 74)
    assert not confirms("I got top1 and top5 acc over 90.\n", "Top-5 Accuracy", 90)
    assert not confirms("I got top-1 accuracy of 61.5%@train.\n", "Top-1 Accuracy", 61.5)


def test_hyper_parameters_beside_the_value_are_not_read() -> None:
    text = "I got 75.3% top-1 accuracy with lr 0.2 and 120 epochs.\n"
    assert confirms(text, "Top-1 Accuracy", 75.3)
    assert set(found(text)) == {"top-1 accuracy"}


def test_values_listed_respectively_are_not_paired_by_guess() -> None:
    text = "I have been observing 41.2 and 7.3% accuracy on GSM8K and MATH respectively.\n"
    assert not confirms(text, "Accuracy", 7.3, dataset="GSM8K")
    text = "I got recall@1 and recall@5 of 62.1 and 80.4 respectively.\n"
    assert not confirms(text, "Recall@5", 62.1)


def test_the_data_set_a_sentence_names_scopes_the_values_after_it() -> None:
    text = "I train on the STL-10 dataset with the default recipe. I got 93.12% accuracy.\n"
    assert confirms(text, "Accuracy", 93.12, dataset="STL-10")
    assert not confirms(text, "Accuracy", 93.12, dataset="SVHN")


def test_values_of_a_sentence_naming_two_splits_take_the_split_written_after_them() -> None:
    # Given a sentence reporting a validation and a test value
    text = "I got 0.512 mAP on val and 0.457 mAP on test after 12 epochs.\n"
    # Then each answers only its own split's claim
    assert confirms(text, "Test mAP", 0.457) and not confirms(text, "Test mAP", 0.512)
    assert confirms(text, "Validation mAP", 0.512) and not confirms(text, "Validation mAP", 0.457)


def test_a_value_whose_split_is_unsaid_beside_two_named_splits_is_not_read() -> None:
    text = "On val and test I got 0.512 mAP, 0.457 mAP.\n"
    assert not confirms(text, "Test mAP", 0.512)


def test_a_split_named_after_a_comma_belongs_to_the_next_value() -> None:
    text = "During training I got 0.912 accuracy, on test 0.853 accuracy.\n"
    assert not confirms(text, "Test Accuracy", 0.912)


def test_a_result_the_run_gives_the_writer() -> None:
    text = "Running eval.py on the val images, it gives me an overall mAP of 41.27. Odd.\n"
    assert confirms(text, "mAP", 41.27)
    assert confirms(text, "mAP", 0.4127)
    assert not confirms("If it gives me 41.27 mAP I would be glad.\n", "mAP", 41.27)
    assert not confirms("The authors' table shows us 44.0 mAP here.\n", "mAP", 44.0)
