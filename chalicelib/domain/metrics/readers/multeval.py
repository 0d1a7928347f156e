"""MultEval (jBLEU, METEOR, TER over several optimizer runs of each system, with bootstrap
resampling): one line per system, metric and statistic,

    RESULT: baseline: BLEU: AVG: 18.526808
    RESULT: baseline: BLEU: STDDEV: 0.057280
    RESULT: baseline: BLEU: RESAMPLED_MAX: 19.754815

`AVG` (the mean over the optimizer runs) is the system's score (`baseline/BLEU`); `MEDIAN`,
`STDDEV`, `MIN`, `MAX` and the bootstrap's `RESAMPLED_*` values are statistics of it, never the
score (`baseline/BLEU max`); `MEDIAN_IDX` is the index of the median run. The METEOR report's
`Top unmatched ... words` lines (`the x 229`) are word counts.

Format source: jhclark/multeval MultEval.java (`RESULT: <system>: <metric>: <stat>: %f` for
AVG, MEDIAN, STDDEV, MIN, MAX, MEDIAN_IDX and after bootstrap resampling RESAMPLED_MEAN_AVG,
RESAMPLED_STDDEV_AVG, RESAMPLED_MIN, RESAMPLED_MAX; "Top unmatched hypothesis words accoring
to METEOR: [...]").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_RESULT = re.compile(
    r"^\s*+RESULT:\s*+([^:\n]{1,80}?)\s*+:\s*+([A-Za-z][\w\-]{0,30}+)\s*+:\s*+([A-Z_]{2,30}+)"
    r"\s*+:\s*+(" + NUM + r")" + END
)
# a statistic -> the words naming it after the metric ("" for the score itself)
_STATS = {
    "AVG": "",
    "MEDIAN": "median",
    "STDDEV": "std",
    "MIN": "min",
    "MAX": "max",
    "RESAMPLED_MEAN_AVG": "resampled mean",
    "RESAMPLED_STDDEV_AVG": "resampled std",
    "RESAMPLED_MIN": "resampled min",
    "RESAMPLED_MAX": "resampled max",
}


@reader("multeval", markers=("RESULT:", "Top unmatched"), order=30)
def read_multeval(line: str, state: LogState, out: Sink) -> bool:
    if "Top unmatched" in line:
        return line.lstrip().startswith("Top unmatched")  # METEOR's word counts
    match = _RESULT.match(line)
    if match is None:
        return False
    system, metric, stat, number = match.groups()
    if stat not in _STATS:
        return True  # MEDIAN_IDX: the median run's index
    words = _STATS[stat]
    name = f"{system}/{metric} {words}" if words else f"{system}/{metric}"
    out.add(name, number, "multeval", running=False)
    return True
