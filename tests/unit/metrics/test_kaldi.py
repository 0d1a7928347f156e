# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""Kaldi scoring output, built from src/bin/compute-wer.cc (`%WER 4.32 [ 2275 / 52576, 180 ins,
265 del, 1830 sub ]`, `%SER 45.30 [ 1187 / 2620 ]`), utils/best_wer.sh (the line followed by
the scored file) and local/chain/compare_wer.sh (`# WER on dev(fglarge) ...` per system)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms


def test_best_wer_lines_are_named_by_their_decode_set() -> None:
    # Given best_wer.sh lines for two sets, a CER file and a plain decode directory
    text = """\
%WER 4.32 [ 2275 / 52576, 180 ins, 265 del, 1830 sub ] exp/chain/tdnn/decode_test_clean_fglarge/wer_17_0.5
%WER 10.67 [ 5583 / 52343, 501 ins, 499 del, 4583 sub ] exp/chain/tdnn/decode_test_other_fglarge/wer_17_0.0
%WER 7.67 [ 8035 / 104765, 234 ins, 385 del, 7416 sub ] exp/tri5a/decode_test/cer_13_0.5
%WER 10.61 [ 82 / 773, 4 ins, 10 del, 68 sub ] exp/mono/decode/wer_10_0.5
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    # Then the set stays in the name, cer_* files are CER and counts are never values
    assert metrics == {
        "test_clean_fglarge/%WER": 4.32,
        "test_other_fglarge/%WER": 10.67,
        "test/%CER": 7.67,
        "%WER": 10.61,
    }


def test_claims_are_told_apart_by_set_and_by_sentence_error_rate() -> None:
    # Given compute-wer's raw output and two sets
    text = """\
%WER 4.32 [ 2275 / 52576, 180 ins, 265 del, 1830 sub ] exp/tri6b/decode_tgsmall_dev_clean/wer_15
%WER 4.51 [ 2371 / 52576, 190 ins, 260 del, 1921 sub ] exp/tri6b/decode_tgsmall_test_clean/wer_15
%SER 45.30 [ 1187 / 2620 ]
Scored 2620 sentences, 0 not present in hyp.
"""
    metrics = extract_metrics(text)
    # Then a test-set claim is confirmed only by the test_clean line
    assert check_claimed_metric(metrics, "WER", 4.51, dataset="test_clean").ok
    assert not check_claimed_metric(metrics, "WER", 4.32, dataset="test_clean").ok
    assert check_claimed_metric(metrics, "SER", 45.3).ok
    assert not check_claimed_metric(metrics, "WER", 2620).ok


def test_compare_wer_table_and_dir_info_lines() -> None:
    # Given compare_wer.sh output and a gmm_dir_info line
    text = """\
exp/tri3: nj=10 align prob=-47.30 over 19.11h [retry=0.5%, fail=0.0%] states=2040 gauss=15044
# System                      tdnn_1a   tdnn_1b
# WER on dev(tgsmall)           10.21      9.87
# WER on test(tgsmall)          11.02     10.53
# Final train prob            -0.0521   -0.0498
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    # Then each system's WER is named by set, LM and system; diagnostics are skipped
    assert metrics == {
        "dev/tgsmall/tdnn_1a/WER": 10.21,
        "dev/tgsmall/tdnn_1b/WER": 9.87,
        "test/tgsmall/tdnn_1a/WER": 11.02,
        "test/tgsmall/tdnn_1b/WER": 10.53,
    }


def test_sclite_best_wer_and_grep_hits() -> None:
    # Given sclite-scored best_wer.sh output (swbd) and a grep hit with its file before ":"
    text = """\
%WER 15.1 | 1831 21395 | 86.7 9.4 3.9 1.8 15.1 50.7 | exp/tri4/decode_eval2000_sw1_tg/score_14_0.0/eval2000.ctm.swbd.filt.sys
exp/tri4b/decode_tgsmall_test_clean/wer_15:%WER 10.43 [ 5483 / 52576, 666 ins, 582 del, 4235 sub ]
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    # Then both are named by their decode directory's set (and the sclite file's subset), and
    # the counts are no values
    assert metrics == {"eval2000_sw1_tg/swbd/%WER": 15.1, "tgsmall_test_clean/%WER": 10.43}


def test_sclite_subset_files_name_the_subset_and_the_whole_set_file_none() -> None:
    # Given best_wer.sh over the swbd recipe's sclite files: a subset each, then the whole set
    log = (
        "%WER 10.2 | 1831 21395 | 91.0 6.1 2.9 1.2 10.2 45.1 | exp/chain/tdnn/decode_eval2000_tg/score_9_0.0/eval2000_hires.ctm.swbd.filt.sys\n"
        "%WER 15.9 | 4459 42989 | 86.1 9.4 4.5 2.0 15.9 52.0 | exp/chain/tdnn/decode_eval2000_tg/score_9_0.0/eval2000_hires.ctm.filt.sys\n"
        "%WER 21.4 | 2628 21594 | 81.3 12.6 6.1 2.7 21.4 57.3 | exp/chain/tdnn/decode_eval2000_tg/score_9_0.0/eval2000_hires.ctm.callhm.filt.sys\n"
    )
    metrics = extract_metrics(log)
    # Then a claim on a subset is that subset's line only
    assert check_claimed_metric(metrics, "WER", 10.2, "swbd").ok
    assert not check_claimed_metric(metrics, "WER", 15.9, "swbd").ok
    assert check_claimed_metric(metrics, "WER", 21.4, "callhm").ok
    assert not check_claimed_metric(metrics, "WER", 10.2, "callhm").ok
    # And a claim on no subset is the whole set's line
    assert check_claimed_metric(metrics, "WER", 15.9).ok


def test_a_rescored_decode_is_of_the_same_test_set() -> None:
    # Given sclite lines of a first pass and its lattice rescoring (TED-LIUM's decode_*_rescore)
    text = (
        "%WER 11.2 | 507 17783 | 90.1 6.2 3.7 1.3 11.2 82.0 | 0.050 | "
        "exp/chain/tdnn/decode_dev/score_9_0.0/ctm.filt.filt.sys\n"
        "%WER 10.7 | 507 17783 | 90.4 5.6 4.0 1.1 10.7 80.3 | 0.061 | "
        "exp/chain/tdnn/decode_dev_rescore/score_10_0.0/ctm.filt.filt.sys\n"
        "%WER 9.8 | 1155 27500 | 91.1 5.1 3.8 0.9 9.8 73.0 | 0.091 | "
        "exp/chain/tdnn/decode_test_rescore/score_10_0.0/ctm.filt.filt.sys\n"
    )
    # Then the rescored result is a result on its set
    assert confirms(text, "Test WER", 9.8)
    assert confirms(text, "WER", 10.7, dataset="dev")
    assert not confirms(text, "Test WER", 10.7)
    assert not confirms(text, "WER", 80.3)


def test_cat_wer_py_prints_the_sentence_error_rate_first_on_the_line() -> None:
    text = "eval_zh %SER 31.25 | %CER 6.02 [ 6301 / 104765, 120 ins, 433 del, 5748 sub ]\n"
    assert confirms(text, "Sentence Error Rate", 31.25)
    assert confirms(text, "CER", 6.02)
    assert not confirms(text, "CER", 31.25)
    assert not confirms(text, "Sentence Error Rate", 6.02)
