"""A claimed dataset field that names a split and a data set ("AMI SDM test", "SPGISpeech
val", "CHiME-6 dev"): the claim check (`claims._narrow`) takes the split as the claim's split;
the words beside it still tell the log's rows apart when a row is named by one of them.

Real-world shape: a recipe's RESULTS table of several conditions of one corpus, one row each
(icefall's AMI `| IHM | 18.92 | 17.40 |`, `| SDM | 31.25 | 32.21 |`, `| MDM (GSS-enhanced) |
...`, read as `SDM/test WER`): "WER on AMI SDM test" is the SDM row's, never the MDM row's that
prints the claimed number. When no row is named by a word of the data set (the log never names
the corpus: `GigaSpeech test` against `test/WER`), nothing is narrowed: the data set is then
satisfied by the values the log does not scope to another one, as before.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import sense_of

_WORD = re.compile(r"[a-z][a-z0-9]*+")
# The split word itself (and filler) is no row's name.
_NOT_ROW_WORDS = frozenset(
    {"test", "dev", "val", "valid", "validation", "eval", "evaluation", "train", "training"}
    | {"set", "split", "subset", "the", "and", "data", "dataset"}
)


def rows_named_by(named: list[ExtractedMetric], dataset: str) -> list[ExtractedMetric]:
    """The values whose scope is a word of the claimed data set (three characters or more,
    not the split word), when any is; else all of `named`."""
    words = {w for w in _WORD.findall(dataset.lower()) if len(w) >= 3} - _NOT_ROW_WORDS
    if not words:
        return named
    rows = [m for m in named if not words.isdisjoint(sense_of(m.name).scope)]
    return rows or rows_worded_by(named, dataset)


def rows_worded_by(named: list[ExtractedMetric], dataset: str) -> list[ExtractedMetric]:
    """Among values that are all rows of the log (each scoped by its label), those whose label
    holds a word of the claimed data set, when some do and others not: a table's rows told
    apart by the split's variant ("| model_a | random split, test |" beside "| model_a |
    Karpathy's split, test |") answer "on COCO Karpathy test" by the Karpathy row only."""
    words = {w for w in _WORD.findall(dataset.lower()) if len(w) >= 3} - _NOT_ROW_WORDS
    if not words or len(named) < 2 or any("/" not in m.name for m in named):
        return named
    rows = [
        m for m in named if not words.isdisjoint(_WORD.findall(m.name.rsplit("/", 1)[0].lower()))
    ]
    return rows or named


# The words of the held-out partitions that `sense_of` folds into one validation split. Speech
# corpora keep them apart: AMI, ICSI, CHiME-4/5 and the NIST sets have a `dev` set (tuned on)
# and an `eval` set (reported), and a Kaldi or ESPnet recipe scores both (`decode_dev` /
# `decode_eval` -> `dev/%WER` / `eval/%WER`); SPGISpeech has a `dev` and a `val` set.
_HELD_OUT_WORDS = {
    "dev": "dev",
    "development": "dev",
    "eval": "eval",
    "evaluation": "eval",
    "val": "val",
    "valid": "val",
    "validation": "val",
}


def _held_out_words(text: str) -> set[str]:
    return {_HELD_OUT_WORDS[w] for w in _WORD.findall(text.lower()) if w in _HELD_OUT_WORDS}


def same_held_out_set(named: list[ExtractedMetric], said: str) -> list[ExtractedMetric]:
    """The values of the held-out set the claim names by its word (`dev`, `eval`, `val`), when
    the log prints that metric under two of the words: "WER 40.6 on AMI SDM eval" is the
    `eval/%WER` value, never a `dev/%WER` one that prints 40.6, though both are the validation
    split to `sense_of`. When the log names only one of the words (HF's `eval_accuracy` for a
    claim on "SST-2 dev"), nothing is narrowed: the word then tells no two sets apart."""
    wanted = _held_out_words(said)
    if len(wanted) != 1:
        return named
    words = [(m, _held_out_words(m.name)) for m in named]
    if not any(w == wanted for _, w in words) or not any(w and w != wanted for _, w in words):
        return named
    return [m for m, w in words if not w or w == wanted]
