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


def test_a_short_title_names_the_task_of_the_block_below() -> None:
    # Given two summaries pasted under titles that name their IoU type, without task lines
    text = "\n".join(
        [
            "Mask results",
            _row("AP", "0.50:0.95", "all", 100, 0.301),
            _row("AP", "0.50", "all", 100, 0.402),
            "",
            "BBox results:",
            _row("AP", "0.50:0.95", "all", 100, 0.356),
        ]
    )
    # When the metrics are extracted, then each block carries its title's task
    assert found(text) == {"segm/AP": 0.301, "segm/AP50": 0.402, "bbox/AP": 0.356}
    # And a box AP claim of the mask value is refused, a mask AP claim confirmed
    assert not confirms(text, "box AP", 0.301)
    assert confirms(text, "mask AP", 30.1)
    assert confirms(text, "AP", 0.356)


def test_a_sentence_mentioning_a_mask_is_no_task_title() -> None:
    # Given a summary after a sentence that only mentions masks
    text = "We trained with mask loss weight two\n" + _row("AP", "0.50:0.95", "all", 100, 0.31)
    # When the metrics are extracted, then the value keeps its plain name
    assert found(text) == {"AP": 0.31}


def test_an_unqualified_ap_means_the_box_block_beside_keypoints() -> None:
    # Given a box summary (maxDets=100) followed by a keypoint summary (maxDets=20)
    text = "\n".join(
        [
            _row("AP", "0.50:0.95", "all", 100, 0.512),
            _row("AR", "0.50:0.95", "all", 100, 0.601),
            "",
            _row("AP", "0.50:0.95", "all", 20, 0.634),
        ]
    )
    # When an unqualified AP is claimed, then it is the box AP, not the keypoint AP
    assert confirms(text, "AP", 0.512)
    assert not confirms(text, "AP", 0.634)
    assert confirms(text, "Keypoint AP", 63.4)
