"""Wrong confirmations and refusals found by the hostile53 review of this session's new rules
(verdicts49-51: lone split titles, stated splits, own rows, llama-bench, MME, verl keys). Each
test is a crafted log of a general shape, never a corpus excerpt."""

from __future__ import annotations

import itertools
import string
import time

from chalicelib.domain.metrics.readers.repeated_groups import grouped_repeats
from tests.unit.metrics._helpers import confirms


def test_a_second_group_of_names_on_one_line_is_the_group_word_s() -> None:
    # Shape: a trainer evaluating two sets at once prints both on one line, the second group's
    # first name carrying the set's word and the names after it bare (a DyNet loop's "***DEV
    # ... Macro F1: ... Exceed Loss: ... Macro F1: ..."; "Train Loss ... Acc ... Val Loss ...
    # Acc")
    # Given a progress line whose subset group repeats the first group's F1
    log = "[epoch=12] Loss: 0.689 Macro F1: 0.7164 Hard Loss: 0.751 Macro F1: 0.6945\n"
    # Then the repeated F1 is the subset's: it answers no claim of the whole set
    assert not confirms(log, "Macro F1", 0.6945)
    assert confirms(log, "Macro F1", 0.7164)

    # Given a summary line with a training group and a validation group
    log = "Final results: Train Loss: 0.52 Acc: 0.913 Val Loss: 0.61 Acc: 0.874\n"
    # Then the first group's accuracy is the training set's, never a test claim's
    assert not confirms(log, "Test Accuracy", 0.913)
    assert not confirms(log, "Accuracy", 0.913)
    assert confirms(log, "Validation Accuracy", 0.874)

    # Given a line whose names never repeat
    log = "Results: Loss: 0.52 Hard Loss: 0.61 Acc: 0.874\n"
    # Then nothing is regrouped
    assert confirms(log, "Accuracy", 0.874)


def test_a_lone_split_name_titles_its_block_up_to_a_blank_line() -> None:
    # Shape: a split's name alone above its block (TimelyRec's "Val" / "Test"; GridWorld's
    # "TRAIN", a blank line, its block, then "EVAL")
    # Given a test block, a blank line, then a block of another setting under a plain title
    log = "Test\nacc: 0.78\n\nWithout augmentation\nacc: 0.81\n"
    # Then the second block is not the test split's: its value answers no test claim
    assert not confirms(log, "Test Accuracy", 0.81)
    assert confirms(log, "Test Accuracy", 0.78)

    # Given a training block opened after one blank line, then an evaluation block
    log = "TRAIN\n\nINFO acc: 1.00\n\nEVAL\n\nINFO acc: 0.91\n"
    # Then the training title still scopes its block, and not the evaluation's
    assert not confirms(log, "Accuracy", 1.0)
    assert confirms(log, "Accuracy", 0.91)


def test_a_list_of_split_names_titles_nothing() -> None:
    # Shape: the splits listed one a line ("Choose one:", "Test", "Val"): a list, no title
    # Given such a list above an unsplit result
    log = "Options:\nTest\nVal\n\nAccuracy: 0.912\n"
    # Then the last item does not make the result the validation split's
    assert confirms(log, "Test Accuracy", 0.912)


def test_a_statement_about_the_numbers_shown_speaks_of_its_own_block() -> None:
    # Shape: a note under a block ("The above results are on the validation set"; a reply
    # "yes, this is performance on val set"), then another block under a title of its own
    # Given a validation block, the note, then a block from the evaluation server
    log = (
        "mAP: 41.2\nAP50: 60.1\nThe above results are on the validation set.\n\n"
        "Then I submitted to the server:\nmAP: 40.8\nAP50: 59.7\n"
    )
    # Then the server's block is not validation's: its value answers no validation claim,
    # and the test claim is confirmed
    assert not confirms(log, "Validation mAP", 40.8)
    assert confirms(log, "Test mAP", 40.8)
    assert not confirms(log, "Test mAP", 41.2)
    assert confirms(log, "Validation mAP", 41.2)

    # Given a statement that introduces the block below it, then a second block
    log = (
        "These numbers are on the dev split:\nmAP: 41.2\n\n"
        "Then I submitted to the server:\nmAP: 40.8\n"
    )
    # Then only the introduced block is the stated split's
    assert not confirms(log, "Validation mAP", 40.8)
    assert confirms(log, "Validation mAP", 41.2)


def test_hallusionbench_s_headline_is_its_all_question_accuracy() -> None:
    # Shape: lmms-eval's hallusion_bench_image task prints aAcc, fAcc and qAcc (its yaml's
    # metric_list; aAcc, over all questions, is the benchmark's headline, the figure and
    # question-pair accuracies are other results)
    # Given lmms-eval's table rows
    log = (
        "|    Tasks    |Version|Filter|n-shot|Metric|   |Value  |   |Stderr|\n"
        "|-------------|-------|------|-----:|------|---|------:|---|------|\n"
        "|hallusion_bench_image|Yaml|none|     0|aAcc  |↑  |62.1977|±  |N/A   |\n"
        "|             |       |none  |     0|fAcc  |↑  |28.6127|±  |N/A   |\n"
        "|             |       |none  |     0|qAcc  |↑  |30.5495|±  |N/A   |\n"
    )
    # Then a bare HallusionBench claim is the aAcc, never the question-pair accuracy
    assert confirms(log, "HallusionBench", 62.2)
    assert not confirms(log, "HallusionBench", 30.55)
    assert not confirms(log, "HallusionBench", 28.61)
    # And claims naming the other two are answered by them
    assert confirms(log, "Question pair accuracy", 30.55, "HallusionBench")
    assert confirms(log, "Figure accuracy", 28.61, "HallusionBench")


def test_regrouping_a_line_of_many_pairs_is_one_pass() -> None:
    # Shape: an adversarial line of thousands of `<word> <name>: value` pairs, none of whose
    # names leads a group, and one name repeated (the regrouping is asked only then)
    # Given 20,000 such pairs
    words = ["".join(p) for p in itertools.product(string.ascii_lowercase, repeat=4)][:20_000]
    pairs = [(f"{w} x{i}", "0.5") for i, w in enumerate(words)] + [("loss", "0.5")] * 2
    # When they are regrouped
    started = time.perf_counter()
    grouped = grouped_repeats(pairs)
    # Then the pass is linear (a pairwise scan took over a minute) and changes nothing
    assert time.perf_counter() - started < 2.0
    assert grouped == pairs
