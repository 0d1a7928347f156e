"""The verification score of a paper and the verdict on each of its claimed results (SPEC 6),
as pure functions of its source data.

Decisions where the spec leaves room (also in the README):
- Counted reproductions are verified ones whose validation passed (or is `unchecked`: a URL
  log nobody could read, promoted by a reviewer who says so); an item that is somehow verified
  with a pending or failed validation counts for nothing. At most one per submitter account:
  its earliest verified one, ordered by decision time, then id.
- Metric names compare through the one metric vocabulary
  (`chalicelib.domain.metrics.sense_compare.same_metric`): synonyms fold, and test, validation
  and train are never the same metric. Datasets compare by slug.
- A reproduction measured a claimed result when it reports the same metric on the same
  dataset. One that names no dataset measured the claim of that metric only when the paper
  claims it on a single dataset (the API refuses the ambiguous case). A reproduction without
  a metric measured nothing: it earns the +10 and backs no leaderboard row.
- Percent and fraction are the same value: 0.841 reproduces a claimed 84.1.
- The hardware bonus (+3) rewards a counted reproduction on a machine that differs from every
  *earlier* counted one in a part both specs state (`hardware.same_machine`); the first
  counted reproduction has nothing to differ from (the spec's example paper: 5 + 10 + 10 + 3).
- `disputed`: most counted reproductions that measured a claimed result fall outside 5% of
  it, even when there is only one.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from chalicelib.domain.hardware import HardwareConfig, normalise_hardware, same_machine
from chalicelib.domain.text import metric_names_match, slugify

POINTS_OFFICIAL_CODE = 5
POINTS_AUTHOR_CLAIM = 10
POINTS_REPRODUCTION = 10
POINTS_WITHIN_5PCT = 5
POINTS_NEW_HARDWARE = 3
# Validation states under which a verified reproduction counts (SPEC 6).
COUNTABLE_VALIDATION = frozenset({"passed", "unchecked"})
ROW_STATUSES = ("reproduced", "contested", "not_reproduced", "untested")


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
    validation_state: str = "passed"  # pending | passed | failed | unchecked
    gpu_hours: float | None = None  # its compute ledger entry (chalicelib/domain/compute.py)


@dataclass(frozen=True)
class ScoreRule:
    rule: str
    points: int
    detail: str
    reproduction_id: str | None = None


@dataclass(frozen=True)
class LeaderboardRow:
    """A claimed result and its verdict: what the counted reproductions that measured it
    found."""

    task: str
    dataset: str
    metric: str
    value: float | None
    reproductions: int  # counted reproductions that measured this result
    max_trust_tier: int | None  # best trust tier among them
    values: tuple[float, ...] = ()  # their reported values, in decision order
    within_5pct: int = 0
    status: str = "untested"  # reproduced | contested | not_reproduced | untested

    @property
    def spread(self) -> dict[str, float] | None:
        if not self.values:
            return None
        return {
            "min": min(self.values),
            "median": statistics.median(self.values),
            "max": max(self.values),
        }


@dataclass(frozen=True)
class PaperScore:
    score: int
    verification: str
    breakdown: list[ScoreRule]
    counted: list[ReproductionFacts] = field(default_factory=list)


def within_5pct(actual: float, claimed: float) -> bool:
    """|actual - claimed| <= 5% of |claimed|, inclusive (a float-rounding slack keeps the
    boundary inclusive for decimal inputs such as -0.95 vs -1.0); a fraction reproduces the
    same percentage and a percentage the same fraction."""
    candidates = [actual]
    if abs(claimed) > 1.0 >= abs(actual):
        candidates.append(actual * 100)
    elif abs(actual) > 1.0 >= abs(claimed):
        candidates.append(actual / 100)
    slack = 0.05 * abs(claimed) + 1e-9 * max(1.0, abs(claimed))
    return any(abs(value - claimed) <= slack for value in candidates)


def countable(repro: ReproductionFacts) -> bool:
    return repro.status == "verified" and repro.validation_state in COUNTABLE_VALIDATION


def counted_reproductions(reproductions: Iterable[ReproductionFacts]) -> list[ReproductionFacts]:
    """Verified reproductions with a passed or unchecked validation, the earliest per submitter
    account, in decision order."""
    verified = sorted(
        (r for r in reproductions if countable(r)),
        key=lambda r: (r.decided_at or "", r.reproduction_id),
    )
    seen: set[str] = set()
    counted = []
    for repro in verified:
        if repro.submitter_id not in seen:
            seen.add(repro.submitter_id)
            counted.append(repro)
    return counted


def measured(
    repro: ReproductionFacts, claim: ClaimedResult, claims: Sequence[ClaimedResult]
) -> bool:
    """Whether `repro` measured `claim`: the same metric, on the same dataset (or, when it
    names none, the only dataset the paper claims that metric on)."""
    if repro.metric_name is None or repro.metric_value is None:
        return False
    if not metric_names_match(repro.metric_name, claim.metric):
        return False
    if repro.dataset is not None:
        return slugify(repro.dataset) == slugify(claim.dataset)
    datasets = {
        slugify(c.dataset) for c in claims if metric_names_match(repro.metric_name, c.metric)
    }
    return len(datasets) == 1


def datasets_for_metric(metric: str, claims: Sequence[ClaimedResult]) -> list[str]:
    """The datasets a paper claims `metric` on (the API asks a submission to pick one)."""
    return list(dict.fromkeys(c.dataset for c in claims if metric_names_match(metric, c.metric)))


def metric_verdict(repro: ReproductionFacts, claims: Sequence[ClaimedResult]) -> bool | None:
    """True within 5% of a claim it measured, False outside, None if it measured none."""
    matches = [c for c in claims if c.value is not None and measured(repro, c, claims)]
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
    earlier_hardware: list[HardwareConfig] = []
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
        hw = normalise_hardware(repro.hardware_spec)
        if earlier_hardware and not any(same_machine(hw, seen) for seen in earlier_hardware):
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
    if verdicts and misses * 2 > len(verdicts):
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


def row_status(values: Sequence[float], claimed: float | None) -> tuple[int, str]:
    """(how many within 5%, status) of the values reproductions reported for a claim."""
    if not values:
        return 0, "untested"
    if claimed is None:  # a claim whose value could not be read: nothing to compare with
        return 0, "contested"
    within = sum(1 for v in values if within_5pct(v, claimed))
    if within == len(values):
        return within, "reproduced"
    return within, "not_reproduced" if within == 0 else "contested"


def leaderboard_rows(
    rows: Sequence[ClaimedResult],
    counted: Sequence[ReproductionFacts],
    claims: Sequence[ClaimedResult] | None = None,
) -> list[LeaderboardRow]:
    """Each claimed result in `rows` with its verdict. `claims` (default `rows`): every claim
    of the paper, which decides what a reproduction without a dataset measured."""
    all_claims = rows if claims is None else claims
    out = []
    for claim in rows:
        backing = [r for r in counted if measured(r, claim, all_claims)]
        values = tuple(float(r.metric_value) for r in backing if r.metric_value is not None)
        within, status = row_status(values, claim.value)
        out.append(
            LeaderboardRow(
                task=claim.task,
                dataset=claim.dataset,
                metric=claim.metric,
                value=claim.value,
                reproductions=len(backing),
                max_trust_tier=max((r.trust_tier for r in backing), default=None),
                values=values,
                within_5pct=within,
                status=status,
            )
        )
    return out
