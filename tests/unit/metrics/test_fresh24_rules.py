"""Reading rules found on the fresh24 blind set (verdicts30): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from chalicelib.domain.metrics.vocabulary import sense_of
from tests.unit.metrics._helpers import confirms, found

_SETUPS = """\
| Setup                                          | CER dev | CER test |
|------------------------------------------------|---------|----------|
| authors' reported numbers                      | 4.1     | 4.4      |
| conformer + train with speed perturb           | 4.6     | 4.9      |
| conformer + train without speed perturb        | 4.8     | 5.2      |
"""


def test_train_with_in_a_setup_row_label_names_no_split() -> None:
    # Given rows labelled by how each run was trained ("train with speed perturb")
    assert sense_of("conformer + train with speed perturb/CER test").split == "test"
    assert sense_of("conformer + train without speed perturb/CER dev").split == "val"
    # Then their values answer a claim of the evaluation set, not only a train claim
    assert confirms(_SETUPS, "CER", 4.9, "test")
    assert confirms(_SETUPS, "CER", 5.2, "test")
    # And a row the log names a train split still is one
    assert sense_of("train/acc").split == "train"
    assert sense_of("train set + test with flip/acc").split == "train"


def test_an_authors_row_is_someone_elses_value() -> None:
    # Given the authors' numbers as a row beside the reporter's runs
    # Then they never confirm a claim of the run
    assert not confirms(_SETUPS, "CER", 4.4, "test")
    assert not confirms(_SETUPS, "CER", 4.1, "dev")
    assert confirms(_SETUPS, "CER", 4.6, "dev")


def test_a_long_setup_row_label_is_still_a_row() -> None:
    # Given a row label long enough that label/column passes the length of a name
    log = (
        "| Setup | %WER for eval1 |\n"
        "|---|---|\n"
        "| blstm_las + train without cold fusion + decode without lm fusion | 7.2 |\n"
    )
    # Then the row is read with its joiners compacted, not dropped as prose
    assert any(v == 7.2 for v in found(log).values())
    assert confirms(log, "WER", 7.2, "eval1")


def test_a_lone_evaluation_set_name_titles_the_scoring_file_below() -> None:
    # Given a scoring file pasted under the name of its evaluation set, without a colon
    log = (
        "dev_other\n"
        "```\n"
        "%WER 8.41 [ 4281 / 50948, 500 ins, 600 del, 3181 sub ]\n"
        "%SER 61.20 [ 1752 / 2864 ]\n"
        "```\n"
    )
    # Then its values are that set's: they answer a claim of it, never of another set
    assert confirms(log, "WER", 8.41, "LibriSpeech dev-other")
    assert not confirms(log, "WER", 8.41, "LibriSpeech test-clean")
    # And a line with more than the set's name titles nothing
    prose = "we also ran test-clean twice\n%WER 8.41 [ 4281 / 50948, 500 ins, 600 del, 3181 sub ]\n"
    assert confirms(prose, "WER", 8.41, "LibriSpeech test-clean")


def test_a_top_k_cutoff_written_apart_in_prose_is_the_names() -> None:
    # Given a reporter's sentence with "top 1 acc" and "top 5 acc" written with spaces
    log = "With the released config on Kinetics I got top 1 acc 71.4, top 5 acc 90.2.\n"
    # Then the cutoffs are part of the names, never values of "acc"
    assert confirms(log, "Top-1 Accuracy", 71.4)
    assert confirms(log, "Top-5 Accuracy", 90.2)
    assert not confirms(log, "Top-1 Accuracy", 90.2)
    assert not confirms(log, "Accuracy", 1)
    assert not confirms(log, "Accuracy", 5)


_YEARS = """\
test set   | BLEU
newstest18 | 40.1
newstest19 | 38.7
"""


def test_a_two_column_table_without_outer_pipes_is_read_under_a_metric_header() -> None:
    # Given a two-column table typed without outer pipes, its second header a metric
    assert found(_YEARS) == {"newstest18/BLEU": 40.1, "newstest19/BLEU": 38.7}
    # And a line with one pipe under a header that names no metric is no table
    assert found("step | phase\nwarmup | 3\n") == {}


def test_a_yearly_test_set_matches_with_its_year_in_two_or_four_digits() -> None:
    # Then the claim of newstest2019 is the newstest19 row, never another year's
    assert confirms(_YEARS, "BLEU", 38.7, "newstest2019")
    assert confirms(_YEARS, "BLEU", 40.1, "WMT18 newstest2018")
    assert not confirms(_YEARS, "BLEU", 40.1, "newstest2019")
    assert not confirms(_YEARS, "BLEU", 38.7, "newstest2014")
