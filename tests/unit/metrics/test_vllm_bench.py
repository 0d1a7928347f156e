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
