"""AutoGluon Tabular fit logs (format strings: abstract_trainer.py f'\\t{round(val_score, 4)}\\t =
Validation score   ({eval_metric.name})', f'\\t{round(fit_time, 2)}s\\t = Training   runtime';
before 0.1 f'\\t{score}\\t = Validation {metric} score')."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found, splits

FIT = (
    "Fitting model: LightGBMXT ...\n"
    "\t0.8731\t = Validation score   (balanced_accuracy)\n"
    "\t1.52s\t = Training   runtime\n"
    "\t0.02s\t = Validation runtime\n"
    "Fitting model: KNeighborsDist_BAG_L1 ... Training model for up to 399.63s of the 599.69s.\n"
    "\t-12.0407\t = Validation score   (-mean_absolute_error)\n"
    "\t0.03s\t = Training   runtime\n"
)
OLD = (
    "Fitting model: weighted_ensemble_k0_l1 ...\n"
    "\t0.8876\t = Validation f1 score\n"
    "\t0.72s\t = Training runtime\n"
)


def test_each_models_validation_score_is_read_with_its_metric() -> None:
    metrics = found(FIT)
    assert metrics["Validation balanced_accuracy"] == 0.8731
    assert splits(FIT)["Validation balanced_accuracy"] == "val"
    # Then runtimes are durations, never metrics
    assert not any("runtime" in name for name in metrics)
    assert confirms(FIT, "Validation Balanced Accuracy", 87.31)
    assert not confirms(FIT, "Test Balanced Accuracy", 0.8731)
    assert not confirms(FIT, "Validation Balanced Accuracy", 1.52)


def test_a_negated_error_score_is_read_as_the_error() -> None:
    # Given an error metric printed negated so that higher is better
    assert found(FIT)["Validation mean_absolute_error"] == 12.0407
    assert confirms(FIT, "Validation MAE", 12.0407)
    assert not confirms(FIT, "Validation MAE", -12.0407)


def test_the_older_validation_metric_score_line() -> None:
    assert found(OLD)["Validation f1 score"] == 0.8876
    assert confirms(OLD, "Validation F1", 0.8876)
    assert not confirms(OLD, "Validation F1", 0.72)


BOARD = """\
                 model  score_test  score_val eval_metric  ...  fit_time_marginal  fit_order
0  WeightedEnsemble_L2    0.871204   0.879310    accuracy  ...           0.301876          9
1             CatBoost    0.869998   0.875012    accuracy  ...          12.450312          6
2      NeuralNetFastAI    0.851877        NaN    accuracy  ...           8.112093          3
"""


def test_a_leaderboard_gives_each_models_test_and_validation_scores() -> None:
    metrics = found(BOARD)
    assert metrics["accuracy score_test"] == 0.851877  # the last row's (the dict keeps one)
    assert splits(BOARD)["accuracy score_val"] == "val"
    assert confirms(BOARD, "Test Accuracy", 87.12)
    assert confirms(BOARD, "Validation Accuracy", 0.8793)
    # Then a validation score is no test score, and times are never metrics
    assert not confirms(BOARD, "Test Accuracy", 0.8793)
    assert not confirms(BOARD, "Accuracy", 12.450312)
    assert not any("time" in name or "order" in name for name in metrics)


def test_a_leaderboard_pasted_as_markdown_takes_the_metric_of_the_fit_lines() -> None:
    # Given the fit lines of a regression run, then its leaderboard as a rendered table
    text = (
        "Fitting model: LightGBM ...\n"
        "\t-0.3112\t = Validation score   (-root_mean_squared_error)\n"
        "\n"
        "  | model | score_test | score_val | fit_time | fit_order\n"
        "-- | -- | -- | -- | --\n"
        "LightGBM_FULL | -0.302700 | NaN | 3.2 | 5\n"
        "CatBoost_BAG_L1 | -0.321000 | -0.315500 | 40.1 | 2\n"
    )
    # Then the scores are the errors, unsigned, under the run's metric
    assert confirms(text, "Test RMSE", 0.3027)
    assert confirms(text, "Validation RMSE", 0.3155)
    assert not confirms(text, "Test RMSE", 0.3155)
    assert not confirms(text, "Test RMSE", 3.2)
