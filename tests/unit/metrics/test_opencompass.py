# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""OpenCompass summaries, built from opencompass/summarizers/default.py `_format_table` (header
['dataset', 'version', 'metric', 'mode'] + model abbrs, '{:.02f}' values, '-' when missing),
`summarize` (tabulate plain layout) and `_output_to_file` (csv and raw sections)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

PLAIN = """\
dataset                                 version    metric         mode    llama-2-7b-hf    qwen-7b-hf
--------------------------------------  ---------  -------------  ------  ---------------  ------------
--------- 考试 Exam ---------           -          -              -       -                -
mmlu                                    -          naive_average  ppl     46.35            57.78
mmlu-stem                               -          naive_average  ppl     36.66            48.52
gsm8k                                   1d7fe4     accuracy       gen     16.68            50.87
humaneval                               8e312c     humaneval_pass@1  gen  12.80            -
"""


def test_values_are_named_by_dataset_model_and_metric() -> None:
    # Given a two-model summary with a section row and a missing value
    metrics = {(m.name, m.value) for m in extract_metrics(PLAIN)}
    # Then each cell is dataset/model/metric; "-" cells and the version hash are skipped
    assert ("mmlu/qwen-7b-hf/naive_average", 57.78) in metrics
    assert ("gsm8k/llama-2-7b-hf/accuracy", 16.68) in metrics
    assert not any(value == 1.0 or name.startswith("---") for name, value in metrics)
    assert len(metrics) == 7


def test_benchmark_claims_match_their_row_only() -> None:
    metrics = extract_metrics(PLAIN)
    # When benchmark claims are checked, then group averages stand for the benchmark
    assert check_claimed_metric(metrics, "MMLU", 57.78).ok
    assert check_claimed_metric(metrics, "GSM8K", 50.87).ok
    assert check_claimed_metric(metrics, "HumanEval", 12.8).ok
    assert not check_claimed_metric(metrics, "MMLU", 48.52).ok  # the STEM subgroup


def test_csv_and_raw_sections() -> None:
    # Given the csv and raw sections of summary_<time>.txt
    text = """\
csv format
^^^^^^^^^^
dataset,version,metric,mode,opt125m
siqa,e78df3,accuracy,gen,12.44
$$$$$$$$$$

raw format
^^^^^^^^^^
-------------------------------
Model: opt125m
siqa: {'accuracy': 12.44}
winograd: {'accuracy': 49.82}
$$$$$$$$$$
"""
    metrics = {(m.name, m.value) for m in extract_metrics(text)}
    # Then both are read with the same names
    assert metrics == {("siqa/opt125m/accuracy", 12.44), ("winograd/opt125m/accuracy", 49.82)}
