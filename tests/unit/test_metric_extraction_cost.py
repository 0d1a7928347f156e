"""Metric extraction runs in linear time on any input we accept (issue: extraction cost).

Adversarial logs of 10,000 characters (the pasted-output limit): one 10,000-digit number, long
runs of each separator, bracket and marker the readers look for, and mixtures. Each must take
at most 5x as long as a typical log of the same size (real excerpts from the corpus, timed in
the same run), and never more than 250 ms (backtracking took 0.4-0.8 s; the worst pattern
takes about 60 ms on the development machine, and a loaded CI machine has measured 107 ms, so a
tighter bound would fail on load, not on a regression); quadrupling the input
must not take much more than four times as long (quadratic behaviour would take ~16x).
Timings are the best of several runs in CPU time of this process (`time.process_time`), so a
busy machine or the other test worker does not make them flaky; a case over 5x is timed again
beside the typical log, one run of each in turn, in case the module's baseline was timed at a
quieter moment (two helpers saw the headings case fail that way under load). The absolute
figure (under 20 ms per 10,000 characters, worst case included) is `make bench`'s, on a quiet
machine."""

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
    # markers of the family readers (readers/*.py)
    "timm eval line": _repeat("Test: [1/1] Acc@1: 1 (1 "),
    "timm summary": _repeat(" * Acc@1 1 (1) Acc@5 "),
    "network accuracy": _repeat("Accuracy of the network on the 1 images: "),
    "csv header": _repeat("epoch,a_b,"),
    "csv rows": lambda n: ("epoch,train_loss,acc\n" + "1,2," * n)[:n],
    "fastai rows": lambda n: ("epoch train_loss valid_loss time\n" + "0 1 " * n)[:n],
    "mnist test line": _repeat("Test set: Average loss: 1, Accuracy: 1/"),
    "nnunet lists": _repeat("Pseudo dice [np.float32(1, "),
    "openmmlab lines": _repeat("Epoch(val) [1][1/1]  a: 1  "),
    "openmmlab brackets": _repeat("Epoch(val) [1"),
    "ordered dict": _repeat("OrderedDict([('a', 1), "),
    "detectron2 dict": _repeat("'bbox', {'AP': 1, "),
    "paddle eval": _repeat("[EVAL] #Images: 1 a: 1 "),
    "paddleclas": _repeat("[Eval][Epoch 1][Avg]a: 1, "),
    "voc map": _repeat("mAP(0.5, a) = "),
    "yolo header": _repeat("Class Images Box(P R "),
    "yolo args": _repeat("val: a=1, b=2, "),
    "super-gradients tree": _repeat("│   ├── a = 1 "),
    "super-gradients best": _repeat("Best checkpoint overriden: validation a:"),
    "super-gradients bullets": _repeat("PTQ Model Validation Results\n   - a:b:c"),
    "mmseg summary": lambda n: ("| aAcc | mIoU |\n" + "| 1 " * n)[:n],
    "openmmlab config": lambda n: ("Config:\n" + "a=dict(b=1, " * n)[:n],
    "detectron2 events": _repeat("iter: 1  total_loss: "),
    "detectron2 config": lambda n: ("Running with full config:\n" + "A: 1\n" * n)[:n],
    "report header then rows": lambda n: (
        "precision recall f1-score support\n" + _repeat("a b 0.1 0.2 0.3 4 ")(n)
    )[:n],
    "report columns": _repeat("precision recall support "),
    "boosting rounds": _repeat("[1]\tx-auc:0.5\t"),
    "boosting items": lambda n: ("[1]\t" + "a-" * n)[:n],
    "lightgbm items": _repeat("[1] a's b: 1 "),
    "lightgbm cli": _repeat("Iteration:1, a"),
    "catboost items": lambda n: ("0:\tlearn: " + "learn: 1 " * n)[:n],
    "logger table rows": _repeat("| a/ | |\n|    b | 1 |\n"),
    "spacy header then rows": lambda n: ("E  #  LOSS X  SCORE\n" + "1 " * n)[:n],
    "per type rows": lambda n: ("P  R  F\n" + "a " * n)[:n],
    "model index": lambda n: ("model-index:\n" + "- type: a\n  value: 1\n" * n)[:n],
    "similarity lines": _repeat("Cosine-Similarity : Pearson: 1 "),
    "dash words": _repeat("A-B-"),
    "json block with task": lambda n: ('{\n "mteb_version": "1",\n' + '"a": 1,\n' * n)[:n],
    "result table rows": lambda n: ("| a | acc |\n|---|---|\n" + "| b | 1 |\n" * n)[:n],
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
    "model index items": _after("model-index:\n", "  - type: a\n"),
    "flair items": _repeat("DEV : loss 1 - a 1 - "),
    "lightning plain": _after("Test metric  DataLoader 0  DataLoader 1\n", "a  1  "),
    "spacy table": _after("E  #  LOSS A  SCORE\n", "1  1  1  1 "),
    "headings": _repeat("## a\n"),
    # aligned tables: a header of metric names, rows of numbers; titles and partial reports
    "aligned headers": _repeat("acc  f1  mota\n"),
    "aligned rows": _after("acc  f1  mota\n", "1  2  3\n"),
    "aligned wide cells": _repeat("a  "),
    "partial reports": _repeat("1% complete  "),
    "data-set titles": _repeat("ETTh2:\n"),
    "dataset lines": _repeat("Dataset: a1\n"),
    # markers added in readers round 2
    "timm summary without star": _repeat("Acc@1 1 (1) Acc@5 1 ("),
    "tf tensors": _repeat("a: {'a': <tf.Tensor: shape=(), dtype=float32, numpy="),
    "torch tensors": _repeat("a b c: tensor(1"),
    "percent prose": _repeat("1% a b c on the a b c d e "),
    "elisions": _repeat("...\n"),
    "flair class rows": _repeat("a b: c tp: 1 - fp: 1 - precision: 1 - "),
    "flair averages": _repeat("MICRO_AVG: acc 1 - f1-score 1 - "),
    "pretty-printed task dict": _after("('segm',\n", " {'AP': 1,\n"),
    "log prefix lines": _repeat("2024-07-08 18:11:43,017 - a - Score-Function: "),
    # engine markers: markdown emphasis, batch counters, a colon without a space
    "bold numbers": _repeat("**1**"),
    "bold runs": _repeat("**1"),
    "underscores": _repeat("__1_"),
    "batch counters": _repeat("batch 1 "),
    "batch words": _repeat("batch"),
    "colon decimals": _repeat("a:1.1:"),
    "number vectors": _repeat("a: 1, 2, "),
    "logger levels": _repeat("a.b INFO "),
    "conditions": _repeat("a@b=1 "),
    "split heads": _repeat("test result: {"),
    "split titles": _repeat("valid result:\n"),
    "glued scopes": _repeat("[a][1]b: 1 "),
    "reference titles": _repeat("report result score:\n"),
    "pairs quoted from a paper": _repeat("paper a=1, "),
}


def _best_time(text: str, runs: int = 5, fast_paths: bool = True) -> float:
    from chalicelib.domain.metrics import line_layout

    best = float("inf")
    line_layout.FAST_PATHS = fast_paths
    try:
        for _ in range(runs):
            started = time.process_time()
            extract_metrics(text)
            best = min(best, time.process_time() - started)
    finally:
        line_layout.FAST_PATHS = True
    return best


@pytest.fixture(scope="module")
def typical() -> tuple[str, float]:
    """10,000 characters of real tool output (corpus excerpts one after another) and the time
    to read them through every rule: the fast paths make repeated line shapes cheap, and are
    not what this measures. Best of nine runs, once per module: CPU time, so the other test
    worker does not move it much."""
    from tests.corpus.measure import load

    text = ""
    for case in load(("logs",)):
        text += case.text
        if len(text) >= SIZE:
            break
    return text[:SIZE], _best_time(text[:SIZE], 9, fast_paths=False)


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_input_costs_at_most_5x_a_typical_log(
    name: str, typical: tuple[str, float]
) -> None:
    # Given 10,000 characters built to make a backtracking reader slow
    text = ADVERSARIAL[name](SIZE)
    assert len(text) == SIZE
    # When it is timed (best of five) beside a typical log of the same size
    typical_text, base = typical
    worst = _best_time(text, 5)
    if worst > 5 * base:
        # (the module's baseline may have been timed on a quieter machine than this moment:
        # time both again, one run of each in turn, so one load weighs on both)
        again = [
            (_best_time(text, 1), _best_time(typical_text, 1, fast_paths=False)) for _ in range(5)
        ]
        worst, base = min(w for w, _ in again), min(b for _, b in again)
    # Then it costs at most 5x the typical log, and never a backtracking explosion
    assert worst <= 5 * base, f"{name}: {worst * 1000:.1f} ms vs typical {base * 1000:.1f} ms"
    assert worst < 0.250


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_extraction_time_grows_linearly(name: str) -> None:
    # Given the same adversarial pattern at 10,000 and 40,000 characters
    small, large = ADVERSARIAL[name](SIZE), ADVERSARIAL[name](4 * SIZE)
    # When both are timed, then four times the input takes well under 16 times as long
    ratio = _best_time(large, 3) / max(_best_time(small, 3), 1e-5)
    assert ratio < 8, f"{name}: 4x the input took {ratio:.1f}x as long"
