"""Flair training and evaluation prints: the trainer's `DEV : loss 0.0388 - f-score 0.5586 - acc
0.5586` and `TEST : ...` lines (the line names the split; items separated by ` - `; named
`DEV f-score`), `EPOCH 1 done: loss 0.0350 - lr 0.1000 - bad epochs 0` (`TRAIN loss`; learning
rate and patience are settings; all per-epoch, running) and the final `Results:` block
(`- F-score (micro) 0.6971`, `- F-score (macro) ...`, `- Accuracy ...`; its `By class:` report
is read by `sklearn`). Ignite's `Validation Results - Epoch: 3  Avg accuracy: 0.92` and
AllenNLP's metrics.json are read by `generic` and `json_results`.

Format source: flairNLP/flair flair/trainers/trainer.py (`log.info(f"EPOCH {epoch} done: loss
{train_loss:.4f} - lr {lr:.4f}")`, 0.4: `f"{'DEV':<5}: loss {dev_loss:.8f} - f-score
{dev_score:.4f} - acc {dev_acc:.4f}"`) and flair/nn/model.py `evaluate` (`detailed_results =
"\\nResults:\\n- F-score (micro) {micro}\\n- F-score (macro) {macro}\\n- Accuracy {acc}\\n\\nBy
class:\\n" + classification_report(...)`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SPLIT_LINE = re.compile(r"(?:^|\s)(DEV|TEST|TRAIN)\s*+:\s*+(loss\s.*)$")
_EPOCH_DONE = re.compile(r"\bEPOCH \d++ done:\s*+(.*)$")
_ITEM = re.compile(r"^\s*+([A-Za-z][\w\-() ]{0,40}?)\s++(" + NUM + r")" + END)
_RESULT = re.compile(
    r"^\s*+-\s++(F-score \((?:micro|macro)\)|Accuracy|MSE|MAE|Pearson|Spearman)\s++("
    + NUM
    + r")"
    + END
)
_SPLITS = {"DEV": "val", "TEST": "test", "TRAIN": "train"}
_SETTINGS = ("lr", "bad epochs")


def _items(body: str, label: str, out: Sink) -> None:
    """`loss 0.0388 - f-score 0.5586 - acc 0.5586` under `label` (DEV, TEST, TRAIN): named
    `DEV f-score`, so one epoch's DEV and TEST values stay apart."""
    for part in body.split(" - "):
        item = _ITEM.match(part)
        if item and item.group(1).strip().lower() not in _SETTINGS:
            name = f"{label} {item.group(1).strip()}"
            out.add(name, item.group(2), "flair", split=_SPLITS[label], running=True)


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
