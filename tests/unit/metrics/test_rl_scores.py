"""RL training-loop prints (readers/rl_scores.py): the Udacity DQN notebook's
`'\\rEpisode {}\\tAverage Score: {:.2f}'`, CleanRL's `f"global_step={..}, episodic_return={..}"`
and keras-rl's TrainEpisodeLogger template."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_counter_restart_starts_a_new_run() -> None:
    # Given two agents trained one after the other in the same log
    text = (
        "Episode 100\tAverage Score: -149.25\nEpisode 200\tAverage Score: 163.88\n"
        "Episode 100\tAverage Score: -102.49\nEpisode 200\tAverage Score: 215.38\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then each run's last value stands, earlier ones and the counter do not
    assert {m.name: m.value for m in metrics} == {
        "Average Score": 163.88,
        "run 2/Average Score": 215.38,
    }
    assert not check_claimed_metric(metrics, "Average Score", -149.25).ok
    assert not check_claimed_metric(metrics, "Average Score", 200).ok


def test_cleanrl_episode_returns_are_each_a_result() -> None:
    # Given CleanRL per-episode lines
    text = "global_step=3442, episodic_return=15.5\nglobal_step=3456, episodic_return=23.9\n"
    # When it is read
    metrics = extract_metrics(text)
    # Then every episode's return is kept and global_step is a counter
    assert [m.value for m in metrics] == [15.5, 23.9]
    assert not check_claimed_metric(metrics, "Episodic Return", 3456).ok


def test_keras_rl_counters_are_not_metrics() -> None:
    # Given a keras-rl episode line
    text = (
        "  39497/50000: episode: 570, duration: 1.759s, episode steps: 337, steps per second: "
        "192, episode reward: 337.000, mean reward: 1.000 [1.000, 1.000], loss: 5.173460\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the reward is read and the episode index, steps and speed are not
    assert check_claimed_metric(metrics, "Episode Reward", 337).ok
    assert not check_claimed_metric(metrics, "Episode Reward", 570).ok
    assert not check_claimed_metric(metrics, "Episode Reward", 192).ok
