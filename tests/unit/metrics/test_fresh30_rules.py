"""Reading rules found on the fresh30 blind set (verdicts34): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_fasttext_label_rows_are_each_labels_and_the_file_names_the_split() -> None:
    # Given fastText's test-label output on a development file
    log = (
        "$ ./fasttext test-label model_news.bin news.dev 1\n"
        "F1-Score : 0.702100  Precision : 0.731500  Recall : 0.675000   __label__sport\n"
        "F1-Score : 0.655400  Precision : 0.612300  Recall : 0.705000   __label__politics\n"
        "F1-Score : --------  Precision : --------  Recall : --------   __label__weather\n"
        "N\t4200\n"
        "P@1\t0.688\n"
        "R@1\t0.688\n"
    )
    # Then a label's row is that label's, never the overall F1 or precision
    assert found(log)["__label__sport/F1-Score"] == 0.7021
    assert not confirms(log, "F1", 0.7021)
    assert not confirms(log, "Precision", 0.6123)
    # ...and the overall P@1 is the development file's: a validation value, never a test one
    assert confirms(log, "Precision@1", 0.688)
    assert confirms(log, "Dev P@1", 0.688)
    assert not confirms(log, "Test Precision@1", 0.688)
    assert not confirms(log, "N", 4200)


def test_fasttext_on_a_test_file_confirms_a_test_claim() -> None:
    # Given fastText's test output on a file named as the test set
    log = "fasttext test ag.bin data/ag_news.test\nN\t7600\nP@1\t0.915\nR@1\t0.915\n"
    # Then the overall P@1 answers a test claim
    assert confirms(log, "Test P@1", 0.915)


def test_an_english_lead_presenting_the_addressees_numbers_quotes_the_paragraph() -> None:
    # Given an issue quoting the authors' numbers under "You mention reaching", then the
    # writer's own
    log = (
        "Thanks for the code.\n"
        "You mention reaching\n"
        "- `FID=7.31` with DDIM\n"
        "- `FID=5.02` with DPM-Solver\n"
        "\n"
        "but after sampling with the released checkpoint we get\n"
        "- `FID=8.44` with DDIM\n"
        "- `FID=6.10` with DPM-Solver\n"
    )
    # Then the quoted values are the addressee's, not the run's
    assert not confirms(log, "FID", 7.31)
    assert not confirms(log, "FID", 5.02)
    assert confirms(log, "FID", 8.44)
    assert confirms(log, "FID", 6.1)


def test_a_you_lead_with_the_writer_in_it_is_the_writers_own() -> None:
    # Given a lead that says what the writer did with the addressee's code
    log = "You said to run eval.py, and I got\n- `FID=9.12`\n"
    # Then the value below it is the writer's
    assert confirms(log, "FID", 9.12)


def test_a_columns_words_before_an_acronym_qualify_it() -> None:
    # Given a results table of models whose columns are one acronym's whole and part values
    log = (
        "| Model | Overall Error (RMSE) | Weekend Error (RMSE) |\n"
        "|---|---|---|\n"
        "| Ridge | 12.40 | 15.80 |\n"
        "| GBM | 10.20 | 13.70 |\n"
    )
    # Then an unqualified claim is the overall column's, a qualified one its column's
    assert confirms(log, "RMSE", 10.2)
    assert not confirms(log, "RMSE", 13.7)
    assert confirms(log, "Weekend RMSE", 13.7)
    assert not confirms(log, "Weekend RMSE", 10.2)


def test_a_global_column_is_the_whole_datas_value() -> None:
    # Given columns of a global and a subset value of one metric
    log = "| Model | Global Error (MAE) | Peak Error (MAE) |\n|---|---|---|\n| A | 2.10 | 3.40 |\n"
    # Then the unqualified claim is the global value
    assert confirms(log, "MAE", 2.1)
    assert not confirms(log, "MAE", 3.4)


def test_catboost_training_json_names_each_sets_metric() -> None:
    # Given CatBoost's catboost_training.json with a learn and a test set evaluated on Logloss
    log = (
        "{\n"
        '"meta":{"test_sets":["test"],"test_metrics":[{"best_value":"Min","name":"Logloss"}],'
        '"learn_metrics":[{"best_value":"Min","name":"Logloss"}],"launch_mode":"Train",'
        '"parameters":"","iteration_count":300,"learn_sets":["learn"],"name":"experiment"},\n'
        '"iterations":[\n'
        '{"learn":[0.6512],"iteration":0,"passed_time":0.01,"remaining_time":3.1,"test":[0.6601]},\n'
        '{"learn":[0.3120],"iteration":298,"passed_time":2.9,"remaining_time":0.01,"test":[0.4015]},\n'
        '{"learn":[0.3114],"iteration":299,"passed_time":3.0,"remaining_time":0,"test":[0.4018]}\n'
        "]}\n"
    )
    # Then the last iteration's values are each set's Logloss
    assert confirms(log, "Test Logloss", 0.4018)
    assert confirms(log, "Train Logloss", 0.3114)
    assert not confirms(log, "Test Logloss", 0.4015)  # an earlier iteration's
    assert not confirms(log, "Logloss", 0.3114)  # the training value
    assert not confirms(log, "Test Logloss", 300)


def test_capital_is_beside_fid_is_the_inception_score() -> None:
    # Given a generative model's evaluation printing FID and IS (mean and deviation)
    log = "Sampler B: IS: 9.87210, FID: 3.41005\nFID=2.0571, IS=212.4410±3.1200\n"
    # Then IS answers an Inception Score claim, never an FID one
    assert confirms(log, "Inception Score", 9.8721)
    assert confirms(log, "Inception Score", 212.441)
    assert not confirms(log, "Inception Score", 3.41005)
    assert not confirms(log, "FID", 9.8721)


def test_multeval_average_is_the_score_and_the_statistics_are_not() -> None:
    # Given MultEval's RESULT lines for one system
    log = (
        "RESULT: sys1: BLEU: AVG: 24.310200\n"
        "RESULT: sys1: BLEU: STDDEV: 0.102300\n"
        "RESULT: sys1: BLEU: MAX: 24.450000\n"
        "RESULT: sys1: BLEU: MEDIAN_IDX: 1.000000\n"
        "RESULT: sys1: TER: AVG: 58.120000\n"
        "RESULT: sys1: BLEU: RESAMPLED_MAX: 25.900100\n"
        "Top unmatched hypothesis words accoring to METEOR: [the x 120, a x 88]\n"
    )
    # Then the average over optimizer runs answers the claim, its statistics never do
    assert confirms(log, "BLEU", 24.31)
    assert confirms(log, "TER", 58.12)
    assert not confirms(log, "BLEU", 24.45)
    assert not confirms(log, "BLEU", 25.9)
    assert not confirms(log, "BLEU", 0.1023)
    assert not confirms(log, "BLEU", 120)


def test_sclite_summary_error_components_are_read() -> None:
    # Given sclite's own summary table
    log = (
        "                     SYSTEM SUMMARY PERCENTAGES by SPEAKER\n"
        "     | SPKR   | # Snt   # Wrd  | Corr    Sub    Del    Ins    Err  S.Err |\n"
        "     |--------+----------------+-----------------------------------------|\n"
        "     | spk1   |  120    2400   | 81.0   12.5    6.5   3.2   22.2   64.0 |\n"
        "     |===================================================================|\n"
        "     | Sum/Avg|  120    2400   | 81.0   12.5    6.5   3.2   22.2   64.0 |\n"
    )
    # Then each error component answers its own claim, and none answers the WER
    assert confirms(log, "Insertion Rate", 3.2)
    assert confirms(log, "Deletion Rate", 6.5)
    assert confirms(log, "Substitution Rate", 12.5)
    assert confirms(log, "WER", 22.2)
    assert not confirms(log, "WER", 12.5)
    assert not confirms(log, "Insertion Rate", 6.5)


def test_a_metric_functions_name_as_a_result_key_is_that_metric() -> None:
    # Given an evaluation dict keyed by the metric functions passed to it
    log = "INFO:model:{'eval_loss': 3.21, 'computeBleu': 0.2874, 'calc_rouge': 0.4412}\n"
    # Then each key answers the metric its function computes
    assert confirms(log, "BLEU", 28.74)
    assert confirms(log, "ROUGE", 0.4412)
    assert not confirms(log, "BLEU", 0.4412)
