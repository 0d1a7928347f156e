"""Flair training and evaluation prints: the trainer's `DEV : loss 0.0388 - f-score 0.5586 - acc
0.5586` and `TEST : ...` lines (the line names the split; items separated by ` - `; named `DEV
f-score`), `EPOCH 1 done: loss 0.0350 - lr 0.1000 - bad epochs 0` (`TRAIN loss`; learning rate
and patience are settings; all per-epoch, running) and the final `Results:` block (`- F-score
(micro) 0.6971`, `- F-score (macro) ...`, `- Accuracy ...`; the sequence taggers of flair
0.5-0.6 print `- F1-score (micro) ...`; its `By class:` report is read by `sklearn`). Ignite's
`Validation Results - Epoch: 3 Avg accuracy: 0.92` and AllenNLP's metrics.json are read by
`generic` and `json_results`.

Format source: flairNLP/flair flair/trainers/trainer.py (`log.info(f"EPOCH {epoch} done: loss
{train_loss:.4f} - lr {lr:.4f}")`, 0.4: `f"{'DEV':<5}: loss {dev_loss:.8f} - f-score
{dev_score:.4f} - acc {dev_acc:.4f}"`) and flair/nn/model.py `evaluate` (`detailed_results =
"\\nResults:\\n- F-score (micro) {micro}\\n- F-score (macro) {macro}\\n- Accuracy {acc}\\n\\nBy
class:\\n" + classification_report(...)`); flair 0.4.x flair/trainers/trainer.py `evaluate`
(`f"\\nMICRO_AVG: acc {metric.micro_avg_accuracy():.4f} - f1-score {...}"`, `MACRO_AVG`, then
per class `f"\\n{class_name:<10} tp: {metric.get_tp(class_name)} - fp: ... - fn: ... - tn: ...
- precision: {...:.4f} - recall: ... - accuracy: ... - f1-score: ..."`); flair 0.5
flair/models/sequence_tagger_model.py `evaluate` (f"\\n- F1-score (micro)
{metric.micro_avg_f_score():.4f}").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SPLIT_LINE = re.compile(r"(?:^|\s)(DEV|TEST|TRAIN)\s*+:\s*+(loss\s.*)$")
_EPOCH_DONE = re.compile(r"\bEPOCH \d++ done:\s*+(.*)$")
_ITEM = re.compile(r"^\s*+([A-Za-z][\w\-() ]{0,40}?)\s++(" + NUM + r")" + END)
_RESULT = re.compile(
    r"^\s*+-\s++(F1?+-score \((?:micro|macro)\)|Accuracy|MSE|MAE|Pearson|Spearman)\s++("
    + NUM
    + r")"
    + END
)
_SPLITS = {"DEV": "val", "TEST": "test", "TRAIN": "train"}
# flair <= 0.4.5 `evaluate`: "MICRO_AVG: acc 0.605 - f1-score 0.7539" (also MACRO_AVG, BINARY,
# with an "<experiment>: " prefix in some forks), then one row per class "<class> tp: 1420 -
# fp: 438 - fn: 144 - tn: 363 - precision: 0.7643 - ... - f1-score: 0.8299" (or "sup: N").
_AVERAGE = re.compile(r"(?<!\w)(MICRO_AVG|MACRO_AVG|BINARY):\s*+(\w.*)$")
_COUNT_START = re.compile(r"\s(?:tp|sup):\s*+\d")
_COLON_ITEM = re.compile(r"^\s*+([A-Za-z][\w\-]{0,30}+):\s*+(" + NUM + r")" + END)
_COUNTS = frozenset({"tp", "fp", "fn", "tn", "sup"})
_SETTINGS = ("lr", "bad epochs")


def _items(body: str, label: str, out: Sink) -> None:
    """`loss 0.0388 - f-score 0.5586 - acc 0.5586` under `label` (DEV, TEST, TRAIN): named
    `DEV f-score`, so one epoch's DEV and TEST values stay apart."""
    for part in body.split(" - "):
        item = _ITEM.match(part)
        if item and item.group(1).strip().lower() not in _SETTINGS:
            name = f"{label} {item.group(1).strip()}"
            out.add(name, item.group(2), "flair", split=_SPLITS[label], running=True)


def _old_flair(line: str, out: Sink) -> bool:
    """flair <= 0.4.5's averages (`MICRO_AVG/acc`, `MACRO_AVG/f1-score`: the averaging is the
    qualifier) and per-class rows (`<class>/precision`; the tp/fp/fn/tn counts are not read)."""
    average = _AVERAGE.search(line) if "_AVG:" in line or "BINARY:" in line else None
    if average is not None:
        for part in average.group(2).split(" - "):
            item = _ITEM.match(part)
            if item:
                name = f"{average.group(1)}/{item.group(1).strip()}"
                out.add(name, item.group(2), "flair", running=False)
        return True
    counts = _COUNT_START.search(line) if " - " in line else None
    # the class is what precedes the counts ("<experiment>: " before it in some forks)
    label = line[: counts.start()].rsplit(": ", 1)[-1].strip() if counts else ""
    if counts is None or not label or len(label) > 80:
        return False
    for part in line[counts.start() :].split(" - "):
        item = _COLON_ITEM.match(part)
        if item and item.group(1) not in _COUNTS:
            out.add(f"{label}/{item.group(1)}", item.group(2), "flair", running=False)
    return True


@reader("torchmetrics_misc", markers=("_AVG:", "BINARY:", "tp: ", "sup: "), order=34)
def read_old_flair(line: str, state: LogState, out: Sink) -> bool:
    return _old_flair(line, out)


@reader("torchmetrics_misc", markers=("DEV", "TEST", "TRAIN", "done:", "- "), order=34)
def read_flair(line: str, state: LogState, out: Sink) -> bool:
    split_line = _SPLIT_LINE.search(line)
    if split_line:
        _items(split_line.group(2), split_line.group(1), out)
        return True
    epoch = _EPOCH_DONE.search(line) if "done:" in line else None
    if epoch:
        _items(epoch.group(1), "TRAIN", out)
        return True
    result = _RESULT.match(line) if "- " in line else None
    if result:
        out.add(result.group(1), result.group(2), "flair", running=False)
        return True
    return False
