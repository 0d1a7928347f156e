# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""icefall decode logs, built from icefall/utils.py `write_error_stats` (`[{test_set_name}] %WER
{tot_errs / ref_len:.2%} [{tot_errs} / {ref_len}, ... ]`) and decode.py `save_results`
("For {}, WER of different settings are:" then "{key}\\t{val}{note}" lines)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms

LOG = """\
2023-05-04 10:01:02,123 INFO [decode.py:647] {'best_train_loss': inf, 'exp_dir': PosixPath('zipformer/exp'), 'epoch': 30, 'avg': 9,
 'beam_size': 4, 'max_duration': 600}
2023-05-04 10:11:02,123 INFO [utils.py:565] [test-clean-greedy_search] %WER 2.25% [1183 / 52576, 110 ins, 93 del, 980 sub ]
2023-05-04 10:12:40,456 INFO [utils.py:565] [test-other-greedy_search] %WER 5.06% [2647 / 52343, 234 ins, 206 del, 2207 sub ]
2023-05-04 10:12:40,999 INFO [decode.py:783]
For test-clean, WER of different settings are:
greedy_search\t2.25\tbest for test-clean

2023-05-04 10:12:41,000 INFO [decode.py:783]
For test-other, WER of different settings are:
greedy_search\t5.06\tbest for test-other

"""


def test_logged_lines_and_settings_blocks() -> None:
    # Given a decode log with the params dump, two logged %WER lines and two settings blocks
    metrics = {m.name: m.value for m in extract_metrics(LOG)}
    # Then every value is named by its set (and method); the params dump gives nothing
    assert metrics == {
        "test-clean-greedy_search/%WER": 2.25,
        "test-other-greedy_search/%WER": 5.06,
        "test-clean/greedy_search/WER": 2.25,
        "test-other/greedy_search/WER": 5.06,
    }


def test_claims_by_set() -> None:
    metrics = extract_metrics(LOG)
    # When WER claims name a set, then only that set's values confirm them
    assert check_claimed_metric(metrics, "WER", 5.06, dataset="test-other").ok
    assert not check_claimed_metric(metrics, "WER", 2.25, dataset="test-other").ok
    assert not check_claimed_metric(metrics, "WER", 30).ok  # the epoch in the params dump


def test_cer_and_wer_cer_blocks() -> None:
    # Given aishell/libriheavy variants: a CER block and a WER/CER block
    text = """\
For test, CER of different settings are:
modified_beam_search\t5.09\tbest for test
greedy_search\t5.12

For test, WER/CER of different settings are:
greedy_search\t8.36\t3.02\tbest for test
"""
    metrics = {(m.name, m.value) for m in extract_metrics(text)}
    # Then both columns are read with their metric
    assert metrics == {
        ("test/modified_beam_search/CER", 5.09),
        ("test/greedy_search/CER", 5.12),
        ("test/greedy_search/WER", 8.36),
        ("test/greedy_search/CER", 3.02),
    }


def test_training_log_batches_and_validation() -> None:
    # Given train.py lines: a per-batch loss line and the epoch's validation line
    text = """\
2023-01-08 10:00:00,000 INFO [train.py:968] Epoch 30, batch 500, loss[loss=0.1812, simple_loss=0.2301, pruned_loss=0.0611, over 7000.00 frames. ], tot_loss[loss=0.2012, over 1402342.12 frames. ], batch size: 500, lr: 1.20e-02
2023-01-08 10:05:00,000 INFO [train.py:1090] Epoch 30, validation: loss=0.1877, simple_loss=0.2296, pruned_loss=0.06367, over 944034.00 frames.
"""
    metrics = extract_metrics(text)
    # Then the per-batch values are no metrics and the validation losses are
    assert check_claimed_metric(metrics, "Validation loss", 0.1877).ok
    assert not check_claimed_metric(metrics, "Loss", 0.1812).ok
    assert not check_claimed_metric(metrics, "Learning rate", 0.012).ok


def test_grep_hits_of_best_lines() -> None:
    # k2-fsa/icefall#13: `grep best` over the per-checkpoint summary files
    log = (
        "conformer_ctc/exp/49_10.txt:ngram_lm_scale_1.5_attention_scale_1.9      2.62    best for test-clean\n"
        "conformer_ctc/exp/49_10.txt:ngram_lm_scale_1.0_attention_scale_0.9      5.91    best for test-other\n"
    )
    metrics = extract_metrics(log)
    assert check_claimed_metric(metrics, "WER", 2.62, "test-clean").ok
    assert check_claimed_metric(metrics, "WER", 5.91, "test-other").ok
    assert not check_claimed_metric(metrics, "WER", 2.62, "test-other").ok
    assert not check_claimed_metric(metrics, "WER", 1.9).ok


def test_results_md_table_gives_each_methods_wer_on_each_set() -> None:
    # Given an icefall RESULTS.md table: a row per decoding method, a column per test set
    text = """\
|                                    | test-clean | test-other | comment                     |
|------------------------------------|------------|------------|-----------------------------|
| greedy search (max sym per frame 1)| 2.64       | 6.55       | --epoch 30 --avg 10         |
| modified beam search               | 2.61       | 6.41       | --epoch 30 --avg 10 --beam 4|
"""
    # Then each value is the WER of its method on its set
    assert confirms(text, "WER", 6.41, dataset="LibriSpeech test-other")
    assert confirms(text, "WER", 2.64, dataset="test-clean")
    assert not confirms(text, "WER", 6.41, dataset="test-clean")
    # And the comment's options are no results
    assert not confirms(text, "WER", 10)
