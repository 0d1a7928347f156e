"""KITTI 3D detection results (format strings: OpenPCDet kitti_object_eval_python/eval.py
get_official_eval_result f"{cls} AP@{o0:.2f}, {o1:.2f}, {o2:.2f}:", f"bbox AP:{e:.4f}, {m:.4f},
{h:.4f}", "bev  AP:", "3d   AP:", "aos  AP:", then the same blocks as AP_R40@)."""

from __future__ import annotations

from chalicelib.domain.metrics import extract_metrics
from tests.unit.metrics._helpers import confirms, found

LOG = """\
2024-03-02 10:11:12,345   INFO  Car AP@0.70, 0.70, 0.70:
bbox AP:95.1203, 88.4012, 86.7710
bev  AP:89.6611, 86.1029, 83.9987
3d   AP:87.5302, 77.8841, 75.1206
aos  AP:95.08, 88.21, 86.50
Car AP_R40@0.70, 0.70, 0.70:
3d   AP:90.0410, 80.6621, 77.9902
Car AP@0.70, 0.50, 0.50:
3d   AP:95.2210, 88.9012, 88.1010
Cyclist AP@0.50, 0.50, 0.50:
3d   AP:84.3391, 68.2207, 64.0015
"""


def test_each_value_is_its_class_kind_and_difficulty() -> None:
    assert confirms(LOG, "Car 3D AP (Moderate)", 77.88, dataset="KITTI")
    assert confirms(LOG, "Car BEV AP (Hard)", 83.9987)
    assert confirms(LOG, "Cyclist 3D AP (Easy)", 84.34)
    # Then another kind, difficulty or class is not the claim
    assert not confirms(LOG, "Car 3D AP (Moderate)", 86.1029)
    assert not confirms(LOG, "Car 3D AP (Easy)", 77.8841)
    assert not confirms(LOG, "Cyclist 3D AP (Moderate)", 77.8841)


def test_r40_and_looser_overlap_blocks_are_other_figures() -> None:
    assert confirms(LOG, "Car 3D AP R40 (Moderate)", 80.66)
    assert not confirms(LOG, "Car 3D AP (Moderate)", 80.6621)
    # the second Car block at 0.70, 0.50, 0.50 is a looser setting, not the standard one
    assert not confirms(LOG, "Car 3D AP (Moderate)", 88.9012)


def test_overlaps_are_no_metrics_and_the_title_is_the_evidence() -> None:
    metrics = extract_metrics(LOG)
    assert 0.7 not in found(LOG).values()
    moderate = next(m for m in metrics if m.value == 77.8841)
    assert moderate.evidence.startswith("Car AP@0.70, 0.70, 0.70:")
    assert "3d   AP:87.5302" in moderate.evidence
