"""Stable-Baselines3 output, built from stable_baselines3/common/logger.py HumanOutputFormat
(`| {key} | {value} |` rows between dash rules, keys grouped by `rollout/`, `time/`, `train/`),
EvalCallback's `Eval num_timesteps=..., episode_reward=... +/- ...` and rl-zoo's benchmark table."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms

TABLE = """\
------------------------------------
| eval/              |             |
|    mean_ep_length  | 500         |
|    mean_reward     | 487         |
| rollout/           |             |
|    ep_rew_mean     | 451         |
| time/              |             |
|    total_timesteps | 100000      |
| train/             |             |
|    learning_rate   | 0.0003      |
|    value_loss      | 12.4        |
------------------------------------
"""


def test_logger_table_sections_and_skipped_keys() -> None:
    metrics = {m.name: m.value for m in extract_metrics(TABLE)}
    assert metrics == {
        "eval/mean_ep_length": 500,
        "eval/mean_reward": 487,
        "rollout/ep_rew_mean": 451,
        "train/value_loss": 12.4,
    }
    # (beside an evaluation, the rollout mean is the training episodes': see below)
    assert check_claimed_metric(extract_metrics(TABLE), "Mean reward", 487).ok
    assert check_claimed_metric(extract_metrics(TABLE), "ep_rew_mean", 451).ok is False
    assert check_claimed_metric(extract_metrics(TABLE), "Training mean reward", 451).ok
    assert not check_claimed_metric(extract_metrics(TABLE), "Mean reward", 100000).ok


def test_tables_are_running_values_and_zoo_benchmark_rows() -> None:
    text = (
        TABLE.replace("487", "300")
        + TABLE
        + """\
|  algo  |  env_id   |mean_reward|std_reward|n_timesteps|eval_timesteps|eval_episodes|
|--------|-----------|----------:|---------:|-----------|-------------:|------------:|
|ppo     |CartPole-v1|    500.000|     0.000|100k       |        150000|          300|
"""
    )
    metrics = extract_metrics(text)
    assert not check_claimed_metric(metrics, "Validation mean reward", 300).ok
    assert check_claimed_metric(metrics, "Validation mean reward", 487).ok
    assert check_claimed_metric(metrics, "Mean reward", 500, dataset="CartPole-v1").ok
    assert not check_claimed_metric(metrics, "Mean reward", 150000, dataset="CartPole-v1").ok


def test_rollout_values_are_training_values_once_the_run_evaluates() -> None:
    # Given a logger table with an evaluation and the training rollouts
    text = (
        "-----------------------------------------\n"
        "| eval/                   |             |\n"
        "|    mean_reward          | -157        |\n"
        "| rollout/                |             |\n"
        "|    ep_rew_mean          | -227        |\n"
        "-----------------------------------------\n"
    )
    # Then an unsplit reward claim is the evaluation's, the rollout one is training
    assert confirms(text, "Mean Reward", -157)
    assert not confirms(text, "Mean Reward", -227)
    assert confirms(text, "Training Mean Reward", -227)


def _dump(iterations: int) -> str:
    return (
        "---------------------------------\n"
        "| time/              |          |\n"
        f"|    iterations      | {iterations:<8d} |\n"
        f"|    total_timesteps | {iterations * 2048:<8d} |\n"
        "| train/             |          |\n"
        "|    learning_rate   | 0.0003   |\n"
        "---------------------------------\n"
    )


def test_an_iterations_row_is_a_counter_so_a_value_between_dumps_is_a_running_one() -> None:
    text = (
        "Window 11: mean over 50 games - Score: 0.42\n"
        + _dump(11)
        + "Window 12: mean over 50 games - Score: 0.58\n"
        + _dump(12)
        + "Window 13: mean over 50 games - Score: 0.64\n"
        + _dump(13)
        + "Summary: Mean Score: 0.55\n"
    )
    assert confirms(text, "Mean Score", 0.55)
    assert not confirms(text, "Score", 0.58)  # window 12's value, superseded by window 13's
    assert not confirms(text, "Mean Score", 0.42)
