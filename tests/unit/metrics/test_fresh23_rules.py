"""Reading rules found on the fresh23 hold-out (verdicts29): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_claim_half_a_unit_off_a_coarser_print_is_not_that_print() -> None:
    log = "We got recall 0.64 and precision 0.91 on our data.\n"
    assert confirms(log, "Precision", 0.91)
    assert confirms(log, "Precision", 91.0)
    assert confirms(log, "Precision", 91.3)
    # 91.5 rounds to 0.92 as much as to 0.91: the print does not show it
    assert not confirms(log, "Precision", 91.5)
    assert not confirms(log, "Recall", 0.645)


def test_a_runs_max_of_a_score_is_its_best_value() -> None:
    log = "Accuracy of the network on the 10000 test images: 80.1%\nMax accuracy: 81.37%\n"
    assert confirms(log, "Best Accuracy", 81.37)
    assert confirms(log, "Best Accuracy", 0.8137)
    assert not confirms(log, "Best Accuracy", 81.3)


def test_a_dataset_beside_its_split_picks_the_row_it_names() -> None:
    log = (
        "| condition | dev WER | test WER |\n"
        "|---|---|---|\n"
        "| close | 11.2 | 12.4 |\n"
        "| far | 25.1 | 27.9 |\n"
        "| beamformed | 18.3 | 19.6 |\n"
    )
    assert confirms(log, "WER", 27.9, "Corpus far test")
    assert confirms(log, "WER", 12.4, "Corpus close test")
    assert not confirms(log, "WER", 19.6, "Corpus far test")
    assert not confirms(log, "WER", 12.4, "Corpus far test")
    assert not confirms(log, "WER", 25.1, "Corpus far test")


def test_a_metric_of_each_class_lead_scopes_the_class_value_pairs() -> None:
    log = (
        "mAP: 0.6120\n"
        "ap of each class: car:0.7512, truck:0.4410, person:0.6438\n"
        "IoU per class: road:0.95, building:0.81\n"
    )
    names = found(log)
    assert names["truck/ap"] == 0.441
    assert names["building/IoU"] == 0.81
    assert confirms(log, "AP (truck)", 44.1)
    assert not confirms(log, "AP (car)", 44.1)
    assert not confirms(log, "mAP", 75.12)
    assert confirms(log, "mAP", 61.2)


def test_an_acronym_after_a_spelled_out_name_is_the_metric() -> None:
    log = "Word error rate (WER): 31.20 %\nPosition-independent word error rate (PER): 22.70 %\n"
    assert confirms(log, "WER", 31.2)
    assert confirms(log, "PER", 22.7)
    assert not confirms(log, "WER", 22.7)


def test_sclites_own_summary_err_is_the_word_error_rate() -> None:
    log = (
        "                     SYSTEM SUMMARY PERCENTAGES by SPEAKER\n"
        "      ,-------------------------------------------------------.\n"
        "      |                 hyp.txt                               |\n"
        "      |-------------------------------------------------------|\n"
        "      | SPKR   | # Snt  # Wrd | Corr  Sub  Del  Ins  Err  S.Err |\n"
        "      |--------+--------------+---------------------------------|\n"
        "      | s1     |  100     900 | 80.0  15.0  5.0  2.0 22.0  70.0 |\n"
        "      |=========================================================|\n"
        "      | Sum/Avg|  100     900 | 80.0  15.0  5.0  2.0 22.0  70.0 |\n"
        "      `---------------------------------------------------------'\n"
    )
    assert confirms(log, "WER", 22.0)
    assert not confirms(log, "WER", 70.0)
    assert not confirms(log, "WER", 80.0)


def test_a_plain_metric_beside_its_average_named_twin_is_the_plain_claim() -> None:
    log = "Saving dict for global step 500: accuracy = 0.91, average_loss = 0.3312, loss = 42.39\n"
    assert confirms(log, "Loss", 42.39)
    assert not confirms(log, "Loss", 0.3312)
    assert confirms(log, "Average Loss", 0.3312)


def test_a_model_name_with_a_version_number_is_no_setting_to_contradict() -> None:
    log = (
        "| model | top1 | top5 |\n"
        "|---|---|---|\n"
        "| shufflenet0_5 | 60.55 | 81.75 |\n"
        "| shufflenet1_0 | 69.36 | 88.32 |\n"
    )
    assert confirms(log, "Top-1 Accuracy (shufflenet1_0)", 69.36)
    assert confirms(log, "Top-5 Accuracy (shufflenet0_5)", 81.75)
    assert not confirms(log, "Top-1 Accuracy (shufflenet0_5)", 69.36)


def test_an_evaluating_the_x_model_title_scopes_the_lines_below() -> None:
    log = (
        "Evaluating the primary model:\n"
        " * Prec@1 70.120\tPrec@5 90.400\n"
        "Evaluating the EMA model:\n"
        " * Prec@1 72.310\tPrec@5 91.950\n"
    )
    assert confirms(log, "Top-1 Accuracy (EMA)", 72.31)
    assert not confirms(log, "Top-1 Accuracy (EMA)", 70.12)
    assert not confirms(log, "Top-5 Accuracy (EMA)", 90.4)
