"""Flair prints, built from flair/trainers/trainer.py (`EPOCH {} done: loss {:.4f} - lr {:.4f}`,
0.4's `DEV : loss ... - f-score ... - acc ...`) and flair/nn/model.py `evaluate` (`Results:\\n-
F-score (micro) ...\\n- F-score (macro) ...\\n- Accuracy ...`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms, found


def test_dev_and_test_lines_stay_apart() -> None:
    text = """\
2019-02-19 18:37:12,097 EPOCH 1 done: loss 0.0350 - lr 0.1000 - bad epochs 0
2019-02-19 18:37:12,571 DEV  : loss 0.03877527 - f-score 0.5586 - acc 0.5586
2019-02-19 18:37:13,162 TEST : loss 0.04066545 - f-score 0.5521 - acc 0.5521
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Validation F1", 0.5586).ok
    assert check_claimed_metric(metrics, "Test F1", 0.5521).ok
    assert not check_claimed_metric(metrics, "Test F1", 0.5586).ok
    assert not check_claimed_metric(metrics, "Learning rate", 0.1).ok


def test_results_block_micro_and_macro() -> None:
    text = """\
Results:
- F-score (micro) 0.6971
- F-score (macro) 0.6967
- Accuracy 0.6971
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Macro F1", 0.6967).ok
    assert not check_claimed_metric(metrics, "Macro F1", 0.6971).ok
    assert check_claimed_metric(metrics, "Micro F1", 69.71).ok


def test_old_flair_averages_and_class_rows() -> None:
    # Given flair 0.4's evaluate output: micro and macro averages, then a row per class
    text = (
        "MICRO_AVG: acc 0.605 - f1-score 0.7539\n"
        "MACRO_AVG: acc 0.5467 - f1-score 0.6925\n"
        "0          tp: 1420 - fp: 438 - fn: 144 - tn: 363 - precision: 0.7643 - recall: 0.9079"
        " - accuracy: 0.7093 - f1-score: 0.8299\n"
        "Abnormal reading tp: 0 - fp: 3 - fn: 0 - tn: 210 - precision: 0.0000 - recall: 0.0000"
        " - accuracy: 0.0000 - f1-score: 0.0000\n"
    )
    metrics = found(text)
    # Then the averages are qualified, the classes are scopes and the counts are not read
    assert metrics["MICRO_AVG/f1-score"] == 0.7539
    assert metrics["0/precision"] == 0.7643
    assert "Abnormal reading/f1-score" in metrics
    assert not any(name.endswith(("/tp", "/fp", "/tn", "/fn")) for name in metrics)
    assert confirms(text, "Test Micro F1", 0.7539)
    assert not confirms(text, "Macro F1", 0.7539)
    assert not confirms(text, "Test Accuracy", 0.7093)
    assert confirms(text, "Precision (class 0)", 0.7643)


def test_flair_sequence_tagger_results_print_f1_score_micro_and_macro() -> None:
    # flair 0.5 SequenceTagger.evaluate: "\nResults:\n- F1-score (micro) {:.4f}\n- F1-score (macro)"
    text = "Results:\n- F1-score (micro) 0.8812\n- F1-score (macro) 0.8035\n\nBy class:\n"
    assert confirms(text, "Micro F1", 88.12)
    assert confirms(text, "Macro F1", 0.8035)
    assert not confirms(text, "Macro F1", 0.8812)
