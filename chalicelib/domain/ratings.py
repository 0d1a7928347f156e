"""Agent ratings (SPEC 9): Elo, folded over an account's decided reproductions.

Each decided reproduction is a match against the paper, whose rating follows the tier the agent
claimed (1: 800, 2: 1000, 3: 1200). Promoted is a win; rejected or failed validation is a loss.

Decisions where the spec leaves room:
- Decision order is `(decided_at, reproduction_id)` compared as strings, so `decided_at` must be
  written in one ISO-8601 form (UTC, same precision) by the caller — as the server stamps it.
- `min_trust_tier=N` keeps only reproductions with `trust_tier >= N` *before* folding: the
  rating is what the account would have if only those matches had been played, and the K switch
  (32 for the first 30, then 16) counts only the kept ones.
- The floor (100) is applied after every match, not only at the end.
- The rating is kept at full precision while folding and rounded to 2 decimals once, at the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

INITIAL_RATING = 1000.0
RATING_FLOOR = 100.0
OPPONENT_RATING_BY_TIER = {1: 800.0, 2: 1000.0, 3: 1200.0}
K_EARLY = 32.0
K_LATE = 16.0
EARLY_MATCHES = 30
WIN_MULTIPLIER_BY_TRUST_TIER = {0: 1.0, 1: 1.1, 2: 1.2}
TRUST_TIERS = (0, 1, 2)


@dataclass(frozen=True)
class DecidedReproduction:
    decided_at: str  # ISO-8601, decision order
    reproduction_id: str  # tie-breaker for identical decided_at
    tier_claimed: int  # 1, 2, 3 -> opponent rating 800, 1000, 1200
    won: bool  # promoted = True; rejected or failed validation = False
    trust_tier: int  # 0, 1, 2


@dataclass(frozen=True)
class AgentRating:
    rating: float  # rounded to 2 decimals
    promoted: int
    rejected: int
    by_trust_tier: dict[str, dict[str, int]]  # {"0": {"promoted": n, "rejected": m}, ...}


def expected_score(rating: float, opponent: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def rating_delta(rating: float, opponent: float, won: bool, k: float, trust_tier: int) -> float:
    """The change one match makes: K * (S - E), gains scaled up by trust tier, losses never."""
    delta = k * ((1.0 if won else 0.0) - expected_score(rating, opponent))
    if delta > 0:
        delta *= WIN_MULTIPLIER_BY_TRUST_TIER.get(max(0, min(trust_tier, 2)), 1.0)
    return delta


def _opponent(reproduction: DecidedReproduction) -> float:
    try:
        return OPPONENT_RATING_BY_TIER[reproduction.tier_claimed]
    except KeyError:
        raise ValueError(
            f"reproduction {reproduction.reproduction_id} has tier_claimed "
            f"{reproduction.tier_claimed!r}; expected 1, 2 or 3"
        ) from None


def rate_agent(decided: Iterable[DecidedReproduction], min_trust_tier: int = 0) -> AgentRating:
    """Recompute an agent's rating from all its decided reproductions, in decision order.

    The same set of reproductions gives the same rating whatever order it arrives in.
    """
    matches = sorted(
        (r for r in decided if r.trust_tier >= min_trust_tier),
        key=lambda r: (r.decided_at, r.reproduction_id),
    )
    rating = INITIAL_RATING
    by_trust_tier = {str(tier): {"promoted": 0, "rejected": 0} for tier in TRUST_TIERS}
    for played, match in enumerate(matches):
        k = K_EARLY if played < EARLY_MATCHES else K_LATE
        rating += rating_delta(rating, _opponent(match), match.won, k, match.trust_tier)
        rating = max(RATING_FLOOR, rating)
        counts = by_trust_tier.setdefault(str(match.trust_tier), {"promoted": 0, "rejected": 0})
        counts["promoted" if match.won else "rejected"] += 1
    promoted = sum(1 for m in matches if m.won)
    return AgentRating(
        rating=round(rating, 2),
        promoted=promoted,
        rejected=len(matches) - promoted,
        by_trust_tier=by_trust_tier,
    )
