"""General rules of the claim check and the vocabulary (chalicelib/domain/metrics/claims.py,
vocabulary.py), each on a minimal log written for the rule (the corpus holds the real logs)."""

from __future__ import annotations

import pytest

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from chalicelib.domain.metrics.sense_compare import names_benchmark, same_metric
from tests.unit.metrics._helpers import confirms


def ok(log: str, name: str, value: float, dataset: str | None = None) -> bool:
    return check_claimed_metric(extract_metrics(log), name, value, dataset).ok


def test_bleu_n_is_another_metric_than_bleu_which_is_bleu_4() -> None:
    log = "{'bleu-1': 0.134, 'bleu-4': 0.0044}"
    assert ok(log, "BLEU-1", 0.134) and not ok(log, "BLEU-4", 0.134)
    assert same_metric("BLEU", "BLEU4") and not same_metric("BLEU", "BLEU-1")


def test_adjusted_r_squared_is_not_r_squared() -> None:
    log = "R-squared: 0.300\nAdj. R-squared: -0.050"
    assert ok(log, "R-squared", 0.3) and not ok(log, "R-squared", -0.05)
    assert ok(log, "Adjusted R-squared", -0.05)


@pytest.mark.parametrize(
    "line",
    [
        "Training Step: 16224  | total loss: 0.4 | iter: 16224/20311 acc: 0.8476",
        "Epoch  3,   150/  725; acc:  53.41; ppl:   8.81; xent: 2.18",
        "batch 10/200 loss: 0.25 acc: 0.91",
    ],
)
def test_values_of_a_batch_inside_a_pass_are_not_results(line: str) -> None:
    assert extract_metrics(line) == []


def test_a_global_iteration_counter_marks_running_values_whose_last_stands() -> None:
    log = (
        " iteration      200/  250000 | lm loss: 7.365868E+00 |\n"
        " iteration      400/  250000 | lm loss: 6.912000E+00 |\n"
    )
    assert ok(log, "Training loss", 6.912) and not ok(log, "Training loss", 7.365868)


def test_a_dataset_that_is_a_split_word_names_the_split() -> None:
    log = "dev/WER: 20.06\ntest/WER: 19.27"
    assert ok(log, "WER", 19.27, dataset="test") and not ok(log, "WER", 20.06, dataset="test")


def test_a_benchmark_claim_is_its_own_row_never_a_sub_task() -> None:
    assert names_benchmark("meta_gsm8k/flexible-extract/exact_match", "gsm8k")
    assert names_benchmark("leaderboard|hellaswag|10/acc_norm", "hellaswag")
    assert not names_benchmark("lukaemon_mmlu_college_biology/accuracy", "mmlu")
    log = "|lukaemon_mmlu_college_biology|acc|98.61|\n"
    assert not ok("lukaemon_mmlu_college_biology accuracy: 98.61", "MMLU", 98.61)
    assert log


def test_a_0_or_1_printed_without_decimals_is_exact() -> None:
    log = '{"val_best_metric": 1, "val_mean_dice": 0.6923}'
    assert not ok(log, "val_best_metric", 0.905)
    assert ok(log, "val_best_metric", 1.0)


def test_a_bare_split_value_stands_only_for_a_known_metric() -> None:
    log = "Final Test: 81.72 ± 0.30"
    assert ok(log, "Test Accuracy", 81.72)
    assert not ok(log, "Training epochs", 81.72)
    assert not ok(log, "Test loss", 81.72)


def test_a_claimed_dataset_is_never_confirmed_by_another_datasets_value() -> None:
    log = "test_en_mlm_ppl: 2062.99\ntest_fr_mlm_ppl: 2497.67"
    assert not ok(log, "Perplexity", 2062.99, dataset="fr")


def test_similarity_functions_are_qualifiers_not_datasets() -> None:
    # sentence-transformers' EmbeddingSimilarityEvaluator (v2) prints one line per function
    log = (
        "Cosine-Similarity :\tPearson: 0.8696\tSpearman: 0.8758\n"
        "Dot-Product-Similarity:\tPearson: 0.8012\tSpearman: 0.8100\n"
    )
    assert ok(log, "Spearman (cosine)", 87.58, dataset="STSbenchmark")
    assert not ok(log, "Spearman (cosine)", 0.81)
    assert ok(log, "Spearman (dot)", 0.81)


def test_end_to_end_and_e2e_are_one_qualifier() -> None:
    # PaddleOCR's PGNet prints the detection scores, then the end-to-end ones
    log = "f_score:0.7912\nf_score_e2e:0.5133\n"
    assert ok(log, "End-to-end F-score", 51.33)
    assert not ok(log, "End-to-end F-score", 0.7912)
    assert ok(log, "F-score", 0.7912)


def test_a_mean_accuracy_is_not_top1_accuracy() -> None:
    # mmaction2's `mean_acc` is the mean of the per-class accuracies
    log = "top1_acc        0.7100\nmean_acc        0.6800\n"
    assert not ok(log, "Top-1 Accuracy", 0.68)
    assert ok(log, "Top-1 Accuracy", 71.0)


def test_cider_printed_as_a_fraction_above_one_is_the_papers_value_over_100() -> None:
    log = '{"val_CIDEr": 1.3166, "test_CIDEr": 1.3332255300867943, "test_Bleu_4": 1.25}\n'
    assert confirms(log, "CIDEr", 133.3, "COCO Karpathy test")
    assert not confirms(log, "CIDEr", 131.7)  # the validation value, beside a test one
    assert not confirms(log, "BLEU-4", 125)  # only CIDEr is scaled past 1


def test_a_split_claim_refused_for_running_values_says_why() -> None:
    log = "Epoch 3 - WER: 0.25, loss: 12.5\nEpoch 4 - WER: 0.21, loss: 11.9"
    verdict = check_claimed_metric(extract_metrics(log), "Test WER", 0.21)
    assert not verdict.ok
    assert "progress lines" in verdict.detail and "the  split" not in verdict.detail


def test_a_score_word_printed_above_100_is_a_count_not_the_score() -> None:
    # Given an evaluation line that prints the accuracy and the count of correct answers
    log = "held-out images | accuracy: 91.4 | correct: 4571 | total: 5000"
    # When the count is claimed as the accuracy, then it is refused; the percentage stands
    assert not ok(log, "Test Accuracy", 4571)
    assert not ok(log, "Accuracy", 4571)
    assert ok(log, "Accuracy", 91.4)


def test_a_claim_whose_digits_another_metric_prints_is_not_the_rounded_value() -> None:
    # Given a line whose word error rate is printed rounded and the char error rate in full
    log = "dev results: cer=12.347 wer=12 loss=3.218"
    # Then a WER claim with the CER's every digit was copied from the CER, not rounded from WER
    assert not ok(log, "WER", 12.347)
    assert ok(log, "WER", 12) and ok(log, "CER", 12.347)


def test_a_claim_printed_in_full_by_its_own_metric_stands_beside_a_rounded_print() -> None:
    # Given the same accuracy printed rounded and in full, beside another metric
    log = "acc: 0.92 | top1_acc_exact: 0.9213 | f1: 0.9213"
    assert ok(log, "Accuracy", 0.9213)
