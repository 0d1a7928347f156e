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
