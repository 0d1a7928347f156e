"""nuScenes detection results (format strings: nuscenes-devkit eval/detection/evaluate.py main:
print('mAP: %.4f'), print('NDS: %.4f'), 'Per-class results:', print('%-20s\\t%-6s\\t...' %
('Object Class', 'AP', 'ATE', 'ASE', 'AOE', 'AVE', 'AAE')), print('%-20s\\t%-6.3f\\t...'))."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found, splits

DEVKIT = """\
mAP: 0.4127
mATE: 0.5710
NDS: 0.4980
Eval time: 98.3s

Per-class results:
Object Class\tAP\tATE\tASE\tAOE\tAVE\tAAE
car                 \t0.611\t0.402\t0.151\t0.081\t0.312\t0.190
pedestrian          \t0.502\t0.580\t0.292\t0.460\t0.361\t0.151
traffic_cone        \t0.633\t0.359\t0.330\tnan\tnan\tnan
"""

PASTED = """\
The results of our model on the val set:
mAP\tmATE\tmASE\tmAOE\tmAVE\tmAAE\tNDS
45.31\t0.5301\t0.2610\t0.3902\t0.3011\t0.1810\t55.02
"""


def test_per_class_rows_are_each_class_and_never_the_map() -> None:
    metrics = found(DEVKIT)
    assert metrics["car/class AP"] == 0.611
    assert metrics["traffic_cone/ASE"] == 0.330
    assert confirms(DEVKIT, "car AP", 0.611)
    assert confirms(DEVKIT, "NDS", 49.80)
    assert not confirms(DEVKIT, "mAP", 0.611)
    assert not confirms(DEVKIT, "pedestrian AP", 0.611)


def test_a_pasted_summary_table_is_read_by_its_columns_and_titled_split() -> None:
    metrics = found(PASTED)
    assert metrics["NDS"] == 55.02
    assert splits(PASTED)["mAP"] == "val"
    assert confirms(PASTED, "NDS", 0.5502)
    assert confirms(PASTED, "mAP", 45.31)
    assert not confirms(PASTED, "mAP", 55.02)
    assert not confirms(PASTED, "Test NDS", 55.02)
