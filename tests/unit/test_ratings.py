"""Agent ratings (SPEC 9): Elo over decided reproductions."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chalicelib.domain.ratings import (
    AgentRating,
    DecidedReproduction,
    expected_score,
    rate_agent,
    rating_delta,
)


def decided(
    index: int, *, won: bool = True, tier_claimed: int = 2, trust_tier: int = 0
) -> DecidedReproduction:
    return DecidedReproduction(
        decided_at=f"2024-01-01T00:{index // 60:02d}:{index % 60:02d}Z",
        reproduction_id=f"r{index:05d}",
        tier_claimed=tier_claimed,
        won=won,
        trust_tier=trust_tier,
    )


def test_an_agent_with_no_decisions_keeps_the_initial_rating() -> None:
    assert rate_agent([]) == AgentRating(
        rating=1000.0,
        promoted=0,
        rejected=0,
        by_trust_tier={
            "0": {"promoted": 0, "rejected": 0},
            "1": {"promoted": 0, "rejected": 0},
            "2": {"promoted": 0, "rejected": 0},
        },
    )


def test_first_win_against_a_tier_3_claim_by_hand() -> None:
    # Given a new agent (1000) whose tier-3 claim (opponent 1200) is promoted, trust tier 0
    # E = 1 / (1 + 10 ** (200 / 400)) = 1 / (1 + 3.16227766) = 0.24025307
    # delta = 32 * (1 - 0.24025307) = 24.31190165
    assert expected_score(1000.0, 1200.0) == pytest.approx(0.2402530734, abs=1e-10)
    # When the rating is computed
    result = rate_agent([decided(0, won=True, tier_claimed=3)])
    # Then it is 1024.31
    assert result.rating == 1024.31
    assert result.promoted == 1
    assert result.rejected == 0


def test_first_loss_against_a_tier_1_claim_by_hand() -> None:
    # Given a new agent whose tier-1 claim (opponent 800) is rejected
    # E = 1 / (1 + 10 ** (-200 / 400)) = 0.75974693; delta = 32 * (0 - 0.75974693) = -24.31190
    result = rate_agent([decided(0, won=False, tier_claimed=1)])
    # Then the rating drops to 975.69
    assert result.rating == 975.69
    assert result.rejected == 1


@pytest.mark.parametrize(("trust_tier", "expected"), [(0, 20.0), (1, 22.0), (2, 24.0)])
def test_gains_are_multiplied_by_trust_tier_plus_20_becomes_22_or_24(
    trust_tier: int, expected: float
) -> None:
    # Given a match whose base gain is exactly +20 (K=40, equal ratings: 40 * (1 - 0.5))
    # When the trust tier multiplier is applied
    # Then +20 becomes +22 at tier 1 and +24 at tier 2
    assert rating_delta(1000.0, 1000.0, True, 40.0, trust_tier) == pytest.approx(expected)


@pytest.mark.parametrize(("trust_tier", "expected"), [(0, 1016.0), (1, 1017.6), (2, 1019.2)])
def test_first_win_against_an_equal_opponent_is_amplified_by_trust_tier(
    trust_tier: int, expected: float
) -> None:
    # Given a first promoted tier-2 claim (opponent 1000): base gain 32 * 0.5 = 16
    result = rate_agent([decided(0, won=True, tier_claimed=2, trust_tier=trust_tier)])
    # Then the gain is 16, 17.6 or 19.2
    assert result.rating == expected


@pytest.mark.parametrize("trust_tier", [0, 1, 2])
def test_losses_are_never_amplified(trust_tier: int) -> None:
    # Given a first rejected tier-2 claim: base loss 32 * 0.5 = 16, whatever the trust tier
    result = rate_agent([decided(0, won=False, tier_claimed=2, trust_tier=trust_tier)])
    assert result.rating == 984.0
    assert rating_delta(1000.0, 1000.0, False, 40.0, trust_tier) == -20.0


def test_k_is_32_for_the_first_30_decisions_and_16_from_the_31st() -> None:
    # Given 31 alternating wins and losses against tier-2 claims (opponent 1000)
    history = [decided(i, won=i % 2 == 0) for i in range(31)]
    after_29 = rate_agent(history[:29]).rating
    after_30 = rate_agent(history[:30]).rating
    after_31 = rate_agent(history).rating
    # When the 30th and 31st decisions are applied
    step_30 = after_30 - after_29  # the 30th is a loss
    step_31 = after_31 - after_30  # the 31st is a win
    # Then the 30th used K=32 and the 31st K=16 (outputs are rounded to 0.01)
    assert step_30 == pytest.approx(32 * (0 - expected_score(after_29, 1000.0)), abs=0.02)
    assert step_31 == pytest.approx(16 * (1 - expected_score(after_30, 1000.0)), abs=0.02)
    assert not math.isclose(step_31, 32 * (1 - expected_score(after_30, 1000.0)), abs_tol=1)


def test_the_k_switch_counts_only_reproductions_kept_by_the_trust_filter() -> None:
    # Given 30 tier-0 wins followed by one trust-tier-1 win against an equal opponent
    history = [decided(i, won=True, trust_tier=0) for i in range(30)]
    history.append(decided(30, won=True, trust_tier=1))
    # When rated with min_trust_tier=1
    result = rate_agent(history, min_trust_tier=1)
    # Then only the tier-1 match counts, as the account's first: 1000 + 32 * 0.5 * 1.1
    assert result.rating == 1017.6
    assert result.promoted == 1
    assert result.by_trust_tier["0"] == {"promoted": 0, "rejected": 0}
    assert result.by_trust_tier["1"] == {"promoted": 1, "rejected": 0}


def test_the_rating_never_falls_below_100() -> None:
    # Given an agent rejected 700 times on tier-1 claims (opponent 800)
    history = [decided(i, won=False, tier_claimed=1) for i in range(700)]
    # When rated
    result = rate_agent(history)
    # Then the rating stops at the floor
    assert result.rating == 100.0
    assert result.rejected == 700


def test_a_win_after_hitting_the_floor_starts_from_100() -> None:
    history = [decided(i, won=False, tier_claimed=1) for i in range(700)]
    history.append(decided(700, won=True, tier_claimed=1))
    # From 100 against 800 with K=16: E = 1 / (1 + 10 ** (700 / 400)) = 0.01747
    expected = 100.0 + 16 * (1 - 1 / (1 + 10 ** (700 / 400)))
    assert rate_agent(history).rating == round(expected, 2)


def test_identical_decision_times_are_ordered_by_reproduction_id() -> None:
    # Given a win and a loss decided at the same instant
    win = DecidedReproduction("2024-01-01T00:00:00Z", "a", 3, True, 0)
    loss = DecidedReproduction("2024-01-01T00:00:00Z", "b", 1, False, 0)
    # When rated in either order
    # Then the win (id "a") is always applied first
    expected = rate_agent([win]).rating
    expected += rating_delta(expected, 800.0, False, 32.0, 0)
    assert rate_agent([loss, win]).rating == pytest.approx(expected, abs=0.01)
    assert rate_agent([loss, win]) == rate_agent([win, loss])


def test_min_trust_tier_keeps_only_reproductions_at_or_above_it() -> None:
    # Given decisions at every trust tier
    history = [
        decided(0, won=True, trust_tier=0),
        decided(1, won=False, trust_tier=1),
        decided(2, won=True, trust_tier=2),
        decided(3, won=True, trust_tier=2),
    ]
    # When filtered at tier 2
    result = rate_agent(history, min_trust_tier=2)
    # Then only the two tier-2 wins count
    assert (result.promoted, result.rejected) == (2, 0)
    assert result.rating == rate_agent(history[2:]).rating


def test_by_trust_tier_counts_promotions_and_rejections_per_tier() -> None:
    history = [
        decided(0, won=True, trust_tier=0),
        decided(1, won=False, trust_tier=0),
        decided(2, won=False, trust_tier=0),
        decided(3, won=True, trust_tier=1),
        decided(4, won=True, trust_tier=2),
        decided(5, won=True, trust_tier=2),
        decided(6, won=False, trust_tier=2),
    ]
    result = rate_agent(history)
    assert result.by_trust_tier == {
        "0": {"promoted": 1, "rejected": 2},
        "1": {"promoted": 1, "rejected": 0},
        "2": {"promoted": 2, "rejected": 1},
    }
    assert (result.promoted, result.rejected) == (4, 3)


def test_an_unknown_tier_claimed_is_an_error() -> None:
    with pytest.raises(ValueError, match="tier_claimed 4"):
        rate_agent([decided(0, tier_claimed=4)])


reproductions = st.lists(
    st.builds(
        DecidedReproduction,
        decided_at=st.sampled_from(
            ["2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z", "2024-01-03T12:00:00Z"]
        ),
        reproduction_id=st.text(alphabet="abcdef0123", min_size=1, max_size=6),
        tier_claimed=st.integers(min_value=1, max_value=3),
        won=st.booleans(),
        trust_tier=st.integers(min_value=0, max_value=2),
    ),
    max_size=45,
    unique_by=lambda r: r.reproduction_id,
)


@given(history=reproductions, data=st.data(), min_trust_tier=st.integers(0, 2))
def test_any_input_order_gives_the_same_rating(
    history: list[DecidedReproduction], data: st.DataObject, min_trust_tier: int
) -> None:
    # Given an account's decided reproductions in some order, and a shuffle of them
    shuffled = data.draw(st.permutations(history))
    # When both are rated
    # Then the results are identical, and the rating respects the floor
    first = rate_agent(history, min_trust_tier)
    assert rate_agent(shuffled, min_trust_tier) == first
    assert first.rating >= 100.0
    assert first.promoted + first.rejected == sum(
        1 for r in history if r.trust_tier >= min_trust_tier
    )
