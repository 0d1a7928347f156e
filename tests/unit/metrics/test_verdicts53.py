"""Rules from the round on fresh46 (verdicts53): a bare "Expected:" line of values
(`layout._EXAMPLE_LEAD`), a title of numbers the writer had before a fix
(`superseded_titles.py`), one forecasting horizon's values (`horizons.py`) and a claim that
rounds one column's cell to the print of the next column's (`exact_elsewhere.py`). Each test is
a crafted log of a general shape, never a corpus excerpt; public examples of each shape are
named in its comments."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_bare_expected_line_holds_the_papers_numbers() -> None:
    # Shape: a reproduction issue pastes the run's coco-caption line, then "Expected:" with
    # the paper's percentages (jssprz/attentive_specialized_network_video_captioning#7,
    # "RESULTS: Bleu_1: 0.858 ... CIDEr: 0.992" / "Expected: Bleu_4: 62.3 ... CIDEr: 107.7");
    # lukemelas/image-paragraph-captioning#8 lists the paper's "Bleu_4: 10.58 ... CIDEr: 30.63"
    # under the run's fractions the same way, behind a sentence.
    # Given a run line and an "Expected:" line
    log = (
        "Dataset A:\n"
        "RESULTS: Bleu_4: 0.521 METEOR: 0.344 ROUGE_L: 0.702 CIDEr: 0.913\n"
        "Expected: Bleu_4: 58.6 METEOR: 36.1 CIDEr: 98.4 ROUGE_L: 74.9\n"
    )
    # Then the expected values answer no claim, and the run's still do
    assert not confirms(log, "CIDEr", 98.4)
    assert not confirms(log, "ROUGE-L", 74.9)
    assert confirms(log, "CIDEr", 0.913)
    assert confirms(log, "BLEU-4", 52.1)


def test_numbers_from_before_a_fix_are_superseded_by_the_ones_after() -> None:
    # Shape: "before the fix I got:" / "I used to get:" above a pasted result, then "But now I
    # get:" above the new one (google-research/text-to-text-transfer-transformer#112 after a
    # mesh-tensorflow fix); "For example, ... I used to get:" introduces the old output in
    # regression reports the same way (the linux-ide "ata_piix" report quoted on lore.kernel.org:
    # "on my Dell PowerEdge 840 ... I used to get:" above the old dmesg lines).
    # Given two pairs of blocks, each old one introduced by such a title
    log = (
        "For example, before the fix I got:\n"
        "```\n"
        "{'exact_match': 41.25, 'f1': 60.75}\n"
        "```\n"
        "But now I get:\n"
        "```\n"
        "{'exact_match': 44.5, 'f1': 63.25}\n"
        "```\n"
        "Or, I used to get:\n"
        "```\n"
        "{'exact_match': 47.75, 'f1': 66.125}\n"
        "```\n"
        "Now I get:\n"
        "```\n"
        "{'exact_match': 49.875, 'f1': 68.375}\n"
        "```\n"
    )
    # Then the old values answer no claim; the new ones do
    assert not confirms(log, "Exact Match", 41.25)
    assert not confirms(log, "F1", 66.125)
    assert confirms(log, "Exact Match", 44.5)
    assert confirms(log, "F1", 68.375)


def test_one_horizons_value_is_not_the_average_over_horizons() -> None:
    # Shape: traffic forecasters print the test error per prediction horizon: Graph WaveNet's
    # train.py "Evaluate best model on test data for horizon {:d}, Test MAE: {:.4f}, ..." then
    # "On average over 12 horizons, ..." (nnzhan/Graph-WaveNet#6); DCRNN-style loggers
    # "Test: mae: ..." then "Horizon 15mins: mae: ..." (chaoshangcs/GTS#13); PM-DMNet prints
    # "Horizon 03, RMSE: ..., MAE: ..." rows then "Average Horizon, ..."
    # (wengwenchao123/PM-DMNet#5).
    # Given per-horizon lines without the average line
    log = (
        "Evaluate best model on test data for horizon 1, Test MAE: 2.1234, Test MAPE: 0.0512\n"
        "Evaluate best model on test data for horizon 2, Test MAE: 2.4567, Test MAPE: 0.0601\n"
        "Evaluate best model on test data for horizon 3, Test MAE: 2.7891, Test MAPE: 0.0688\n"
    )
    # Then no horizon's value answers an unscoped claim, but a claim of that horizon is answered
    assert not confirms(log, "Test MAE", 2.1234)
    assert not confirms(log, "MAE", 2.7891, "METR-LA")
    assert confirms(log, "MAE (horizon 3)", 2.7891)
    assert not confirms(log, "MAE (horizon 2)", 2.7891)
    # Given the DCRNN-style overall line with horizon lines
    log = (
        "Test: mae: 4.1234, mape: 0.1012, rmse: 7.5123\n"
        "Horizon 15mins: mae: 2.9012, mape: 0.0771, rmse: 6.0123\n"
        "Horizon 60mins: mae: 4.4012, mape: 0.1321, rmse: 9.2012\n"
    )
    # Then the overall value answers, a horizon's does not
    assert confirms(log, "Test MAE", 4.1234)
    assert not confirms(log, "MAE", 2.9012)
    assert not confirms(log, "RMSE", 9.2012)


def test_a_run_of_one_horizon_keeps_its_values() -> None:
    # Shape: Time-Series-Library runs one prediction length per run ("long_term_forecast_ETTh1
    # _96_96 ... mse:0.3840, mae:0.4050"); a scope naming that one horizon makes no other.
    # Given one horizon's values only
    log = "ETTh1 horizon 96: mse: 0.3841, mae: 0.4052\n"
    # Then they are the run's
    assert confirms(log, "MSE", 0.3841, "ETTh1")


def test_a_rounding_of_one_column_printed_exactly_by_the_next_is_refused() -> None:
    # Shape: a Markdown comparison of classifiers, one metric per row and one model per column
    # (pchatzina/multimodal-sepsis-prediction reports/unimodal/*.md: "| AUROC | 0.5399 |
    # **0.5890** | 0.5886 |"; ML model comparison tables in READMEs print the same way).
    # Given two columns whose cells differ by less than the claim's rounding
    log = (
        "| Metric | LR | XGBoost | MLP |\n"
        "|---|:---:|:---:|:---:|\n"
        "| AUROC | 0.5311 | 0.6120 | 0.6117 |\n"
        "| Accuracy | 0.5502 | 0.6345 | 0.6789 |\n"
    )
    # Then "0.612" for MLP is XGBoost's print with its zero dropped, not MLP's 0.6117 rounded
    assert not confirms(log, "AUROC (MLP)", 0.612)
    assert confirms(log, "AUROC (XGBoost)", 0.612)
    assert confirms(log, "AUROC (MLP)", 0.6117)
    assert confirms(log, "Accuracy (MLP)", 0.679)


def test_a_claimed_horizon_after_an_at_sign_is_minutes_ahead() -> None:
    # Shape: traffic-forecasting papers and issues write a horizon as "MAE @ 60 min" / "RMSE@15
    # min" (DCRNN-family tables; chaoshangcs/GTS#13 asks about its Table 1 this way) for the
    # log's "Horizon 60mins: mae: ..." lines.
    # Given an overall line and horizon lines
    log = (
        "Test: mae: 4.1234, mape: 0.1012, rmse: 7.5123\n"
        "Horizon 15mins: mae: 2.9012, mape: 0.0771, rmse: 6.0123\n"
        "Horizon 60mins: mae: 4.4012, mape: 0.1321, rmse: 9.2012\n"
    )
    # Then "@ 60 min" is the 60-minute horizon's value, never another's nor the overall one
    assert confirms(log, "MAE @ 60 min", 4.40)
    assert confirms(log, "RMSE@60min", 9.2012)
    assert not confirms(log, "MAE @ 60 min", 2.9012)
    assert not confirms(log, "MAE @ 15 min", 4.1234)


def test_fast_reid_minp_column_is_a_metric() -> None:
    # Shape: fast-reid's evaluation table "| Dataset | Rank-1 | Rank-5 | Rank-10 | mAP | mINP |
    # metric |" (JDAI-CV/fast-reid fastreid/evaluation/testing.py, "Evaluation results in csv
    # format"; pasted in JDAI-CV/fast-reid#381, #396 and #461).
    # Given a fast-reid table
    log = (
        "| Dataset   | Rank-1   | Rank-5   | Rank-10   | mAP   | mINP   | metric   |\n"
        "|:----------|:---------|:---------|:----------|:------|:-------|:---------|\n"
        "| Market1501 | 95.12    | 98.40    | 99.05     | 88.31 | 65.47  | 91.72    |\n"
    )
    # Then mINP is read as a metric of its own, never as mAP
    assert confirms(log, "mINP", 65.47, "Market1501")
    assert confirms(log, "mINP", 0.6547)
    assert not confirms(log, "mAP", 65.47)
