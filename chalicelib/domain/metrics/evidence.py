"""A claim's discriminating qualifiers must be evidenced by the value that confirms it.

`claims._narrow` keeps the values of the claimed metric that may answer the claim. A value that
says nothing of a qualifier the claim names stays a candidate (an unqualified AUROC answers an
"Image AUROC" claim on a log that prints only one AUROC: the qualifier is the log's default).
But when the log itself tells values apart by that qualifier, the claim means the value the log
qualifies so:

- a qualifier of one of the vocabulary's exclusive groups (image vs pixel level, micro vs macro,
  cosine vs dot...): when some candidates carry the claimed one, only those answer;
- an IoU or score threshold ("mAP@0.7", "F1 (IoU=0.5)"): a value whose name or line states other
  thresholds and not the claimed one is another point of the sweep;
- a condition the claim states with or without ("mAP (w/o re-ranking)", "Acc with TTA"): a value
  whose name or line states the opposite condition is the other arm of the ablation;
- the recall points of an interpolated AP ("3D AP (moderate, R40)", KITTI's 11-point `AP@` and
  40-point `AP_R40@` blocks, mmdetection3d's `AP11@`/`AP40@`): a value whose name or line states
  other recall points is the other block, and when some values state the claimed ones, a value
  stating none is not evidence of them;
- a mean IoU and a plain IoU: the vocabulary folds them (a log that prints one IoU means the
  mean), but a log that prints both (semantic scene completion's `IoU` beside `mIoU`) reports
  two metrics, and the claim means the one it names.

Pure functions on the extracted metrics; tests in `tests/unit/metrics/test_claim_evidence.py`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import MetricSense, sense_of

# Qualifiers that tell values of one metric apart when a log prints both (vocabulary
# `_EXCLUSIVE`, read by `sense_of`).
_DISCRIMINATING = frozenset(
    {"box", "mask", "keypoints", "micro", "macro", "weighted", "samples", "image", "pixel"}
    | {"cosine", "dot", "manhattan", "euclidean"}
    | {"bev", "3d", "aos"}
)

# A threshold written with "@" or after an IoU/threshold word: "mAP@0.7", "AP@.5",
# "tIoU = 0.60", "IoU=0.50:0.95", "thresh 0.3". A range keeps its second bound.
_THRESHOLD = re.compile(
    r"(?i)(?=[@ti])(?:@|(?<![a-z])(?:t?iou|thr|thresh(?:old)?)s?\s*[=:@]?\s*)"
    r"(0?\.\d{1,3}|1\.0{1,3})(?:\s*[:\-]\s*(0?\.\d{1,3}|1\.0{1,3}))?(?![\d.])"
)

# "w/o X", "without X", "w/ X", "with X": a condition of an ablation.
_CONDITION = re.compile(
    r"(?i)(?=[w])(?<![a-z])(w/o|without|w/|with)(?![a-z])[\s_\-]*([a-z][a-z\-]{2,30})"
)


# "R40", "AP_R40", "AP40", "AP R11", "40-point", "11 recall positions": how many recall points
# an interpolated AP is averaged over.
_RECALL_POINTS = re.compile(
    r"(?i)(?<![a-z0-9])(?:ap[_ ]?+)?+r(11|40)(?!\d)|(?<![a-z0-9])ap(11|40)(?!\d)"
    r"|(?<![\d.])(11|40)[ \-]?+(?:points?+|recall)"
)


def _recall_points(text: str) -> set[str]:
    if "11" not in text and "40" not in text:
        return set()
    return {next(g for g in m.groups() if g) for m in _RECALL_POINTS.finditer(text)}


def _stated_points(metric: ExtractedMetric) -> set[str]:
    """The recall points a value's name or line states; KITTI's evaluation (`kitti_eval`)
    names the 40-point block (`AP_R40@`, `AP40@`) and prints the 11-point one bare (`AP@`), so
    there a value that states none is the 11-point AP."""
    stated = _recall_points(f"{metric.name} {metric.evidence}")
    return stated or ({"11"} if metric.source == "kitti_eval" else set())


def _thresholds(text: str) -> set[tuple[float, float | None]]:
    if "@" not in text and "iou" not in text.lower() and "thr" not in text.lower():
        return set()
    found = set()
    for match in _THRESHOLD.finditer(text):
        low = round(float(match.group(1)), 3)
        high = round(float(match.group(2)), 3) if match.group(2) else None
        found.add((low, high))
    return found


def _conditions(text: str) -> dict[str, bool]:
    """The conditions a text states, each with whether it says "with" (True) or "without"."""
    if "w" not in text and "W" not in text:
        return {}
    stated: dict[str, bool] = {}
    for match in _CONDITION.finditer(text):
        word = re.sub(r"[^a-z]", "", match.group(2).lower())
        if len(word) >= 3:
            stated[word] = match.group(1).lower() in ("with", "w/")
    return stated


def _opposes(wanted: dict[str, bool], told: dict[str, bool]) -> bool:
    for word, positive in wanted.items():
        for other, other_positive in told.items():
            same = other.startswith(word[:6]) or word.startswith(other[:6])
            if same and other_positive != positive:
                return True
    return False


def _mean_iou(text: str) -> bool:
    key = re.sub(r"[^a-z]", "", text.lower())
    return "miou" in key or "meaniou" in key


def _iou_kind(name: str, chosen: list[ExtractedMetric]) -> list[ExtractedMetric]:
    """When the candidates print both a mean IoU and a plain IoU, those the claim names."""
    kinds = [(m, _mean_iou(m.name.rsplit("/", 1)[-1])) for m in chosen]
    if len({mean for _, mean in kinds}) < 2:
        return chosen
    wanted = _mean_iou(name)
    return [m for m, mean in kinds if mean == wanted]


def evidenced(
    claim: MetricSense, name: str, chosen: list[ExtractedMetric]
) -> list[ExtractedMetric]:
    """The candidates whose qualifiers, thresholds and conditions do not contradict the claim's,
    preferring those that carry the claimed discriminating qualifiers when the log has them."""
    wanted = claim.qualifiers & _DISCRIMINATING
    if wanted:
        carrying = [m for m in chosen if wanted <= sense_of(m.name).qualifiers]
        if carrying:
            chosen = carrying
    thresholds = {t for t in _thresholds(name) if t[1] is None}
    if thresholds:
        kept = []
        for metric in chosen:
            # the name's own threshold, else the ones its line states
            told = _thresholds(metric.name) or _thresholds(metric.evidence)
            if not told or thresholds & told:
                kept.append(metric)
        chosen = kept
    conditions = _conditions(name)
    if conditions:
        chosen = [
            m for m in chosen if not _opposes(conditions, _conditions(f"{m.name} {m.evidence}"))
        ]
    if claim.base == "miou":
        chosen = _iou_kind(name, chosen)
    points = _recall_points(name)
    if points:
        stated_by = [(m, _stated_points(m)) for m in chosen]
        carrying = [m for m, stated in stated_by if stated & points]
        chosen = carrying or [m for m, stated in stated_by if not stated]
    return chosen
