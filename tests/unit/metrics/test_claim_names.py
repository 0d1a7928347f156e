"""Names the vocabulary reads into the metric a claim means (vocabulary.py, phrases.py): each
rule on a minimal log written for it (the corpus holds the real logs)."""

from __future__ import annotations

from chalicelib.domain.metrics.vocabulary import same_metric, sense_of
from tests.unit.metrics._helpers import confirms


def test_waymo_difficulty_levels_are_qualifiers_of_ap_and_aph_not_squared_error() -> None:
    openpcdet = (
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_1/AP: 0.6120 \n"
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_1/APH: 0.5980 \n"
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_2/AP: 0.5890 \n"
        "OBJECT_TYPE_TYPE_CYCLIST_LEVEL_2/APH: 0.5761 \n"
    )
    assert confirms(openpcdet, "Cyclist L2 APH", 57.61)
    assert confirms(openpcdet, "Cyclist mAPH (L2)", 0.5761)
    assert confirms(openpcdet, "Cyclist Level 1 AP", 0.612)
    assert not confirms(openpcdet, "Cyclist L2 AP", 0.5761)  # that is the APH
    assert not confirms(openpcdet, "Cyclist L1 APH", 0.5761)  # that is level 2
    mmdet3d = "Overall/L1 mAP: 0.6810\nOverall/L1 mAPH: 0.6512\nOverall/L2 mAPH: 0.5987\n"
    assert confirms(mmdet3d, "L2 mAPH", 0.5987) and not confirms(mmdet3d, "L1 mAPH", 0.5987)
    assert sense_of("L2 loss").base == "mse"  # without an AP, L2 stays the squared error
    assert not same_metric("Vehicle L1 APH", "Vehicle L2 APH")


def test_coco_average_recall_counts_detections_per_image_as_its_cutoff() -> None:
    efficientdet = "{'AP': 0.412, 'ARmax1': 0.331, 'ARmax10': 0.52, 'ARmax100': 0.553}"
    assert confirms(efficientdet, "AR@100", 0.553) and confirms(efficientdet, "AR", 55.3)
    assert not confirms(efficientdet, "AR@100", 0.331) and not confirms(efficientdet, "AR", 0.331)
    assert sense_of("AR1").k == 1 and sense_of("AR_max_100").k == 100
    assert same_metric("AR100", "AR@100") and not same_metric("AR1", "AR@100")
