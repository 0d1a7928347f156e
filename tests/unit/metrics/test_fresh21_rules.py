"""Reading rules found on the fresh21 hold-out (verdicts26): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_an_espnet_row_under_a_tag_of_ones_own_keeps_its_set() -> None:
    log = (
        "### WER\n\n"
        "|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|\n"
        "|---|---|---|---|---|---|---|---|---|\n"
        "|greedy_nolm/dev_clean|100|2000|97.0|2.0|0.5|0.5|3.0|30.0|\n"
        "|greedy_nolm/test_clean|100|2000|96.0|3.0|0.5|0.5|4.0|31.0|\n"
    )
    assert found(log)["dev_clean/WER Err"] == 3.0
    assert confirms(log, "WER", 4.0, "test-clean")
    assert not confirms(log, "WER", 3.0, "test-clean")


def test_kitti_ap_kinds_are_different_metrics() -> None:
    log = (
        "Car AP@0.70, 0.70, 0.70:\n"
        "bbox AP:91.10, 89.20, 87.30\n"
        "bev  AP:88.40, 85.50, 83.60\n"
        "3d   AP:82.70, 74.80, 68.90\n"
        "aos  AP:90.90, 88.80, 86.70\n"
    )
    assert confirms(log, "3D AP (Car, moderate)", 74.8)
    assert not confirms(log, "3D AP (Car, moderate)", 85.5)
    assert not confirms(log, "3D AP (Car, easy)", 91.1)
    assert confirms(log, "BEV AP (Car, easy)", 88.4)
    assert not confirms(log, "BEV AP (Car, easy)", 82.7)


def test_a_baseline_column_beside_the_runs_own_is_not_the_run() -> None:
    log = (
        "| config | mine bbox_mAP | baseline bbox_mAP | mine segm_mAP | baseline segm_mAP |\n"
        "|---|---|---|---|---|\n"
        "| retinanet | 0.361 | 0.374 | / | / |\n"
        "| mask-rcnn | 0.371 | 0.382 | / | 0.347 |\n"
    )
    assert confirms(log, "box AP", 0.361)
    assert not confirms(log, "box AP", 0.374)
    assert not confirms(log, "mask AP", 0.347)
    assert confirms(log, "baseline box AP", 0.374)
    # a baseline's value on a row of its own (sacreBLEU's paired test) is the writer's system
    assert confirms("Baseline BLEU: 26.6\n", "BLEU", 26.6)


def test_values_in_a_parenthesis_ending_a_clause_whose_subject_is_the_paper_are_the_papers() -> (
    None
):
    log = (
        "On Yelp my run gives HR@10: 0.3120 NDCG@10: 0.1840; but the paper is higher "
        "(HR@10: 0.3390 NDCG@10: 0.2010). Any idea?\n"
    )
    assert confirms(log, "NDCG@10", 0.184)
    assert not confirms(log, "NDCG@10", 0.201)
    assert not confirms(log, "HR@10", 0.339)
    # a parenthesis after the writer's own clause is the writer's
    assert confirms("my run is close (NDCG@10: 0.2010)\n", "NDCG@10", 0.201)


def test_a_harmonic_mean_is_not_the_average() -> None:
    log = "=> Harmonic Accuracy: 61.40 Old Acc: 79.10 New Acc: 50.20\n"
    assert not confirms(log, "Average Accuracy", 61.4)
    assert confirms(log, "Harmonic Mean Accuracy", 61.4)
    both = "=> Average Accuracy: 70.25 Harmonic Accuracy: 61.40\n"
    assert confirms(both, "Average Accuracy", 70.25)
    assert not confirms(both, "Harmonic Mean Accuracy", 70.25)


def test_a_value_of_a_class_named_in_quotes_in_prose_is_not_the_mean() -> None:
    log = 'Training went fine but the class "bridge" miou=0.0 every time.\nmIoU: 48.30\n'
    assert not confirms(log, "mIoU", 0.0)
    assert confirms(log, "mIoU", 48.3)
    assert not confirms("The 'sidewalk' class mIoU: 12.5\n", "mIoU", 12.5)
    assert confirms("Final mIoU: 12.5 over all classes\n", "mIoU", 12.5)
