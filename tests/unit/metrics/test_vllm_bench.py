"""LLM serving benchmarks, built from vllm benchmarks/serve.py (`"{:<40} {:<10}"` /
`"{:<40} {:<10.2f}"` rows inside the ` Serving Benchmark Result ` rule), benchmark_throughput.py
(`Throughput: {:.2f} requests/s, {:.2f} total tokens/s, {:.2f} output tokens/s`) and
benchmark_latency.py (`Avg latency: {} seconds`, `{}% percentile latency: {} seconds`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_serving_block_counts_and_config_are_skipped() -> None:
    text = """\
============ Serving Benchmark Result ============
Successful requests:                     500
Maximum request concurrency:             64
Benchmark duration (s):                  45.02
Total input tokens:                      102400
Request throughput (req/s):              11.11
Output token throughput (tok/s):         2275.10
Total Token throughput (tok/s):          4549.66
---------------Time to First Token----------------
Mean TTFT (ms):                          120.55
P99 TTFT (ms):                           410.02
==================================================
"""
    metrics = extract_metrics(text)
    assert {m.name for m in metrics} == {
        "Request throughput (req/s)",
        "Output token throughput (tok/s)",
        "Total Token throughput (tok/s)",
        "Mean TTFT (ms)",
        "P99 TTFT (ms)",
    }
    assert check_claimed_metric(metrics, "Output token throughput", 2275.1).ok
    assert not check_claimed_metric(metrics, "Total token throughput", 2275.1).ok
    assert not check_claimed_metric(metrics, "Mean TTFT", 410.02).ok


def test_throughput_and_latency_scripts() -> None:
    text = """\
Throughput: 12.40 requests/s, 6348.80 total tokens/s, 3174.40 output tokens/s
Avg latency: 1.7734 seconds
50% percentile latency: 1.7701 seconds
99% percentile latency: 1.8422 seconds
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "Request throughput", 12.4).ok
    assert check_claimed_metric(metrics, "Output token throughput", 3174.4).ok
    assert not check_claimed_metric(metrics, "Output token throughput", 6348.8).ok
    assert check_claimed_metric(metrics, "Average latency", 1.7734).ok
    assert check_claimed_metric(metrics, "P99 latency", 1.8422).ok


def test_a_throughput_claim_named_by_its_unit_is_that_rate() -> None:
    # benchmark_throughput.py's line as posted in vllm-project/vllm pull 7117 (fresh42): a
    # claim re-typed as "Throughput (tokens/s)" is the token rate, never the line's request rate
    metrics = extract_metrics("Throughput: 24.74 requests/s, 12667.68 tokens/s\n")
    assert check_claimed_metric(metrics, "Throughput (tokens/s)", 12667.68).ok
    assert not check_claimed_metric(metrics, "Throughput (tokens/s)", 24.74).ok
    assert check_claimed_metric(metrics, "Throughput (req/s)", 24.74).ok
    assert check_claimed_metric(metrics, "Throughput (requests/s)", 24.74).ok
    assert not check_claimed_metric(metrics, "Throughput (requests/s)", 12667.68).ok
    # the same names printed by a tool read the same way
    printed = extract_metrics("Throughput (tokens/s): 512.5\nThroughput (req/s): 3.1\n")
    assert check_claimed_metric(printed, "Token throughput", 512.5).ok
    assert check_claimed_metric(printed, "Request throughput", 3.1).ok
    assert not check_claimed_metric(printed, "Request throughput", 512.5).ok
