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


BASICSR = """\
2024-03-02 10:11:12,001 INFO: Validation Urban100
\t # psnr: 26.4410\tBest: 26.4410 @ 250000 iter
\t # ssim: 0.7968\tBest: 0.7968 @ 250000 iter

2024-03-02 10:12:40,517 INFO: Validation Manga109
\t # psnr: 30.9917\tBest: 30.9917 @ 250000 iter
\t # ssim: 0.9134\tBest: 0.9134 @ 250000 iter
"""


def test_basicsr_validation_title_scopes_its_test_sets_block() -> None:
    # each set's block is that set's: one set's PSNR never answers a claim of another set
    assert confirms(BASICSR, "PSNR", 26.44, dataset="Urban100")
    assert confirms(BASICSR, "SSIM", 0.9134, dataset="Manga109")
    assert not confirms(BASICSR, "PSNR", 26.441, dataset="Manga109")
    assert not confirms(BASICSR, "PSNR", 30.9917, dataset="Urban100")
