"""3D pose evaluation summaries of the mks0601 family (readers/pose3d.py)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

LOG = (
    "Evaluation start...\n"
    "Protocol 1 error (PA MPJPE) >> tot: 41.06\n"
    "Directions: 38.20 Discussion: 44.71 Eating: 39.93\n"
)


def test_the_total_is_the_parenthesised_metric() -> None:
    assert confirms(LOG, "PA-MPJPE", 41.06)
    assert confirms(LOG, "PA-MPJPE", 41.06, dataset="Human3.6M")
    assert not confirms(LOG, "MPJPE", 41.06)
    assert not confirms(LOG, "PA-MPJPE", 38.2)


def test_a_total_without_a_parenthesis_is_named_by_its_words() -> None:
    text = "H36M acc error >> tot: 3.87\n"
    assert confirms(text, "H36M acc error", 3.87)
    assert not confirms(text, "MPJPE", 3.87)
