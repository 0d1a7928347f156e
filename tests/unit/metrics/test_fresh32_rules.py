"""Reading rules found on the fresh32 blind set (verdicts37): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_colon_sentence_naming_a_split_after_numbered_prose_scopes_the_block() -> None:
    # Given a paragraph with numbers whose last sentence says which split the block below is on
    log = (
        "Training stopped at epoch 12 with a best score of 31.4. Below are the scores for "
        "the val split on flickr:\n"
        "\n"
        "{'CIDEr': 0.5821, 'METEOR': 0.1934}\n"
    )
    # Then its values are the validation split's: never a test claim
    assert confirms(log, "Validation CIDEr", 0.5821)
    assert not confirms(log, "Test CIDEr", 0.5821)


def test_an_underlined_title_names_the_split_of_its_section() -> None:
    # Given two sections, each under a title underlined by a rule, that name their split
    log = (
        "==============================\n"
        "Recall on split=dev\n"
        "------------------------------\n"
        "R@5: 0.4410\n"
        "R@50: 0.7720\n"
        "==============================\n"
        "Recall on split=test\n"
        "------------------------------\n"
        "R@5: 0.4530\n"
        "R@50: 0.7810\n"
    )
    # Then each section's values are its split's
    assert confirms(log, "Test R@50", 0.7810)
    assert not confirms(log, "Test R@50", 0.7720)
    assert confirms(log, "Validation R@5", 0.4410)


def test_a_results_on_lead_scopes_the_lines_pairs_to_its_data_set() -> None:
    # Given one line per data set, each led by a clause naming it, then the pairs
    log = (
        "Best results on Pubmed after 5 runs:   ARI=31.204, NMI=33.871\n"
        "Best results on Amazon after 5 runs:   ARI=44.518, NMI=51.093\n"
    )
    # Then each line's values are its data set's, never another's
    assert confirms(log, "NMI", 51.093, dataset="Amazon")
    assert not confirms(log, "NMI", 33.871, dataset="Amazon")


def test_a_list_title_with_settings_in_parentheses_scopes_its_items() -> None:
    # Given a list of runs, each titled by the collection and system with its settings, whose
    # nested items print the run's scores
    log = (
        "- TREC-COVID sparse (k1=0.9, b=0.4):\n"
        "  - nDCG@10 = 0.6559\n"
        "\n"
        "- SciFact dense (TAS-B, HNSW):\n"
        "  - nDCG@10 = 0.6431\n"
    )
    # Then each item is its run's data set's, and the settings are no results
    assert confirms(log, "nDCG@10", 0.6431, dataset="SciFact")
    assert not confirms(log, "nDCG@10", 0.6431, dataset="TREC-COVID")
    assert not confirms(log, "b", 0.4)


def test_per_horizon_lines_after_each_epoch_keep_only_the_last_epochs_values() -> None:
    # Given epoch lines with a bracketed epoch counter, each followed by an overall line and
    # per-horizon lines that name the horizon with its unit
    log = (
        "Epoch [7/100] (3150) train_loss: 3.1021, val_loss: 3.0517, lr: 0.001000, 41.2s\n"
        "Horizon overall: mae: 3.0711, mape: 8.4420, rmse: 6.1275\n"
        "Horizon 15mins: mae: 2.6390, mape: 6.8123, rmse: 5.0122\n"
        "Horizon 60mins: mae: 3.6542, mape: 10.7711, rmse: 7.4409\n"
        "Epoch [8/100] (3600) train_loss: 3.0810, val_loss: 3.0412, lr: 0.001000, 40.9s\n"
        "Horizon overall: mae: 3.0533, mape: 8.3017, rmse: 6.0834\n"
        "Horizon 15mins: mae: 2.6215, mape: 6.7745, rmse: 4.9921\n"
        "Horizon 60mins: mae: 3.6321, mape: 10.6513, rmse: 7.4102\n"
    )
    # Then the overall MAE is the last epoch's, an earlier epoch's is a running value
    assert confirms(log, "MAE", 3.0533)
    assert not confirms(log, "MAE", 3.0711)
    # And a horizon's value answers a claim of that horizon ("60 min"), not the overall one
    assert confirms(log, "RMSE (60 min)", 7.4102)
    assert not confirms(log, "RMSE (60 min)", 6.0834)
    assert not confirms(log, "MAE", 2.6215)


def test_a_horizon_line_behind_a_loggers_prefix_keeps_the_logs_data_set() -> None:
    # Given a log about one data set whose per-horizon lines carry a logger's prefix
    log = (
        "Training on the METR-LA dataset\n"
        "2022-03-01 10:00:00,001 - INFO - Test: mae: 3.1002, mape: 0.0871, rmse: 6.2245\n"
        "2022-03-01 10:00:00,002 - INFO - Horizon 15mins: mae: 2.7001, mape: 0.0702, "
        "rmse: 5.2010\n"
        "2022-03-01 10:00:00,003 - INFO - Horizon 60mins: mae: 3.5512, mape: 0.1033, "
        "rmse: 7.3301\n"
    )
    # Then a claim of the 60-minute horizon on that data set is that horizon's row
    assert confirms(log, "MAPE (60 min)", 10.33, dataset="METR-LA")
    assert not confirms(log, "MAPE (60 min)", 7.02, dataset="METR-LA")


def test_a_claimed_data_set_word_picks_the_table_row_that_names_it() -> None:
    # Given a table of checkpoints evaluated on two variants of one split
    log = (
        "ckpt | split | METEOR\n"
        "---- | -- | --\n"
        "run_a.pth | random split, test | 0.2012\n"
        "run_a.pth | Plummer's split, test | 0.2145\n"
    )
    # Then a claim on Plummer's test split is that row's, never the random split's
    assert confirms(log, "METEOR", 0.2145, dataset="Flickr30k Plummer test")
    assert not confirms(log, "METEOR", 0.2012, dataset="Flickr30k Plummer test")


def test_diarization_clustering_and_perceptual_metric_names_are_metrics() -> None:
    # Given tables whose columns are speaker-diarization, clustering and perceptual metrics
    diarization = "| DER | FA | MISS |\n|---|---|---|\n| 21.07 | 6.31 | 8.92 |\n"
    clustering = "| NMI | ARI |\n|---|---|\n| 41.38 | 37.05 |\n"
    generation = "| FID | LPIPS |\n|---|---|\n| 18.44 | 0.2712 |\n"
    # Then each column is read as its metric (a false alarm rate is not the DER)
    assert confirms(diarization, "DER", 21.07)
    assert confirms(diarization, "False Alarm", 6.31)
    assert confirms(diarization, "Missed Detection", 8.92)
    assert not confirms(diarization, "DER", 6.31)
    assert confirms(clustering, "NMI", 0.4138)
    assert not confirms(clustering, "NMI", 37.05)
    assert confirms(generation, "LPIPS", 0.2712)
    assert not confirms(generation, "Intra-LPIPS", 0.2712)


def test_a_header_rule_without_its_closing_pipe_keeps_the_table_open() -> None:
    # Given a Markdown table whose rule under the header lacks the closing pipe
    log = (
        "| system | MISS | FA | DER |\n"
        "|:---|:---:|:---:|:---:\n"
        "| ours (oracle VAD) | 3.1 | 0.0 | 6.4 |\n"
        "| ours (silero VAD) | 5.2 | 0.9 | 9.7 |\n"
    )
    # Then its rows are read, each its own system's
    assert confirms(log, "DER (silero VAD)", 9.7)
    assert not confirms(log, "DER (silero VAD)", 6.4)


def test_a_row_led_by_a_citation_marker_quotes_the_cited_work() -> None:
    # Given the writer's rows and rows of a cited paper, marked "[2]", in one table
    log = (
        "| system | DER |\n"
        "|---|---|\n"
        "| this repo | 11.3 |\n"
        "| [2] baseline | 14.9 |\n"
        "\n"
        "[2] A diarization paper, https://example.org/paper.pdf\n"
    )
    # Then the cited rows are not the run's
    assert confirms(log, "DER", 11.3)
    assert not confirms(log, "DER", 14.9)


def test_a_rendered_table_with_an_empty_corner_has_data_set_columns() -> None:
    # Given a table copied from a rendered page: an empty corner, one column per data set,
    # one row per metric
    log = (
        "  | Cats | Dogs | Wild\n"
        "-- | -- | -- | --\n"
        "FID | 41.207 | 58.316 | 22.904\n"
        "Intra-LPIPS | 0.4411 | 0.4863 | 0.5127\n"
    )
    # Then each cell is its row's metric on its column's data set
    assert confirms(log, "FID", 58.316, dataset="Dogs")
    assert not confirms(log, "FID", 41.207, dataset="Dogs")
    assert confirms(log, "Intra-LPIPS", 0.5127, dataset="Wild")
    # And a table of a metric's spread over a run ("Min | Max | Mean") has no data-set columns
    spread = "Metric | Min | Max | Mean\n-- | -- | -- | --\nFID | 12.1 | 48.7 | 19.3\n"
    assert not confirms(spread, "FID", 48.7, dataset="Max")
