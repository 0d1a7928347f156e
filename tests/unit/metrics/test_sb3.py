"""Stable-Baselines3 logger tables and EvalCallback prints (readers/sb3.py). The tables are
laid out as stable_baselines3/common/logger.py HumanOutputFormat.write does
(`f"| {key}{key_space} | {value}{val_space} |"`, tag rows, keys indented by 3 spaces,
`f"{value:<8.3g}"`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

TABLE = """
------------------------------------
| eval/              |             |
|    mean_ep_length  | 200         |
|    mean_reward     | {reward}    |
| rollout/           |             |
|    ep_len_mean     | 198         |
|    ep_rew_mean     | 187         |
| time/              |             |
|    fps             | 1033        |
|    total_timesteps | {steps}     |
| train/             |             |
|    learning_rate   | 0.0003      |
|    n_updates       | 90          |
|    value_loss      | 1.2e+03     |
------------------------------------
"""


def test_rows_are_named_by_tag_and_counters_are_dropped() -> None:
    # Given one logger table
    metrics = extract_metrics(TABLE.format(reward=200, steps=10000))
    values = {m.name: m.value for m in metrics}
    # When it is read, then every row is named tag/key and settings and counters are dropped
    assert values["eval/mean_reward"] == 200
    assert values["rollout/ep_rew_mean"] == 187
    assert values["train/value_loss"] == 1200
    assert not {"time/fps", "time/total_timesteps", "train/learning_rate", "train/n_updates"} & set(
        values
    )


def test_later_tables_replace_earlier_ones() -> None:
    # Given two dumps of the table during training
    text = TABLE.format(reward=150, steps=5000) + TABLE.format(reward=200, steps=10000)
    # When they are read
    metrics = extract_metrics(text)
    # Then the last table's values stand
    assert check_claimed_metric(metrics, "eval/mean_reward", 200).ok
    assert not check_claimed_metric(metrics, "eval/mean_reward", 150).ok
    assert check_claimed_metric(metrics, "Mean Episode Reward", 187).ok
    assert not check_claimed_metric(metrics, "Mean Reward", 10000).ok


def test_eval_callback_lines_are_running_and_keep_the_mean() -> None:
    # Given EvalCallback prints at two evaluations
    text = (
        "Eval num_timesteps=5000, episode_reward=120.50 +/- 10.20\n"
        "Episode length: 120.50 +/- 10.20\n"
        "Eval num_timesteps=10000, episode_reward=200.00 +/- 0.00\n"
        "Episode length: 200.00 +/- 0.00\n"
        "New best mean reward!\n"
    )
    # When they are read
    metrics = extract_metrics(text)
    # Then the last evaluation's mean reward is the result, not the timesteps or the std
    assert check_claimed_metric(metrics, "Episode Reward", 200).ok
    assert not check_claimed_metric(metrics, "Episode Reward", 120.5).ok
    assert not check_claimed_metric(metrics, "Episode Reward", 10000).ok
