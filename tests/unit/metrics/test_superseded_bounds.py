"""The earlier running values kept for a claim of an earlier epoch (`Sink._note_earlier`) stay
bounded per name and over all names: a log of many running names cannot grow them unbounded."""

from __future__ import annotations

import pytest

from chalicelib.domain.log_metrics import extract_metrics
from chalicelib.domain.metrics import sink

LOG = "\n".join(
    f"Epoch {epoch}/8 - " + " - ".join(f"m{n}_acc: 0.{epoch}{n}" for n in range(6))
    for epoch in range(1, 9)
)


def test_earlier_running_values_are_kept_per_name() -> None:
    metrics = {m.name: m for m in extract_metrics(LOG)}
    assert metrics["m0_acc"].value == pytest.approx(0.80)
    assert {value for value, _ in metrics["m0_acc"].superseded} >= {0.10, 0.70}


def test_earlier_running_values_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sink, "MAX_SUPERSEDED", 3)
    monkeypatch.setattr(sink, "MAX_SUPERSEDED_TOTAL", 10)
    metrics = extract_metrics(LOG)
    kept = [len(m.superseded) for m in metrics if m.name.endswith("_acc")]
    assert len(kept) == 6
    assert max(kept) <= 3
    assert sum(kept) <= 10
    # the newest earlier values are the ones a name keeps, once the bound is reached too
    m0 = next(m for m in metrics if m.name == "m0_acc")
    assert [value for value, _ in m0.superseded] == pytest.approx([0.6, 0.7])
