"""Stable-Baselines3 (and Stable-Baselines 2) logger tables and evaluation prints.

A `HumanOutputFormat` table sits between two dash lines, one `| key | value |` row per logged
value; keys are grouped under their tag (`| rollout/ |  |`, then indented `|    ep_rew_mean |
200 |`), so a row is named `rollout/ep_rew_mean`, `eval/mean_reward`, `train/value_loss`.
Stable-Baselines 2 printed flat keys (`ep_rewmean`, `value_loss`). A table is dumped every
`log_interval`: its values are running values (the last table stands). `time/*` (fps,
iterations, time_elapsed, total_timesteps), `train/learning_rate`, `clip_range`, `n_updates`
are settings or counters (`vocabulary.is_result_name`); `nan` is not a number.

`EvalCallback` prints `Eval num_timesteps=10000, episode_reward=200.00 +/- 0.00` at each
evaluation during training (running, the mean is the value); rl-baselines3-zoo's enjoy script
prints `Mean reward: 200.00 +/- 0.00` (read by the generic reader) and its benchmark table is a
markdown table (read by `tables`).

Format source: DLR-RM/stable-baselines3 stable_baselines3/common/logger.py
`HumanOutputFormat.write` (`value_str = f"{value:<8.3g}"`, `tag = key[: key.find("/") + 1]`,
`key = f"{'':3}{key[len(tag):]}"`, `f"| {key}{key_space} | {value}{val_space} |"` between
`"-" * (key_width + val_width + 7)`); stable_baselines3/common/callbacks.py `EvalCallback`
(`f"Eval num_timesteps={self.num_timesteps}, episode_reward={mean_reward:.2f} +/-
{std_reward:.2f}"`); hill-a/stable-baselines stable_baselines/logger.py (flat keys).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_DASHES = re.compile(r"^\s*+-{10,}+\s*+$")
_EVAL = re.compile(r"\bEval num_timesteps=\d++,\s*+(episode_reward)=(" + NUM + r")" + END)


def _open(state: LogState) -> bool:
    return bool(state.context.get("sb3_table"))


@reader("sb3", markers=("|", "-" * 10, "Eval num_timesteps="), order=15, open=_open)
def read_sb3(line: str, state: LogState, out: Sink) -> bool:
    if _DASHES.match(line):
        state.context["sb3_table"] = True
        state.context["sb3_tag"] = ""
        return False  # other readers close their blocks on dash lines too
    if "Eval num_timesteps=" in line:
        match = _EVAL.search(line)
        if match:
            out.add(match.group(1), match.group(2), "sb3", running=True)
        return match is not None
    cells = _row(line)
    if cells is None:
        state.context["sb3_table"] = False
        return False
    key_cell, value = cells
    key = key_cell.strip()
    if key.endswith("/") and not value:
        state.context["sb3_table"] = True  # a tag row is enough to know the table
        state.context["sb3_tag"] = key
        return True
    if not state.context.get("sb3_table"):
        return False
    tag = state.context.get("sb3_tag", "") if key_cell.startswith("  ") else ""
    if value:
        out.add(tag + key, value, "sb3", running=True)
    return True


def _row(line: str) -> tuple[str, str] | None:
    """The (key cell as printed, value) of a `| key | value |` row, or None."""
    stripped = line.strip()
    if not (stripped.startswith("|") and stripped.endswith("|")) or stripped.count("|") != 3:
        return None
    _, key, value, _ = stripped.split("|")
    return key[1:] if key.startswith(" ") else key, value.strip()
