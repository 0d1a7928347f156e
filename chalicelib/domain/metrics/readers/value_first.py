"""A line that is only a percentage and the name of its metric, the value first: a results note's
"##### 59.42% mIoU (12 classes)", a README's "- **76.1%** top-1 accuracy", "83.2% mAP". The
value is that metric's, qualified by the parenthesis after the name when there is one
(`mIoU (19 classes)`); the name must be a metric of the vocabulary (`59% done`, `12% of the
data` name none), the value is unsigned ("+0.5% top-1 accuracy" is a gain, "-0.5%" a loss; a
"- " bullet is no sign), and nothing else may follow (a sentence goes on to say whose value it
is: "76.1% top-1 in the paper" is left to the prose readers, which read sources).

Format source: none (hand-written results notes and READMEs: a heading or bullet per result).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.vocabulary import is_known_metric

_LINE = re.compile(
    r"^(?:[\s#>*]|-(?=\s))*+(?:\*\*|__)?+(\d++(?:\.\d++)?+)\s*+%(?:\*\*|__)?+\s++"
    r"([A-Za-z][\w@\-]*+(?:[ \t][A-Za-z][\w@\-]*+){0,3}+)"
    r"(\s*+\([^()\n]{1,40}+\))?+[\s*_.]*+$"
)

# Words of a sentence going on past the name ("76.1% top-1 in paper", "83% mAP on VOC"): whose
# or what the value is of is said there, which this reader does not read.
_SENTENCE_WORDS = frozenset({"in", "on", "for", "of", "from", "by", "the", "with", "at", "than"})
_SENTENCE_WORDS |= {"vs", "to", "and", "or", "paper", "reported", "official", "expected"}


@reader("value_first", markers=("%",), order=95)
def read_value_first(line: str, state: LogState, out: Sink) -> bool:
    if not line.lstrip(" \t#>*-_")[:1].isdigit():
        return False
    match = _LINE.match(line)
    if match is None:
        return False
    number, name, qualifier = match.groups()
    if any(word.lower() in _SENTENCE_WORDS for word in name.split()):
        return False
    if not is_known_metric(name):
        return False
    return out.add(f"{name}{qualifier or ''}", number, "value_first")
