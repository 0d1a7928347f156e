"""Stable-Baselines3 logger tables (`| rollout/ | |`, `|    ep_rew_mean | -213 |`, between
dash rules; keys named `<section><key>`: `rollout/ep_rew_mean`, `eval/mean_reward`,
`train/value_loss`), Stable-Baselines 2's flat tables (`| ep_rewmean | nan |`), the
EvalCallback line `Eval num_timesteps=10000, episode_reward=-200.00 +/- 0.00`, and
rl-baselines3-zoo's benchmark table (`|algo|env_id|mean_reward|std_reward|...|`, rows named
`<env_id>/<algo>/mean_reward`, rows via `tables`). Tables are printed every log interval, so
their values are running ones (the last table stands). `rollout/` averages the episodes of
training; once the run evaluates (an `eval/` section or an EvalCallback line) its values are
the training split, so an unsplit reward claim means the evaluation's `eval/mean_reward`.
`time/` keys, learning rate, clip range and update counts are not results; `nan` is no value.
The logger's files shown by `tail`/`head` of several files (`==> runs/env/Ant-v2/seed/0/stdout
<==` before each file's lines) scope each file's rows to its directory
(`runs/env/Ant-v2/seed/0/ep_reward_mean`): one run's values, never another file's.

Format source: DLR-RM/stable-baselines3 stable_baselines3/common/logger.py
`HumanOutputFormat.write` (keys grouped by the tag before "/", `f"| {key}{key_space} |
{value}{val_space} |"` between `"-" * (key_width + val_width + 7)` rules, floats
`f"{value:<8.3g}"`) and common/callbacks.py `EvalCallback` (`print(f"Eval
num_timesteps={self.num_timesteps}, episode_reward={mean_reward:.2f} +/- {std_reward:.2f}")`);
hill-a/stable-baselines logger (flat keys); DLR-RM/rl-baselines3-zoo rl_zoo3/benchmark.py
(markdown table algo|env_id|mean_reward|std_reward|n_timesteps|eval_timesteps|eval_episodes);
GNU coreutils tail/head (`==> FILE <==` before each file's lines when given several files).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number

_RULE = re.compile(r"^\s*+-{10,}+\s*+$")
_ROW = re.compile(r"^\s*+\|\s*+(\S[^|]{0,60}?)\s*+\|\s*+([^\s|]*+)\s*+\|\s*+$")
_EVAL = re.compile(r"\bEval num_timesteps=\d++, episode_reward=(" + NUM + r")" + END)
_SKIPPED_SECTIONS = ("time/",)
_FILE_HEADER = re.compile(r"^==> (\S[^<>]{0,300}?) <==\s*+$")


def _in_table(state: LogState) -> bool:
    return bool(state.context.get("sb3_table"))


@reader("sb3", markers=("-" * 10, "Eval num_timesteps=", "==> "), order=17, open=_in_table)
def read_sb3(line: str, state: LogState, out: Sink) -> bool:
    if line.startswith("==> ") and (header := _FILE_HEADER.match(line)):
        # tail/head of several files: the rows below are this file's (a table may follow
        # without its rules when only its last rows were shown)
        path = header.group(1).strip()
        state.context["sb3_file"] = path.rsplit("/", 1)[0] if "/" in path else path
        state.context["sb3_table"] = True
        state.context["sb3_section"] = ""
        return True
    if "Eval num_timesteps=" in line:
        evaluation = _EVAL.search(line)
        if evaluation:
            out.add("episode_reward", evaluation.group(1), "sb3", split="val", running=True)
            state.context["sb3_evaluated"] = True
            return True
    if _RULE.match(line):
        state.context["sb3_table"] = True
        state.context["sb3_section"] = ""
        return True
    if not state.context.get("sb3_table"):
        return False
    row = _ROW.match(line)
    if not row:
        state.context["sb3_table"] = False
        return False
    key, value = row.groups()
    if key.endswith("/") and not value:
        state.context["sb3_section"] = key
        return True
    section = state.context.get("sb3_section", "")
    if section in _SKIPPED_SECTIONS or parse_number(value) is None:
        return True
    if section == "eval/":
        state.context["sb3_evaluated"] = True
    # rollout/ averages the training episodes: beside an evaluation it is the training value
    split = "train" if section == "rollout/" and state.context.get("sb3_evaluated") else None
    where = state.context.get("sb3_file")
    name = f"{where}/{section}{key}" if where else f"{section}{key}"
    out.add(name, value, "sb3", split=split, running=True)
    return True


def zoo_header(lowered: list[str], state: LogState) -> bool:
    """rl_zoo3's benchmark table header (read by `tables`)."""
    if "env_id" not in lowered or "mean_reward" not in lowered:
        return False
    state.context["md_mode"] = "sb3_zoo"
    state.context["zoo_cols"] = (
        lowered.index("env_id"),
        lowered.index("mean_reward"),
        lowered.index("algo") if "algo" in lowered else None,
    )
    return True


def zoo_row(cells: list[str], state: LogState, out: Sink) -> None:
    env_col, reward_col, algo_col = state.context["zoo_cols"]
    if len(cells) <= max(env_col, reward_col) or parse_number(cells[reward_col]) is None:
        return
    algo = cells[algo_col] if algo_col is not None and algo_col < len(cells) else ""
    parts = [cells[env_col], algo, "mean_reward"]
    out.add("/".join(p for p in parts if p), cells[reward_col], "sb3", running=False)
