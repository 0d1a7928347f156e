"""The CoNLL-2012 reference coreference scorer (`scorer.pl`, CorScorer.pm) and the scripts that
wrap it: each metric's totals under `METRIC bcub:` (or a wrapper's `Official result for bcub`),

    ====== TOTALS =======
    Identification of Mentions: Recall: (9392 / 19155) 49.03%	Precision: (...) 86.36%	F1: 62.55%
    --------------------------------------------------------------------------
    Coreference: Recall: (5691.75 / 19156) 29.71%	Precision: (...) 60.96%	F1: 39.95%

The `Coreference:` values are that metric's (`B3 Recall`, `MUC F1`, `CEAFe Precision`); with
no metric named above them, `Coreference F1`. The mention-detection line is `Mention Recall`,
`Mention Precision`, `Mention F1`. The bracketed counts are not values. The CoNLL F1 (the mean
of the MUC, B3 and CEAFe F1) is not printed by the scorer; no single metric's F1 is it.

Format source: conll/reference-coreference-scorers lib/CorScorer.pm (`print "METRIC
$metric:\\n"`, `print "====== TOTALS =======\\n"`, `&ShowRPF` printing `Recall: ($num / $den)
$r%\\tPrecision: ($num / $den) $p%\\tF1: $f%`); kentonl/e2e-coref conll.py (`print("Official
result for {}".format(metric))` before the scorer's output).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_METRIC = re.compile(
    r"^\s*+(?:METRIC\s++|Official\s++result\s++for\s++)(muc|bcub|ceafm|ceafe|blanc|lea)\b:?+"
)
_NAMES = {
    "muc": "MUC",
    "bcub": "B3",
    "ceafm": "CEAFm",
    "ceafe": "CEAFe",
    "blanc": "BLANC",
    "lea": "LEA",
}
_LINE = re.compile(r"^\s*+(Identification of Mentions|Coreference):\s*+Recall:")
_RPF = re.compile(
    r"\b(Recall|Precision|F1):\s*+(?:\(\s*+" + NUM + r"\s*+/\s*+" + NUM + r"\s*+\)\s*+)?+"
    r"(" + NUM + r")%"
)


@reader(
    "coref",
    markers=("METRIC ", "Official result for", "Identification of Mentions:", "Coreference:"),
    order=50,
)
def read_coref_scorer(line: str, state: LogState, out: Sink) -> bool:
    metric = _METRIC.match(line)
    if metric:
        state.context["coref_metric"] = _NAMES[metric.group(1)]
        return True
    kind = _LINE.match(line)
    if kind is None:
        return False
    if kind.group(1) == "Coreference":
        prefix = state.context.get("coref_metric") or "Coreference"
    else:
        prefix = "Mention"
    for name, number in _RPF.findall(line):
        out.add(f"{prefix} {name}", number, "coref", running=False)
    return True
