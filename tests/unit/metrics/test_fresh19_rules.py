"""Rules found by reading the fresh19 corpus set: each a general rule about how tools and
writers print results, each with a crafted log (not a corpus excerpt)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_speechbrain_per_utterance_wer_lines_are_samples_not_the_corpus_wer() -> None:
    # Given a SpeechBrain wer file: the summary line, then one alignment per utterance
    text = (
        "%WER 12.34 [ 321 / 2601, 20 ins, 41 del, 260 sub ]\n"
        "%SER 60.00 [ 30 / 50 ]\n"
        "================================================================================\n"
        "1089-134686-0000, %WER 25.00 [ 1 / 4, 0 ins, 0 del, 1 sub ]\n"
        "he ; hoped ; there ; would\n"
        "================================================================================\n"
        "1089-134686-0001, %WER 0.00 [ 0 / 3, 0 ins, 0 del, 0 sub ]\n"
    )
    # Then the corpus WER is the summary's, never one utterance's
    assert confirms(text, "WER", 12.34)
    assert not confirms(text, "WER", 25.0)
    assert not confirms(text, "WER", 0.0)
    # and a file holding only utterance lines has no WER at all
    assert found("utt_7, %WER 50.00 [ 1 / 2, 0 ins, 1 del, 0 sub ]\n") == {}


def test_a_value_someone_else_posted_is_quoted_not_the_runs() -> None:
    # Given a writer's own WER in one sentence and the maintainers' posted one in the next
    text = (
        "With your checkpoint I obtained a WER of 4.87 on the test data.\n"
        "In contrast, the number you posted was WER = 2.3.\n"
        "They published CER = 1.2 for it.\n"
        "CER = 2.9\n"
    )
    # Then the posted and published values are the source's, never the run's
    assert not confirms(text, "WER", 2.3)
    assert not confirms(text, "CER", 1.2)
    assert confirms(text, "WER", 4.87)
    assert confirms(text, "CER", 2.9)


def test_an_expected_behavior_section_holds_the_expected_numbers_not_the_runs() -> None:
    # Given a bug report: what the run printed, then the template's expected-behaviour section
    text = (
        "## What you observed:\n"
        "Evaluation results: mAP=36.1\n"
        "\n"
        "## Expected behavior:\n"
        "\n"
        "mAP=37.4 as in the model zoo table\n"
        "\n"
        "##BUT\n"
        "the same run: AP50=55.2\n"
    )
    # Then the expected value is no result of the run; the observed one is
    assert not confirms(text, "box AP", 37.4)
    assert not confirms(text, "mAP", 37.4)
    assert confirms(text, "mAP", 36.1)
    # and the section ends at the next heading, even one typed without its space
    assert confirms(text, "AP50", 55.2)
