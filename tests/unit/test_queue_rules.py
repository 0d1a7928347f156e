"""SPEC 8: what needs reproduction and how it ranks (pure rules)."""

from __future__ import annotations

from datetime import date

import pytest

from chalicelib.domain.queue import (
    QueueFacts,
    base_priority,
    discounted,
    explain,
    needs_reproduction,
)

TODAY = date(2026, 11, 26)


@pytest.mark.parametrize(
    ("claims", "official", "counted", "needed"),
    [
        (True, True, 0, True),
        (True, True, 1, True),
        (True, True, 2, False),
        (False, True, 0, False),
        (True, False, 0, False),
    ],
)
def test_only_claimed_papers_with_official_code_and_under_two_reproductions(
    claims: bool, official: bool, counted: int, needed: bool
) -> None:
    assert needs_reproduction(claims, official, counted) is needed


def test_impact_parts_add_up_and_favour_stars_recency_claims_and_need() -> None:
    fresh = QueueFacts(stars=100_000, published="2026-11-26", claims=20, counted_reproductions=0)
    priority, parts = base_priority(fresh, TODAY)
    assert parts == {"stars": 40.0, "recency": 30.0, "claimed_results": 20.0, "need": 10.0}
    assert priority == 100.0
    old = QueueFacts(stars=0, published="2011-01-01", claims=1, counted_reproductions=1)
    priority, parts = base_priority(old, TODAY)
    assert parts == {"stars": 0.0, "recency": 0.0, "claimed_results": 1.0, "need": 5.0}
    assert priority == 6.0
    undated = QueueFacts(stars=9, published=None, claims=4, counted_reproductions=0)
    assert base_priority(undated, TODAY)[1]["recency"] == 0.0


def test_each_ordering_factor_moves_the_priority() -> None:
    base = QueueFacts(stars=10, published="2024-01-01", claims=5, counted_reproductions=0)
    p = base_priority(base, TODAY)[0]
    for better in (
        QueueFacts(1000, "2024-01-01", 5, 0),
        QueueFacts(10, "2026-01-01", 5, 0),
        QueueFacts(10, "2024-01-01", 15, 0),
    ):
        assert base_priority(better, TODAY)[0] > p
    assert base_priority(QueueFacts(10, "2024-01-01", 5, 1), TODAY)[0] < p


def test_active_runs_divide_the_priority_and_are_explained() -> None:
    assert discounted(60.0, 0) == 60.0
    assert discounted(60.0, 2) == 20.0
    facts = QueueFacts(12, "2025-05-01", 3, 1)
    _, parts = base_priority(facts, TODAY)
    text = explain(facts, parts, 2, 5.0)
    assert "12 stars" in text and "1 of 2 reproductions" in text
    assert "divided by 3 for 2 active run(s)" in text


def test_the_discount_is_explained_by_agents_when_one_holds_several_runs() -> None:
    facts = QueueFacts(12, "2025-05-01", 3, 1)
    _, parts = base_priority(facts, TODAY)
    text = explain(facts, parts, 5, 5.0, agents=1)
    assert "divided by 2 for 5 active run(s) by 1 other agent =" in text
