"""llama.cpp's llama-bench Markdown table: `| model | size | params | backend | ngl | test | t/s
|` (columns between `backend` and `test` vary: threads, n_batch, type_k, ...), then one row per
test, `| llama 1B F16 | 2.30 GiB | 1.24 B | CUDA | 99 | pp512 | 18.46 ± 1.73 |`. The `t/s` cell
is the mean over the repetitions ± its standard deviation: the throughput in tokens per second
of that test, named `<model>/<test> throughput (t/s)` (`pp512`: prompt processing of 512
tokens, `tg128`: generating 128; older builds print `pp 512`, newer ones `pp512+tg128` and `tg128
@ d4096`, a test at a context depth). The standard deviation, the model's size and parameter
count, the GPU layers (`ngl`) and the thread count are no results.

Format source: ggml-org/llama.cpp examples/llama-bench/llama-bench.cpp (tools/llama-bench in
newer trees) `markdown_printer`: `print_header` pushes "model", "size", "params", "backend",
..., "test", "t/s" and prints `fprintf(fout, " %*s |", get_field_width(field), ...)`;
`print_test` prints the test as `snprintf(buf, sizeof(buf), "pp%d", t.n_prompt)` (`"pp %d"` in
2023) and the rate as `snprintf(buf, sizeof(buf), "%.2f ± %.2f", t.avg_ts(), t.stdev_ts())`;
`print_footer` prints `build: <commit> (<number>)`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_HEAD = re.compile(r"^\s*+\|\s*+model\s*+\|.*\|\s*+test\s*+\|\s*+t/s\s*+\|\s*+$")
_RULE = re.compile(r"^\s*+\|(?:\s*+:?-++:?\s*+\|)++\s*+$")
_RATE = re.compile(r"^(" + NUM + r")\s*+(?:±|\+/-)\s*+" + NUM + r"$")
_TEST = re.compile(r"^(?:pp|tg)\s?+\d++(?:\+tg\d++)?+(?:\s*+@\s*+d\d++)?+$")


def _in_table(state: LogState) -> bool:
    return state.context.get("llama_bench") is not None


@reader("llama_bench", markers=("t/s |",), order=19, open=_in_table)
def read_llama_bench(line: str, state: LogState, out: Sink) -> bool:
    columns = state.context.get("llama_bench")
    if columns is None:
        if not _HEAD.match(line):
            return False
        cells = [c.strip() for c in line.strip()[1:-1].split("|")]
        state.context["llama_bench"] = (cells.index("model"), cells.index("test"), len(cells))
        return True
    stripped = line.strip()
    if _RULE.match(line):
        return True
    if not (stripped.startswith("|") and stripped.endswith("|")):
        state.context["llama_bench"] = None  # the table ends (the `build:` footer, a blank)
        return False
    model, test, width = columns
    cells = [c.strip() for c in stripped[1:-1].split("|")]
    if len(cells) != width or not _TEST.match(cells[test]):
        return True
    rate = _RATE.match(cells[-1])
    if rate:
        name = f"{cells[test].replace(' ', '')} throughput (t/s)"
        if cells[model]:
            name = f"{cells[model]}/{name}"
        out.add(name, rate.group(1), "llama_bench", running=False)
    return True
