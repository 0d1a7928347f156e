# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""ESPnet results, built from egs2/TEMPLATE/asr1/scripts/utils/show_asr_result.sh ("### WER",
"|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|" and `grep -H -e Avg .../result.txt` rows) and
SCTK sclite's result.txt (`| SPKR | # Snt # Wrd | Corr Sub Del Ins Err S.Err |`, `| Sum/Avg|`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms

RESULTS_MD = """\
### WER

|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|
|---|---|---|---|---|---|---|---|---|
|decode_asr_lm_lm_train_lm_en_bpe5000_valid.loss.ave_asr_model_valid.acc.ave/dev_clean|2703|54402|98.0|1.8|0.2|0.2|2.2|28.7|
|decode_asr_lm_lm_train_lm_en_bpe5000_valid.loss.ave_asr_model_valid.acc.ave/test_clean|2620|52576|97.8|2.0|0.2|0.3|2.5|29.8|

### CER

|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|
|---|---|---|---|---|---|---|---|---|
|decode_asr_lm_lm_train_lm_en_bpe5000_valid.loss.ave_asr_model_valid.acc.ave/test_clean|2620|281530|99.3|0.4|0.3|0.3|1.0|29.8|
"""


def test_results_md_sections_and_sets() -> None:
    # Given WER and CER sections whose rows name the decode directory and the set
    metrics = {m.name: m.value for m in extract_metrics(RESULTS_MD)}
    # Then Err is named by set and section, S.Err by set; counts are never values
    assert metrics == {
        "dev_clean/WER Err": 2.2,
        "dev_clean/S.Err": 28.7,
        "test_clean/WER Err": 2.5,
        "test_clean/S.Err": 29.8,
        "test_clean/CER Err": 1.0,
    }


def test_claims_on_results_md() -> None:
    metrics = extract_metrics(RESULTS_MD)
    # When test-set claims are checked (the "valid" in the decode tag is no split)
    assert check_claimed_metric(metrics, "Test WER", 2.5).ok
    assert check_claimed_metric(metrics, "WER", 2.5, dataset="test_clean").ok
    assert not check_claimed_metric(metrics, "WER", 1.0, dataset="test_clean").ok  # the CER
    assert not check_claimed_metric(metrics, "WER", 29.8).ok  # the sentence error rate


def test_sclite_result_table_reads_only_sum_avg() -> None:
    # Given sclite's per-speaker table after ESPnet1's grep command
    text = """\
$ grep -e Avg -e SPKR -m 2 exp/tr/decode_test_beam10_emodel.acc.best/result.txt
|  SPKR   | # Snt  # Wrd | Corr    Sub    Del    Ins    Err  S.Err |
|  1089   |   20    438 | 96.6    3.2    0.2    0.5    3.9   35.0 |
|=================================================================|
| Sum/Avg | 2620  52576 | 96.0    3.6    0.4    0.5    4.5   44.0 |
|  Mean   |131.0 2628.8 | 96.0    3.6    0.4    0.6    4.6   44.5 |
|  Sum    | 2620  52576 |50473   1893    210    263   2366   1153 |
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    # Then only the Sum/Avg row gives values, named by the decode directory's set (Err, S.Err
    # and the Sub/Del/Ins error components)
    assert metrics == {
        "decode_test/Sum/Avg Err": 4.5,
        "decode_test/Sum/Avg S.Err": 44.0,
        "decode_test/Sum/Avg Substitution Rate": 3.6,
        "decode_test/Sum/Avg Deletion Rate": 0.4,
        "decode_test/Sum/Avg Insertion Rate": 0.5,
    }


def test_st_bleu_table() -> None:
    # Given an ESPnet2 speech-translation result table
    text = """\
|dataset|bleu_score|verbose_score|
|---|---|---|
|decode_st_conformer_st_model_valid.acc.ave/tst-COMMON.en-de|26.5|60.1/33.6/20.9/13.5 (BP = 0.968 ratio = 0.968 hyp_len = 52211 ref_len = 53913)|
"""
    metrics = extract_metrics(text)
    assert [(m.name, m.value) for m in metrics] == [("tst-COMMON.en-de/BLEU", 26.5)]
    assert not check_claimed_metric(metrics, "BLEU", 60.1).ok


def test_grep_hit_wrapped_after_its_path() -> None:
    # espnet/espnet#837: the terminal wrapped each grep hit after `result.txt:|`
    log = (
        "exp/tr05_multi/decode_dt05_real_isolated_1ch_track_decode_lm_word65000/result.txt:|\n"
        "    Sum/Avg    |    1640          160390     |    95.3            2.7           2.1           1.6           6.3          66.6     |\n"
        "exp/tr05_multi/decode_dt05_simu_isolated_1ch_track_decode_lm_word65000/result.txt:|\n"
        "    Sum/Avg    |    1640          160400     |    94.1            3.4           2.5           1.9           7.8          68.8     |\n"
    )
    metrics = extract_metrics(log)
    assert check_claimed_metric(metrics, "Err", 6.3, "dt05_real").ok
    assert not check_claimed_metric(metrics, "Err", 7.8, "dt05_real").ok
    assert not check_claimed_metric(metrics, "Err", 65000).ok


def test_espnet1_announced_tables_and_quoted_headings_name_the_error_rate() -> None:
    # score_sclite.sh: "write a CER (or TER) result in .../result.txt", then the WER table
    text = (
        "write a CER (or TER) result in exp/decode_test_clean_model.acc.best/result.txt\n"
        "|    SPKR    |    # Snt       # Wrd     |    Corr   Sub   Del   Ins   Err  S.Err    |\n"
        "|    Sum/Avg |     328         9771     |    97.7   1.5   0.8   0.3   2.6   27.1    |\n"
        "write a WER result in exp/decode_test_clean_model.acc.best/result.wrd.txt\n"
        "|    SPKR    |    # Snt       # Wrd     |    Corr   Sub   Del   Ins   Err  S.Err    |\n"
        "|    Sum/Avg |     328         7809     |    98.2   1.5   0.3   0.2   2.0   27.1    |\n"
    )
    assert confirms(text, "WER", 2.0, dataset="test-clean")
    assert confirms(text, "CER", 2.6)
    assert not confirms(text, "WER", 2.6)
    # a markdown quote of RESULTS.md tables, and WSJ's numbered sets
    quoted = (
        "  > ### WER\n"
        "  > |dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|\n"
        "  > |---|---|---|---|---|---|---|---|---|\n"
        "  > |decode_test_dev93_decode_rnn_lm_word65000|503|8234|92.5|6.6|0.9|1.0|8.5|61.2|\n"
    )
    assert confirms(quoted, "WER", 8.5, dataset="dev93")
    assert not confirms(quoted, "CER", 8.5)


def test_an_error_rates_err_column_is_the_rate_not_a_data_set() -> None:
    text = (
        "### WER\n"
        "\n"
        "|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|\n"
        "|---|---|---|---|---|---|---|---|---|\n"
        "|decode_asr_model_valid.acc.ave/dev|500|16000|91.2|6.1|2.7|1.3|10.1|71.0|\n"
        "|decode_asr_model_valid.acc.ave/test|1100|27000|92.0|5.6|2.4|1.2|9.2|66.3|\n"
    )
    assert confirms(text, "Test WER", 9.2, dataset="Switchboard")
    assert not confirms(text, "Test WER", 10.1, dataset="Switchboard")
    assert not confirms(text, "Test WER", 66.3, dataset="Switchboard")
