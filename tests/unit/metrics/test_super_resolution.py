"""Keras super-resolution benchmark lines (format: print("Average PSNR of Set5 validation
images : ", total_psnr / 5), copied per benchmark set)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

LOG = """\
Average PSNR of Set5 validation images :  31.0812345
Urban100 : Average PSNR of Set5 validation images :  24.5020311
"""


def test_each_benchmark_sets_psnr_named_by_its_label() -> None:
    # the second line's function was copied from Set5's: the label before it names the set
    assert found(LOG) == {"Set5/Average PSNR": 31.0812345, "Urban100/Average PSNR": 24.5020311}
    assert confirms(LOG, "PSNR", 31.08, dataset="Set5")
    assert confirms(LOG, "PSNR", 24.50, dataset="Urban100")
    assert not confirms(LOG, "PSNR", 24.50, dataset="Set5")
    assert not confirms(LOG, "SSIM", 31.08)
