"""The values printed with a CHAIR evaluation are that evaluation's (`engine.Extraction`
scopes them in `results`).

CHAIR (Rohrbach et al., object hallucination in image captioning) is scored by a `chair.py`
that hallucination papers copy from one another (OPERA, VCD, HALC, ...); OPERA's prints
`print(k.ljust(10), f'{v * 100:.01f}', sep=': ')` for each of `CHAIRs`, `CHAIRi`, `Recall` and
`Len`. That `Recall` is the share of the image's ground-truth COCO objects the captions
mention, not the recall of a yes/no benchmark run beside it: reproduction reports paste the
CHAIR block next to a POPE block (`Accuracy`, `Precision`, `Recall`, `F1 score`), and a claim
of POPE's recall must not be answered by CHAIR's. The values on the lines that run on,
unbroken, from a `CHAIRs`/`CHAIRi` line are scoped `CHAIR/...`.

Tests: `tests/unit/metrics/test_verdicts49.py`.
"""

from __future__ import annotations

from dataclasses import replace

from chalicelib.domain.metrics.model import ExtractedMetric

_CHAIR_NAMES = frozenset({"chairs", "chairi", "chair_s", "chair_i", "chair-s", "chair-i"})


def _is_chair(metric: ExtractedMetric) -> bool:
    return metric.name.rsplit("/", 1)[-1].strip().lower() in _CHAIR_NAMES


def chair_scoped(metrics: list[ExtractedMetric]) -> list[ExtractedMetric]:
    """`metrics` with the other values of a CHAIR block named `CHAIR/<name>`."""
    chair_lines = {m.line for m in metrics if m.line and _is_chair(m)}
    if not chair_lines:
        return metrics
    lines = {m.line for m in metrics if m.line}
    block: set[int] = set()
    for first in chair_lines:  # the unbroken run of value lines through each CHAIR line
        at = first
        while at in lines:
            block.add(at)
            at += 1
        at = first - 1
        while at in lines:
            block.add(at)
            at -= 1
    return [
        replace(m, name=f"CHAIR/{m.name}")
        if m.line in block and "/" not in m.name and not _is_chair(m)
        else m
        for m in metrics
    ]
