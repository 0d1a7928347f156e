"""Metric extraction runs in linear time on any input we accept (issue: extraction cost).

Adversarial logs of 10,000 characters (the pasted-output limit): one 10,000-digit number, long
runs of each separator, bracket and marker the readers look for, and mixtures. Each must take
under 20 ms, and quadrupling the input must not take much more than four times as long
(quadratic behaviour would take ~16x). Timings are the best of several runs, so a busy
machine does not make them flaky; `make bench` prints the worst case against a typical log."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from chalicelib.domain.log_metrics import extract_metrics

SIZE = 10_000


def _repeat(unit: str) -> Callable[[int], str]:
    return lambda n: (unit * (n // len(unit) + 1))[:n]


def _after(head: str, unit: str) -> Callable[[int], str]:
    """`head` (a line that opens a reader's block) followed by `unit` repeated."""
    return lambda n: head + _repeat(unit)(n - len(head))


ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "one long number": lambda n: "9" * n,
    "name then a long number": lambda n: "acc: " + "9" * (n - 5),
    "long decimal": lambda n: "acc = 0." + "1" * (n - 8),
    "colons": _repeat(":"),
    "name colon runs": _repeat("a: "),
    "equals pairs": _repeat("a=1 "),
    "dots": _repeat("."),
    "digit dots": _repeat("1."),
    "pipes": _repeat("|"),
    "pipe cells": _repeat("| 1 "),
    "square brackets": _repeat("["),
    "closing brackets": _repeat("]"),
    "braces": lambda n: "{" * (n // 2) + "}" * (n - n // 2),
    "json keys": _repeat('{"a": '),
    "quotes": _repeat('"'),
    "quoted pairs": _repeat("'a': "),
    "dashes": _repeat("-"),
    "spaces then number": lambda n: "loss" + " " * (n - 8) + "1.23",
    "at signs": _repeat("@"),
    "acc at": _repeat("Acc@1 "),
    "box drawing": _repeat("│"),
    "box cells": _repeat("│ a │ 1 "),
    "exponents": _repeat("1e"),
    "plus minus": _repeat("1 ± "),
    "percent": _repeat("1%"),
    "slashes": _repeat("1/"),
    "words": _repeat("a"),
    "word then colon": lambda n: "a" * (n - 3) + ": 1",
    "many short lines": _repeat("a: 1\n"),
    "counters": _repeat("[1/2]"),
    "epoch words": _repeat("epoch 1 "),
    "stars": _repeat("*"),
    "average precision": _repeat("Average Precision (AP) @[ IoU="),
    "copypaste": _repeat("copypaste: 1,"),
    "tabs": _repeat("\t1"),
    "mixed markers": _repeat("a|b:c=1[2]{3}'4'\"5\"@6│7 "),
    # markers of the speech, LLM-evaluation, MT and benchmark readers
    "kaldi wer": _repeat("%WER 1.0 [ 1 / 2, 0 ins, 0 del, 1 sub ] exp/decode_"),
    "icefall wer": _repeat("[test-clean] %WER 1% [1 / "),
    "icefall settings": _after("For test, WER of different settings are:\n", "a_1 1\t"),
    "sclite rows": _repeat("| Sum/Avg | 1 2 | 1 2 3 4 5 "),
    "result paths": _repeat("a/result.txt:|"),
    "fairseq pipes": _repeat("| epoch 001 | valid on 'a' subset | loss 1 "),
    "megatron pipes": _repeat(" iteration 1/ 2 | lm loss: 1 | a"),
    "validation at": _repeat(" validation loss at | a value"),
    "mllog": _repeat(":::MLLOG {"),
    "old mlperf": _repeat(":::MLL 1 a: "),
    "rouge lines": _repeat("1 ROUGE-1 Average_R: 0."),
    "rouge scores": _repeat("'rouge1': AggregateScore(low=Score(precision=("),
    "opencompass rows": _after("dataset version metric mode m\n", "a  b  c  d  1 "),
    "opencompass tasks": _repeat("Task [a/b]: {'a': "),
    "serving block": _after("== Serving Benchmark Result ==\n", "a: 1 "),
    "upper fields": _repeat("TRAIN LOSS:1 A:"),
    "lm-eval config": _repeat("num_fewshot: batch_size: "),
    "gbdt rounds": _repeat("[1]\ta-b:1\tc's d: 1\t"),
    "catboost": _repeat("0:\tlearn: 1\ttest: 1\tbest: 1 (0)\t"),
    "sklearn report": _after("precision recall f1-score support\n", "a 1 1 1 1 "),
    "sb3 rows": _after("-" * 12 + "\n", "| a/ | 1 | "),
    "model index": _after("model-index:\n", "  - type: a\n"),
    "flair items": _repeat("DEV : loss 1 - a 1 - "),
    "lightning plain": _after("Test metric  DataLoader 0  DataLoader 1\n", "a  1  "),
    "spacy table": _after("E  #  LOSS A  SCORE\n", "1  1  1  1 "),
    "headings": _repeat("## a\n"),
}


def _best_time(text: str, runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        extract_metrics(text)
        best = min(best, time.perf_counter() - started)
    return best


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_input_takes_under_20_ms(name: str) -> None:
    # Given 10,000 characters built to make a backtracking reader slow
    text = ADVERSARIAL[name](SIZE)
    assert len(text) == SIZE
    # When the metrics are extracted, then it takes under 20 ms
    assert _best_time(text) < 0.020


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_extraction_time_grows_linearly(name: str) -> None:
    # Given the same adversarial pattern at 10,000 and 40,000 characters
    small, large = ADVERSARIAL[name](SIZE), ADVERSARIAL[name](4 * SIZE)
    # When both are timed, then four times the input takes well under 16 times as long
    ratio = _best_time(large) / max(_best_time(small), 1e-5)
    assert ratio < 8, f"{name}: 4x the input took {ratio:.1f}x as long"
