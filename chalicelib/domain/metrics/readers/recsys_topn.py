"""QRec / SELFRec ranking evaluation (`ranking_evaluation`, `rankingMeasure`): a list of strings,
`Top N` then one `Name:value` per metric at that cutoff, for each N. It is logged as the list
itself,

    ['Top 10\\n', 'Hit Ratio:0.0531\\n', 'Precision:0.0307\\n', ..., 'Top 20\\n', ...]

or written one string a line (`Top 10`, `Precision:0.0307`, ...). Each value is its metric at
the cutoff above it: `Precision@10`, `NDCG@20`, `Hit Ratio@20`.

Format source: Coder-Yu/SELFRec util/evaluation.py `ranking_evaluation` (`measure.append('Top '
+ str(n) + '\\n')`, then `indicators.append('Hit Ratio:' + str(hr) + '\\n')`, `'Precision:'`,
`'Recall:'`, `'NDCG:'`); Coder-Yu/QRec util/measure.py `rankingMeasure` (adds `'F1:'`, `'MAP:'`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_ITEM = re.compile(r"'([^'\\]{1,40}+)(?:\\n)?+'")
_TOP = re.compile(r"^\s*+Top\s++(\d{1,4}+)\s*+$")
_PAIR = re.compile(r"^\s*+([A-Za-z][A-Za-z0-9 \-]{0,24}+):(" + NUM + r")\s*+$")


def _open(state: LogState) -> bool:
    return state.context.get("topn_cutoff") is not None


@reader("recsys_topn", markers=("'Top ", "Top "), order=55, open=_open)
def read_ranking_measure(line: str, state: LogState, out: Sink) -> bool:
    if "'Top " in line:
        return _read_list(line, out)
    top = _TOP.match(line) if "Top " in line else None
    if top:
        state.context["topn_cutoff"] = top.group(1)
        return True
    cutoff = state.context.get("topn_cutoff")
    if cutoff is None:
        return False
    pair = _PAIR.match(line)
    if pair is None:
        state.context["topn_cutoff"] = None  # the list has ended
        return False
    out.add(f"{pair.group(1).strip()}@{cutoff}", pair.group(2), "recsys_topn", running=False)
    return True


def _read_list(line: str, out: Sink) -> bool:
    cutoff = None
    found = False
    for item in _ITEM.findall(line):
        top = _TOP.match(item)
        if top:
            cutoff = top.group(1)
            continue
        pair = _PAIR.match(item)
        if pair and cutoff is not None:
            name = f"{pair.group(1).strip()}@{cutoff}"
            found = out.add(name, pair.group(2), "recsys_topn", running=False) or found
    return found
