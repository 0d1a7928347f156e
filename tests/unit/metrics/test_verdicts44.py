"""Rules of tables and names (verdicts44): general shapes found across the development sets,
each test a crafted log that shows one, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_value_named_only_by_its_data_set_is_no_claimed_metric() -> None:
    # Given numbers labelled only by a data set, under a title that says what they are (a time,
    # a loss, an error rate, a seed, a target) or under none (hostile review of verdicts44's
    # dataset_named rule, withdrawn: the claim check cannot see the title)
    for title, value in (
        ("Training time (minutes) per data set", 91.2),
        ("Final loss per data set", 91.2),
        ("Error rate per data set", 8.8),
        ("Target accuracy we aim for:", 91.2),
        ("", 91.2),
    ):
        log = f"{title}\nCIFAR-10: {value}\nSVHN: 97.0\n"
        # Then no metric claim on that data set is confirmed by it
        assert not confirms(log, "Top-1 Accuracy", value, "CIFAR-10"), title
        assert not confirms(log, "Accuracy", value, "CIFAR-10"), title
    # and a named one still is
    assert confirms("CIFAR-10 accuracy: 91.2\n", "Accuracy", 91.2, "CIFAR-10")


def test_a_column_the_writer_obtained_is_the_runs_own() -> None:
    # Given a reproduction table: the writer's column, then the paper's, rows by benchmark
    log = (
        "|             | Obtained | Reported in paper |\n"
        "|-------------|----------|-------------------|\n"
        "| HellaSwag   | 71.3     | 76.2              |\n"
        "| ARC-Easy    | 69.9     | 72.8              |\n"
    )
    # Then the obtained column answers the claim on its row, the paper's never
    assert confirms(log, "HellaSwag", 71.3)
    assert not confirms(log, "HellaSwag", 76.2)
    assert not confirms(log, "HellaSwag", 69.9)

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
