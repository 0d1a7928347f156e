"""evo (trajectory evaluation: `evo_ape`, `evo_rpe`): a result's title, then one statistic of the
error a line, each under its statistic's name alone:

    APE w.r.t. translation part (m)
    (with SE(3) Umeyama alignment)

           max	0.211118
          mean	0.041008
        median	0.033305
           min	0.000000
          rmse	0.052660
           sse	6.974219
           std	0.033037

The statistics are the title's error's: `APE rmse`, `APE mean`, `RPE median` (a rotation error is
`APE rotation rmse`, another metric than the translation one). `sse` (a sum of squares over
every pose) is kept as `APE sse`. (`max` and `min` are never result names on their own, see
`result_names`: `APE max` is not read yet.)

Format source: MichaelGrupp/evo evo/core/result.py `Result.pretty_str` (`"{}\\n\\n".format(
self.info["title"])`, then `"{:>10}\\t{:.6f}\\n".format(name, val)` for the sorted stats);
evo/core/metrics.py (`APE.get_result` / `RPE.get_result` titles: `"APE w.r.t. " +
pose_relation.value`, units in parentheses; the alignment line `(with SE(3) Umeyama alignment)`
is added by main_ape.py).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_TITLE = re.compile(r"^\s*+(APE|RPE)\s++w\.r\.t\.\s++(.{1,80}+)$")
_STAT = re.compile(r"^\s*+(max|mean|median|min|rmse|sse|std)\s++(" + NUM + r")\s*+$")
_ALIGNMENT = re.compile(r"^\s*+\((?:with|not)\b[^()]*+(?:\([^()]*+\)[^()]*+)*+\)\s*+$")


def _open(state: LogState) -> bool:
    return state.context.get("evo_error") is not None


@reader("evo", markers=("w.r.t.",), order=40, open=_open)
def read_evo(line: str, state: LogState, out: Sink) -> bool:
    title = _TITLE.match(line) if "w.r.t." in line else None
    if title:
        kind, relation = title.groups()
        rotation = "rotation" in relation or "angle" in relation
        state.context["evo_error"] = f"{kind} rotation" if rotation else kind
        return True
    error: str | None = state.context.get("evo_error")
    if error is None:
        return False
    if not line.strip() or _ALIGNMENT.match(line):
        return True  # the blank line and the alignment note between the title and the stats
    stat = _STAT.match(line)
    if stat is None:
        state.context["evo_error"] = None
        return False
    out.add(f"{error} {stat.group(1)}", stat.group(2), "evo", running=False)
    return True
