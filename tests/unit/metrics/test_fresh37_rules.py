"""Reading rules found on the fresh37 blind set (verdicts42): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_truthfulqa_mc_tasks_acc_is_the_benchmarks_mc_score() -> None:
    # Given an lm-evaluation-harness table of the two TruthfulQA multiple-choice tasks
    log = (
        "|    Tasks     |Version|Filter|n-shot|Metric|   |Value |   |Stderr|\n"
        "|--------------|------:|------|-----:|------|---|-----:|---|-----:|\n"
        "|truthfulqa_mc1|      2|none  |     0|acc   |↑  |0.2811|±  |0.0157|\n"
        "|truthfulqa_mc2|      3|none  |     0|acc   |↑  |0.4402|±  |0.0151|\n"
    )
    # Then each task's acc is the benchmark's MC1 / MC2 score, and never the other's
    assert confirms(log, "TruthfulQA MC2", 44.02)
    assert confirms(log, "TruthfulQA MC1", 0.2811)
    assert not confirms(log, "TruthfulQA MC2", 0.2811)
    assert not confirms(log, "TruthfulQA MC1", 0.4402)
    assert not confirms(log, "TruthfulQA MC1", 0.0157)


def test_a_table_with_one_row_per_benchmark_scores_each_model_column() -> None:
    # Given a pipe-less table with a row per benchmark and a column per model id, beside a
    # column of the paper's numbers
    log = (
        "My runs of the quantized checkpoints:\n"
        "\n"
        "Benchmark | someone/Llama-R1-8B-4bit | someone/Llama-R1-8B-3bit | Paper\n"
        "-- | -- | -- | --\n"
        "piqa | 71.40% | 64.20% | 80.10%\n"
        "arc_easy | 77.00% | 58.00% | 81.30%\n"
    )
    # Then each cell is its row's benchmark for its column's model
    assert confirms(log, "PIQA", 71.4)
    assert confirms(log, "ARC-Easy", 0.58)
    assert not confirms(log, "ARC-Easy", 64.2)
    # and the paper's column confirms nothing
    assert not confirms(log, "PIQA", 80.1)
    assert not confirms(log, "ARC-Easy", 81.3)
