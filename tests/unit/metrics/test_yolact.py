"""YOLACT eval.py print_maps (format: make_row = lambda vals: (' %5s |' * len(vals)) % vals;
make_sep = lambda n: '-------+' * n; rows 'box' and 'mask' with '%.2f')."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

TABLE = """\
       |  all  |  .50  |  .55  |  .60  |  .65  |  .70  |  .75  |  .80  |  .85  |  .90  |  .95  |
-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+
   box | 30.11 | 50.02 | 48.10 | 45.33 | 42.07 | 38.12 | 32.40 | 25.50 | 16.61 |  6.95 |  0.70 |
  mask | 28.02 | 46.11 | 43.80 | 41.02 | 37.90 | 33.71 | 29.44 | 23.86 | 16.02 |  8.11 |  1.23 |
-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+-------+
"""


def test_all_is_ap_and_the_standard_thresholds_are_ap50_and_ap75() -> None:
    assert found(TABLE) == {
        "box AP (all)": 30.11,
        "box AP50": 50.02,
        "box AP75": 32.40,
        "mask AP (all)": 28.02,
        "mask AP50": 46.11,
        "mask AP75": 29.44,
    }
    assert confirms(TABLE, "box AP", 30.11)
    assert confirms(TABLE, "mask AP", 28.0, dataset="COCO")
    assert confirms(TABLE, "mask AP50", 0.4611)


def test_box_and_mask_and_thresholds_stay_apart() -> None:
    assert not confirms(TABLE, "mAP", 28.02)  # an unqualified mAP is box AP
    assert not confirms(TABLE, "box AP75", 38.12)  # the .70 column
    assert not confirms(TABLE, "box AP", 48.10)


def _training_line(epoch: int, iteration: int) -> str:
    return (
        f"[{epoch:3d}] {iteration:7d} || B: 2.100 | C: 1.900 | M: 2.300 | T: 6.300 "
        "|| ETA: 3 days, 1:02:03 || timer: 0.410\n\n"
    )


def test_a_table_after_a_training_line_is_superseded_by_the_next_epochs_table() -> None:
    later = TABLE.replace("30.11", "41.57").replace("28.02", "39.66")
    text = _training_line(2, 900) + TABLE + "\n" + _training_line(37, 16650) + later
    assert confirms(text, "box AP", 41.57)
    assert confirms(text, "mask AP", 39.66)
    assert not confirms(text, "box AP", 30.11)  # epoch 2's evaluation, a running value
    assert not confirms(text, "mask AP", 28.02)
