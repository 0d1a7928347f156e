"""A result written as a sentence, the number first: `96.34% accuracy on the standard MNIST
testing set`, `achieves 81.5% top-1 accuracy on ImageNet`. The metric words must be a metric of
the vocabulary and the number a percentage; what follows `on` (up to five words) names the data
set and, when it says so, the split (`testing set`): the value is named `<data>/<metric>`.
A sentence that pairs two lists `respectively` is not read (the data set after `on` is the
first of a list, not necessarily the value's).

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


@reader("prose", markers=("% ",), order=990)
def read_prose(line: str, state: LogState, out: Sink) -> bool:
    if "espective" in line:
        return False  # "43.7 and 6.1% accuracy on GSM8K and MATH respectively": two lists
    found = False
    for match in _SENTENCE.finditer(line):
        number, metric, where = match.groups()
        if not is_known_metric(metric):
            continue
        # "on the standard MNIST testing set", "on ImageNet, beating ..." -> "ImageNet"
        stop = _STOP.search(where)
        where = where[: stop.end()] if stop else where.split(" ", 1)[0].rstrip(".,;")
        found = out.add(f"{where}/{metric}", number, "prose") or found
    return found
