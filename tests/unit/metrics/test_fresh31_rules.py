"""Reading rules found on the fresh31 blind set (verdicts36): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_speech_corpus_dev_and_eval_sets_stay_apart() -> None:
    # Given sclite lines of one system scored on a corpus's dev and eval sets
    log = (
        "%WER 31.2 | 13059 94914 | 72.1 17.3 10.6 3.3 31.2 60.4 | 0.610 | "
        "exp/ihm/chain/tdnn1a_sp/decode_dev/ascore_10/dev_hires.ctm.filt.sys\n"
        "%WER 35.7 | 12612 89635 | 68.4 19.2 12.4 4.1 35.7 58.8 | 0.592 | "
        "exp/ihm/chain/tdnn1a_sp/decode_eval/ascore_10/eval_hires.ctm.filt.sys\n"
    )
    # Then an eval claim is the eval set's value, never the dev set's
    assert confirms(log, "WER", 35.7, "ICSI IHM eval")
    assert not confirms(log, "WER", 31.2, "ICSI IHM eval")
    assert confirms(log, "WER", 31.2, "ICSI IHM dev")
    assert not confirms(log, "WER", 35.7, "ICSI IHM dev")


def test_an_eval_prefix_alone_still_answers_a_dev_claim() -> None:
    # Given an HF Trainer evaluation, whose eval_ prefix is the only held-out word
    log = "***** eval metrics *****\n  eval_accuracy = 0.9137\n  eval_loss = 0.2519\n"
    # Then a claim on the dev set is still that evaluation's
    assert confirms(log, "Accuracy", 91.37, "SST-2 dev")


def test_a_compare_wer_table_pasted_as_a_diff_is_read() -> None:
    # Given a compare_wer.sh table added to a RESULTS file, pasted as the pull request's diff
    log = (
        "+# System                tdnn_1a   tdnn_1b\n"
        "+# WER on dev(tg)          21.05     20.42\n"
        "+# WER on test(tg)         19.88     19.31\n"
        "+# Final train prob     -0.0712   -0.0698\n"
    )
    # Then each value is its system's WER on its set
    assert found(log)["test/tg/tdnn_1b/WER"] == 19.31
    assert confirms(log, "WER", 19.88, "test")
    assert not confirms(log, "WER", 20.42, "test")


def test_a_writer_getting_results_from_an_official_tool_presents_own_numbers() -> None:
    # Given the writer's own pycocotools summary under a title naming the official API
    log = (
        "With the official COCO API we got these results on our val split:\n"
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.381\n"
        " Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.592\n"
    )
    # Then the values are the run's own
    assert confirms(log, "AP", 38.1)
    assert confirms(log, "AP50", 0.592)


def test_a_paper_results_title_still_quotes_its_block() -> None:
    # Given a title naming the paper's results (no writer getting them)
    log = "Official results reported in the paper:\nmAP: 0.452\n\nMine:\nmAP: 0.401\n"
    # Then the quoted value is not the run's
    assert not confirms(log, "mAP", 0.452)
    assert confirms(log, "mAP", 0.401)


def test_mean_intersection_over_union_written_out_is_miou() -> None:
    # Given a segmentation evaluator printing the metric's full name
    log = "Intersection over Union for each class:\n    class 0: 0.9120\n" + (
        "mean Intersection over Union: 0.6712\nPixel Accuracy: 0.9031\n"
    )
    # Then an mIoU claim is that mean, never a class's value
    assert confirms(log, "mIoU", 67.12)
    assert not confirms(log, "mIoU", 0.912)


def test_a_timm_summary_cut_after_the_top5_value_is_read() -> None:
    # Given timm's validate.py summary pasted without the top-5 error rate
    log = "val result: * Acc@1 63.418 (36.582)  Acc@5 84.901\n"
    # Then top-1 and top-5 are read, never the error rate
    assert confirms(log, "Top-1 Accuracy", 63.418)
    assert confirms(log, "Top-5 Accuracy", 84.901)
    assert not confirms(log, "Top-1 Accuracy", 36.582)


def test_a_table_of_decoding_methods_by_set_is_their_wer() -> None:
    # Given an icefall results table of decoding methods on a recipe's dev and test sets
    log = (
        "|                      | dev  | test |\n"
        "|----------------------|------|------|\n"
        "| greedy_search        | 8.31 | 8.05 |\n"
        "| modified_beam_search | 8.12 | 7.94 |\n"
    )
    # Then each value is that method's WER on that set, also for a named corpus
    assert confirms(log, "Test WER", 8.05, "GigaSpeech")
    assert confirms(log, "Dev WER", 8.12)
    assert not confirms(log, "Test WER", 8.31)


def test_a_corpus_with_dev_and_val_sets_keeps_them_apart() -> None:
    # Given a results table of one corpus's dev and val sets
    log = (
        "|                 | dev  | val  |\n"
        "|-----------------|------|------|\n"
        "| greedy search   | 3.12 | 3.27 |\n"
    )
    # Then a val claim is the val column's, never the dev column's
    assert confirms(log, "WER", 3.27, "SPGISpeech val")
    assert not confirms(log, "WER", 3.12, "SPGISpeech val")


def test_a_table_cell_with_a_note_in_words_is_its_number() -> None:
    # Given a hand-written comparison table whose own row notes where a value was measured
    log = (
        "| | box AP | mask AP |\n"
        "| --- | --- | --- |\n"
        "| paper | 41.2 | 37.1 |\n"
        "| mine | 40.6 (minival) | 36.8 |\n"
    )
    # Then the noted cell is read as its number, the paper's row stays the paper's
    assert confirms(log, "box AP", 40.6)
    assert not confirms(log, "box AP", 41.2)
