"""FuxiCTR (BARS benchmark logs, CTR prediction and matching): `[Metrics] logloss: 0.368309 -
AUC: 0.799247` lines, whose split only the banner above them says.

- After `**** Start training: 6469 batches/epoch ****` (2.x: without the stars) each epoch's
  `[Metrics]` line is the validation set's evaluation of a run in progress (a running value:
  the last is the run's).
- `****** Train/validation evaluation ******` re-evaluates the best model on the training set,
  then on the validation set: two `[Metrics]` lines, train first. Some runs skip the training
  set: one line, the validation set's. The first line's split is known only at the next one
  (or at the next banner), so it is held until then.
- `****** Validation evaluation ******` (FuxiCTR 1.1 and later) and `******** Test evaluation
  ********` open the validation and the test set's evaluations.

A `[Metrics]` line outside those banners (the "### Results" block of a BARS page repeating the
test line) is left to the generic reader: no split is said there.

Format source: xue-pai/FuxiCTR fuxictr/pytorch/models/base_model.py
(`logging.info('[Metrics] ' + ' - '.join('{}: {:.6f}'.format(k, v) for k, v in
val_logs.items()))`, `logging.info("**** Start training: {} batches/epoch ****"...)`) and the
benchmark scripts' run_expid.py (`logging.info('****** Train/validation evaluation ******')`,
`model.evaluate_generator(train_gen)`, `model.evaluate_generator(valid_gen)`, `logging.info(
'******** Test evaluation ********')`); the BARS pages (reczoo/BARS ctr_prediction and
matching benchmarks) paste those logs whole.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

# (FuxiCTR 1.x frames "Start training" in stars; 2.x logs it bare, "INFO Start training: 50
# batches/epoch")
_BANNER = re.compile(
    r"\*{3,}+\s*+(Train/validation evaluation|Validation evaluation|Test evaluation)\b"
    r"[^*\n]{0,60}+\*{3,}+|(Start training):\s*+\d++\s++batches/epoch"
)
_METRICS = re.compile(r"\[Metrics\]\s*+(.*+)$")
_PAIR = re.compile(r"(?:^|\s-\s)\s*+([A-Za-z][\w@().=,\-]{0,40}+):\s*+(" + NUM + r")(?!\S)")
_PHASE = "fuxictr_phase"
_HELD = "fuxictr_held"
_PHASE_OF_BANNER = {
    "Start training": "training",
    "Train/validation evaluation": "train/val",
    "Validation evaluation": "val",
    "Test evaluation": "test",
}


def _pairs(text: str) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in _PAIR.finditer(text)]


def _emit(out: Sink, pairs: list[tuple[str, str]], split: str, *, running: bool = False) -> None:
    for name, number in pairs:
        out.add(name, number, "fuxictr", split=split, running=running)


def _release(state: LogState, out: Sink, split: str) -> None:
    """Record the held first line of a train/validation evaluation as `split`'s, with its own
    line and number (the line a reviewer is shown)."""
    held = state.context.pop(_HELD, None)
    if held is None:
        return
    line, line_no, pairs = held
    here = (state.line, state.line_no)
    state.line, state.line_no = line, line_no
    try:
        _emit(out, pairs, split)
    finally:
        state.line, state.line_no = here


@reader("fuxictr", markers=("[Metrics]", "evaluation **", "Start training"), order=10)
def read_fuxictr(line: str, state: LogState, out: Sink) -> bool:
    if ("*" in line or "batches/epoch" in line) and (banner := _BANNER.search(line)):
        _release(state, out, "val")  # one line only: the validation set's
        state.context[_PHASE] = _PHASE_OF_BANNER[banner.group(1) or banner.group(2)]
        return True
    phase: str | None = state.context.get(_PHASE)
    if phase is None or "[Metrics]" not in line or (metrics := _METRICS.search(line)) is None:
        return False
    pairs = _pairs(metrics.group(1))
    if not pairs:
        return False
    if phase == "training":
        _emit(out, pairs, "val", running=True)
    elif phase == "train/val":
        if _HELD in state.context:
            _release(state, out, "train")
            _emit(out, pairs, "val")
        else:
            state.context[_HELD] = (line.strip(), state.line_no, pairs)
    else:
        _emit(out, pairs, phase)
    return True
