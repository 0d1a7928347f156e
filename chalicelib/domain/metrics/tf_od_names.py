"""The TensorFlow Object Detection API's metric names, read as the detection metrics they are.

Its evaluators prefix every metric with the protocol and what was matched
(research/object_detection/utils/object_detection_evaluation.py: `metric_prefix + 'Precision/
mAP@{}IOU'.format(matching_iou_threshold)` and `'PerformanceByCategory/AP@{}IOU/{}'` per class,
with the prefixes `PascalBoxes`, `WeightedPascalBoxes`, `PascalMasks`, `OpenImagesV2`,
`OpenImagesDetectionChallenge`; metrics/coco_evaluation.py: `DetectionBoxes_Precision/mAP`,
`DetectionBoxes_Precision/mAP@.50IOU`, `DetectionBoxes_Precision/mAP (large)`,
`DetectionBoxes_Recall/AR@100`, `DetectionMasks_Precision/mAP`):

- the prefix says boxes or masks (`bbox` / `segm`) and, for the weighted PASCAL metric,
  `weighted`; it names no data set (a claim on the data set the run evaluated stands);
- `@0.5IOU` is the IoU threshold 0.5 (`mAP@0.5`);
- a class of `PerformanceByCategory` scopes its AP (`dog`).

The PASCAL VOC 2007 and Open Images protocols define their mAP at IoU 0.5
(g3doc/evaluation_protocols.md): a plain "mAP" claim is answered by their `mAP@0.5IOU` when the
log has no mAP over IoU 0.50:0.95 (`voc_protocol_rows`).
"""

from __future__ import annotations

import re

_PREFIX = re.compile(
    r"^(Weighted)?+(?:Pascal|OpenImages\w*?|Detection)(Boxes|Masks|InstanceSegmentation\w*+)?+"
    r"_(Precision|Recall|PerformanceByCategory|CorLoc)/"
)
_IOU_SUFFIX = re.compile(r"(@\.?\d[\d.]*+)IOU\b")
# The protocols whose mAP is at IoU 0.5 (the extracted name, as the log printed it); the
# weighted PASCAL mAP is another metric.
VOC_PROTOCOL = re.compile(r"^(?:Pascal|OpenImages)[A-Za-z0-9]*+_Precision/mAP@0?\.5IOU$")


def tf_od_api_name(text: str) -> str:
    """`PascalBoxes_Precision/mAP@0.5IOU` -> `bbox/mAP@0.5`; other names unchanged."""
    match = _PREFIX.match(text)
    if match is None:
        return text
    weighted, matched, kind = match.groups()
    iou_type = "segm" if matched and not matched.startswith("Boxes") else "bbox"
    rest = _IOU_SUFFIX.sub(r"\1", text[match.end() :])
    head = f"weighted {iou_type}" if weighted else iou_type
    if kind == "PerformanceByCategory" and "/" in rest:
        metric, category = rest.split("/", 1)
        return f"{category}/{head}/{metric}"
    return f"{head}/{rest}"
