"""The data set a run's own command or a results title names for what follows
(`line_prelude.prelude` keeps it as the log's data set, `LogState.log_scope`).

- A shell command with a `--dataset` (or `--dataset_name`) argument (`python main-batch.py
  --method sgformer --dataset ogbn-proteins --runs 5 ...`, a continued line `  --dataset cora \\`):
  argparse scripts take the data set they train and evaluate on so, and people paste the command
  above what it printed. The values below are that data set's: a claim on another data set
  (ogbn-arxiv beside ogbn-proteins) is not answered by them. A path or a file
  (`--dataset ./data/val.rec`, `--dataset sharegpt.json`), a split, a size (`--dataset small`),
  generated inputs (vLLM's `--dataset-name random`) and an argparse definition
  (`add_argument('--dataset', ...)`) name no data set.
- A results title naming one data set in a parenthesis or after "on" ("Results (scifact):",
  "Results on NFCorpus:", "Evaluation results on ogbn-arxiv:"): the block below is that data
  set's. ("Result for DDPG_Pendulum-v0_0:" names Ray Tune's trial, not a data set.) A split, a
  source ("Results (paper):"), the writer's own run ("Results (mine):") or a metric in the
  title names no data set.

Tests: `tests/unit/metrics/test_verdicts46.py`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.layout import _NOT_A_DATASET, _NOT_A_SECTION
from chalicelib.domain.metrics.split_headings import _SPLIT_OF_WORD
from chalicelib.domain.metrics.vocabulary import is_known_metric

# A line that runs a script (behind a prompt, "base ❯ ", a notebook's "!", environment
# assignments) or continues one (`  --dataset cora \`).
_COMMAND_START = re.compile(
    r"^\s*+--[a-z]|^.{0,60}?(?<![\w\-])(?:python[\d.]*+|torchrun|accelerate|deepspeed|srun|bash|sh)\s"
)
_DATASET_ARG = re.compile(
    r"(?:^|\s)--dataset(?:_name)?+(?:\s++|=)['\"]?+([A-Za-z][\w.\-+]{0,40}+)['\"]?+"
    r"(?=\s|\\|$)"
)
# A file's extension: the argument names a file, not a data set.
_FILE_END = re.compile(r"\.[A-Za-z]{2,5}+$")


# Generated inputs (`vllm bench serve --dataset-name random`): no data set.
_NO_DATA = frozenset({"random", "synthetic", "dummy", "fake", "none", "default", "auto"})


def _names_a_dataset(word: str) -> bool:
    low = word.lower()
    return not (
        low in _SPLIT_OF_WORD
        or low in _NOT_A_DATASET
        or low in _NOT_A_SECTION
        or low in _NO_DATA
        or _FILE_END.search(word)
        or is_known_metric(word)
    )


def command_dataset(line: str) -> str | None:
    """The data set a shell command's `--dataset` argument names, or None."""
    if len(line) > 4000 or _COMMAND_START.match(line) is None:
        return None
    named = {m.group(1) for m in _DATASET_ARG.finditer(line)}
    if len(named) != 1:
        return None  # none, or two data sets in one command: which one are the values of?
    word = named.pop()
    return word if _names_a_dataset(word) else None


_RESULTS_TITLE = re.compile(
    r"(?i)^[\s#>*_\-]*+(?:(?:evaluation|eval|test|final)\s++)?+(?:results?+|scores?+|metrics)"
    r"\s*+(?:\(\s*+([A-Za-z][\w.\-+]{1,40}+)\s*+\)|on\s++(?:the\s++)?+"
    r"([A-Za-z][\w.\-+]{1,40}+))\s*+[*_]*+:[*_\s]*+$"
)
# Words in a title's parenthesis that say whose numbers these are, not what they are of.
_WHOSE = re.compile(
    r"(?i)^(?:mine|ours|my|our|me|us|paper|papers|reported|official|published|original"
    r"|reproduced|reproduction|repro|expected|reference|baseline|readme|leaderboard|claimed"
    r"|before|after|old|new|latest|updated|current|previous)$"
)


def results_title_dataset(stripped: str) -> str | None:
    """The data set a results title names ("Results (scifact):"), or None."""
    if len(stripped) > 80 or not stripped.endswith((":", ":*", ":**", ":_")):
        return None
    title = _RESULTS_TITLE.match(stripped)
    if title is None:
        return None
    word = title.group(1) or title.group(2)
    if _WHOSE.match(word) or not _names_a_dataset(word):
        return None
    return word
