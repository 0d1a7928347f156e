"""Which AP a writer's sentence means when it says only "AP": the one their prose says they
evaluate. An issue about instance segmentation names the metric it checks ("evaluate the Mask
AP performance", "the segm AP is lower than MODEL_ZOO") and then reports "I got the AP 0.367":
that AP is the mask AP, not the box AP an unqualified "AP" means on a detection log. When the
log's prose names one kind of AP only (mask/segm, or box/bbox), a bare `AP`/`mAP` the writer
states in a sentence (`own_result`) takes that kind; a log naming both kinds qualifies none.
Tool output names its own kind (`IoU metric: segm`, `segm_mAP`) and is not touched.

Shape: facebookresearch/detectron2#2654 ("to evaluate the Mask AP performace. As a result, I
got the AP 0.367"); facebookresearch/detectron2#721 names both ("while I'm able to get box AP,
I'm unable to reproduce the mask AP (35.2 AP)"), so its bare AP keeps no kind.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

# "Mask AP", "segm AP", "segmentation mAP", "box AP", "bbox mAP" written as words in prose.
_KIND_AP = re.compile(r"(?i)(?<![\w])(mask|segm|segmentation|box|bbox)\s++m?+AP(?![\w])")
_KINDS = {"mask": "mask", "segm": "mask", "segmentation": "mask", "box": "box", "bbox": "box"}
_KEY = "prose_ap_kinds"


@reader(
    "evaluated_ap",
    markers=(
        "ask AP",
        "ask mAP",
        "ASK AP",
        "egm AP",
        "egm mAP",
        "ion AP",
        "ion mAP",
        "ox AP",
        "ox mAP",
        "OX AP",
    ),
    order=3,
)
def note_ap_kind(line: str, state: LogState, out: Sink) -> bool:
    """Note the kinds of AP the log's lines name (the line stays open to every reader)."""
    kinds = {_KINDS[m.group(1).lower()] for m in _KIND_AP.finditer(line)}
    if kinds:
        state.context.setdefault(_KEY, set()).update(kinds)
    return False


def evaluated_ap(name: str, state: LogState) -> str:
    """`AP` -> `mask AP` when the log's prose named mask AP and no box AP (and alike)."""
    if name.lower() not in ("ap", "map"):
        return name
    kinds = state.context.get(_KEY)
    if not kinds or len(kinds) != 1:
        return name
    return f"{next(iter(kinds))} {name}"
