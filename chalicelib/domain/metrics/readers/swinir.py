"""KAIR / SwinIR test scripts (`main_test_swinir.py` and the restoration repositories that copy
it): one line per image, `Testing 1 bird - PSNR: 40.73 dB; SSIM: 0.9847; PSNR_Y: ...;
PSNR_B: ... dB.`, is a part of the test set, not the result; the summary after them is:
`-- Average PSNR/SSIM(RGB): 36.02 dB; 0.9457` (PSNR and SSIM on RGB) and `-- Average
PSNR_Y/SSIM_Y: 53.11 dB; 0.9914` (on the Y channel), named `Average PSNR`, `Average SSIM`,
`Average PSNR_Y` and `Average SSIM_Y`.

Format source: JingyunLiang/SwinIR main_test_swinir.py: print('Testing {:d} {:20s} - PSNR:
{:.2f} dB; SSIM: {:.4f}; PSNR_Y: {:.2f} dB; SSIM_Y: {:.4f}; PSNR_B: {:.2f} dB.'.format(...)),
print('\\n{} \\n-- Average PSNR/SSIM(RGB): {:.2f} dB; {:.4f}'.format(save_dir, ave_psnr,
ave_ssim)), print('-- Average PSNR_Y/SSIM_Y: {:.2f} dB; {:.4f}'.format(ave_psnr_y, ave_ssim_y)).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_IMAGE = re.compile(r"^\s*+Testing\s++\d++\s++\S[^\n]*?\s-\s++PSNR:\s*+" + NUM + r"\s*+dB;")
_AVERAGE = re.compile(
    r"^[\s>]*+--\s*+Average\s++PSNR(_Y)?+/SSIM(?:_Y)?+(?:\(RGB\))?+\s*+:\s*+(" + NUM
    + r")\s*+dB\s*+;\s*+(" + NUM + r")"
)  # fmt: skip


@reader("swinir", markers=("Testing ", "Average PSNR"), order=29)
def read_swinir(line: str, state: LogState, out: Sink) -> bool:
    if _IMAGE.match(line):
        return True  # one image of the set: a part, not the result
    average = _AVERAGE.match(line)
    if average is None:
        return False
    channel = average.group(1) or ""
    out.add(f"Average PSNR{channel}", average.group(2), "swinir", running=False)
    out.add(f"Average SSIM{channel}", average.group(3), "swinir", running=False)
    return True
