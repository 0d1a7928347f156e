"""XGBoost, LightGBM and CatBoost evaluation logs (readers/gbdt.py). The lines follow the
format strings of xgboost callback.py (`f"[{epoch}]"` + `f"\\t{data}-{metric}:{score:.5f}"`,
`+{std:.5f}` in cv), lightgbm callback.py (`f"[{i}]\\t{data}'s {metric}: {value:g}"`, the
early-stopping messages) and CatBoost's per-iteration logger (`learn:`/`test:`/`best:`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def _values(text: str) -> dict[str, float]:
    return {m.name: m.value for m in extract_metrics(text)}


def test_lightgbm_best_iteration_block_replaces_the_last_round() -> None:
    # Given LightGBM rounds followed by the early-stopping summary of an earlier round
    text = (
        "Training until validation scores don't improve for 5 rounds\n"
        "[1]\tvalid_0's auc: 0.81\tvalid_0's binary_logloss: 0.52\n"
        "[2]\tvalid_0's auc: 0.84\tvalid_0's binary_logloss: 0.49\n"
        "[3]\tvalid_0's auc: 0.83\tvalid_0's binary_logloss: 0.50\n"
        "Early stopping, best iteration is:\n"
        "[2]\tvalid_0's auc: 0.84\tvalid_0's binary_logloss: 0.49\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    values = {m.name: m.value for m in metrics}
    # Then the best iteration's values are the results; the patience is not a metric
    assert values == {"valid_0's auc": 0.84, "valid_0's binary_logloss": 0.49}
    assert check_claimed_metric(metrics, "Validation AUC", 0.84).ok
    assert not check_claimed_metric(metrics, "Validation AUC", 0.83).ok
    assert not check_claimed_metric(metrics, "AUC", 5).ok


def test_xgboost_cv_rounds_keep_the_mean_not_the_std() -> None:
    # Given xgb.cv output (mean+std per item) with spaces instead of tabs (a pasted log)
    text = (
        "[0]  train-rmse:0.50000+0.00100  test-rmse:0.60000+0.00200\n"
        "[1]  train-rmse:0.40000+0.00100  test-rmse:0.55000+0.00300\n"
    )
    # When it is read
    values = _values(text)
    # Then the last round's means stand, under their data-metric names
    assert values == {"train-rmse": 0.4, "test-rmse": 0.55}


def test_xgboost_metric_names_with_at_and_dashes() -> None:
    # Given XGBoost metrics such as ndcg@5 and poisson-nloglik, and the mlogloss alias
    text = "[9]\teval-ndcg@5:0.71200\teval-poisson-nloglik:1.20000\teval-mlogloss:0.30000\n"
    # When it is read
    metrics = extract_metrics(text)
    # Then the names are kept as printed and mlogloss is a log loss
    assert {m.name for m in metrics} == {"eval-ndcg@5", "eval-poisson-nloglik", "eval-mlogloss"}
    assert check_claimed_metric(metrics, "Validation NDCG@5", 0.712).ok
    assert check_claimed_metric(metrics, "Validation log loss", 0.3).ok


def test_catboost_iterations_and_summary() -> None:
    # Given CatBoost per-iteration lines and the overfitting-detector summary
    text = (
        "0:\tlearn: 0.6812000\ttest: 0.6815000\tbest: 0.6815000 (0)\ttotal: 58ms\tremaining: 58s\n"
        "1:\tlearn: 0.6700000\ttest: 0.6750000\tbest: 0.6750000 (1)\ttotal: 110ms\tremaining: 55s\n"
        "Stopped by overfitting detector  (20 iterations wait)\n\n"
        "bestTest = 0.675\n"
        "bestIteration = 41\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    values = {m.name: m.value for m in metrics}
    # Then learn is the training set, durations and the best iteration index are dropped
    assert values == {"learn": 0.67, "test": 0.675, "test/best": 0.675, "bestTest": 0.675}
    assert not check_claimed_metric(metrics, "Test score", 0.6815).ok
    assert not check_claimed_metric(metrics, "Best iteration", 41).ok
