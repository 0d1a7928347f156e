"""How a metric name is cut into words (`_words`), shared by the vocabulary's phrase tables
(`phrases.py`) and its reading of names (`vocabulary.py`).

Pure functions, no I/O.
"""

from __future__ import annotations

import re

SPLITS = ("test", "val", "train")

_SPLIT_WORDS = {
    "test": "test",
    "testing": "test",
    "tst": "test",
    "predict": "test",
    "prediction": "test",
    "val": "val",
    "valid": "val",
    "vali": "val",  # "Train Loss: .. Vali Loss: .. Test Loss: .." (Informer and its forks)
    "validation": "val",
    "validate": "val",
    "dev": "val",
    "eval": "val",
    "evaluation": "val",
    "train": "train",
    "training": "train",
    "trn": "train",
}
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")
_CHUNK = re.compile(r"[A-Za-z0-9%+]+")
_TOKEN = re.compile(r"%?[a-z]+\+*|\d*\.\d+|\d+\+*")  # "chrF2++" -> chrf, 2++
# Metric words written in camel case that must not be split ("mIoU" is not "m IoU").
_CAMEL_WORDS = frozenset(
    {"miou", "macc", "aacc", "mdice", "mrr", "map", "mar", "rougelsum", "rougel", "auroc"}
    | {"mfscore", "mprecision", "mrecall"}
    # benchmarks whose camel-case part is a split word ("HumanEval" is not "Human" on "eval")
    | {"humaneval", "humaneval+", "alpacaeval", "evalplus"}
)


# Words that may come before a split word in a camel-case compound (bestValAcc).
_CAMEL_LEADS = frozenset({"best", "final", "last", "avg", "mean", "max", "min", "overall"})


def _words(text: str) -> list[str]:
    """Lower-case tokens: words (a leading % kept: %WER), numbers (.5 and 0.95 kept whole),
    camel case split (valAcc -> val acc) except for metric words such as mIoU."""
    words: list[str] = []
    for chunk in _CHUNK.findall(text):
        lowered = chunk.lower()
        if lowered.strip("%") not in _CAMEL_WORDS:
            parts = _CAMEL.sub(" ", chunk).lower()
            # a split word names a split only as a compound's first part (valAcc, TestLoss),
            # never inside a name (HumanEvalSynthesize is no validation metric)
            tokens = parts.split()
            first = next((i for i, w in enumerate(tokens) if w in _SPLIT_WORDS), 0)
            if all(w in _CAMEL_LEADS for w in tokens[:first]):
                lowered = parts
        words += _TOKEN.findall(lowered)
    return words
