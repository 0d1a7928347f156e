"""Wrong confirmations found by the hostile52 review of this session's new rules (decoding
titles, raw ranking metrics, multimodal benchmark names, splits in parentheses). Each test is a
crafted log of a general shape, never a corpus excerpt."""

from __future__ import annotations

import pytest

from tests.unit.metrics._helpers import confirms


def test_a_second_decoding_title_replaces_the_first_method() -> None:
    # Shape: a results section written one block per decoding method, each under its title
    # (icefall RESULTS.md: greedy search, then modified beam search)
    # Given two titled blocks
    log = (
        "Results with greedy search:\n"
        "%WER = 3.20\n"
        "Results with modified beam search:\n"
        "%WER = 3.05\n"
    )
    # Then the second block's value is modified beam search's alone
    assert not confirms(log, "WER (greedy search)", 3.05)
    assert confirms(log, "WER (modified beam search)", 3.05)
    assert confirms(log, "WER (greedy search)", 3.20)
    assert not confirms(log, "WER (modified beam search)", 3.20)


def test_a_line_naming_both_ranking_settings_does_not_make_its_filtered_value_raw() -> None:
    # Shape: a link-prediction report giving the filtered headline with the raw figure beside it
    # Given one line holding both settings, the plain value being the filtered one
    log = "MRR: 0.312 (filtered; raw: 0.171)\n"
    # Then a raw claim of the filtered value is refused, a plain one confirmed
    assert not confirms(log, "Raw MRR", 0.312)
    assert confirms(log, "MRR", 0.312)

    # Given a line that says raw for its own value only
    log = "raw MRR: 0.171 | raw Hits@10: 0.35\n"
    # Then the raw claim is answered
    assert confirms(log, "Raw MRR", 0.171)


_LMMS_HEADER = (
    "|    Tasks    |Version|Filter|n-shot|Metric|   |Value |   |Stderr|\n"
    "|-------------|------:|------|-----:|------|---|-----:|---|-----:|\n"
)


def test_a_metric_named_after_its_benchmark_on_a_variant_row_is_the_variants() -> None:
    # Shape: lmms-eval names MMMU's metric `mmmu_acc` and prints it on MMMU-Pro's rows too
    # (lmms_eval/tasks/mmmu_pro/mmmu_pro_standard.yaml: `metric: mmmu_acc`)
    # Given an MMMU row and an MMMU-Pro row
    log = _LMMS_HEADER + (
        "|mmmu_val     |Yaml   |none  |     0|mmmu_acc|↑  |0.3610|±  |N/A   |\n"
        "|mmmu_pro_vision|Yaml |none  |     0|mmmu_acc|↑  |0.1810|±  |N/A   |\n"
    )
    # Then an MMMU claim is answered by the MMMU row alone
    assert confirms(log, "MMMU", 36.1)
    assert not confirms(log, "MMMU", 18.1)

    # Given an MMMU-Pro row alone, then it is no MMMU value
    log = _LMMS_HEADER + "|mmmu_pro_standard|Yaml|none|0|mmmu_acc|↑  |0.2810|±  |N/A   |\n"
    assert not confirms(log, "MMMU", 28.1)

    # Given POPE's rows: one category's is not the benchmark's; lmms-eval's group of the three
    # (`pope_full`) is
    log = _LMMS_HEADER + "|pope_adv     |Yaml   |none  |     0|pope_f1_score|↑  |0.8410|±  |N/A |\n"
    assert not confirms(log, "POPE", 84.1)
    log = _LMMS_HEADER + "|pope_full    |Yaml   |none  |     0|pope_f1_score|↑  |0.8610|±  |N/A |\n"
    assert confirms(log, "POPE", 86.1)


def test_a_bare_benchmark_claim_is_its_own_row_not_a_subsets() -> None:
    # Shape: lmms-eval's `scienceqa` task is ScienceQA's whole test set, `scienceqa_img` its
    # questions with an image (lmms_eval/tasks/scienceqa/scienceqa.yaml, scienceqa_img.yaml)
    # Given both rows
    log = _LMMS_HEADER + (
        "|scienceqa    |Yaml   |none  |     0|exact_match|↑  |0.6815|±  |0.0102|\n"
        "|scienceqa_img|Yaml   |none  |     0|exact_match|↑  |0.7015|±  |0.0102|\n"
    )
    # Then "ScienceQA" is the whole set's row, "ScienceQA-IMG" the subset's
    assert confirms(log, "ScienceQA", 68.15)
    assert not confirms(log, "ScienceQA", 70.15)
    assert confirms(log, "ScienceQA-IMG", 70.15)
    assert not confirms(log, "ScienceQA-IMG", 68.15)


@pytest.mark.parametrize(
    "after",
    [
        "(val.)",
        "(validation accuracy)",
        "[val]",
        "(val set, 5 seeds)",
        "(val, 5 seeds)",
        "(validation set; best epoch)",
        "(val split of ImageNet)",
    ],
)
def test_a_split_in_a_parenthesis_of_another_form_is_still_the_values_split(after: str) -> None:
    # Given a colon value whose parenthesis names the validation split with more words, a
    # period or brackets
    log = f"Accuracy: 91.2% {after}\n"
    # Then it is a validation value: no test claim is confirmed by it
    assert not confirms(log, "Test Accuracy", 91.2)
    assert confirms(log, "Validation Accuracy", 91.2)


@pytest.mark.parametrize(
    "after", ["(test-time augmentation)", "(training from scratch)", "(train + val)"]
)
def test_a_parenthesis_naming_a_scheme_gives_no_split(after: str) -> None:
    # Given a parenthesis that starts with a split word but names a scheme
    log = f"Accuracy: 91.2% {after}\n"
    # Then the value stays unsplit and answers a test claim
    assert confirms(log, "Test Accuracy", 91.2)
