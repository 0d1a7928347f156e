"""LLM serving benchmarks: vLLM's `vllm bench serve` / benchmarks/benchmark_serving.py result
block (`============ Serving Benchmark Result ============`, `Request throughput (req/s):  32.42`,
`Mean TTFT (ms):  9626.13`, ... up to the closing `=====` rule) and sglang's bench_serving
block, named as printed; counts (`Successful requests`, token totals), the benchmark duration
and the load configuration (`Maximum request concurrency`, `Traffic request rate`, `Burstiness
factor`) are not results. benchmark_throughput.py's `Throughput: 89.27 requests/s, 22853.37 total
tokens/s, 11426.69 output tokens/s` gives `Request throughput` (also `Throughput`, the line's
own name for it), `Total token throughput` and `Output token throughput` (older `..., 20926.37
tokens/s`: `Token throughput`);
benchmark_latency.py's `Avg latency: 1.23 seconds` and `50% percentile latency: ...` (named
`P50 latency`); the first benchmark_serving.py's `Throughput: 5.99 requests/s` and `Average
latency (per token, per output token): ... s`.

Format source: vllm-project/vllm vllm/benchmarks/serve.py (formerly
benchmarks/benchmark_serving.py: `print("{s:{c}^{n}}".format(s=" Serving Benchmark Result ",
n=50, c="="))`, `print("{:<40} {:<10}".format("Successful requests:", metrics.completed))`,
`"{:<40} {:<10.2f}"` rows, `"{s:{c}^{n}}"` section rules with c="-"),
benchmarks/benchmark_throughput.py (`print(f"Throughput: {...:.2f} requests/s, {...:.2f} total
tokens/s, {...:.2f} output tokens/s")`), benchmarks/benchmark_latency.py (`print(f"Avg
latency: {np.mean(latencies)} seconds")`, `print(f"{percentage}% percentile latency:
{percentile} seconds")`); sgl-project/sglang python/sglang/bench_serving.py.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_HEAD = re.compile(r"=+\s*+(?:Serving|Offline Throughput|Latency) Benchmark Result\s*+=+")
_END = re.compile(r"^\s*+={10,}+\s*+$")
_ROW = re.compile(r"^\s*+([A-Za-z][^:\n]{0,60}?)\s*+:\s++(" + NUM + r")\s*+$")
_CONFIG = ("concurrency", "request rate", "burstiness", "backend", "duration")
_THROUGHPUT = re.compile(r"^\s*+Throughput:\s*+(" + NUM + r")\s++requests/s" + END)
_RATE = re.compile(r",\s*+(" + NUM + r")\s++(total tokens|output tokens|tokens)/s" + END)
_RATE_NAMES = {
    "total tokens": "Total token throughput",
    "output tokens": "Output token throughput",
    "tokens": "Token throughput",
}
_LATENCY = re.compile(
    r"^\s*+(Avg latency|Average latency(?: per (?:output )?token)?):\s*+(" + NUM + r")"
    r"\s*+(?:s|seconds)?\s*+$"
)
_PERCENTILE = re.compile(r"^\s*+(\d{1,2}(?:\.\d++)?+)% percentile latency:\s*+(" + NUM + ")" + END)


def _in_block(state: LogState) -> bool:
    return bool(state.context.get("serving_block"))


@reader(
    "vllm_bench",
    markers=("Benchmark Result", "Throughput:", "latency"),
    order=27,
    open=_in_block,
)
def read_vllm_bench(line: str, state: LogState, out: Sink) -> bool:
    if "Benchmark Result" in line and _HEAD.search(line):
        state.context["serving_block"] = True
        return True
    if state.context.get("serving_block"):
        if _END.match(line) or not line.strip():
            state.context["serving_block"] = False
            return True
        row = _ROW.match(line)
        if row:
            if not any(word in row.group(1).lower() for word in _CONFIG):
                out.add(row.group(1), row.group(2), "vllm_bench", running=False)
            return True
        return line.lstrip().startswith("-")  # a section rule ("----Time to First Token----")
    throughput = _THROUGHPUT.match(line) if "Throughput:" in line else None
    if throughput:
        out.add("Request throughput", throughput.group(1), "vllm_bench", running=False)
        # the line's own name for its first value: "Throughput: 24.09 requests/s"
        out.add("Throughput", throughput.group(1), "vllm_bench", running=False)
        for rate in _RATE.finditer(line):
            out.add(_RATE_NAMES[rate.group(2)], rate.group(1), "vllm_bench", running=False)
        return True
    latency = _LATENCY.match(line) if "latency" in line else None
    if latency:
        out.add(latency.group(1), latency.group(2), "vllm_bench", running=False)
        return True
    percentile = _PERCENTILE.match(line) if "percentile latency:" in line else None
    if percentile:
        name = f"P{percentile.group(1)} latency"
        out.add(name, percentile.group(2), "vllm_bench", running=False)
        return True
    return False
