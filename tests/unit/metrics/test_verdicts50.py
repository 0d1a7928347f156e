"""Rules of the fresh42 round (verdicts50): each test a crafted text that shows one general
shape or documented format, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_rows_beside_a_row_marked_this_pr_are_copied_from_elsewhere() -> None:
    # Given a RESULTS-style table whose own rows say "(this PR)" beside rows of older models
    log = (
        "| name | test-clean | test-other | comment |\n"
        "|---|---|---|---|\n"
        "| conformer_v3 (this PR) | 2.31 | 5.48 | greedy search |\n"
        "| conformer_v2 (large) | 2.52 | 5.86 | greedy search |\n"
        "| conformer_v2 | 2.60 | 5.93 | greedy search |\n"
    )
    # Then the PR's row answers a claim of the set, the copied rows' values do not
    assert confirms(log, "WER", 5.48, "LibriSpeech test-other")
    assert confirms(log, "WER", 2.31, "LibriSpeech test-clean")
    assert not confirms(log, "WER", 5.86, "LibriSpeech test-other")
    assert not confirms(log, "WER", 2.60, "LibriSpeech test-clean")


def test_llama_bench_rows_are_each_tests_throughput() -> None:
    # Given llama-bench's Markdown table (a mean ± its standard deviation per test) and footer
    log = (
        "| model                |   size |  params | backend | ngl |  test |          t/s |\n"
        "| -------------------- | -----: | ------: | ------- | --: | ----: | -----------: |\n"
        "| qwen2 7B Q4_K - M    | 4.36 GiB | 7.62 B | Metal  |  99 | pp512 | 612.35 ± 4.12 |\n"
        "| qwen2 7B Q4_K - M    | 4.36 GiB | 7.62 B | Metal  |  99 | tg128 |  41.07 ± 0.08 |\n"
        "\n"
        "build: 1d36b367 (4125)\n"
    )
    # Then each test's mean rate answers a claim of that test's throughput, nothing else does
    assert confirms(log, "pp512 throughput (tokens/s)", 612.35)
    assert confirms(log, "tg128 throughput (tokens/s)", 41.07)
    assert not confirms(log, "tg128 throughput (tokens/s)", 612.35)
    assert not confirms(log, "pp512 throughput (tokens/s)", 4.12)
    assert not confirms(log, "tg128 throughput (tokens/s)", 99)


def test_llama_bench_of_2023_writes_the_test_with_a_space() -> None:
    # Given the first llama-bench's rows ("pp 512", a CPU backend with a threads column)
    log = (
        "| model | size | params | backend | threads | test | t/s |\n"
        "| --- | ---: | ---: | --- | ---: | ---: | ---: |\n"
        "| LLaMA 7B mostly Q4_0 | 3.56 GiB | 6.74 B | CPU | 8 | pp 512 | 28.41 ± 0.22 |\n"
        "| LLaMA 7B mostly Q4_0 | 3.56 GiB | 6.74 B | CPU | 8 | tg 128 | 9.87 ± 0.05 |\n"
    )
    # Then the rates are read per test too
    assert confirms(log, "pp512 throughput (tokens/s)", 28.41)
    assert confirms(log, "tg128 throughput (tokens/s)", 9.87)
    assert not confirms(log, "tg128 throughput (tokens/s)", 8)


def test_top1_written_after_the_accuracy_is_top1_accuracy() -> None:
    # Given a long-tailed evaluation printing `Evaluation_accuracy_micro_top1` (a fraction)
    log = " Evaluation_accuracy_micro_top1: 0.512 \n Averaged F-measure: 0.488 \n"
    # Then it is the top-1 accuracy (of the data set the claim names), the F-measure is not
    assert confirms(log, "Top-1 Accuracy", 51.2, "Places-LT")
    assert not confirms(log, "Top-1 Accuracy", 0.488, "Places-LT")


def test_low_and_median_shot_accuracies_are_few_and_medium_shot() -> None:
    # Given OLTR-style class-group accuracies on one line
    log = (
        " Many_shot_accuracy_top1: 0.612 Median_shot_accuracy_top1: 0.455 "
        "Low_shot_accuracy_top1: 0.274 \n"
    )
    # Then papers' names for the groups answer them, each only its own group
    assert confirms(log, "Few-shot Accuracy", 27.4)
    assert confirms(log, "Medium-shot Accuracy", 45.5)
    assert not confirms(log, "Few-shot Accuracy", 45.5)
    assert not confirms(log, "Many-shot Accuracy", 27.4)


def test_a_benchmark_named_by_its_score_in_a_sentence_is_its_headline() -> None:
    # Given a lowercase report: the run's benchmark score, the leaderboard's, then a question
    log = (
        "The output hellaswag score is 78.12, but the reported hellaswag score on the "
        "leaderboard is 79.40. is that normal?\n"
    )
    # Then the run's value answers the benchmark's claim; the leaderboard's and another
    # benchmark's do not
    assert confirms(log, "HellaSwag", 78.12)
    assert not confirms(log, "HellaSwag", 79.40)
    assert not confirms(log, "MMLU", 78.12)
