# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""lm-evaluation-harness tables and results JSON, built from lm_eval/utils.py `make_table`
(0.4 headers Tasks|Version|Filter|n-shot|Metric||Value||Stderr, values "%.4f", the task name on
its first row only, subtasks aliased " - name") and the `"<metric>,<filter>"` results keys."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

TABLE = """\
hf (pretrained=EleutherAI/pythia-160m), gen_kwargs: (None), limit: None, num_fewshot: 5, batch_size: 8
|    Tasks     |Version|     Filter     |n-shot|  Metric   |   |Value |   |Stderr|
|--------------|------:|----------------|-----:|-----------|---|-----:|---|-----:|
|gsm8k         |      3|flexible-extract|     5|exact_match|↑  |0.0212|±  |0.0040|
|              |       |strict-match    |     5|exact_match|↑  |0.0136|±  |0.0032|
|hellaswag     |      1|none            |     0|acc        |↑  |0.2839|±  |0.0045|
|              |       |none            |     0|acc_norm   |↑  |0.3045|±  |0.0046|
"""


def test_filter_column_names_the_row_and_config_line_is_no_metric() -> None:
    # Given a 0.4 table with two filters of gsm8k under the run's configuration line
    metrics = {m.name: m.value for m in extract_metrics(TABLE)}
    # Then the filter is part of the name, none-filter rows are task/metric, config is skipped
    assert metrics == {
        "gsm8k/flexible-extract/exact_match": 0.0212,
        "gsm8k/strict-match/exact_match": 0.0136,
        "hellaswag/acc": 0.2839,
        "hellaswag/acc_norm": 0.3045,
    }


def test_benchmark_claims_use_the_rows_of_that_benchmark() -> None:
    # Given the same table
    metrics = extract_metrics(TABLE)
    # When benchmark-named claims are checked, then only that benchmark's rows confirm
    assert check_claimed_metric(metrics, "GSM8K", 2.12).ok
    assert check_claimed_metric(metrics, "HellaSwag", 30.45).ok
    assert not check_claimed_metric(metrics, "HellaSwag", 0.0212).ok
    assert not check_claimed_metric(metrics, "HellaSwag", 0.0045).ok  # a standard error


def test_group_rows_and_leaderboard_cards() -> None:
    # Given an MMLU group with an indented subgroup, and an Open LLM Leaderboard |Metric|Value|
    text = """\
|      Groups      |Version|Filter|n-shot|Metric|   |Value |   |Stderr|
|------------------|-------|------|-----:|------|---|-----:|---|-----:|
|mmlu              |N/A    |none  |     0|acc   |↑  |0.2295|±  |0.0035|
| - humanities     |N/A    |none  |     5|acc   |↑  |0.2421|±  |0.0062|

|Metric                         |Value|
|-------------------------------|----:|
|Avg.                           |61.12|
|AI2 Reasoning Challenge (25-Shot)|59.98|
|HellaSwag (10-Shot)            |83.31|
"""
    metrics = extract_metrics(text)
    # Then the group row is MMLU, the subgroup is not
    assert check_claimed_metric(metrics, "MMLU", 0.2295).ok
    assert not check_claimed_metric(metrics, "MMLU", 0.2421).ok
    # and the card rows are named by their benchmark cell ("Avg." is no metric name)
    card = {m.name: m.value for m in metrics if "/" not in m.name}
    assert card == {"AI2 Reasoning Challenge (25-Shot)": 59.98, "HellaSwag (10-Shot)": 83.31}


def test_summary_with_one_column_per_benchmark() -> None:
    # Given an LLM AutoEval summary row (one column per benchmark)
    text = """\
|  Model   |AGIEval|GPT4All|TruthfulQA|Bigbench|Average|
|----------|------:|------:|---------:|-------:|------:|
|[m](http://x)|  44.1|  73.6|     54.2|    43.0|  53.7|
"""
    metrics = extract_metrics(text)
    # Then each benchmark column is that benchmark's score; the model cell is not a value
    assert check_claimed_metric(metrics, "AGIEval", 44.1).ok
    assert check_claimed_metric(metrics, "TruthfulQA", 54.2).ok
    assert not check_claimed_metric(metrics, "AGIEval", 73.6).ok


def test_results_json_skips_stderr_versions_and_config() -> None:
    # Given a pretty-printed 0.4 results file
    text = """\
{
  "results": {
    "arc_easy": {
      "alias": "arc_easy",
      "acc,none": 0.5829,
      "acc_stderr,none": 0.0101,
      "acc_norm,none": 0.5143
    }
  },
  "versions": {
    "arc_easy": 1.0
  },
  "n-shot": {
    "arc_easy": 0
  },
  "config": {
    "batch_size": 8,
    "limit": 100.0
  }
}
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    # Then only the results are metrics
    assert metrics == {"results/arc_easy/acc": 0.5829, "results/arc_easy/acc_norm": 0.5143}


def test_a_benchmark_table_row_of_the_papers_numbers_is_not_the_run() -> None:
    # Given a comparison table: the paper's row, then the reproduced row
    text = """\
| Model | PIQA | HellaSwag | ARC-c |
|---|---|---|---|
| Reported in paper | 78.1 | 70.2 | 40.5 |
| Ours | 77.4 | 69.0 | 39.8 |
"""
    metrics = extract_metrics(text)
    # Then only the run's row confirms
    assert check_claimed_metric(metrics, "HellaSwag", 69.0).ok
    assert not check_claimed_metric(metrics, "HellaSwag", 70.2).ok
    assert not check_claimed_metric(metrics, "PIQA", 78.1).ok


def test_a_benchmark_table_row_labelled_by_a_metric_qualifies_its_values() -> None:
    # Given a comparison table whose rows name the metric they score, with marked-up cells
    text = """\
| Task | PIQA | HellaSwag | ARC-e |
|---|:---:|:---:|:---:|
| Original paper | 79.1 | 76.2 | 72.8 |
| Ours: `acc` | <ins>78.40</ins> | 57.02 | **71.3** |
| Ours: `acc_norm` | 78.9<ins> | 74.41 | 66.0 |
"""
    metrics = extract_metrics(text)
    # Then each value is that benchmark's metric of the row, markup or not
    assert check_claimed_metric(metrics, "HellaSwag acc", 57.02).ok
    assert check_claimed_metric(metrics, "HellaSwag acc_norm", 74.41).ok
    assert not check_claimed_metric(metrics, "HellaSwag acc_norm", 57.02).ok
    assert check_claimed_metric(metrics, "PIQA", 78.40).ok
    assert check_claimed_metric(metrics, "ARC-e acc", 71.3).ok
    # And the paper's row still confirms nothing
    assert not check_claimed_metric(metrics, "HellaSwag", 76.2).ok


def test_a_benchmark_column_confirms_a_claim_naming_the_benchmark_another_way() -> None:
    # Given a summary table with abbreviated benchmark columns
    text = """\
| Model | ARC-c | ARC-e | HellaSwag |
|---|---|---|---|
| pruned-7b | 36.26 | 60.10 | 53.19 |
"""
    metrics = extract_metrics(text)
    # Then the claim under the benchmark's full name is confirmed by its own column only
    assert check_claimed_metric(metrics, "ARC-Challenge", 36.26).ok
    assert check_claimed_metric(metrics, "ARC Easy", 60.10).ok
    assert not check_claimed_metric(metrics, "ARC-Challenge", 60.10).ok


def test_a_results_table_whose_header_was_logged_with_a_prefix() -> None:
    # Given make_table's output passed to a logger: only the header line carries the prefix
    text = """\
2024-05-03:09:12:44,101 INFO     [run.py:120] |  Tasks  |Version|Filter|n-shot| Metric |   |Value |   |Stderr|
|---------|------:|------|-----:|--------|---|-----:|---|-----:|
|hellaswag|      1|none  |    10|acc_norm|↑  |0.5521|±  |0.0050|
|mmlu     |      2|none  |      |acc     |↑  |0.4410|±  |0.0041|
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "HellaSwag", 0.5521).ok
    assert check_claimed_metric(metrics, "MMLU", 44.10).ok
    assert not check_claimed_metric(metrics, "MMLU", 0.0041).ok
