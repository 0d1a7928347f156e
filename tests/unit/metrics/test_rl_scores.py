"""RL training-loop prints, built from udacity/deep-reinforcement-learning's DQN solution
(`'\\rEpisode {}\\tAverage Score: {:.2f}'`, `'\\nEnvironment solved in {:d} episodes!\\tAverage
Score: {:.2f}'`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_last_average_and_solved_line() -> None:
    text = """\
Episode 100\tAverage Score: 1.02
Episode 200\tAverage Score: 4.87
Episode 300\tAverage Score: 13.04

Environment solved in 200 episodes!\tAverage Score: 13.04
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Average Score", 13.04).ok
    assert not check_claimed_metric(metrics, "Average Score", 4.87).ok
    assert not check_claimed_metric(metrics, "Average Score", 300).ok


def test_runs_under_headings_stay_apart() -> None:
    text = """\
## Agent: DQN
Episode 100\tAverage Score: 10.5
Episode 200\tAverage Score: 12.1
## Agent: DoubleDQN
Episode 100\tAverage Score: 11.0
Episode 200\tAverage Score: 13.9
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Average Score", 12.1).ok
    assert check_claimed_metric(metrics, "Average Score", 13.9).ok
    assert not check_claimed_metric(metrics, "Average Score", 10.5).ok
