"""What the code pasted beside a run's output says about its numbers (`engine.Extraction`
notes each line here and adjusts the results at the end).

- **The environment an RL script makes.** Gym and Gymnasium name an environment by a
  registered, versioned id (`gym.make('CartPole-v1')`, `gymnasium.make("HalfCheetah-v4")`,
  Stable-Baselines3's `make_vec_env("LunarLander-v2", n_envs=4)`); an issue pastes the script
  and what it printed (`mean_reward: 91.49, std_reward:22.65`), in either order. When the code
  makes exactly one environment, the values the log scopes to no data set are that
  environment's: a claim on another environment is not answered by them.
- **A "test" set built from the training split.** torchvision's datasets take `train=True` for
  the training images (`datasets.MNIST(root='data', train=True, ...)`); a script that assigns
  such a call to a test variable (`test_dataset = datasets.MNIST(..., train=True, ...)`)
  evaluates its "test" accuracy on the training images, a known slip in notebooks. The values
  the log prints for the test split are then training-set values, which confirm no test claim.
- **A worked example.** A line that states expected values and works them out by hand from
  counts (`... (PA=80%) ... (Precision = 15/20 = 0.75, Recall = 15/25 = 0.6, F1 = 0.66666667)`
  in a proposal for a unit test) holds an example's numbers, not a run's: none of its values
  is extracted.
- **A diff's old lines.** A unified diff's hunk (`@@ -127,6 +137,16 @@ ...` then lines led by
  ` `, `+` or `-`), pasted in a pull request's review thread or an issue, shows a file being
  changed. Its context (` `) and removed (`-`) lines are the file as it was: a model registry's
  `"acc@5": 94.046,` beside the new weights' entry is the old weights' number, not what the
  run printed; none of their values is extracted. Added (`+`) lines are kept: a pull request
  adding a results file (`@@ -0,0 +1,21 @@`) adds what its run wrote. The hunk ends at a line
  no diff prefix leads, at a code fence, or after the lines its header counts.

Tests: `tests/unit/metrics/test_wrong48.py`, `tests/unit/metrics/test_verdicts54.py`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chalicelib.domain.metrics.claim_scopes import dataset_scopes
from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import sense_of

# Gym's environment id: an optional namespace, a name, a version (`ALE/Breakout-v5`).
_MAKE_ENV = re.compile(
    r"(?:\bgym(?:nasium)?+\.make|\bmake_(?:vec|atari)_env|\bgym\.vector\.make)\(\s*+"
    r"(?:id\s*+=\s*+)?+['\"]((?:[A-Za-z][\w\-]{0,30}+/)?+[A-Za-z][\w\-:.]{0,60}?-v\d{1,3}+)['\"]"
)
# `test_dataset = datasets.MNIST(` / `testset = torchvision.datasets.CIFAR10(`: a call whose
# arguments may run over the next lines.
_TEST_CALL = re.compile(r"^(?:self\.)?+test\w{0,30}+\s*+=\s*+[\w.]{1,80}+\(")
_TRAIN_TRUE = re.compile(r"(?<![\w.])train\s*+=\s*+True\b")
_CALL_LINES = 12
# "Precision = 15/20 = 0.75": a value worked out from two counts.
_WORKED = re.compile(r"=\s*+\d{1,6}+\s*+/\s*+\d{1,6}+\s*+=\s*+\d")
# A unified diff's hunk header: `@@ -127,6 +137,16 @@` (the counts are optional).
_HUNK = re.compile(r"^@@ -\d{1,9}+(?:,(\d{1,6}+))?+ \+\d{1,9}+(?:,(\d{1,6}+))?+ @@")
_EXPECTS = re.compile(r"(?i)\bexpected\b|\bunit[ -]tests?+\b|\bshould\s++(?:be|give|get)\b")


class PastedCode:
    """Notes of one log's lines (`line`), applied to its metrics at the end (`adjust`)."""

    def __init__(self) -> None:
        self.environments: set[str] = set()
        self.test_from_train = False
        self._call: list[str] = []  # the open test-set call's text so far
        self._call_lines = 0
        self.example_lines: set[int] = set()
        self._hunk_left = 0  # lines the open diff hunk may still hold (0: none open)

    def line(self, line_no: int, stripped: str, line: str = "") -> None:
        if self._hunk_left:
            self._hunk_line(line_no, line or stripped)
        elif stripped[:2] == "@@" and (hunk := _HUNK.match(stripped)):
            old, new = (int(count) if count else 1 for count in hunk.groups())
            self._hunk_left = old + new
            self.example_lines.add(line_no)
        if "make" in stripped and "(" in stripped and len(self.environments) < 8:
            self.environments.update(m.group(1) for m in _MAKE_ENV.finditer(stripped))
        if self._call_lines:
            self._continue_call(stripped)
        elif stripped[:4] in ("test", "self") and _TEST_CALL.match(stripped):
            self._call, self._call_lines = [], _CALL_LINES
            self._continue_call(stripped)
        if (
            "/" in stripped
            and len(stripped) < 2000
            and len(_WORKED.findall(stripped)) >= 2
            and _EXPECTS.search(stripped)
        ):
            self.example_lines.add(line_no)

    def _hunk_line(self, line_no: int, line: str) -> None:
        """A line after a hunk header: the old file's when a context or removal prefix
        leads it."""
        if line[:1] in (" ", "+", "-") and line[:3] not in ("```", "+++", "---"):
            self._hunk_left -= 1
            if line[:1] != "+":
                self.example_lines.add(line_no)
        elif line[:1] == "\\":  # "\ No newline at end of file"
            return
        else:
            self._hunk_left = 0

    def _continue_call(self, stripped: str) -> None:
        self._call.append(stripped)
        self._call_lines -= 1
        text = " ".join(self._call)
        if _TRAIN_TRUE.search(text):
            self.test_from_train = True
        if text.count("(") <= text.count(")") or self._call_lines <= 0:
            self._call, self._call_lines = [], 0

    def adjust(self, metrics: list[ExtractedMetric]) -> list[ExtractedMetric]:
        if self.example_lines:
            metrics = [m for m in metrics if m.line not in self.example_lines]
        if self.test_from_train:
            metrics = [_as_train(m) for m in metrics]
        if len(self.environments) == 1 and not any(dataset_scopes(m) for m in metrics):
            environment = next(iter(self.environments))
            metrics = [replace(m, name=f"{environment}/{m.name}") for m in metrics]
        return metrics


def _as_train(metric: ExtractedMetric) -> ExtractedMetric:
    """A test value of a test set built from the training split: a training value."""
    split = metric.split or sense_of(metric.name).split
    return replace(metric, split="train") if split == "test" else metric
