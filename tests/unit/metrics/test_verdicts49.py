"""Rules from the round on fresh43 (verdicts49): POPE's per-category blocks
(`partition_titles`), a qualified column beside the plain one (`metric_siblings`), the split a
report states in prose (`stated_splits`) and the CHAIR evaluation's own recall
(`chair_blocks`). Each test is a crafted log of a general shape, never a corpus excerpt; public
examples of each shape are named in its comments."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_pope_category_blocks_are_each_categorys_and_the_average_is_none() -> None:
    # Shape: LLaVA's llava/eval/eval_pope.py prints "Category: {}, # samples: {}", the
    # category's Accuracy/Precision/Recall/F1 score lines and a rule of "=" per category
    # (https://github.com/haotian-liu/LLaVA/issues/626: "Category: random, # samples: 2910 ...
    # F1 score: 0.8717759764185703"; https://github.com/shikiw/OPERA/issues/33 pastes the same
    # block from LLaVA's evaluation), and reproductions add the average F1 below the last rule.
    # Given three category blocks and the average
    log = (
        "Category: adversarial, # samples: 3000\n"
        "TP\tFP\tTN\tFN\n"
        "1300\t180\t1320\t200\n"
        "Accuracy: 0.8733\n"
        "Precision: 0.8784\n"
        "Recall: 0.8667\n"
        "F1 score: 0.8725\n"
        "Yes ratio: 0.4933\n"
        "====================================\n"
        "Category: popular, # samples: 3000\n"
        "TP\tFP\tTN\tFN\n"
        "1300\t90\t1410\t200\n"
        "Accuracy: 0.9033\n"
        "Precision: 0.9353\n"
        "Recall: 0.8667\n"
        "F1 score: 0.8997\n"
        "Yes ratio: 0.4633\n"
        "====================================\n"
        "Category: random, # samples: 2910\n"
        "TP\tFP\tTN\tFN\n"
        "1250\t40\t1370\t250\n"
        "Accuracy: 0.9003\n"
        "Precision: 0.9690\n"
        "Recall: 0.8333\n"
        "F1 score: 0.8961\n"
        "Yes ratio: 0.4433\n"
        "====================================\n"
        "Average F1 score: 0.8894\n"
    )
    # Then one category's F1 answers a claim on that category only
    assert confirms(log, "F1", 0.8997, "POPE popular")
    assert not confirms(log, "F1", 0.8997, "POPE random")
    assert not confirms(log, "F1", 0.8997, "POPE adversarial")
    assert confirms(log, "Accuracy", 90.03, "POPE random")
    # And the average below the last rule is POPE's, no category's
    assert confirms(log, "F1", 88.94, "POPE")
    assert not confirms(log, "F1", 0.8894, "POPE random")


def test_a_qualified_column_beside_the_plain_one_is_not_the_plain_metric() -> None:
    # Shape: time-series anomaly detection reports F1 with and without point adjustment side
    # by side (https://github.com/thuml/Anomaly-Transformer/issues/4: "F-score : 0.9314" with
    # the adjustment, "F-score : 0.0199" without; https://github.com/DAMO-DI-ML/KDD2023-DCdetector
    # /issues/35 and https://github.com/thuml/Time-Series-Library/issues/430 on the two F1s).
    # Given a table with both columns per data set
    log = (
        "| Dataset | F1-PA | F1 |\n"
        "| --- | --- | --- |\n"
        "| SMD | 0.8810 | 0.0412 |\n"
        "| PSM | 0.9702 | 0.0533 |\n"
    )
    # Then a plain F1 claim on a data set is the plain column's value
    assert confirms(log, "F1", 0.0412, "SMD")
    assert not confirms(log, "F1", 0.8810, "SMD")
    assert not confirms(log, "F1", 0.9702, "PSM")
    # And the qualified column answers a claim that says so
    assert confirms(log, "F1-PA", 0.8810, "SMD")
    assert not confirms(log, "F1-PA", 0.0412, "SMD")


def test_a_statement_that_the_numbers_shown_are_on_val_refuses_a_test_claim() -> None:
    # Shape: a reporter answers the maintainer's "val set or test server?" under the pasted
    # summary (https://github.com/tianweiy/CenterPoint/issues/265: "it is on val set";
    # https://github.com/facebookresearch/deit/issues/62: "results are on the validation set").
    # Given a detection summary, a question about the test server and the answer
    log = (
        "I evaluated the released model and got:\n"
        "```\n"
        "mAP: 0.5912\n"
        "NDS: 0.6588\n"
        "```\n"
        "Maintainer: did you submit to the test server?\n"
        "No, these results are on the val set.\n"
    )
    # Then the values are validation values: a test claim is refused, the others stand
    assert not confirms(log, "Test NDS", 65.88, "nuScenes")
    assert confirms(log, "NDS", 65.88, "nuScenes")
    assert confirms(log, "Validation NDS", 0.6588)
    assert confirms(log, "mAP", 59.12)


def test_a_report_run_on_a_val_split_that_never_names_test_answers_no_test_claim() -> None:
    # Shape: "I evaluated the pretrained models on ImageNet validation set"
    # (https://github.com/pytorch/vision/issues/907), "I ran ... on <data set> val and
    # obtained:" with a second run's block "using the same config" below.
    # Given two runs' blocks under one lead naming the val split (file names with digits)
    log = (
        "I ran the released checkpoint on MOT17 val using `r50_cfg.yaml` and obtained:\n"
        "\n"
        "```\n"
        "HOTA = 61.20; MOTA = 78.31; IDF1 = 74.02\n"
        "```\n"
        "\n"
        "Retraining with the same config, I obtained:\n"
        "\n"
        "```\n"
        "HOTA = 60.85; MOTA = 77.90; IDF1 = 73.11\n"
        "```\n"
    )
    # Then no test claim is confirmed; claims that name no split are
    assert not confirms(log, "Test HOTA", 61.20)
    assert not confirms(log, "Test IDF1", 73.11)
    assert confirms(log, "HOTA", 61.20, "MOT17")
    assert confirms(log, "IDF1", 73.11)


def test_a_report_that_names_a_test_split_too_keeps_its_unsplit_values() -> None:
    # Given a run evaluated on val and on test, the test block unlabelled
    log = (
        "I evaluated the model on the COCO val set and the test set. Test set:\n"
        "```\n"
        "AP: 41.2\n"
        "```\n"
    )
    # Then the stated-split rule stays out: the log's own labels decide
    assert confirms(log, "Test AP", 41.2)
    # And "dev" names a split only as a set ("on the dev machine" is a computer)
    log = "Running the script on FAIR dev machine\nr@1: 0.6290, r@5: 0.8620\n"
    assert confirms(log, "Test R@1", 0.629)


def test_the_recall_of_a_chair_evaluation_is_not_a_pope_recall() -> None:
    # Shape: the CHAIR evaluator that hallucination papers copy prints CHAIRs, CHAIRi, Recall
    # (of ground-truth objects), Len and sometimes Precision/F1 (OPERA chair.py:
    # `print(k.ljust(10), f'{v * 100:.01f}', sep=': ')`; https://github.com/LALBJ/PAI/issues/20
    # and https://github.com/LzVv123456/VISTA/issues/3 paste such blocks), often beside a POPE
    # block with its own Recall and F1 score.
    # Given a POPE block and a CHAIR block in one report
    log = (
        "POPE adversarial:\n"
        "```\n"
        "Accuracy: 0.851\n"
        "Precision: 0.8612\n"
        "Recall: 0.8373\n"
        "F1 score: 0.8491\n"
        "```\n"
        "CHAIR on 500 COCO images:\n"
        "```\n"
        "CHAIRs    : 44.6\n"
        "CHAIRi    : 14.0\n"
        "Recall    : 70.6\n"
        "Precision : 77.2\n"
        "F1        : 73.8\n"
        "Len       : 92.0\n"
        "```\n"
    )
    # Then CHAIR's recall and F1 answer no POPE claim, POPE's own do
    assert not confirms(log, "Recall", 70.6, "POPE")
    assert not confirms(log, "F1", 73.8, "POPE")
    assert confirms(log, "Recall", 83.73, "POPE")
    assert confirms(log, "F1", 84.91, "POPE")
    # And the CHAIR values answer CHAIR claims
    assert confirms(log, "CHAIRs", 44.6)
    assert confirms(log, "Recall", 70.6, "CHAIR")
