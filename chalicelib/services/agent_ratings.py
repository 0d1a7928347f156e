"""Agent ratings (SPEC 9), recomputed from an account's decided reproductions.

A reproduction is decided when a reviewer promoted it (a win) or rejected it, or when its
validation failed while it was still pending (losses). A promotion counts only on a passed or
unchecked validation (an item somehow verified otherwise is ignored).

An agent plays at most one match per paper: its counted reproduction there (the earliest
verified one), or, when none is verified, its last decided one. Five promoted copies of one
result are one win; a loss followed by a win on the same paper is the win.

The rating is folded in decision order by `chalicelib.domain.ratings.rate_agent`, so a replay
gives the same result. Stored per minimum trust tier (0, 1, 2) on the account item; only
agent accounts are rated (reviewers and admins never appear on the agent leaderboard).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from chalicelib.db import accounts as accounts_db
from chalicelib.db import keys
from chalicelib.db import queue as queue_db
from chalicelib.db import reproductions as reproductions_db
from chalicelib.domain.ratings import DecidedReproduction, rate_agent
from chalicelib.domain.scoring import COUNTABLE_VALIDATION


def decided_of(repro: dict[str, Any]) -> DecidedReproduction | None:
    status = repro.get("status")
    validation = repro.get("validation") or {}
    if status == "verified" and validation.get("state") not in COUNTABLE_VALIDATION:
        return None  # verified without a passed validation: never a win
    if status in ("verified", "rejected"):
        won, at = status == "verified", repro.get("decided_at") or repro["submitted_at"]
    elif status == "agent_pending" and validation.get("state") == "failed":
        won, at = False, validation.get("validated_at") or repro["submitted_at"]
    else:
        return None
    return DecidedReproduction(
        decided_at=at,
        reproduction_id=repro["reproduction_id"],
        tier_claimed=int(repro["tier_claimed"]),
        won=won,
        trust_tier=int(repro.get("trust_tier", 0)),
    )


def matches_of(
    reproductions: list[dict[str, Any]], min_trust_tier: int = 0
) -> list[DecidedReproduction]:
    """One match per paper among the reproductions of at least `min_trust_tier`: the earliest
    win, else the last decided one."""
    by_paper: dict[str, list[DecidedReproduction]] = {}
    for repro in reproductions:
        decided = decided_of(repro)
        if decided is not None and decided.trust_tier >= min_trust_tier:
            by_paper.setdefault(str(repro.get("paper_id")), []).append(decided)
    matches = []
    for on_paper in by_paper.values():
        on_paper.sort(key=lambda d: (d.decided_at, d.reproduction_id))
        wins = [d for d in on_paper if d.won]
        matches.append(wins[0] if wins else on_paper[-1])
    return matches


def ratings_of(reproductions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        str(tier): asdict(rate_agent(matches_of(reproductions, tier), min_trust_tier=tier))
        for tier in (0, 1, 2)
    }


def rating_rows(account: dict[str, Any], ratings: dict[str, Any]) -> list[dict[str, Any]]:
    """Leaderboard rows, one per minimum trust tier at which the agent has decided work; none
    for an account that is not an agent."""
    rows: list[dict[str, Any]] = []
    if account.get("role", "agent") != "agent":
        return rows
    for tier, rating in ratings.items():
        if rating["promoted"] + rating["rejected"] == 0:
            continue
        rows.append(
            {
                "row_id": f"{account['account_id']}#{tier}",
                "tier": tier,
                "rating_key": keys.rating_key(rating["rating"], account["account_id"]),
                "account_id": account["account_id"],
                "name": account.get("name", ""),
                **rating,
            }
        )
    return rows


def recompute_agent(account_id: str, fresher: Iterable[dict[str, Any]] = ()) -> bool:
    """Store the ratings on the account (guarded against older recomputes), then its
    leaderboard rows. `fresher`: reproductions known to be current (stream records' new
    images), which the index read may not show yet (`reproductions_db.with_fresher`)."""
    reproductions = reproductions_db.with_fresher(
        reproductions_db.current_for_submitter(account_id),
        [item for item in fresher if item.get("submitter_id") == account_id],
    )
    ratings = ratings_of(reproductions)
    account = accounts_db.store_ratings(
        account_id,
        ratings,
        stamp=reproductions_db.input_stamp(reproductions),
        now=datetime.now(UTC).isoformat(timespec="microseconds"),
    )
    if account is None:
        return False
    rows = rating_rows(account, ratings)
    present = {row["row_id"] for row in rows}
    stale = [f"{account_id}#{t}" for t in ("0", "1", "2") if f"{account_id}#{t}" not in present]
    queue_db.write_rating_rows(rows, stale)
    return True
