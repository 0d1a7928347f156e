"""The extractor's fast paths (issue #16: `read_layout`'s plan of each line shape and its
skipping the rules before the counters on a quiet shape, `Extraction.feed_lines`' counting
lines without feeding them) must read every log exactly as the rules in full do
(`line_layout.FAST_PATHS = False`): the same metrics, the same claim verdicts, the same layout
state. A rule added to `line_prelude.prelude` without its guard in `prelude_may_apply` makes
the corpus read differently here as soon as one of its lines is one that rule decides."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, fields
from typing import Any

import pytest

from chalicelib.domain.metrics import check_claimed_metric, line_layout
from chalicelib.domain.metrics.engine import (
    Extraction,
    extract_metrics_from_batches,
    extract_metrics_from_lines,
)
from chalicelib.domain.metrics.line_layout import LogState
from tests.corpus.measure import load

# LogState's own fields (the readers' `context` and `slots` hold objects of their own)
_STATE_FIELDS = tuple(f.name for f in fields(LogState) if f.name not in ("context", "slots"))


def _read(text: str, fast: bool, feed: Callable[[Extraction, list[str]], None]) -> Extraction:
    line_layout.FAST_PATHS = fast
    try:
        extraction = Extraction()
        feed(extraction, text.split("\n"))
        return extraction
    finally:
        line_layout.FAST_PATHS = True


def _in_lists(size: int) -> Callable[[Extraction, list[str]], None]:
    def feed(extraction: Extraction, lines: list[str]) -> None:
        for start in range(0, len(lines), size):
            extraction.feed_lines(lines[start : start + size])

    return feed


def _seen(extraction: Extraction, claims: list[tuple[str, float, str | None]]) -> Any:
    state, compared = extraction.state, extraction._compared
    metrics = extraction.results()
    return (
        [asdict(m) for m in metrics],
        [asdict(check_claimed_metric(metrics, *claim)) for claim in claims],
        {name: getattr(state, name) for name in _STATE_FIELDS},
        sorted(state.context.get("quoted_labels", ())),
        compared._paragraphs,
        compared._quoted,
        extraction._quotes,
    )


Texts = list[tuple[str, str, list[tuple[str, float, str | None]]]]


def _differences(texts: Texts, sizes: tuple[int, ...]) -> list[tuple[str, int]]:
    """The texts (and list sizes) the fast paths read otherwise than the rules in full."""
    differ = []
    for name, text, claims in texts:
        exact = _seen(_read(text, False, _in_lists(1)), claims)
        differ += [
            (name, size)
            for size in sizes
            if _seen(_read(text, True, _in_lists(size)), claims) != exact
        ]
    return differ


@pytest.fixture(scope="module")
def corpus() -> Texts:
    return [
        (f"{case.set}/{case.id}", case.text, [(c.metric, c.value, c.dataset) for c in case.claims])
        for case in load()
    ]


def test_every_corpus_case_is_read_alike_with_and_without_the_fast_paths(
    corpus: Texts,
) -> None:
    assert len(corpus) > 1000  # every set
    # (`extract_metrics`' form: lists of `engine.BATCH_LINES` lines, a whole case in one)
    assert _differences(corpus, (4096,)) == []


# Lines of a training log: counter lines a batch counter consumes, and lines that the rules
# before the counters decide (each rule of `prelude` at least once), or that end a paragraph,
# a quote, a pass. Between counter lines they test each state a fast path must not skip past.
_COUNTED = (
    "Epoch: [{e}][{b:4d}/{n}]\tTime  0.412 ( 0.398)\tLoss {x:.4f}",
    "iter {b}/{n} loss {x:.3f} acc {y:.3f}",
    "batch{b} || Test WER: {x:.2f}",
    "Test: [{b:3d}/{n}]\tAcc@1 {y:.3f}",
    "Sample: {b}, validation pixAcc: {y:.3f}, mIoU: {x:.3f}",
)
_OTHERS = (
    "",
    "",
    "Total sample: {n}",
    "Epoch: [{e}][{n}/{n}]\tTime  0.412 ( 0.398)\tLoss {x:.4f}",
    "Test: [{n}/{n}]\tAcc@1 {y:.3f}",
    "## Results",
    "### Expected behavior",
    "# epoch {e}",
    "Paper: acc {y:.3f} and F1 {x:.2f}",
    "Mine: acc {y:.3f}",
    "I could not reproduce how to achieve the results in the paper",
    "i.e. acc {y:.3f}",
    "++++ Valid Epoch {e} ++++",
    "Model name: resnet{e}",
    "Compared with Table {e} of the paper",
    "Test:",
    "val: acc {y:.3f}",
    "Results on the test set:",
    "While on the test set I got",
    "```",
    "> quoted acc {y:.3f}",
    "The paper reports:",
    "I reach acc {y:.3f}. However, your README says you achieved:",
    "However, I can only get acc {y:.3f}",
    "I am not getting the following results",
    "lower than the official (MMLU={y:.1f}, TydiQA={x:.1f})",
    "`L` means the leaderboard",
    "<b>acc</b> {y:.3f}",
    "**acc** {y:.3f}",
    "\x1b[32mTest acc {y:.3f}\x1b[0m",
    "epoch = {e}.0",
    "{{'eval_accuracy': {y:.4f}, 'epoch': {e}}}",
    "print(f'Val: {{val_mae:.4f}}, Test: {{test_mae:.4f}}')",
    "Dataset: cifar10",
    "ETTh2:",
    "... MOT17-02",
    "Category C:",
    "list_im_file: data/test{e}_normal.txt",
    "img0001.nii.gz",
    "MOT17-02-DPM",
    "  indented acc {y:.3f}",
    ".. code-block:: text",
    "It is much worse than yours.",
    "step 1 loss 2.0\rstep 2 loss {x:.2f}",
    "...",
    "Example result: acc {y:.3f}",
    "论文中的结果是 acc {y:.3f}",
    "Test Accuracy: {y:.4f}",
)


def _synthetic(seed: int, lines: int = 2500) -> str:
    rng = random.Random(seed)
    out: list[str] = []
    e = 0
    while len(out) < lines:
        n = rng.choice((8, 40, 5005))
        template = rng.choice(_COUNTED)
        for b in range(rng.randrange(0, 30)):
            out.append(template.format(e=e, b=b * n // 30, n=n, x=rng.random(), y=rng.random()))
        for _ in range(rng.randrange(1, 4)):
            other = rng.choice(_OTHERS)
            out.append(other.format(e=e, n=n, x=rng.random(), y=rng.random()))
        e += rng.random() < 0.1
    return "\n".join(out) + "\n"


def _synthetic_logs() -> Iterator[tuple[str, str, list[tuple[str, float, str | None]]]]:
    claims: list[tuple[str, float, str | None]] = [
        ("Test Accuracy", 0.8105, None),
        ("acc", 0.5, None),
        ("Acc@1", 0.5, "test"),
    ]
    for seed in range(4):
        yield f"synthetic {seed}", _synthetic(seed), claims


def test_synthetic_training_logs_are_read_alike_with_and_without_the_fast_paths() -> None:
    assert _differences(list(_synthetic_logs()), (1, 7, 4096)) == []


def test_the_streaming_forms_read_as_the_rules_in_full() -> None:
    for _, text, _ in _synthetic_logs():
        exact = _read(text, False, _in_lists(1)).results()
        lines = text.splitlines(keepends=True)
        assert extract_metrics_from_lines(lines) == exact
        assert extract_metrics_from_lines(text.split("\n")) == exact
        batches = [lines[start : start + 100] for start in range(0, len(lines), 100)]
        assert extract_metrics_from_batches(batches) == exact


# Long runs of one shape (`line_runs`): runs broken by another line, a counter at its end or
# resetting mid-run, a value changing mid-run, counters of other widths, line ends, long
# lines, characters other than ASCII (and undecodable bytes, read as U+FFFD).
_RUNS = (
    "Epoch: [{e}][{b:4d}/{n}]\tTime  0.412 ( 0.398)\tData 0.001\tLoss 1.2345e+00",
    "Epoch: [{e}][{b}/{n}]\tLoss {x:.4f}",
    "Époque: [{e}][{b:4d}/{n}]\tPerte {x:.2f}",
    "iter {b}/{n} loss 0.5 [{b}/{n}] acc {y:.1f}",
    "step [{b:3d}/{n}] iter {b:3d}/{n} \ufffd loss 0.5",
    "batch{b} || Test WER: 1.00",
    "Test: [{b:3d}/{n}]\tAcc@1 {y:.1f}",
    "Epoch: [{e}][{b:4d}/{n}]\tLoss 1.0\r",
    "Epoch: [{e}][{b:4d}/{n}] " + "x" * 300 + " Loss 1.0",
)


def _runs_log(seed: int) -> str:
    rng = random.Random(seed)
    out: list[str] = []
    e = 0
    while len(out) < 12_000:
        template = rng.choice(_RUNS)
        n = rng.choice((50, 999, 5005))
        b = rng.randrange(0, n)
        for _ in range(rng.choice((1, 2, 40, 700, 3000))):
            b = b + 1 if rng.random() < 0.999 else 0  # a counter resetting
            x = 0.5 if rng.random() < 0.99 else rng.random()  # a value changing mid-run
            out.append(template.format(e=e, b=min(b, n), n=n, x=x, y=0.25))
            if b >= n:
                b, e = 0, e + 1
        if rng.random() < 0.3:
            other = rng.choice(_OTHERS)
            out.append(other.format(e=e, n=n, x=rng.random(), y=rng.random()))
    return "\n".join(out) + "\n"


def test_long_runs_of_one_shape_are_read_alike_with_and_without_the_fast_paths() -> None:
    claims: list[tuple[str, float, str | None]] = [("Loss", 1.0, None), ("Acc@1", 0.25, None)]
    logs = [(f"runs {seed}", _runs_log(seed), claims) for seed in range(3)]
    assert _differences(logs, (1, 7, 1000, 4096)) == []


def test_runs_and_what_their_counters_consume_match_a_line_by_line_reading() -> None:
    from itertools import groupby

    from chalicelib.domain.metrics.engine import Extraction
    from chalicelib.domain.metrics.line_layout import ZERO_DIGITS
    from chalicelib.domain.metrics.line_runs import consumed, runs

    lines = _runs_log(7).split("\n")[:6000]
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
    shapes = data.translate(ZERO_DIGITS)
    found = [(key, count) for key, _, count, _, _ in runs(shapes)]
    keys = shapes.split(b"\n")[:-1]
    assert found == [(key, len(list(group))) for key, group in groupby(keys)]
    extraction = Extraction()
    for key, first, count, start, stride in runs(shapes):
        plan = extraction._skip_plan(key)
        if plan is None:
            continue
        run = lines[first : first + count]
        eaten, marks = consumed(plan, data, start, stride, run)
        for at, raw in enumerate(run):
            words = any(raw[a:b] != raw[c:d] for a, b, c, d in plan.words)
            brackets = any(raw[a:b] != raw[c:d] for a, b, c, d in plan.brackets)
            assert eaten[at] == (words or brackets or plan.batch)
            assert marks[at] == (brackets and not words)
