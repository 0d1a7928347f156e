"""Other training frameworks' evaluation prints: Flair's trainer and final test results.
(PyTorch-Ignite's `Validation Results - Epoch: 3  Avg accuracy: 0.92 Avg loss: 0.28` is read by
the generic reader, the `Validation` prefix giving the split and `Epoch` making it running;
AllenNLP's metrics.json `training_*`/`validation_*`/`best_validation_*` keys by the JSON
readers.)

Flair: `epoch 1 - iter 24/249 - loss 0.036` progress lines (running, skipped), `EPOCH 1 done:
loss 0.0350 - lr 0.1000 - bad epochs 0` (the epoch's training loss), `DEV : loss 0.0388 -
f-score 0.5586 - acc 0.5586` and `TEST : ...` (newer: `DEV : loss 0.01 - f1-score (micro avg)
0.8845`): ` - `-separated `name value` pairs, the prefix giving the split; after training
`Results:` then `- F-score (micro) 0.6971`, `- F-score (macro) 0.6967`, `- Accuracy 0.6971` on
the test set, then `By class:` and an sklearn report (read by `sklearn`).

Format source: flairNLP/flair flair/trainers/trainer.py (`log.info(f"epoch {epoch} - iter
{batch_no}/{total_number_of_batches} - loss {train_loss:.8f} ...")`, `log.info(f"EPOCH
{epoch} done: loss {train_loss:.4f} - lr {lr:.4f}")`, `log.info(f"DEV : loss {dev_loss} -
{main_score_type} {round(dev_score, 4)}")`, 0.4: `f"DEV  : loss {dev_loss:.8f} - f-score
{f:.4f} - acc {a:.4f}"`); flair/training_utils.py `Result.detailed_results` (`"\\nResults:\\n-
F-score (micro) {f1:.4f}\\n- F-score (macro) ...\\n- Accuracy {acc:.4f}\\n\\nBy class:\\n"`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.readers.generic import qualified

_SPLIT_LINE = re.compile(r"(?<![\w])(DEV|TEST|TRAIN)\s*+:\s++(loss\s.*+)$")
_EPOCH_DONE = re.compile(r"(?<![\w])EPOCH \d++ done:\s++(.*+)$")
_PROGRESS = re.compile(r"(?<![\w])epoch \d++ - iter \d++/\d++ - ")
_PART = re.compile(r"^\s*+([A-Za-z][\w\-]*+(?: [A-Za-z(][\w\-()]*+){0,4}+)\s++(" + NUM + r")" + END)
_RESULTS = re.compile(r"^\W*+Results:\s*+$")
_RESULT_ITEM = re.compile(
    r"^\s*+- ([A-Za-z][\w\-]*+(?: [A-Za-z(][\w\-()]*+){0,3}+) (" + NUM + r")\s*+$"
)
_SPLITS = {"DEV": "val", "TEST": "test", "TRAIN": "train"}


def _open(state: LogState) -> bool:
    return bool(state.context.get("flair_results"))


@reader(
    "torchmetrics_misc",
    markers=("DEV", "TEST", "TRAIN", "EPOCH", "epoch", "Results:"),
    order=27,
    open=_open,
)
def read_flair(line: str, state: LogState, out: Sink) -> bool:
    if state.context.get("flair_results"):
        item = _RESULT_ITEM.match(line)
        if item:
            name = qualified(item.group(1))
            out.add(name, item.group(2), "flair", split="test", running=False)
            return True
        state.context["flair_results"] = bool(not line.strip())
        if not line.strip():
            return True
    if _RESULTS.match(line):
        state.context["flair_results"] = True
        return True
    if _PROGRESS.search(line):
        return True
    split_line = _SPLIT_LINE.search(line)
    done = None if split_line else _EPOCH_DONE.search(line)
    if split_line is None and done is None:
        return False
    split = _SPLITS[split_line.group(1)] if split_line else "train"
    body = split_line.group(2) if split_line else done.group(1) if done else ""
    for part in body.split(" - "):
        pair = _PART.match(part)
        if pair:
            name = qualified(pair.group(1))
            out.add(name, pair.group(2), "flair", split=split, running=done is not None)
    return True
