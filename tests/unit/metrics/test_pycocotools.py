"""pycocotools COCOeval.summarize() (format string ` {:<18} {} @[ IoU={:<9} | area={:>6s} |
maxDets={:>3d} ] = {:0.3f}`; keypoints use maxDets=20; lvis-api adds `catIds=`)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

_ROW = " Average {:<9} ({}) @[ IoU={:<9} | area={:>6s} | maxDets={:>3d} ] = {:0.3f}"


def _row(kind: str, iou: str, area: str, dets: int, value: float) -> str:
    title = "Precision" if kind == "AP" else "Recall   "
    return _ROW.format(title, kind, iou, area, dets, value)


def test_keypoint_block_without_a_task_line_is_keypoints() -> None:
    # Given a keypoints summary (maxDets=20) pasted without its "annotation type" line
    text = "\n".join(
        [
            _row("AP", "0.50:0.95", "all", 20, 0.655),
            _row("AP", "0.50", "all", 20, 0.862),
            _row("AR", "0.50:0.95", "all", 20, 0.712),
        ]
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then they are keypoint metrics, and a box AP claim is refused
    assert metrics == {"keypoints/AP": 0.655, "keypoints/AP50": 0.862, "keypoints/AR": 0.712}
    assert not confirms(text, "box AP", 0.655)


def test_sentinel_minus_one_is_never_a_value() -> None:
    # Given a block where small objects are absent (-1.000)
    text = "Evaluate annotation type *bbox*\n" + "\n".join(
        [_row("AP", "0.50:0.95", "all", 100, 0.412), _row("AP", "0.50:0.95", "small", 100, -1)]
    )
    # When the metrics are extracted, then -1 is not read
    assert found(text) == {"bbox/AP": 0.412}


def test_box_eval_header_names_the_task() -> None:
    # Given an LVIS-layout block under a "BOX EVAL" banner
    text = "=" * 20 + " SEGM EVAL " + "=" * 20 + "\n"
    text += (
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=300 catIds=all] = 0.301"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the value is a mask AP on LVIS
    assert metrics == {"segm/LVIS/AP": 0.301}
    assert confirms(text, "mask AP", 30.1, dataset="LVIS")
    assert not confirms(text, "box AP", 30.1)


def test_the_keypoint_summary_ar_row_is_the_ar() -> None:
    text = (
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets= 20 ] =  0.736\n"
        " Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets= 20 ] =  0.764\n"
        " Average Recall     (AR) @[ IoU=0.50      | area=   all | maxDets= 20 ] =  0.950\n"
    )
    assert confirms(text, "AR", 0.764)
    assert not confirms(text, "AR", 0.95)
