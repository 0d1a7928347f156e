"""Gradient-boosting logs, built from xgboost callback.py (`[%d]\t%s` with
`<data>-<metric>:<value>` items, `Stopping. Best iteration:`), lightgbm callback.py
(`[%d]\t<data>'s <metric>: <value>`, `Early stopping, best iteration is:`) and CatBoost's
`<iter>:\tlearn: ...\ttest: ...\tbest: ... (<iter>)\ttotal: ...\tremaining: ...`."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_xgboost_rounds_keep_the_best_iteration_line() -> None:
    text = """\
[0]\ttrain-logloss:0.61201\teval-logloss:0.61834
[1]\ttrain-logloss:0.54329\teval-logloss:0.55541
[2]\ttrain-logloss:0.48801\teval-logloss:0.56012
Stopping. Best iteration:
[1]\ttrain-logloss:0.54329\teval-logloss:0.55541
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Validation log loss", 0.55541).ok
    assert not check_claimed_metric(metrics, "Validation log loss", 0.61834).ok
    assert not check_claimed_metric(metrics, "Log loss", 0.54329).ok  # the training set


def test_lightgbm_and_catboost_rounds() -> None:
    text = """\
[1]\tvalid_0's auc: 0.811\tvalid_0's binary_logloss: 0.52
[2]\tvalid_0's auc: 0.823\tvalid_0's binary_logloss: 0.49
0:\tlearn: 0.6812345\ttest: 0.6821234\tbest: 0.6821234 (0)\ttotal: 58.2ms\tremaining: 58.1s
1:\tlearn: 0.6702345\ttest: 0.6731234\tbest: 0.6731234 (1)\ttotal: 105ms\tremaining: 52.3s
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    assert metrics == {
        "valid_0's auc": 0.823,
        "valid_0's binary_logloss": 0.49,
        "learn": 0.6702345,
        "test": 0.6731234,
        "test best": 0.6731234,
    }


def test_rounds_pasted_with_spaces_for_tabs_are_rounds_and_the_best_one_stands() -> None:
    text = """\
[0] train-auc:0.681576  eval-auc:0.672914
[1] train-auc:0.713940  eval-auc:0.705898
[2] train-auc:0.719168  eval-auc:0.710064
Stopping. Best iteration:
[0] train-auc:0.681576  eval-auc:0.672914
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Validation AUC", 0.6729).ok
    assert not check_claimed_metric(metrics, "Validation AUC", 0.7101).ok
    assert not check_claimed_metric(metrics, "AUC", 0.7059).ok
    lightgbm = extract_metrics("[1] valid_0's auc: 0.801\n[2] valid_0's auc: 0.811\n")
    assert check_claimed_metric(lightgbm, "Validation AUC", 0.811).ok
    assert not check_claimed_metric(lightgbm, "Validation AUC", 0.801).ok
