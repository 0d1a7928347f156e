"""Other ASR prints, built from NeMo examples/asr/speech_to_text_eval.py (`Dataset WER/CER
{}%/{}%`, `Got {metric_name} of {metric_value}. Tolerance was {tolerance}`), speechbrain's
train_logger (`epoch: 3, lr: ... - train loss: ... - valid loss: ..., valid WER: ...`) and
end2end-asr-pytorch's `KEY:value%` fields."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms


def test_nemo_eval_lines() -> None:
    text = """\
[NeMo I 2024-01-01 10:00:00 speech_to_text_eval:120] Got wer of 0.0531. Tolerance was 1.0
[NeMo I 2024-01-01 10:00:00 speech_to_text_eval:121] Dataset WER/CER 5.31%/2.02%
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "WER", 5.31).ok
    assert check_claimed_metric(metrics, "CER", 2.02).ok
    assert not check_claimed_metric(metrics, "WER", 1.0).ok  # the tolerance


def test_uppercase_fields_by_split() -> None:
    text = """\
2020-11-13 09:32:47,406 - (Epoch 20) TRAIN LOSS:0.1903 CER:6.53% LR:0.0000167
2020-11-13 09:33:31,062 - VALID SET 0 LOSS:0.1780 CER:5.78%
2020-11-13 13:55:36,838 - (Epoch 21) TRAIN LOSS:0.1832 CER:6.25% LR:0.0000163
2020-11-13 13:56:31,427 - VALID SET 0 LOSS:0.1735 CER:5.59%
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Validation CER", 5.59).ok
    assert not check_claimed_metric(metrics, "Validation CER", 5.78).ok  # superseded
    assert not check_claimed_metric(metrics, "Validation CER", 6.25).ok  # training
    assert not check_claimed_metric(metrics, "CER", 1.63e-05).ok


def test_speechbrain_train_log() -> None:
    text = """\
epoch: 1, lr: 1.00e+00 - train loss: 9.45e-01 - valid loss: 1.23, valid CER: 35.42, valid WER: 39.14
epoch: 2, lr: 1.00e+00 - train loss: 5.12e-01 - valid loss: 0.98, valid CER: 21.07, valid WER: 27.31
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Validation WER", 27.31).ok
    assert not check_claimed_metric(metrics, "Test WER", 27.31).ok
    assert not check_claimed_metric(metrics, "Validation WER", 39.14).ok


def test_compute_wer_cluster_summary_is_the_error_rate_its_heading_names() -> None:
    chars = (
        "### CER\n"
        "Overall -> 4.21 % N=52000 C=49900 S=1950 D=80 I=159\n"
        "Mandarin -> 4.20 % N=51990 C=49890 S=1950 D=80 I=159\n"
        "Other -> 100.00 % N=10 C=0 S=10 D=0 I=0\n"
    )
    assert confirms(chars, "CER", 4.21) and not confirms(chars, "WER", 4.21)
    assert not confirms(chars, "CER", 100.0)  # one token cluster's row, not the overall rate
    assert not confirms(chars, "CER", 52000)  # N counts reference tokens
    words = "Overall -> 7.05 % N=20000 C=18700 S=1100 D=90 I=220\n"
    assert confirms(words, "WER", 7.05) and not confirms(words, "CER", 7.05)
