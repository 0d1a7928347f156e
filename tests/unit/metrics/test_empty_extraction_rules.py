"""Reading rules found on the corpus cases where the extractor found nothing at all (verdicts35):
each test is a crafted log that shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_header_of_single_spaced_names_reads_the_row_of_numbers_below_it() -> None:
    # Given a summary file whose fields and values are joined by single spaces
    log = (
        "# tracker run on MOT20\n"
        "HOTA DetA AssA MOTA MODA IDF1 IDSW\n"
        "41.207 55.02 31.114 -2.4471 61.337 38.1 1204\n"
    )
    # Then each value is its column's
    assert confirms(log, "HOTA", 41.21)
    assert confirms(log, "MOTA", -2.4471)
    assert confirms(log, "IDF1", 38.1)
    assert not confirms(log, "MOTA", 61.337)
    assert not confirms(log, "AssA", 55.02)


def test_a_single_spaced_header_needs_a_row_of_exactly_its_numbers() -> None:
    # Given prose lines of single-spaced words and numbers under a line of metric names
    log = "Precision Recall F1\nrun 3 gave 0.61 0.52 0.56\nPrecision Recall F1\n0.71 0.64\n"
    # Then no row is read: a label or a missing number leaves the columns unassigned
    assert found(log) == {}


def test_a_thesis_title_quotes_its_block_and_the_writers_own_title_ends_it() -> None:
    # Given a thesis's numbers under a title, then the writer's under a short own title
    log = (
        "Results reported in the thesis:\n"
        "PESQ STOI SSNR\n"
        "3.12 0.944 10.4\n"
        "My reproduced results\n"
        "PESQ STOI SSNR\n"
        "2.98 0.931 9.7\n"
    )
    # Then only the writer's block confirms
    assert confirms(log, "PESQ", 2.98)
    assert confirms(log, "STOI", 0.931)
    assert not confirms(log, "PESQ", 3.12)
    assert not confirms(log, "STOI", 0.944)


def test_the_experimental_results_of_a_thesis_are_the_theses() -> None:
    # Given a title naming the thesis as the source of the values below it
    log = "The experimental results of the thesis:\nSISNR   PESQ   STOI\n9.10    2.05   0.930\n"
    # Then none of them is the run's
    assert not confirms(log, "PESQ", 2.05)
    assert not confirms(log, "STOI", 0.93)


def test_a_leaderboards_raw_and_length_controlled_win_rates_are_two_metrics() -> None:
    # Given a pairwise-judging leaderboard printed with pandas (AlpacaEval's columns)
    log = (
        "                     length_controlled_winrate  win_rate  standard_error  n_total\n"
        "my-sft-model                             21.07     17.85            1.18      805\n"
    )
    # Then each win rate is its column's, never the other's or the standard error
    assert confirms(log, "LC Win Rate", 21.07)
    assert confirms(log, "Win Rate", 17.85)
    assert not confirms(log, "Win Rate", 21.07)
    assert not confirms(log, "LC Win Rate", 17.85)
    assert not confirms(log, "Win Rate", 1.18)
