"""RL training-loop prints of the Udacity deep-reinforcement-learning solutions and their many
copies: `Episode 100\tAverage Score: 13.02` (the mean score of the last 100 episodes; a running
value: the last line stands) and `Environment solved in 321 episodes!\tAverage Score: 13.02`
(the result). When a markdown heading separates runs (`## Model: QNetwork, Agent: DQNAgent`),
each run's scores are named under its heading, so one run's last value does not supersede
another's. pytorch/examples' `Episode 10\tAverage reward: 42.10`, CleanRL's
`global_step=3442, episode_reward=15.5` and keras-rl's episode lines are read by `generic`.

Format source: udacity/deep-reinforcement-learning dqn/solution/Deep_Q_Network_Solution.ipynb
(`print('\\rEpisode {}\\tAverage Score: {:.2f}'.format(i_episode, np.mean(scores_window)))`,
`print('\\nEnvironment solved in {:d} episodes!\\tAverage Score: {:.2f}'.format(i_episode-100,
np.mean(scores_window)))`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_HEADING = re.compile(r"^\s*+#{1,6}+\s++([\w\[].{0,200}?)\s*+$")
_EPISODE = re.compile(r"\bEpisode\s++\d++\s++Average Score:\s*+(" + NUM + r")" + END)
_SOLVED = re.compile(r"\bsolved in\s++\d++\s++episodes!?\s++Average Score:\s*+(" + NUM + r")" + END)


_LINK = re.compile(r"\[([^\]\n]{1,60}+)\]\([^)\n]*+\)")
_ASIDE = re.compile(r"\s*+\([^()\n]*+\)")


def heading(state: LogState) -> str | None:
    """The text of the last markdown heading (`### [Ogbn-products](https://...) (Amazon ...)`
    -> `Ogbn-products`): what the lines under it are about (a run, a dataset)."""
    value = state.context.get("md_heading")
    return value if isinstance(value, str) else None


@reader("rl_scores", markers=("#",), order=2)
def read_heading(line: str, state: LogState, out: Sink) -> bool:
    match = _HEADING.match(line)
    if match:
        text = match.group(1)
        if "](" in text:
            text = _LINK.sub(lambda link: link.group(1), text)
        if "(" in text:
            text = _ASIDE.sub("", text)
        state.context["md_heading"] = text.strip(" #") or None
    return False  # other readers may read the heading


@reader("rl_scores", markers=("Average Score",), order=36)
def read_rl_scores(line: str, state: LogState, out: Sink) -> bool:
    run = heading(state)
    name = f"{run}/Average Score" if run else "Average Score"
    solved = _SOLVED.search(line)
    if solved:
        out.add(name, solved.group(1), "rl_scores", running=False)
        return True
    episode = _EPISODE.search(line)
    if episode:
        out.add(name, episode.group(1), "rl_scores", running=True)
        return True
    return False
