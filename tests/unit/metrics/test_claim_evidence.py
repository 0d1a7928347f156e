"""A claim's discriminating qualifiers must be evidenced by the value that confirms it
(`metrics/evidence.py`): when the log tells values apart by a qualifier, a threshold or a
condition, the claim is answered only by the value the log qualifies as the claim does."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_qualified_claim_is_the_value_the_log_qualifies_so_when_it_has_one() -> None:
    log = "roc_auc: 0.88\nroc_auc pixel level: 0.71\n"
    assert confirms(log, "Pixel ROC-AUC", 0.71)
    assert not confirms(log, "Pixel ROC-AUC", 0.88)
    assert confirms(log, "ROC-AUC", 0.88)


def test_a_qualified_claim_stays_lenient_when_the_log_qualifies_nothing() -> None:
    assert confirms("roc_auc: 0.88\n", "Image ROC-AUC", 0.88)


def test_a_claimed_threshold_is_never_another_point_of_the_sweep() -> None:
    log = "| iou = 0.30: AP = 61.2\n| iou = 0.70: AP = 33.9\n"
    assert not confirms(log, "AP@0.7", 61.2)
    assert confirms(log, "AP@0.7", 33.9)
    assert not confirms("AP@0.5:0.95 = 40.1\n", "AP@0.7", 40.1)  # a range is no point


def test_a_claimed_threshold_stays_lenient_on_a_value_that_states_none() -> None:
    assert confirms("AP: 33.9\n", "AP@0.7", 33.9)


def test_a_claim_without_a_condition_is_never_the_value_with_it_and_back() -> None:
    log = "[with TTA] top1: 0.812\n[without TTA] top1: 0.797\n"
    assert confirms(log, "Top-1 (w/o TTA)", 79.7) and not confirms(log, "Top-1 (w/o TTA)", 81.2)
    assert confirms(log, "Top-1 with TTA", 81.2) and not confirms(log, "Top-1 with TTA", 79.7)


def test_a_composite_name_keeps_its_ampersand() -> None:
    log = "Scores: A&B: 40.5 A: 39.0 B: 42.0\n"
    assert found(log).get("A&B") == 40.5
    assert not confirms("Global: J&F: 7.7 J: 6.5 F: 8.9\n", "F-Mean", 7.7)
    assert confirms("Global: J&F: 7.7 J: 6.5 F: 8.9\n", "F-Mean", 8.9)


# An OpenPCDet-style evaluation prints each class twice: 11 recall points, then 40.
_TWO_BLOCKS = """Truck AP@0.70, 0.70, 0.70:
3d   AP:71.1111, 62.2222, 60.3333
Truck AP_R40@0.70, 0.70, 0.70:
3d   AP:73.4444, 64.5555, 61.6666
"""


def test_claimed_recall_points_are_only_the_block_of_those_points() -> None:
    assert confirms(_TWO_BLOCKS, "Truck 3D AP (moderate, R40)", 64.56)
    assert not confirms(_TWO_BLOCKS, "Truck 3D AP (moderate, R40)", 62.2222)
    assert confirms(_TWO_BLOCKS, "Truck 3D AP (moderate, R11)", 62.22)
    assert not confirms(_TWO_BLOCKS, "Truck 3D AP (moderate, R11)", 64.5555)
    assert confirms(_TWO_BLOCKS, "Truck 3D AP (Moderate)", 62.22)


def test_a_bare_kitti_block_is_the_11_point_ap() -> None:
    log = "Truck AP@0.70, 0.70, 0.70:\n3d   AP:71.1111, 62.2222, 60.3333\n"
    assert confirms(log, "Truck 3D AP (moderate, R11)", 62.22)
    assert not confirms(log, "Truck 3D AP (moderate, R40)", 62.22)


def test_claimed_recall_points_stay_lenient_when_the_log_states_none() -> None:
    assert confirms("Truck 3D AP moderate: 62.22\n", "Truck 3D AP moderate (R40)", 62.22)
