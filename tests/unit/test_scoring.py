"""SPEC 6: the verification score as a pure function."""

from __future__ import annotations

from chalicelib.domain.scoring import (
    ClaimedResult,
    ReproductionFacts,
    compute_paper_score,
    counted_reproductions,
    leaderboard_rows,
    within_5pct,
)

CLAIMS = [ClaimedResult("Image Classification", "ImageNet", "Top-1 Accuracy", 84.1)]


def repro(
    rid: str,
    who: str,
    status: str = "verified",
    at: str = "2026-01-01T00:00:00",
    hw: str = "1x A100 80GB, Ubuntu 22.04",
    metric: str | None = None,
    value: float | None = None,
    dataset: str | None = None,
    tier: int = 0,
) -> ReproductionFacts:
    return ReproductionFacts(
        rid,
        who,
        status,
        at if status != "agent_pending" else None,
        hw,
        metric,
        value,
        dataset,
        tier,
    )


def score(
    reproductions: list[ReproductionFacts], official: bool = True, claim_state: str = "none"
) -> tuple[int, str, list[str]]:
    result = compute_paper_score(
        has_official_code=official,
        author_claim_state=claim_state,
        claims=CLAIMS,
        reproductions=reproductions,
    )
    return result.score, result.verification, [r.rule for r in result.breakdown]


def test_no_reproductions_only_static_rules() -> None:
    assert score([], official=True) == (5, "unverified", ["official_code"])
    assert score([], official=False) == (0, "unverified", [])
    assert score([], official=True, claim_state="verified")[0] == 15
    assert score([], official=True, claim_state="pending")[0] == 5


def test_pending_submissions_never_add_points_but_show_agent_pending() -> None:
    assert score([repro("r1", "a", status="agent_pending")]) == (
        5,
        "agent_pending",
        ["official_code"],
    )
    assert score([repro("r1", "a", status="rejected")])[:2] == (5, "unverified")


def test_the_spec_example_two_independent_reproductions_on_different_hardware() -> None:
    # Given two verified reproductions by different agents on different machines, no metric
    # When scored
    # Then 5 (official) + 10 + 10 + 3 (second one's new hardware) = 28
    given = [repro("r1", "a", at="2026-01-01"), repro("r2", "b", at="2026-01-02", hw="8x H100")]
    assert score(given) == (
        28,
        "community_verified",
        ["official_code", "reproduction", "reproduction", "new_hardware"],
    )


def test_one_per_submitter_account_the_earliest_verified() -> None:
    given = [repro("r2", "a", at="2026-02-01", hw="8x H100"), repro("r1", "a", at="2026-01-01")]
    counted = counted_reproductions(given)
    assert [r.reproduction_id for r in counted] == ["r1"]
    assert score(given)[0] == 15


def test_cosmetic_hardware_variants_earn_no_bonus() -> None:
    given = [
        repro("r1", "a", at="2026-01-01", hw="8x NVIDIA A100-SXM4-80GB, Ubuntu 22.04"),
        repro("r2", "b", at="2026-01-02", hw="8 x a100 80gb / ubuntu 20.04 LTS"),
    ]
    assert "new_hardware" not in score(given)[2]


def test_hardware_bonus_needs_a_difference_in_a_part_both_state() -> None:
    # Given a second reproduction whose spec only adds an OS, or spells the GPU with look-alikes
    for second in ("1x A100 80GB, Ubuntu 22.04", "1x \u0410100 80GB", "\uff11x A100 80GB"):
        given = [
            repro("r1", "a", at="2026-01-01", hw="1x A100 80GB"),
            repro("r2", "b", at="2026-01-02", hw=second),
        ]
        # Then it is the same machine: no +3
        assert "new_hardware" not in score(given)[2], second


def test_a_verified_reproduction_counts_only_on_a_passed_or_unchecked_validation() -> None:
    for state, counts in (
        ("passed", True),
        ("unchecked", True),
        ("pending", False),
        ("failed", False),
    ):
        given = [
            ReproductionFacts("r1", "a", "verified", "2026-01-01", "A100", validation_state=state)
        ]
        assert (score(given)[0] == 15) is counts, state
        assert (counted_reproductions(given) != []) is counts


def test_within_5pct_bonus_by_metric_name_and_dataset() -> None:
    close = repro("r1", "a", metric="top-1 accuracy", value=83.0, dataset="imagenet")
    assert score([close])[0] == 20  # 5 + 10 + 5
    far = repro("r1", "a", metric="Top-1 Accuracy", value=70.0)
    assert score([far])[0] == 15
    other_dataset = repro("r1", "a", metric="Top-1 Accuracy", value=84.0, dataset="CIFAR-10")
    assert score([other_dataset])[0] == 15
    unknown_metric = repro("r1", "a", metric="Top-5 Accuracy", value=84.1)
    assert score([unknown_metric])[0] == 15


def test_within_5pct_boundary_is_inclusive() -> None:
    assert within_5pct(95.0, 100.0)
    assert within_5pct(105.0, 100.0)
    assert not within_5pct(94.99, 100.0)
    assert within_5pct(-0.95, -1.0)


def test_disputed_when_most_counted_reproductions_with_metrics_miss() -> None:
    given = [
        repro("r1", "a", at="1", metric="Top-1 Accuracy", value=70.0),
        repro("r2", "b", at="2", metric="Top-1 Accuracy", value=71.0),
        repro("r3", "c", at="3", metric="Top-1 Accuracy", value=84.0),
    ]
    assert score(given)[1] == "disputed"
    assert score(given[1:])[1] == "community_verified"  # one miss of two is not "most"


def test_a_row_is_backed_only_by_reproductions_that_measured_it() -> None:
    # Given counted reproductions: one measured Top-1 on ImageNet, one reported no metric, one
    # measured Top-5
    counted = [
        repro("r1", "a", metric="Top-1 Accuracy", value=84.0, tier=2),
        repro("r2", "b", tier=1),
        repro("r3", "c", metric="Top-5 Accuracy", value=97.0),
    ]
    (row,) = leaderboard_rows(CLAIMS, counted)
    # Then only the first backs the claimed Top-1 row (the metricless one earns +10 elsewhere)
    assert (row.reproductions, row.max_trust_tier, row.values) == (1, 2, (84.0,))
    assert (row.within_5pct, row.status) == (1, "reproduced")


def test_row_verdicts_reproduced_contested_not_reproduced_untested() -> None:
    def verdict(*values: float) -> tuple[int, str, dict[str, float] | None]:
        counted = [
            repro(f"r{i}", f"acct{i}", metric="Acc@1", value=v, dataset="ImageNet")
            for i, v in enumerate(values)
        ]
        (row,) = leaderboard_rows(CLAIMS, counted)
        return row.within_5pct, row.status, row.spread

    assert verdict() == (0, "untested", None)
    assert verdict(84.0, 83.5) == (2, "reproduced", {"min": 83.5, "median": 83.75, "max": 84.0})
    assert verdict(84.0, 60.0, 83.0)[:2] == (2, "contested")
    assert verdict(60.0) == (0, "not_reproduced", {"min": 60.0, "median": 60.0, "max": 60.0})
    assert verdict(0.84)[:2] == (1, "reproduced")  # a fraction of the claimed percentage


def test_one_reproduction_that_missed_by_20_percent_disputes_the_paper() -> None:
    given = [repro("r1", "a", metric="Top-1 Accuracy", value=67.0, dataset="ImageNet")]
    assert score(given)[:2] == (15, "disputed")


def test_split_and_dataset_decide_what_a_reproduction_measured() -> None:
    claims = [
        ClaimedResult("Node Property Prediction", "ogbn-products", "Test Accuracy", 0.8428),
        ClaimedResult("Node Property Prediction", "ogbn-products", "Validation Accuracy", 0.93),
        ClaimedResult("Node Property Prediction", "ogbn-arxiv", "Test Accuracy", 0.72),
    ]
    test_on_products = repro("r1", "a", metric="Test Accuracy", value=0.84, dataset="ogbn-products")
    valid = repro("r2", "b", metric="Validation Accuracy", value=0.84, dataset="ogbn-products")
    no_dataset = repro("r3", "c", metric="Test Accuracy", value=0.84)
    rows = leaderboard_rows(claims, [test_on_products, valid, no_dataset])
    # A test accuracy is not a validation accuracy; an unnamed dataset is ambiguous here
    assert [r.reproductions for r in rows] == [1, 1, 0]
