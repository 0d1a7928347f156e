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
