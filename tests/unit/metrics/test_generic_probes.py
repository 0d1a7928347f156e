# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""The generic reader on logs of tools no family reader knows: it reads what is a result and
names it as a person would, and leaves the rest (logger names, prose, vectors, conditions)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

# michuanhaohao/AlignedReID#10 (re-identification: CMC ranks and mAP)
ALIGNED_REID = """\
Computing CMC and mAP
Results ----------
mAP: 28.9%
CMC curve
Rank-1  : 53.9%
Rank-5  : 75.3%
------------------
"""


def test_cmc_ranks_are_metrics_and_a_process_rank_is_not() -> None:
    assert found(ALIGNED_REID) == {"mAP": 28.9, "Rank-1": 53.9, "Rank-5": 75.3}
    assert confirms(ALIGNED_REID, "Rank-1", 53.9)
    assert not confirms(ALIGNED_REID, "Rank-1", 75.3)
    # layumi/Person_reID_baseline_pytorch#79
    assert found("Rank@1:0.934382 Rank@5:0.975950 mAP:0.813162\n") == {
        "Rank@1": 0.934382,
        "Rank@5": 0.97595,
        "mAP": 0.813162,
    }
    assert found("rank: 0, world_size: 8\n") == {}


def test_a_logger_name_before_its_level_is_no_metric_name() -> None:
    # JDAI-CV/fast-reid#103: the task names one line, its value the next
    log = (
        "[06/09 20:28:08] fastreid.evaluation.testing INFO: Task: mAP\n"
        "[06/09 20:28:08] fastreid.evaluation.testing INFO: 0.2%\n"
        "[06/09 20:28:08] fastreid.evaluation.testing INFO: Task: TPR@FPR=0.0001\n"
    )
    assert found(log) == {}
    # a logger prefix before a real name is dropped
    assert found("2019-07-13 07:28:46,538 reid_baseline.inference INFO: mAP: 60.7%\n") == {
        "mAP": 60.7
    }


def test_a_vector_of_values_is_no_single_metric() -> None:
    # open-mmlab/OpenPCDet#432: KITTI easy, moderate and hard on one line
    log = "Car AP@0.70, 0.70, 0.70:\nbbox AP:96.2470, 89.4992, 89.2430\n3d   AP:89.3476, 83.6901, 78.7028\n"
    # (the kitti_eval reader reads each difficulty level; no name gets the vector's first number)
    assert not {"bbox AP", "3d AP", "3d   AP"} & set(found(log))
    assert found(log)["Moderate/Car 3D AP"] == 83.6901
    # mileyan/pseudo-LiDAR_e2e#17: the same, space separated
    assert found("car_detection_ground AP: 77.831551 59.772270 54.277523\n") == {}
    # pairs separated by commas are still read
    assert found("loss: 0.51, acc: 0.83\n") == {"loss": 0.51, "acc": 0.83}


def test_prose_fragments_are_no_names() -> None:
    # mileyan/pseudo-LiDAR_e2e#17 ("number of files for evaluation: 3769")
    assert found("number of files for evaluation: 3769\n") == {}
    # beir-cellar/beir#143: a number in a sentence is scoped by the sentence, not by a name
    # (the writer's own result, readers/own_result.py: scoped by the data set the sentence names)
    line = "on BEIR MS-MARCO dataset, and I obtain NDCG@10: 0.4769 which is higher\n"
    assert found(line) == {"MS-MARCO/NDCG@10": 0.4769}


# RUCAIBox/RecBole#1785 and #753: the split is named before the results, or on the line before
RECBOLE = """\
Fri 05 Mar 2021 15:03:20 INFO valid result:
recall@20 : 0.0413    mrr@20 : 0.1413    ndcg@20 : 0.0688    hit@20 : 0.3017    precision@20 : 0.0536
Fri 05 Mar 2021 15:04:09 INFO test result: {'recall@20': 0.032, 'mrr@20': 0.2363, 'ndcg@20': 0.1468}
26 May 19:28    INFO  best valid : OrderedDict([('recall@10', 0.746), ('ndcg@10', 0.4888)])
"""


def test_a_split_named_before_the_results_or_on_a_title_line() -> None:
    assert confirms(RECBOLE, "Validation Recall@20", 0.0413)
    assert not confirms(RECBOLE, "Test Recall@20", 0.0413)
    assert confirms(RECBOLE, "Test Recall@20", 0.032)
    assert confirms(RECBOLE, "Validation NDCG@10", 0.4888)
    assert not confirms(RECBOLE, "Test NDCG@10", 0.4888)


# deepinsight/insightface#85: verification on several data sets during training
INSIGHTFACE = """\
[lfw][308000]XNorm: 22.075580
[lfw][308000]Accuracy-Flip: 0.99800+-0.00245
[cfp_fp][308000]Accuracy-Flip: 0.93457+-0.01542
saving 77
"""


def test_a_bracketed_label_glued_to_a_name_scopes_it() -> None:
    assert found(INSIGHTFACE) == {
        "lfw/XNorm": 22.07558,
        "lfw/Accuracy-Flip": 0.998,
        "cfp_fp/Accuracy-Flip": 0.93457,
    }
    assert confirms(INSIGHTFACE, "Accuracy-Flip", 0.998, dataset="LFW")
    assert not confirms(INSIGHTFACE, "Accuracy-Flip", 0.93457, dataset="LFW")
    assert found("[INFO]acc: 0.5\n") == {"acc": 0.5}
