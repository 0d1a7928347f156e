"""Reinforcement-learning training-loop prints.

- Udacity DRLND-style `Episode 100<TAB>Average Score: 13.02` (every episode with `\\r`, a copy
  every 100): running values, the episode number is a counter. When the counter starts again
  (a second agent trained in the same log) the new run's values are named `run 2/Average Score`,
  so the first run's last value stands beside it.
- CleanRL `global_step=3442, episodic_return=15.5` (early versions `episode_reward=`) and
  keras-rl's `TrainEpisodeLogger` lines (`39497/50000: episode: 570, duration: 1.759s, episode
  steps: 337, steps per second: 192, episode reward: 337.000, mean reward: 1.000 [1.000,
  1.000], ... loss: 5.17, mean_q: 51.5`): each line is one finished episode, so each episode's
  return is its own result (not superseded); global_step, episode index, duration, steps and
  steps per second are counters; `[min, max]` after a mean is its range; the training
  statistics on keras-rl lines (loss, mean_q) are running.

Format source: udacity/deep-reinforcement-learning dqn/solution/Deep_Q_Network_Solution.ipynb
(`print('\\rEpisode {}\\tAverage Score: {:.2f}'.format(i_episode, np.mean(scores_window)))`);
vwxyzjn/cleanrl cleanrl/dqn.py (`print(f"global_step={global_step},
episodic_return={info['episode']['r']}")`); keras-rl/keras-rl rl/callbacks.py
`TrainEpisodeLogger.on_episode_end` (`template = '{step: ...}/{nb_steps}: episode: {episode},
duration: {duration:.3f}s, episode steps: {episode_steps}, steps per second: {sps:.0f},
episode reward: {episode_reward:.3f}, mean reward: {reward_mean:.3f} [{reward_min:.3f},
{reward_max:.3f}], mean action: ..., {metrics}'`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_UDACITY = re.compile(
    r"(?<![\w])Episode\s++(\d++)\s++(Average (?:Score|Reward|Return)):\s*+(" + NUM + r")" + END,
    re.IGNORECASE,
)
_CLEANRL = re.compile(
    r"^\W*+global_step=\d++,\s*+(episodic_return|episode_reward)=\[?+(" + NUM + r")" + END
)
_KERAS_RL = re.compile(r"^\W*+(?:\d++\.\s++)?+\d++/\d++:\s++episode:\s++\d++,")
_KERAS_PAIR = re.compile(r"(?:^|,)\s*+([A-Za-z_][\w ]{0,40}+):\s++(" + NUM + r")" + END)
_KERAS_COUNTS = frozenset({"episode", "duration", "episode steps", "steps per second"})


@reader("rl_scores", markers=("pisode", "global_step="), order=25)
def read_rl_scores(line: str, state: LogState, out: Sink) -> bool:
    udacity = _UDACITY.search(line)
    if udacity:
        episode = int(udacity.group(1))
        last, run = state.context.get("rl_episode", (-1, 1))
        run = run + 1 if episode <= last else run
        state.context["rl_episode"] = (episode, run)
        name = udacity.group(2) if run == 1 else f"run {run}/{udacity.group(2)}"
        out.add(name, udacity.group(3), "rl_scores", running=True)
        return True
    cleanrl = _CLEANRL.match(line)
    if cleanrl:
        out.add(cleanrl.group(1), cleanrl.group(2), "rl_scores", running=False)
        return True
    if _KERAS_RL.match(line):
        body = line[line.index(":") + 1 :]
        for pair in _KERAS_PAIR.finditer(body):
            name = pair.group(1).strip()
            if name not in _KERAS_COUNTS:
                running = name != "episode reward"
                out.add(name, pair.group(2), "rl_scores", running=running)
        return True
    return False
