"""nnU-Net and MONAI segmentation training logs.

nnU-Net v2 prints per epoch `train_loss -0.8`, `val_loss -0.7`, `Pseudo dice [0.93, 0.87]` (a
per-class estimate on validation patches) and `Yayy! New best EMA pseudo Dice: 0.8972`, and
after training `Mean Validation Dice:  0.8723` (the real validation Dice). nnU-Net v1 prints
per epoch `train loss : -0.83`, `validation loss: -0.44` and `Average global foreground Dice:
[0.7047]`. MONAI tutorials print `current epoch: 14 current mean dice: 0.9157 best mean dice:
0.9157 at epoch: 14` and per-step `1/16, train_loss: 0.1162 step time: 0.9368` (consumed).
Per-epoch values are running ones (the last epoch's stand); the Dice values printed during
training are computed on the validation data (split `val`). A per-class list is read only when
it has one class (its value is then the Dice); the entries of longer lists are single classes
and are not read.

Format source: MIC-DKFZ/nnUNet nnunetv2/training/nnUNetTrainer/nnUNetTrainer.py
`on_epoch_end` (print_to_log_file('train_loss', np.round(..., decimals=4)), ('val_loss', ...),
('Pseudo dice', [np.round(i, decimals=4) for i in ...]), f"Yayy! New best EMA pseudo Dice:
{np.round(self._best_ema, decimals=4)}") and `perform_actual_validation` ("Mean Validation
Dice: ", metrics['foreground_mean']["Dice"]); branch nnunetv1 nnunet/training/
network_training/network_trainer.py ("train loss : %.4f", "validation loss: %.4f") and
nnUNetTrainer.py `finish_online_evaluation` ("Average global foreground Dice:", [np.round(i,
4) ...]); Project-MONAI/tutorials (f"current epoch: {epoch + 1} current mean dice: {metric:
.4f}" f"\\nbest mean dice: {best_metric:.4f} at epoch: {best_metric_epoch}", f"{step}/{...},
train_loss: {loss.item():.4f}").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_V2_LOSS = re.compile(r"(?:^|:\s)\s*+(train_loss|val_loss)\s++(" + NUM + r")\s*+$")
_V1_LOSS = re.compile(r"(?:^|:\s)\s*+(train loss|validation loss)\s*+:\s*+(" + NUM + r")" + END)
_ITEM = r"\s*+(?:np\.float\d++\(\s*+)?+(" + NUM + r")\)?+\s*+"
_LIST = re.compile(
    r"(?<!\w)(Average global foreground Dice|Pseudo dice):?+\s*+\[" + _ITEM + r"(,|\])"
)
_BEST_EMA = re.compile(r"New best EMA pseudo Dice:\s*+(" + NUM + r")" + END)
_MEAN_VALIDATION = re.compile(r"(?<!\w)Mean Validation Dice:\s*+(" + NUM + r")" + END)
_MONAI = re.compile(
    r"(?<!\w)(current mean dice|best mean dice|current mean dice score):\s*+(" + NUM + r")" + END,
    re.IGNORECASE,
)
_MONAI_STEP = re.compile(r"^\s*+\d++/\d++,\s*+train_loss:")
_MONAI_TIME = re.compile(r"^\s*+time consuming of epoch")


@reader(
    "nnunet",
    markers=("_loss", " loss", "Dice", "dice", "time consuming"),
    order=26,
)
def read_nnunet(line: str, state: LogState, out: Sink) -> bool:
    if "ice" in line:
        return _dice(line, out)
    match = _V2_LOSS.search(line) or _V1_LOSS.search(line)
    if match is not None:
        out.add(match.group(1), match.group(2), "nnunet", running=True)
        return True
    return bool(_MONAI_STEP.match(line) or _MONAI_TIME.match(line))


def _dice(line: str, out: Sink) -> bool:
    match = _LIST.search(line)
    if match is not None:
        if match.group(3) == "]":  # one class: the list's only value is the Dice
            out.add(match.group(1), match.group(2), "nnunet", split="val", running=True)
        return True
    match = _BEST_EMA.search(line)
    if match is not None:
        out.add("EMA pseudo Dice", match.group(1), "nnunet", split="val", running=True)
        return True
    match = _MEAN_VALIDATION.search(line)
    if match is not None:
        out.add("Mean Validation Dice", match.group(1), "nnunet", running=False)
        return True
    found = False
    for pair in _MONAI.finditer(line):
        out.add(pair.group(1), pair.group(2), "nnunet", split="val", running=True)
        found = True
    return found
