"""Split words used as verbs in a row label that describes how a run was set up.

A results table of several setups labels each row by what was done: `blstm_las + train with
cold fusion + decode with lm fusion`, `train without augmentation`, `test with flip`. There
"train"/"test" is the verb of a clause ("train with X": trained with X), not the data split
the row's values were measured on: the WER columns beside it are the evaluation sets'. A split
word followed by "with" or "without" in a scope (a row label, never the metric's own name)
names no split.

Pure function on the tokens of `words._words`; tests in `tests/unit/metrics/test_setup_words.py`.
"""

from __future__ import annotations

_CLAUSE_AFTER = frozenset({"with", "without"})


def verb_use(words: list[str], index: int) -> bool:
    """Is `words[index]` (a split word) the verb of a setup clause ("train with ...")?"""
    return index + 1 < len(words) and words[index + 1] in _CLAUSE_AFTER
