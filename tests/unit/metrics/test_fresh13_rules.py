"""Rules found by reading the fresh13 set (NLP, speech, time series, ranking; verdicts18): each
on a minimal log written for the rule; the corpus holds the real logs."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found, splits


def test_a_time_series_setting_string_scopes_its_values_to_its_horizon() -> None:
    # Given two Time-Series-Library experiments on one data set at two prediction lengths
    log = (
        "long_term_forecast_Weather_96_96_DLinear_custom_ftM_sl96_ll48_pl96_dm512_Exp_0\n"
        "mse:0.1961, mae:0.2553, dtw:Not calculated\n"
        "\n"
        "long_term_forecast_Weather_96_336_DLinear_custom_ftM_sl96_ll48_pl336_dm512_Exp_0\n"
        "mse:0.2830, mae:0.3357, dtw:Not calculated\n"
    )
    # Then each value is its horizon's, whatever the claim calls the horizon
    assert found(log)["Weather horizon 336/mse"] == 0.283
    assert confirms(log, "MSE (Weather, horizon 336)", 0.283)
    assert confirms(log, "MSE (pred_len 96)", 0.1961, dataset="Weather")
    assert confirms(log, "MAE (Weather, forecast horizon 336)", 0.3357)
    # ...and never another horizon's
    assert not confirms(log, "MSE (Weather, horizon 336)", 0.1961)
    assert not confirms(log, "MSE (pred_len 96)", 0.283)


def test_a_setting_string_whose_model_id_and_pred_len_disagree_names_both() -> None:
    log = (
        "long_term_forecast_ETTm2_96_336_Informer_ETTm2_ftM_sl96_ll48_pl168_dm512_Exp_0\n"
        "mse:0.5120, mae:0.4800\n"
    )
    assert confirms(log, "MSE (ETTm2, horizon 336)", 0.512)
    assert confirms(log, "MSE (ETTm2, horizon 168)", 0.512)
    assert not confirms(log, "MSE (ETTm2, horizon 96)", 0.512)


def test_a_code_span_followed_by_for_a_name_is_that_model_s_output() -> None:
    # Given two pasted result lines, each in a code span with the model named after it
    log = (
        "`[Eval] results:  recall@5=0.6123 mrr=0.4411` for knrm\n"
        "\n"
        "`[Eval] results:  recall@5=0.5870 mrr=0.4219` for arci\n"
    )
    # Then each value is its model's: a claim of one model is not confirmed by the other's
    assert confirms(log, "MRR (KNRM)", 0.4411)
    assert confirms(log, "Recall@5 (ARC-I)", 0.587)
    assert not confirms(log, "MRR (ARC-I)", 0.4411)


def test_conlleval_fb1_is_f1() -> None:
    log = "accuracy:  97.10%; precision:  85.02%; recall:  86.40%; FB1:  85.70\n"
    assert confirms(log, "F1", 85.7)
    assert not confirms(log, "F1", 86.4)


def test_a_sentence_naming_a_split_before_a_code_block_gives_the_block_its_split() -> None:
    # Given development-set values in prose, then the test-set output in a code block
    log = (
        "The dev run wrote these values:\n"
        "P=0.7012\n"
        "F=0.6930\n"
        "\n"
        "And on the test set the scorer printed\n"
        "```\n"
        "accuracy:  96.01%; precision:  88.10%; recall:  87.90%; FB1:  88.00\n"
        "```\n"
    )
    # Then the block's values are the test split's, and a test claim is only answered by them
    assert splits(log)["FB1"] == "test"
    assert confirms(log, "Test F1", 88.0)
    assert not confirms(log, "Test F1", 69.3)


def test_a_split_sentence_not_followed_by_a_code_block_names_nothing() -> None:
    log = "We evaluate on the test set of course.\nSome setup line\n```\nF1: 0.81\n```\n"
    assert splits(log)["F1"] is None


def test_a_writer_s_lead_in_is_no_part_of_the_metric_s_name() -> None:
    # Given a sentence of the writer's result
    log = "I got CER 4.1% vs 3.9% in the original recipe\n"
    # Then the metric is CER, unscoped: a claim naming a data set may stand on it
    assert "CER" in found(log)
    assert confirms(log, "CER (AISHELL-1)", 4.1)


def test_two_metrics_then_their_two_values_pair_in_order() -> None:
    log = "The precision and recall we measured are 0.812 and 0.774, lower than expected.\n"
    assert found(log)["precision"] == 0.812
    assert found(log)["recall"] == 0.774
    assert confirms(log, "Recall", 0.774)
    assert not confirms(log, "Precision", 0.774)


def test_area_under_the_curve_is_auc() -> None:
    log = "Area under the curve: 0.8712\n"
    assert confirms(log, "AUC", 0.8712)
    assert confirms(log, "ROC AUC", 0.8712)


def test_a_possessive_split_name_is_no_data_set() -> None:
    # Given LightGBM's per-iteration lines for its second validation set, then the last one
    log = "[100]\tvalid_0's auc: 0.71023\tvalid_1's auc: 0.69501\n"
    # Then a claim naming a data set the log never names stands on the validation value
    assert confirms(log, "Validation AUC (Criteo)", 0.69501)
