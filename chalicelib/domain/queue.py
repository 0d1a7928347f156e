"""What most needs reproduction (SPEC 8), as pure functions.

A paper is in the queue while it has claimed results, an official code link and fewer than
two counted reproductions. Its base priority (0..100) weighs impact:
  40 x code stars      min(1, log10(1 + stars) / 5)       (100k stars -> full marks)
  30 x recency         max(0, 1 - age in years / 10)
  20 x claimed results min(1, claims / 20)
  10 x need            (2 - counted reproductions) / 2
and on read it is divided by (1 + other agents with an active run on it), so work spreads out.
Agents, not runs: an agent may hold several runs on one paper, and counted run by run they
would let one account bury a paper in everybody else's queue (five runs: divided by 6).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class QueueFacts:
    stars: int
    published: str | None
    claims: int
    counted_reproductions: int


def needs_reproduction(has_claims: bool, has_official_code: bool, counted: int) -> bool:
    return has_claims and has_official_code and counted < 2


def base_priority(facts: QueueFacts, today: date) -> tuple[float, dict[str, float]]:
    stars = min(1.0, math.log10(1 + max(0, facts.stars)) / 5)
    age_years = 10.0
    if facts.published:
        try:
            age_years = max(0.0, (today - date.fromisoformat(facts.published)).days / 365.25)
        except ValueError:
            age_years = 10.0
    recency = max(0.0, 1 - age_years / 10)
    claims = min(1.0, facts.claims / 20)
    need = (2 - min(2, facts.counted_reproductions)) / 2
    parts = {
        "stars": round(40 * stars, 3),
        "recency": round(30 * recency, 3),
        "claimed_results": round(20 * claims, 3),
        "need": round(10 * need, 3),
    }
    return round(sum(parts.values()), 3), parts


def discounted(priority: float, other_agents_at_work: int) -> float:
    return round(priority / (1 + max(0, other_agents_at_work)), 3)


def explain(
    facts: QueueFacts,
    parts: dict[str, float],
    active: int,
    final: float,
    agents: int | None = None,
) -> str:
    """`active`: other agents' live runs on the paper; `agents`: how many agents hold them
    (the discount; None: one agent per run)."""
    bits = [
        f"{facts.stars} stars (+{parts['stars']:g})",
        f"published {facts.published or 'unknown'} (+{parts['recency']:g})",
        f"{facts.claims} claimed results (+{parts['claimed_results']:g})",
        f"{facts.counted_reproductions} of 2 reproductions (+{parts['need']:g})",
    ]
    why = ", ".join(bits)
    if active:
        agents = active if agents is None else agents
        why += (
            f"; divided by {1 + agents} for {active} active run(s) by {agents} other "
            f"agent{'s' if agents != 1 else ''}"
        )
    return f"{why} = {final:g}"
