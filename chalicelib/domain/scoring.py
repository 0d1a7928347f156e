"""The verification score of a paper (SPEC 6), as a pure function of its source data.

Decisions where the spec leaves room (also in the README):
- "Earliest verified" orders verified reproductions by decision time, then id.
- The hardware bonus (+3) rewards a counted reproduction whose normalised hardware differs
  from every *earlier* counted one; the first counted reproduction has nothing to differ
  from and earns no hardware bonus (this matches the spec's example paper: 5 + 10 + 10 + 3).
- A reproduction without a dataset is compared with every claimed result of the same
  metric and earns the 5% bonus if it is within 5% of any of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from chalicelib.domain.hardware import hardware_key
from chalicelib.domain.text import metric_names_match, slugify

POINTS_OFFICIAL_CODE = 5
POINTS_AUTHOR_CLAIM = 10
POINTS_REPRODUCTION = 10
POINTS_WITHIN_5PCT = 5
POINTS_NEW_HARDWARE = 3


@dataclass(frozen=True)
class ClaimedResult:
    task: str
    dataset: str
    metric: str
    value: float | None


@dataclass(frozen=True)
class ReproductionFacts:
    reproduction_id: str
    submitter_id: str
    status: str  # agent_pending | verified | rejected
    decided_at: str | None
    hardware_spec: str
    metric_name: str | None = None
    metric_value: float | None = None
    dataset: str | None = None
    trust_tier: int = 0


@dataclass(frozen=True)
class ScoreRule:
    rule: str
    points: int
    detail: str
    reproduction_id: str | None = None


@dataclass(frozen=True)
class LeaderboardRow:
    task: str
    dataset: str
    metric: str
    value: float | None
    reproductions: int
    max_trust_tier: int | None  # best trust tier among the counted reproductions behind it


@dataclass(frozen=True)
class PaperScore:
    score: int
    verification: str
    breakdown: list[ScoreRule]
    counted: list[ReproductionFacts] = field(default_factory=list)


def within_5pct(actual: float, claimed: float) -> bool:
    """|actual - claimed| <= 5% of |claimed|, inclusive (a float-rounding slack keeps the
    boundary inclusive for decimal inputs such as -0.95 vs -1.0)."""
    return abs(actual - claimed) <= 0.05 * abs(claimed) + 1e-9 * max(1.0, abs(claimed))


def counted_reproductions(reproductions: Iterable[ReproductionFacts]) -> list[ReproductionFacts]:
    """Verified reproductions, the earliest per submitter account, in decision order."""
    verified = sorted(
        (r for r in reproductions if r.status == "verified"),
        key=lambda r: (r.decided_at or "", r.reproduction_id),
    )
    seen: set[str] = set()
    counted = []
    for repro in verified:
        if repro.submitter_id not in seen:
            seen.add(repro.submitter_id)
            counted.append(repro)
    return counted


def _matching_claims(
    repro: ReproductionFacts, claims: Sequence[ClaimedResult]
) -> list[ClaimedResult]:
    if repro.metric_name is None or repro.metric_value is None:
        return []
    return [
        c
        for c in claims
        if c.value is not None
        and metric_names_match(c.metric, repro.metric_name)
        and (repro.dataset is None or slugify(c.dataset) == slugify(repro.dataset))
    ]


def metric_verdict(repro: ReproductionFacts, claims: Sequence[ClaimedResult]) -> bool | None:
    """True within 5% of a matching claim, False outside, None if nothing to compare."""
    matches = _matching_claims(repro, claims)
    if not matches or repro.metric_value is None or not math.isfinite(repro.metric_value):
        return None
    return any(within_5pct(repro.metric_value, c.value or 0.0) for c in matches)


def compute_paper_score(
    *,
    has_official_code: bool,
    author_claim_state: str,
    claims: Sequence[ClaimedResult],
    reproductions: Sequence[ReproductionFacts],
) -> PaperScore:
    breakdown: list[ScoreRule] = []
    if has_official_code:
        breakdown.append(
            ScoreRule("official_code", POINTS_OFFICIAL_CODE, "an official code link is listed")
        )
    if author_claim_state == "verified":
        breakdown.append(
            ScoreRule("author_claim", POINTS_AUTHOR_CLAIM, "an author's claim was verified")
        )

    counted = counted_reproductions(reproductions)
    earlier_hardware: list[str] = []
    verdicts: list[bool] = []
    for repro in counted:
        rid = repro.reproduction_id
        breakdown.append(
            ScoreRule("reproduction", POINTS_REPRODUCTION, "a verified reproduction", rid)
        )
        verdict = metric_verdict(repro, claims)
        if verdict is not None:
            verdicts.append(verdict)
        if verdict:
            breakdown.append(
                ScoreRule(
                    "within_5pct",
                    POINTS_WITHIN_5PCT,
                    f"{repro.metric_name} = {repro.metric_value:g} is within 5% of the claim",
                    rid,
                )
            )
        hw = hardware_key(repro.hardware_spec)
        if earlier_hardware and hw not in earlier_hardware:
            breakdown.append(
                ScoreRule(
                    "new_hardware",
                    POINTS_NEW_HARDWARE,
                    "hardware differs from every earlier counted reproduction",
                    rid,
                )
            )
        earlier_hardware.append(hw)

    pending = any(r.status == "agent_pending" for r in reproductions)
    misses = sum(1 for v in verdicts if not v)
    if len(verdicts) >= 2 and misses * 2 > len(verdicts):
        verification = "disputed"
    elif counted:
        verification = "community_verified"
    elif pending:
        verification = "agent_pending"
    else:
        verification = "unverified"
    return PaperScore(
        score=sum(rule.points for rule in breakdown),
        verification=verification,
        breakdown=breakdown,
        counted=counted,
    )


def reproduction_matches_row(repro: ReproductionFacts, row: ClaimedResult) -> bool:
    """A counted reproduction backs a leaderboard row if it carries no metric, or names the
    row's metric (and its dataset, when given)."""
    if repro.metric_name is None:
        return repro.dataset is None or slugify(repro.dataset) == slugify(row.dataset)
    if not metric_names_match(repro.metric_name, row.metric):
        return False
    return repro.dataset is None or slugify(repro.dataset) == slugify(row.dataset)


def leaderboard_rows(
    primary_claims: Sequence[ClaimedResult], counted: Sequence[ReproductionFacts]
) -> list[LeaderboardRow]:
    rows = []
    for claim in primary_claims:
        backing = [r for r in counted if reproduction_matches_row(r, claim)]
        rows.append(
            LeaderboardRow(
                task=claim.task,
                dataset=claim.dataset,
                metric=claim.metric,
                value=claim.value,
                reproductions=len(backing),
                max_trust_tier=max((r.trust_tier for r in backing), default=None),
            )
        )
    return rows
