"""ROUGE scores: ROUGE-1.5.5 output (pyrouge, files2rouge) `1 ROUGE-1 Average_F: 0.44 (95%-conf.int.
0.43 - 0.45)` named `ROUGE-1 Average_F` (the confidence bounds and the system id are not
values; a system id other than `1` prefixes the name); rouge_score's `AggregateScore(low=...,
mid=Score(precision=.., recall=.., fmeasure=..), high=...)` named `rouge1.mid.fmeasure` (the
low/high bootstrap bounds are not values) and `Score(...)` named `rouge1.fmeasure`; py-rouge's
`{'rouge-1': {'r': .., 'p': .., 'f': ..}}` named `rouge-1 f`; pyrouge's `output_to_dict`
(`rouge_1_f_score`; its `_cb`/`_ce` confidence bounds skipped). The vocabulary reads the
F-measure as the ROUGE score and recall/precision as other metrics. Plain `rouge1: 44.1` and
`{'rouge1': 16.74}` are read by `generic` and `python_dicts`.

Format source: ROUGE-1.5.5.pl (`print "$sysID $measure Average_R: $avgR (95%-conf.int. $lo -
$hi)\\n"`, also _P and _F); bheinzerling/pyrouge pyrouge/Rouge155.py `output_to_dict`
(pattern `(\\d+) (ROUGE-\\S+) (Average_\\w): (\\d.\\d+) \\(95%-conf.int. ...\\)`, keys
`rouge_1_f_score`, `rouge_1_f_score_cb`, `_ce`); google-research/google-research
rouge/scoring.py (`Score = collections.namedtuple("Score", ["precision", "recall",
"fmeasure"])`, `AggregateScore(low, mid, high)`); pltrdy/rouge rouge/rouge.py (`{"f": ..,
"p": .., "r": ..}` per `rouge-1`, `rouge-2`, `rouge-l`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_PERL = re.compile(
    r"^[\s>#]*+(?:(\S++)\s++)?(ROUGE-[\w*.\-]++)\s++(Average_[RPF])\s*+:\s*+(" + NUM + r")" + END
)
_WRAPPED = r"(?:(?:np\.float\d++|numpy\.float\d++|float)\(\s*+)?+(" + NUM + r")"
_SCORE = (
    r"Score\(\s*+precision\s*+=\s*+"
    + _WRAPPED
    + r"\)?+,\s*+recall\s*+=\s*+"
    + _WRAPPED
    + r"\)?+,\s*+fmeasure\s*+=\s*+"
    + _WRAPPED
)
_KEY = r"""(['"])(rouge[\w\-]*+)\1\s*+:\s*+"""
# low=Score(...) may wrap its numbers: np.float64(0.86)
_LOW = r"low\s*+=\s*+Score\((?:[^()]|\([^()]*+\))*+\),\s*+"
_AGGREGATE = re.compile(_KEY + r"AggregateScore\(\s*+" + _LOW + r"mid\s*+=\s*+" + _SCORE)
_PLAIN_SCORE = re.compile(_KEY + _SCORE)
_PY_ROUGE = re.compile(_KEY + r"\{([^{}]*+)\}")
_PY_ROUGE_PAIR = re.compile(r"""(['"])([rpf])\1\s*+:\s*+(""" + NUM + ")" + END)
_PYROUGE_KEY = re.compile(r"""(['"])(rouge_\w++)\1\s*+:\s*+(""" + NUM + ")" + END)
_FIELDS = ("precision", "recall", "fmeasure")


@reader("rouge", markers=("ROUGE-",), order=25)
def read_rouge_perl(line: str, state: LogState, out: Sink) -> bool:
    match = _PERL.match(line)
    if not match:
        return False
    system, measure, average, number = match.groups()
    name = f"{measure} {average}"
    if system and system != "1":
        name = f"{system}/{name}"
    out.add(name, number, "rouge", running=False)
    return True


@reader("rouge", markers=("Score(", "'rouge", '"rouge'), order=26)
def read_rouge_python(line: str, state: LogState, out: Sink) -> bool:
    found = False
    if "AggregateScore(" in line:
        for match in _AGGREGATE.finditer(line):
            for field, number in zip(_FIELDS, match.groups()[2:], strict=True):
                out.add(f"{match.group(2)}.mid.{field}", number, "rouge")
            found = True
        return found
    if "Score(" in line:
        for match in _PLAIN_SCORE.finditer(line):
            for field, number in zip(_FIELDS, match.groups()[2:], strict=True):
                out.add(f"{match.group(2)}.{field}", number, "rouge")
            found = True
        return found
    if "rouge-" in line:
        for match in _PY_ROUGE.finditer(line):
            for pair in _PY_ROUGE_PAIR.finditer(match.group(3)):
                out.add(f"{match.group(2)} {pair.group(2)}", pair.group(3), "rouge")
                found = True
        return found
    if "rouge_" in line and ("_cb" in line or "_ce" in line):
        # pyrouge's output_to_dict: the _cb/_ce confidence bounds are not scores
        for match in _PYROUGE_KEY.finditer(line):
            key = match.group(2)
            if not key.endswith(("_cb", "_ce")):
                out.add(key, match.group(3), "rouge")
            found = True
    return found
