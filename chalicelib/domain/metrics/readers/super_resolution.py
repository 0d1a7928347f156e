"""Keras super-resolution benchmarks (titu1994/Image-Super-Resolution and its forks): after
upscaling a benchmark set the script prints `Average PSNR of Set5 validation images : 25.94`,
one line per set. Copies of the function for another set keep the first set's name in the text,
so a label written before the line (`Set14 : Average PSNR of Set5 ...`, a reporter's bold
`**Set14 :**`) names the set; otherwise the sentence's does. Values are `<set>/Average PSNR` of
the validation split.

Format source: titu1994/Image-Super-Resolution benchmark code: print("Average PSNR of Set5
validation images : ", total_psnr / 5) (the Set14 and BSD100 variants print their own totals).

BasicSR (and the restoration repositories built on it) title each test set's block with a line
`Validation Set5`, then print `\t # psnr: 30.8720\tBest: 30.8720 @ ... iter` per metric: the
block below the title, up to a blank line, is that set's (read by the generic reader).

Format source: XPixelGroup/BasicSR basicsr/models/sr_model.py `_log_validation_metric_values`:
log_str = f'Validation {dataset_name}\n'; log_str += f'\t # {metric}: {value:.4f}'.

VDSR-style evaluation scripts print one sentence per system compared: `psnr for bicubic is
30.5045dB`, `psnr for vdsr is 31.8533dB`, `PSNR improvement is 1.3488dB` (also `Avg. PSNR for
BICUBIC is 27.41`, `Avg. PSNR for PREDICTION is 29.02`): each value is named by its system
(`vdsr/psnr`); the bicubic (bilinear, nearest) one is the interpolation baseline's, never the
run's (`claim_rows`), and the improvement a difference, no PSNR.

Format source: twtygqyy/pytorch-vdsr-derived eval.py (`print('psnr for bicubic is
{}dB'.format(psnr_bicubic))`, `print('psnr for vdsr is {}dB'.format(psnr_predicted))`,
`print("PSNR improvement is {}dB".format(...))`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.layout import _DATASET_SHAPED, _SPLIT_OF_WORD
from chalicelib.domain.metrics.numbers import END, NUM

_LINE = re.compile(
    r"^[\s*]*+(?:([A-Za-z][\w\-]{0,30}+)[\s*]*+:[\s*]*+)?+Average (PSNR|SSIM) of ([\w\-]{1,30}+)"
    r" (validation|test) images\s*+:[\s*]*+(" + NUM + r")" + END
)


@reader("super_resolution", markers=("Average PSNR of", "Average SSIM of"), order=30)
def read_super_resolution(line: str, state: LogState, out: Sink) -> bool:
    match = _LINE.match(line)
    if match is None:
        return False
    label, metric, named, split, number = match.groups()
    split = "val" if split == "validation" else "test"
    name = f"{label or named}/Average {metric}"
    out.add(name, number, "super_resolution", split=split, running=False)
    return True


_VALIDATION_TITLE = re.compile(r"(?:^|[\s:])Validation\s++([A-Za-z][\w.\-]{0,40}+)\s*+$")


@reader("super_resolution", markers=("Validation ",), order=30)
def read_basicsr_title(line: str, state: LogState, out: Sink) -> bool:
    match = _VALIDATION_TITLE.search(line)
    if match is None:
        return False
    name = match.group(1)
    if not _DATASET_SHAPED.search(name) or name.lower() in _SPLIT_OF_WORD:
        return False  # "Validation Results": no data set's name
    state.block_scope = name
    return True


_FOR_SYSTEM = re.compile(
    r"^[\s*\->]*+((?i:avg\.?+|average|mean)\s++)?+(PSNR|SSIM|LPIPS|psnr|ssim|lpips)\s++"
    r"(?:for\s++([A-Za-z][\w\-]{0,30}+)|(improvement))\s++is\s++(" + NUM + r")\s*+(?:dB)?+\s*+$"
)


@reader("super_resolution", markers=(" is ",), order=30)
def read_psnr_for_system(line: str, state: LogState, out: Sink) -> bool:
    if not ("for " in line or "improvement" in line):
        return False
    match = _FOR_SYSTEM.match(line)
    if match is None:
        return False
    averaged, metric, system, improvement, number = match.groups()
    name = f"{'Average ' if averaged else ''}{metric}"
    name = f"{system}/{name}" if system else f"{name} {improvement}"
    out.add(name, number, "super_resolution", running=False)
    return True
