"""3D human pose evaluation of the mks0601 family (3DMPPE_POSENET, I2L-MeshNet, 3DCrowdNet,
Hand4Whole): a summary line `<what> error (<metric>) >> tot: <value>`, the per-action errors on
the next line (`Directions: 67.14 Discussion: 79.61 ...`, read by the generic reader). The
metric in the parenthesis names the total: `Protocol 2 error (MPJPE) >> tot: 74.17` is `MPJPE`
(the protocol is no data set, and the script names each protocol's metric apart: `PA MPJPE`
for protocol 1); a line without a parenthesis (`H36M acc error >> tot: 3.1`) is named by its words.

Format source: mks0601/3DMPPE_POSENET_RELEASE data/Human36M/Human36M.py `evaluate` (`metric =
'PA MPJPE' if self.protocol == 1 else 'MPJPE'`; `'Protocol ' + str(self.protocol) + ' error ('
+ metric + ') >> tot: %.2f\\n' % (tot_err)`, then `action_name[i] + ': %.2f '` per action);
mks0601/3DCrowdNet_RELEASE (`'Protocol ' + ... + ' H36M pose error (' + metric + ') >> tot:
%.2f\\n'`, `'H36M acc error >> tot: %.2f\\n '`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_TOTAL = re.compile(r"^\s*+([A-Za-z][^>\n]{0,80}?)\s*+>>\s*+tot\s*+:\s*+(" + NUM + r")")
_METRIC = re.compile(r"\(([A-Za-z][\w \-]{0,30}+)\)")


@reader("pose3d", markers=(">> tot",), order=45)
def read_pose_total(line: str, state: LogState, out: Sink) -> bool:
    total = _TOTAL.match(line)
    if total is None:
        return False
    title, number = total.groups()
    metric = _METRIC.search(title)
    out.add(metric.group(1) if metric else title, number, "pose3d")
    return True
