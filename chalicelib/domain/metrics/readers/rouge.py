"""ROUGE scores: ROUGE-1.5.5 output (pyrouge, files2rouge) `1 ROUGE-1 Average_F: 0.44 (95%-conf.int.
0.43 - 0.45)` named `ROUGE-1 Average_F` (the confidence bounds and the system id are not
values; a system id other than `1` prefixes the name as a system's, never a data set's:
`model C/ROUGE-1 Average_F`); rouge_score's `AggregateScore(low=...,
mid=Score(precision=.., recall=.., fmeasure=..), high=...)` named `rouge1.mid.fmeasure` (the
low/high bootstrap bounds are not values) and `Score(...)` named `rouge1.fmeasure`; py-rouge's
`{'rouge-1': {'r': .., 'p': .., 'f': ..}}` named `rouge-1 f`; pyrouge's `output_to_dict`
(`rouge_1_f_score`; its `_cb`/`_ce` confidence bounds skipped); rouge_score's command-line CSV
(`score_type,low,mid,high` then `rouge1-F,0.41,0.42,0.43`: the mid column, named
`rouge1.mid.fmeasure`). The vocabulary reads the
F-measure as the ROUGE score and recall/precision as other metrics. Plain `rouge1: 44.1` and
`{'rouge1': 16.74}` are read by `generic` and `python_dicts`. PreSumm's (and UniLM's, BertSum's)
`>> ROUGE-F(1/2/l): 41.45/20.03/38.75` lines pair the n-th label with the n-th value
(`ROUGE-1 F`, `ROUGE-2 F`, `ROUGE-L F`; its `ROUGE-R(1/2/3/l)` line prints three recalls, of
1, 2 and l); the BertAbs example's `** ROUGE 1` blocks name the `F1 >> 0.303`, `Precision >>`
and `Recall >>` lines below them (`ROUGE-1 F1`).

Format source: ROUGE-1.5.5.pl (`print "$sysID $measure Average_R: $avgR (95%-conf.int. $lo -
$hi)\\n"`, also _P and _F); bheinzerling/pyrouge pyrouge/Rouge155.py `output_to_dict`
(pattern `(\\d+) (ROUGE-\\S+) (Average_\\w): (\\d.\\d+) \\(95%-conf.int. ...\\)`, keys
`rouge_1_f_score`, `rouge_1_f_score_cb`, `_ce`); google-research/google-research
rouge/scoring.py (`Score = collections.namedtuple("Score", ["precision", "recall",
"fmeasure"])`, `AggregateScore(low, mid, high)`; rouge/io.py `_write_aggregates_to_csv`:
`"score_type,low,mid,high\\n"`, `"%s-R,%f,%f,%f\\n"`, `-P`, `-F`); pltrdy/rouge rouge/rouge.py
(`{"f": .., "p": .., "r": ..}` per `rouge-1`, `rouge-2`, `rouge-l`); nlpyang/PreSumm
src/others/utils.py and microsoft/unilm s2s-ft evaluations/eval_for_xsum.py
`rouge_results_to_str` (`">> ROUGE-F(1/2/l): {:.2f}/{:.2f}/{:.2f}\\nROUGE-R(1/2/3/l):
{:.2f}/{:.2f}/{:.2f}\\n"` with rouge_1/2/l_f_score and rouge_1/2/l_recall, times 100);
huggingface/transformers examples/summarization/bertabs
run_summarization.py `format_rouge_scores` (`"** ROUGE 1\\nF1        >> {:.3f}\\nPrecision >>
{:.3f}\\nRecall    >> {:.3f}"`, then ROUGE 2 and ROUGE L).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.layout import MODEL_SCOPE
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
# a quoted dict key, or a key printed bare at the start of a line (`for k, v in result.items():
# print(f"{k}: {v}")`)
_KEY = r"""(?:(['"])|^\s*+)(rouge[\w\-]*+)(?(1)\1)\s*+:\s*+"""
# low=Score(...) may wrap its numbers: np.float64(0.86)
_LOW = r"low\s*+=\s*+Score\((?:[^()]|\([^()]*+\))*+\),\s*+"
_AGGREGATE = re.compile(_KEY + r"AggregateScore\(\s*+" + _LOW + r"mid\s*+=\s*+" + _SCORE)
_PLAIN_SCORE = re.compile(_KEY + _SCORE)
_PY_ROUGE = re.compile(_KEY + r"\{([^{}]*+)\}")
_PY_ROUGE_PAIR = re.compile(r"""(['"])([rpf])\1\s*+:\s*+(""" + NUM + ")" + END)
_PYROUGE_KEY = re.compile(r"""(['"])(rouge_\w++)\1\s*+:\s*+(""" + NUM + ")" + END)
_FIELDS = ("precision", "recall", "fmeasure")
# rouge_score's CLI CSV (`score_type,low,mid,high`, then `rouge1-F,0.41,0.42,0.43`): the mid
# column is the score, low and high its bootstrap bounds.
_CSV_HEAD = re.compile(r"^\s*+score_type,low,mid,high\s*+$")
_CSV_ROW = re.compile(r"^\s*+(rouge\w++)-([RPF]),(" + NUM + r"),(" + NUM + r"),(" + NUM + r")\s*+$")
_CSV_FIELDS = {"R": "recall", "P": "precision", "F": "fmeasure"}


@reader("rouge", markers=("ROUGE-",), order=25)
def read_rouge_perl(line: str, state: LogState, out: Sink) -> bool:
    match = _PERL.match(line)
    if not match:
        return False
    system, measure, average, number = match.groups()
    name = f"{measure} {average}"
    if system and system != "1":
        name = f"{MODEL_SCOPE}{system}/{name}"  # a system's (peer's) id, never a data set
    out.add(name, number, "rouge", running=False)
    return True


@reader("rouge", markers=("score_type,low,mid,high", "-F,", "-R,", "-P,"), order=24)
def read_rouge_csv(line: str, state: LogState, out: Sink) -> bool:
    if _CSV_HEAD.match(line):
        state.context["rouge_csv"] = state.line_no
        return True
    start = state.context.get("rouge_csv")
    row = _CSV_ROW.match(line) if start is not None else None
    if row is None:
        return False
    rouge_type, field, mid = row.group(1), _CSV_FIELDS[row.group(2)], row.group(4)
    out.add(f"{rouge_type}.mid.{field}", mid, "rouge", running=False)
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


_SLASHED_KIND = re.compile(
    r"(?<![\w-])ROUGE-([FRP])\(([12l3](?:/[12l3]){1,3}+)\)\s*+:\s*+("
    + NUM
    + r"(?:/"
    + NUM
    + r"){1,3}+)"
    + END
)


@reader("rouge", markers=("ROUGE-F(", "ROUGE-R(", "ROUGE-P("), order=27)
def read_rouge_slashed(line: str, state: LogState, out: Sink) -> bool:
    found = False
    for match in _SLASHED_KIND.finditer(line):
        kind, labels, numbers = match.group(1), match.group(2).split("/"), match.group(3)
        values = numbers.split("/")
        if len(labels) == len(values) + 1 and "3" in labels:
            labels.remove("3")  # PreSumm's "ROUGE-R(1/2/3/l)" prints the recalls of 1, 2, l
        if len(labels) != len(values):
            continue
        for label, number in zip(labels, values, strict=True):
            out.add(f"ROUGE-{label.upper()} {kind}", number, "rouge", running=False)
        found = True
    return found


_BLOCK_TITLE = re.compile(r"^\s*+\*\*\s*+ROUGE[ \-]([12L])\s*+$", re.I)
_BLOCK_VALUE = re.compile(r"^\s*+(F1|Precision|Recall)\s*+>>\s*+(" + NUM + r")" + END + r"\s*+$")


@reader("rouge", markers=("** ROUGE", ">>"), order=28)
def read_rouge_blocks(line: str, state: LogState, out: Sink) -> bool:
    title = _BLOCK_TITLE.match(line) if "** ROUGE" in line else None
    if title:
        state.context["rouge_block"] = (f"ROUGE-{title.group(1).upper()}", state.line_no)
        return True
    block = state.context.get("rouge_block")
    if not block or state.line_no - block[1] > 4 or not (value := _BLOCK_VALUE.match(line)):
        return False
    out.add(f"{block[0]} {value.group(1)}", value.group(2), "rouge", running=False)
    return True
