"""MME's `eval_tool/calculation.py` (BradyFU/Awesome-Multimodal-Large-Language-Models, the
Evaluation branch; LLaVA-1.5's `scripts/v1_5/eval/mme.sh` runs it), as pasted in issues:

    =========== Perception ===========
    total score: 1218.3314325730294

         existence  score: 190.0
         count  score: 121.66666666666667
    ...
    =========== Cognition ===========
    total score: 250.71428571428572

         commonsense_reasoning  score: 85.71428571428571

The printing code: `print("===========", eval_type, "===========")`, `print("total score:",
scores, "\\n")`, `print("\\t", task_name, " score:", score)`. A part's total is
`mme/perception score` or `mme/cognition score` (the vocabulary's MME headline is the
perception score: "MME 1510.7" is answered by it, never by the cognition score); a sub-task's
score is `mme/<task> score` (but for the "count" task: a value named by "count" is never read
as a metric). The block ends at a line of another shape.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_HEAD = re.compile(r"^\s*+={5,}+\s++(Perception|Cognition)\s++={5,}+\s*+$")
_TOTAL = re.compile(r"^\s*+total score:\s*+(" + NUM + r")\s*+$")
_TASK = re.compile(r"^\s*+([A-Za-z][A-Za-z_]{1,40}+)\s++score:\s*+(" + NUM + r")\s*+$")


def _in_block(state: LogState) -> bool:
    return bool(state.context.get("mme_part"))


@reader("mme", markers=("Perception", "Cognition"), order=26, open=_in_block)
def read_mme(line: str, state: LogState, out: Sink) -> bool:
    if ("Perception" in line or "Cognition" in line) and (head := _HEAD.match(line)):
        state.context["mme_part"] = head.group(1).lower()
        return True
    part = state.context.get("mme_part")
    if not part:
        return False
    if not line.strip():
        return True  # calculation.py prints blank lines inside a part
    if total := _TOTAL.match(line):
        out.add(f"mme/{part} score", total.group(1), "mme", running=False)
        return True
    if task := _TASK.match(line):
        out.add(f"mme/{task.group(1)} score", task.group(2), "mme", running=False)
        return True
    state.context["mme_part"] = None
    return False
