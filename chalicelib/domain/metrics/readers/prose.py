"""A result written as a sentence, the number first: `96.34% accuracy on the standard MNIST
testing set`, `achieves 81.5% top-1 accuracy on ImageNet`. The metric words must be a metric of
the vocabulary and the number a percentage; what follows `on` (up to five words) names the data
set and, when it says so, the split (`testing set`): the value is named `<data>/<metric>`.
A sentence that pairs two lists `respectively` is not read (the data set after `on` is the
first of a list, not necessarily the value's), nor a number after a definite article (`The
3.82% WER on test-clean is done with an LSTM LM`): it refers to a value already in the
discussion (a paper's, the addressee's), it does not report one.

Format source: none (README prose); the shape is the one papers and model cards use.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM
from chalicelib.domain.metrics.vocabulary import is_known_metric

_SENTENCE = re.compile(
    r"(?<![\w.])(" + NUM + r")\s?+%\s++"
    r"([A-Za-z][\w\-@]{0,30}+(?: (?!on\s)[A-Za-z][\w\-@]{0,30}+){0,2}+)\s++on\s++(?:the\s++)?+"
    r"([A-Za-z0-9][\w\-.]{0,40}+(?: [A-Za-z0-9][\w\-.]{0,40}+){0,4}+)"
)
_STOP = re.compile(r"(?i)\b(?:set|split|data|dataset|images)\b")
_DEFINITE = re.compile(r"(?i)(?<![\w])(?:the|this|that)\s++$")


@reader("prose", markers=("% ",), order=990)
def read_prose(line: str, state: LogState, out: Sink) -> bool:
    if "espective" in line:
        return False  # "43.7 and 6.1% accuracy on GSM8K and MATH respectively": two lists
    found = False
    for match in _SENTENCE.finditer(line):
        number, metric, where = match.groups()
        if not is_known_metric(metric) or _DEFINITE.search(line, 0, match.start()):
            continue
        # "on the standard MNIST testing set", "on ImageNet, beating ..." -> "ImageNet"
        stop = _STOP.search(where)
        where = where[: stop.end()] if stop else where.split(" ", 1)[0].rstrip(".,;")
        found = out.add(f"{where}/{metric}", number, "prose") or found
    return found


# Two metrics, then their two values in the same order: "The EER and minDCF I got is 1.0105 and
# 0.1146", "precision and recall are 0.81 and 0.77". Both names must be metrics of the vocabulary;
# the first value is the first metric's (the generic reader would name it "EER and minDCF").
_PAIRED = re.compile(
    r"(?<![\w@])([A-Za-z][\w\-@]{0,20}+)\s++and\s++([A-Za-z][\w\-@]{0,20}+)"
    r"[^0-9.;]{0,40}?\s(?:is|are|was|were|of|=|:)\s++(" + NUM + r")\s?+(%?+)"
    r"\s*+(?:,\s*+)?+and\s++(" + NUM + r")(?![\w.])"
)


# What may follow the two values for this reader to take them bare: nothing but the sentence's
# end. Words between the names and the values that make them another system's or a source's.
_PAIR_TAIL = re.compile(r"[\s*`%)]*+(?:[.!;,]|$)")
_PAIR_OTHERS = re.compile(
    r"(?i)\b(?:paper|papers|reported|official|baseline|teacher|expected|target|readme|authors?+"
    r"|original|your|their|should|would)\b"
)


@reader("prose", markers=(" and ",), order=980)
def read_paired_sentence(line: str, state: LogState, out: Sink) -> bool:
    if "espective" in line or len(line) > 600:
        return False  # "respectively" sentences are read as lists elsewhere, if at all
    found = False
    for match in _PAIRED.finditer(line):
        first, second, a, _, b = match.groups()
        if not (is_known_metric(first) and is_known_metric(second)):
            continue
        if _PAIR_TAIL.match(line, match.end()) is None or _PAIR_OTHERS.search(
            line, match.end(2), match.start(3)
        ):
            continue  # "... of 81.2 and 95.0 on the validation set", "of the baseline are":
            # the values are qualified or someone else's; `parallel_lists` reads them, if at all
        found = out.add(first, a, "prose") or found
        found = out.add(second, b, "prose") or found
    return found
