"""Rules of tables and names (verdicts44): general shapes found across the development sets,
each test a crafted log that shows one, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_value_named_only_by_its_data_set_answers_that_data_sets_claim() -> None:
    # Given an evaluation script printing one number per data set and naming no metric
    log = "INFO eval done\nINFO ptb : 22.314\nINFO text8 : 18.042\n"
    # Then each is the claimed metric on that data set, written either way
    assert confirms(log, "Perplexity", 22.31, "PTB")
    assert confirms(log, "Perplexity", 18.04, "Text8")
    # and never on another data set, nor without a data set
    assert not confirms(log, "Perplexity", 22.31, "text8")
    assert not confirms(log, "Perplexity", 22.31)

    # Given a table of the run's own scores per environment beside the published ones
    log = (
        "| Env | MyAgent Score | Reported Score |\n"
        "|---|---|---|\n"
        "| Walker-v3 | 4120.5 | 4300.1 |\n"
        "| Swimmer-v3 | 95.2 | 88.0 |\n"
    )
    # Then the system's own column answers the claim on that environment, the published one never
    assert confirms(log, "Average Return", 4120.5, "Walker-v3")
    assert not confirms(log, "Average Return", 4300.1, "Walker-v3")
    assert not confirms(log, "Average Return", 95.2, "Walker-v3")


def test_a_data_set_with_two_unnamed_values_answers_no_claim() -> None:
    # Given two unnamed values of one data set (two runs, or a quoted one and the run's)
    log = "ptb : 22.314\nptb : 31.870\n"
    # Then neither is the claimed metric: nothing tells which one the claim is
    assert not confirms(log, "Perplexity", 22.31, "PTB")
    assert not confirms(log, "Perplexity", 31.87, "PTB")


def test_a_log_that_names_its_metrics_leaves_unnamed_values_alone() -> None:
    # Given a log that names its metric, and a line of a data set's size
    log = "accuracy: 0.912\nptb : 42\n"
    # Then the unnamed number is not the claimed metric on that data set
    assert not confirms(log, "Accuracy", 42, "PTB")


def test_a_column_the_writer_obtained_is_the_runs_own() -> None:
    # Given a reproduction table: the writer's column, then the paper's, rows by environment
    log = (
        "|             | Obtained | Reported in paper |\n"
        "|-------------|----------|-------------------|\n"
        "| Seaquest    | 512      | 1340              |\n"
        "| Qbert       | 2210     | 4005              |\n"
    )
    # Then the obtained column answers the claim on its row, the paper's never
    assert confirms(log, "Score", 512, "Seaquest")
    assert not confirms(log, "Score", 1340, "Seaquest")
    assert not confirms(log, "Score", 2210, "Seaquest")

    # Given a pull request's results beside a reference, rows by benchmark
    log = (
        "| Task | This PR | Reference |\n"
        "| --- | --- | --- |\n"
        "| Winogrande | 74.51 | 75.1 |\n"
        "| PIQA | 80.02 | 79.8 |\n"
    )
    # Then the PR's column is the run's value of each benchmark
    assert confirms(log, "Winogrande", 74.51)
    assert not confirms(log, "Winogrande", 75.1)
    assert not confirms(log, "PIQA", 74.51)


def test_a_suites_category_rows_are_the_suites_in_a_log_that_runs_it() -> None:
    # Given an lm-evaluation-harness groups table: the suite's row, then its categories
    log = (
        "|      Groups      |Version|Filter|n-shot|Metric|Value |   |Stderr|\n"
        "|------------------|-------|------|-----:|------|-----:|---|-----:|\n"
        "|mmlu              |N/A    |none  |     0|acc   |0.6012|±  |0.0040|\n"
        "| - humanities     |N/A    |none  |     0|acc   |0.5521|±  |0.0070|\n"
        "| - stem           |N/A    |none  |     0|acc   |0.4873|±  |0.0087|\n"
    )
    # Then a claim of one category of the suite is that category's row, not another's
    assert confirms(log, "MMLU Humanities", 55.21)
    assert confirms(log, "MMLU STEM", 0.4873)
    assert not confirms(log, "MMLU STEM", 0.5521)
    assert not confirms(log, "MMLU", 0.5521)

    # Given the categories without the suite's row: whose categories they are is not said
    log = "|Tasks|Version|Filter|n-shot|Metric|Value|\n|---|---|---|---|---|---|\n"
    log += "|humanities|2|none|0|acc|0.5521|\n"
    assert not confirms(log, "MMLU Humanities", 0.5521)
