"""Engine rules every reader relies on: what makes a value a running one, and how a line is
cleaned before the readers see it (`engine.py`)."""

from __future__ import annotations

from chalicelib.domain.metrics import extract_metrics
from tests.unit.metrics._helpers import confirms, found

# LUMIA-Group/Leveraging-Self-Supervised-Learning-for-AVSR#6: per-batch values of a test pass.
BATCHES = """\
2022-10-04 15:46:46 | INFO | __main__ | batch28 || Test CER: 0.971 || Test WER: 0.983
2022-10-04 15:47:13 | INFO | __main__ | batch29 || Test CER: 0.971 || Test WER: 0.983
"""


def test_a_batch_counter_marks_per_batch_values() -> None:
    assert found(BATCHES) == {}
    assert found("Batch 12: acc 0.71\n") == {}
    # a batch size or a per-batch rate is no counter
    assert found("batch_size=32, val_acc: 0.91\n") == {"val_acc": 0.91}
    assert "valid loss" in found("| epoch 005 | valid loss 3.13 | words/batch    906\n")


# jasperzhong/GNNFlow#43: an epoch counter on a line of its own, then the same summary lines.
EPOCHS = """\
INFO:root:***Start validation at epoch 23***
INFO:root:epoch train time: 3.63 ; val time: 0.51; val ap:0.981153; val auc:0.980193
INFO:root:Best val AP: 0.9812 & val AUC: 0.9802
INFO:root:Epoch: 24
INFO:root:***Start validation at epoch 24***
INFO:root:epoch train time: 3.31 ; val time: 0.46; val ap:0.981991; val auc:0.980994
INFO:root:Best val AP: 0.9820 & val AUC: 0.9810
"""


def test_a_summary_repeated_after_a_progress_counter_is_the_next_epochs() -> None:
    metrics = found(EPOCHS)
    assert metrics["val auc"] == 0.980994
    assert metrics["Best val AP"] == 0.982
    assert not confirms(EPOCHS, "Validation AUC", 0.980193)
    assert confirms(EPOCHS, "Validation AUC", 0.980994)
    # without a counter between them, two summaries of one name both stand
    twice = "Test accuracy: 0.81\nTest accuracy: 0.83\n"
    assert confirms(twice, "Test accuracy", 0.81) and confirms(twice, "Test accuracy", 0.83)


def test_markdown_emphasis_around_a_number_is_the_number() -> None:
    # k2-fsa/sherpa#552 (an icefall errs file pasted in markdown), fairseq#2593 (sacrebleu)
    assert found("%WER = **53.34**\n") == {"%WER": 53.34}
    assert confirms("    BLEU = **37.04** 66.6/44.8/32.1/23.5 (BP = 0.956)\n", "BLEU", 37.04)
    assert found("__main__ | acc: 0.5\n") == {"acc": 0.5}


# maszhongming/MatchSum#19: the authors' reported numbers, then the user's own run
QUOTED = """\
**Here is your report result:**
1 ROUGE-1 Average_F: 0.46223 (95%-conf.int. 0.45993 - 0.46440)
1 ROUGE-L Average_F: 0.41903 (95%-conf.int. 0.41680 - 0.42119)

**and here is what I got:**
1 ROUGE-1 Average_F: 0.45736 (95%-conf.int. 0.45512 - 0.45955)
"""


def test_a_block_of_reported_numbers_is_not_this_runs() -> None:
    assert confirms(QUOTED, "ROUGE-1", 45.74)
    assert not confirms(QUOTED, "ROUGE-1", 46.22)
    assert not confirms(QUOTED, "ROUGE-L", 0.41903)
    # a classification report is this run's
    assert found("Classification report:\naccuracy: 0.91\n") == {"accuracy": 0.91}


def test_a_block_the_writer_says_they_did_not_obtain_is_quoted_until_the_next_title() -> None:
    log = (
        "I can't reproduce the expected results from the model zoo.\n"
        "\n"
        "mIoU: 78.40\n"
        "mAcc: 85.90\n"
        "\n"
        "What I get instead:\n"
        "mIoU: 71.20\n"
    )
    assert confirms(log, "mIoU", 71.2)
    assert not confirms(log, "mIoU", 78.4) and not confirms(log, "mAcc", 85.9)
    own = "The run did not crash and printed the following results\nmIoU: 78.40\n"
    assert confirms(own, "mIoU", 78.4)  # no negated "get the following results"


def test_bold_around_words_and_across_lines_is_dropped() -> None:
    # bold around a metric's name, and bold opened on one line and closed on a later one
    assert found("results: **recall**@20: 0.2258\n") == {"recall@20": 0.2258}
    assert found("**image_AUROC 0.945\npixel_AUROC 0.982**\n") == {
        "image_AUROC": 0.945,
        "pixel_AUROC": 0.982,
    }
    assert found("**eval mAP: 0.581172**\n") == {"eval mAP": 0.581172}
    # a power and keyword arguments are no emphasis
    assert "2**10" in _cleaned("size = 2**10\n") and "(**kwargs)" in _cleaned("f(**kwargs)\n")


def _cleaned(text: str) -> str:
    from chalicelib.domain.metrics.engine import Extraction

    extraction = Extraction()
    extraction.feed(text)
    return extraction.state.line


def test_a_quoted_category_in_prose_scopes_what_follows() -> None:
    text = (
        'The results in the "cable" detection category are\nimage_AUROC 0.945\n\n'
        'The results in the "hazelnut" detection category are\nimage_AUROC 0.938\n'
    )
    assert confirms(text, "AUROC", 0.945, "cable")
    assert not confirms(text, "AUROC", 0.938, "cable")
    assert confirms(text, "AUROC", 0.938, "hazelnut")


def test_a_title_naming_the_paper_or_a_tutorial_after_the_results_quotes_them() -> None:
    text = "My results:\nepe: 8.46\n\nBut the accuracy provided in your paper is:\nepe: 7.51\n"
    assert confirms(text, "EPE", 8.46) and not confirms(text, "EPE", 7.51)
    tutorial = (
        "The result in Tutorial 4:\ntest set score: {'roc_auc_score': 0.778}\n\n"
        "My run:\ntraining set score: {'roc_auc_score': 0.959}\n"
        "test set score: {'roc_auc_score': 0.684}\n"
    )
    assert confirms(tutorial, "Test ROC-AUC", 0.684)
    assert not confirms(tutorial, "Test ROC-AUC", 0.778)
    assert not confirms(tutorial, "Test ROC-AUC", 0.959)  # the training set's score


def test_a_title_that_is_only_a_split_names_the_split_of_its_block() -> None:
    text = (
        "Validation:\n"
        "Number of data points: 5000\n"
        "MRR: 0.411\n"
        "Recall: 0.702\n"
        "Test:\n"
        "Number of data points: 6000\n"
        "MRR: 0.405\n"
        "Recall: 0.698\n"
    )
    assert confirms(text, "Validation MRR", 0.411) and confirms(text, "Test MRR", 0.405)
    assert not confirms(text, "Test MRR", 0.411) and not confirms(text, "Test Recall", 0.702)


def test_a_split_block_ends_at_a_blank_line_or_another_title() -> None:
    text = "Test:\nMRR: 0.405\nTop-1: 0.31\n\nMRR: 0.398\nTest:\nF1: 0.5\nSummary:\nRecall: 0.61\n"
    got = {(m.name, m.value): m.split for m in extract_metrics(text)}
    assert got[("MRR", 0.405)] == "test" and got[("Top-1", 0.31)] == "test"
    assert got[("MRR", 0.398)] is None and got[("Recall", 0.61)] is None
