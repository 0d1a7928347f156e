"""A sentence naming the experiment its numbers come from by a data set's name ("For the
ARC-ARC experiment, my macro F1 was 0.522", "In the FNC-FNC experiments, we got ..."): the
values from there on are that data set's (`line_prelude.prelude` sets the log's scope, as "on
the Book dataset" does).

Real-world shape (a reproduction report in an issue, UKPLab/coling2018_fake-news-challenge#1):

    As I tried to reproduce your results ..., I found a macro F1 = 0.584.
    For the ARC-ARC experiment, my macro F1 was 0.522 using the same settings ...

Only a name shaped like a data set's (a capital letter after its first or a digit: "ARC-ARC",
"FNC-1", "SST2"), never a word ("For the first experiment", "in the baseline experiments"), and
only in a lead clause closed by a comma: "for the EResNet experiment on VoxCeleb" names the
model, not the data set. A name that repeats one data set's around a hyphen ("ARC-ARC":
trained and tested on ARC, the in-domain cell of a cross-domain table) is that data set.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.layout import _DATASET_SHAPED

# Substring a line must hold for `experiment_named` to look at it.
EXPERIMENT_MARK = "xperiment"

_EXPERIMENT_PROSE = re.compile(
    r"(?=[oifOIF])(?<![\w])(?i:on|in|for)\s++(?:the\s++)?+"
    r"([A-Za-z][\w\-]{1,30}+)\s++experiments?+\s*+,"
)


def experiment_named(line: str) -> str | None:
    """The data set a sentence names its experiment by, or None."""
    for match in _EXPERIMENT_PROSE.finditer(line):
        name = match.group(1)
        if _DATASET_SHAPED.search(name):
            first, dash, second = name.partition("-")
            return first if dash and first == second else name
    return None
