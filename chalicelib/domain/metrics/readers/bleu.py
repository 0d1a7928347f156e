"""Machine-translation scores: fairseq-generate `BLEU4 = 27.51, 58.8/33.4/...`, sacrebleu's
text output `BLEU|nrefs:1|case:mixed|...|version:2.0.0 = 20.8 ...` (also chrF and TER, and
`BLEU = 20.8 ...` without a signature; 1.x joined its signature with `+`:
`chrF2+numchars.6+space.false+version.1.4.14 = 0.56`, chrF++ is `chrF2++|...`). sacrebleu's
JSON is read by the JSON readers.

Format source: facebookresearch/fairseq fairseq_cli/generate.py (`Generate {} with beam={}:
{}` + scorer.result_string(): `BLEU4 = {:2.2f}, ...`); mjpost/sacrebleu sacrebleu/metrics/
bleu.py `BLEUScore.format` (`{name} = {score:.{w}f} {verbose}`), 1.4.x sacrebleu.py (signature
fields joined by "+", `CHRFScore.format`: `f"{self.name}+{signature} = {self.score:.{width}f}"`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_SCORE = re.compile(
    r"(?<![\w])(BLEU\d?+|chrF\d*+(?:\+\+(?=[|\s=]))?+|TER)(?:[|+][^\s=]*+)?+\s*+=\s*+("
    + NUM
    + r")"
    + END
)


@reader("bleu", markers=("BLEU", "chrF", "TER"), order=31)
def read_bleu(line: str, state: LogState, out: Sink) -> bool:
    found = False
    for match in _SCORE.finditer(line):
        out.add(match.group(1), match.group(2), "bleu")
        found = True
    return found
