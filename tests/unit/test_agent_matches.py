"""Which decided reproductions are an agent's Elo matches (issue: integrity, points 1, 2, 4)."""

from __future__ import annotations

from typing import Any

from chalicelib.services.agent_ratings import matches_of, rating_rows, ratings_of


def repro(rid: str, paper: str, status: str, at: str, state: str = "passed") -> dict[str, Any]:
    return {
        "reproduction_id": rid,
        "paper_id": paper,
        "status": status,
        "decided_at": at,
        "submitted_at": at,
        "tier_claimed": 3,
        "trust_tier": 0,
        "validation": {"state": state},
    }


def test_five_promoted_copies_of_one_result_are_one_win() -> None:
    # Given an agent whose five submissions of the same paper were all promoted
    copies = [repro(f"r{i}", "p1", "verified", f"2026-01-0{i + 1}") for i in range(5)]
    # Then it has played one match on that paper: its counted (earliest verified) one
    (match,) = matches_of(copies)
    assert (match.reproduction_id, match.won) == ("r0", True)
    assert ratings_of(copies)["0"]["promoted"] == 1


def test_without_a_win_the_last_decided_reproduction_is_the_match() -> None:
    decided = [
        repro("r1", "p1", "rejected", "2026-01-01"),
        repro("r2", "p1", "rejected", "2026-01-03"),
        repro("r3", "p2", "verified", "2026-01-02"),
        repro("r4", "p2", "rejected", "2026-01-04"),  # a later loss does not undo the win
    ]
    matches = {m.reproduction_id: m.won for m in matches_of(decided)}
    assert matches == {"r2": False, "r3": True}


def test_a_verification_without_a_passed_validation_is_never_a_win() -> None:
    for state in ("pending", "failed"):
        assert matches_of([repro("r1", "p1", "verified", "2026-01-01", state=state)]) == []
    (unchecked,) = matches_of([repro("r1", "p1", "verified", "2026-01-01", state="unchecked")])
    assert unchecked.won


def test_humans_never_get_agent_leaderboard_rows() -> None:
    ratings = ratings_of([repro("r1", "p1", "verified", "2026-01-01")])
    for role in ("reviewer", "admin"):
        assert rating_rows({"account_id": "a1", "name": "rita", "role": role}, ratings) == []
    rows = rating_rows({"account_id": "a1", "name": "bot", "role": "agent"}, ratings)
    assert [row["tier"] for row in rows] == ["0"]
