"""lm-evaluation-harness results (and lighteval, LLM AutoEval and Open LLM Leaderboard tables,
which share the layout): markdown table rows named `task/metric`, `task/filter/metric` when the
row's filter is not `none` (`gsm8k/flexible-extract/exact_match`), rows with an empty task cell
belonging to the task above, indented subtask and group rows (` - humanities`) named by their
own name (a group row is the group's score, a subtask row is not); `|Metric|Value|` tables
without a task column named by the metric cell (`HellaSwag (10-Shot)`); summary tables with
one column per benchmark (`|Model|AGIEval|GPT4All|TruthfulQA|...|`) named by the column. The
`hf (pretrained=...), gen_kwargs: ..., num_fewshot: 5, batch_size: 1` line above a table is
configuration. Results JSON is read by `json_results` (`"acc,none"` keys).

Format source: EleutherAI/lm-evaluation-harness lm_eval/utils.py `make_table` (0.4:
headers [column_name ("Tasks" or "Groups"), "Version", "Filter", "n-shot", "Metric", "",
"Value", "", "Stderr"], `m, _, f = mf.partition(",")`, `_stderr` metrics skipped, values
"%.4f", the task name only on its first row, subtasks aliased " - name"; 0.3: ["Task",
"Version", "Metric", "Value", "", "Stderr"]) and lm_eval/__main__.py / _cli (the
`f"{args.model} ({args.model_args}), gen_kwargs: ({args.gen_kwargs}), limit: {args.limit},
num_fewshot: {args.num_fewshot}, batch_size: {args.batch_size}"` line); mlabonne/llm-autoeval
(summary `|Model|AGIEval|GPT4All|TruthfulQA|Bigbench|Average|`); Open LLM Leaderboard model
cards (`|Metric|Value|` with `|HellaSwag (10-Shot)|84.1|`). In a summary table a row label
that names a metric (`| Reproduced: acc | 65.20 | ... |`) qualifies each value
(`HellaSwag/Reproduced: acc`), and emphasis around a number (`<ins>65.20</ins>`, `**65.2**`)
is markup, not part of it.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import parse_number
from chalicelib.domain.metrics.phrases import _KNOWN_BASES
from chalicelib.domain.metrics.vocabulary import BENCHMARK_HEADLINES, scope_key, sense_of

_TASK_INDENT = re.compile(r"^[\s\-]++")
_NO_FILTER = frozenset({"", "none", "n/a"})
_CONFIG_LINE = re.compile(r"(?:^|[\s,])num_fewshot:\s")


def lm_eval_header(lowered: list[str], state: LogState) -> bool:
    """A `Metric`/`Value` header: remember where the task, filter, metric and value are."""
    if "metric" not in lowered or "value" not in lowered:
        return False
    metric_col = lowered.index("metric")
    state.context["md_mode"] = "lm_eval"
    state.context["md_cols"] = (metric_col, lowered.index("value"))
    state.context["md_filter"] = lowered.index("filter") if "filter" in lowered else None
    state.context["md_has_task"] = metric_col > 0
    state.context["md_task"] = ""
    return True


def lm_eval_row(cells: list[str], state: LogState, out: Sink) -> None:
    metric_col, value_col = state.context["md_cols"]
    if len(cells) <= max(metric_col, value_col):
        return
    metric = cells[metric_col]
    value = cells[value_col]
    if not state.context.get("md_has_task"):
        # |Metric|Value| (Open LLM Leaderboard cards): the metric cell names the benchmark
        if metric and parse_number(value) is not None:
            out.add(metric, value, "lm_eval", running=False)
        return
    task = _TASK_INDENT.sub("", cells[0])
    if task:
        state.context["md_task"] = task
    if not metric or metric.endswith("_stderr") or parse_number(value) is None:
        return
    parts = [state.context.get("md_task", "")]
    filter_col = state.context.get("md_filter")
    if filter_col is not None and filter_col < len(cells):
        filter_name = cells[filter_col]
        if filter_name.lower() not in _NO_FILTER:
            parts.append(filter_name)
    name = "/".join([p for p in parts if p] + [metric])
    out.add(name, value, "lm_eval", running=False)


# A row label naming published numbers ("paper", "reported", "official", "leaderboard"): a
# reference row.
_REFERENCE_ROW = re.compile(
    r"(?i)\b(?:paper|reported|official|published|claimed|leaderboard|readme|model[ -]card|blog)\b"
)
# Inline emphasis around a cell's number: HTML tags (`<ins>65.20</ins>`, an unclosed `<b>`)
# and markdown marks (`**65.2**`, `` `65.2` ``).
_EMPHASIS = re.compile(r"</?+[A-Za-z]{1,6}+>|[*_`]++")


def benchmark_columns(header: list[str]) -> dict[int, str]:
    """Columns of a summary table named by a known benchmark (`AGIEval`, `TruthfulQA`)."""
    columns = {}
    for index, cell in enumerate(header):
        if index and scope_key(cell) in BENCHMARK_HEADLINES:
            columns[index] = cell
    return columns


def benchmark_row(header: list[str], cells: list[str], out: Sink) -> bool:
    """A row of a table with one column per benchmark (LLM AutoEval's summary): each value
    under a benchmark column is that benchmark's score."""
    columns = benchmark_columns(header)
    if not columns or len(cells) != len(header) or parse_number(cells[0]) is not None:
        return False
    if _REFERENCE_ROW.search(cells[0]):
        return True  # a row of someone else's numbers ("LLM-Pruner paper"): not the run's
    # a row label naming the metric ("Reproduced: `acc`", "acc_norm") says what each value is
    label = cells[0]
    named = sense_of(label).base in _KNOWN_BASES
    found = False
    for index, name in columns.items():
        cell = _EMPHASIS.sub("", cells[index]).strip()
        if parse_number(cell) is not None:
            full = f"{name}/{label}" if named else name
            found = out.add(full, cell, "lm_eval", running=False) or found
    return found


@reader("lm_eval", markers=("num_fewshot:",), order=6)
def read_lm_eval_config(line: str, state: LogState, out: Sink) -> bool:
    """`hf (pretrained=...), gen_kwargs: (None), limit: None, num_fewshot: 5, batch_size: 1`
    (or 0.3's `..., provide_description: False, num_fewshot: 2, batch_size: 1`): the run's
    configuration, never a metric."""
    return "batch_size:" in line and _CONFIG_LINE.search(line) is not None


# The first column's header of a table with one row per benchmark ("| Benchmark | model-a |").
_BENCHMARK_ROW_HEADERS = frozenset({"benchmark", "benchmarks", "task", "tasks"})


def benchmark_per_row(header: list[str], cells: list[str], out: Sink) -> bool:
    """A row of a table with one row per known benchmark and one column per model or setup
    (`| Benchmark | org/model-4bit | org/model |` over `| hellaswag | 66.00% | 69.82% |`): each
    value is that benchmark's score for the column's model (`org/model-4bit/hellaswag`); a
    column of published numbers ("Paper", "Reported") holds none of the run's."""
    if len(header) < 2 or len(cells) != len(header):
        return False
    if scope_key(header[0]) not in _BENCHMARK_ROW_HEADERS:
        return False
    label = _EMPHASIS.sub("", cells[0]).strip()
    if scope_key(label) not in BENCHMARK_HEADLINES:
        return False
    if any(_names_metric_only(h) for h in header[1:]):
        return False  # "| Task | acc | acc_norm |": the columns name the metrics
    found = False
    for index in range(1, len(header)):
        cell = _EMPHASIS.sub("", cells[index]).strip()
        if not header[index] or _REFERENCE_ROW.search(header[index]):
            continue
        number = cell.removesuffix("%").strip()
        if parse_number(number) is not None:
            found = out.add(f"{header[index]}/{label}", number, "lm_eval", running=False) or found
    return found


def _names_metric_only(header: str) -> bool:
    """A column named by a known metric alone (`acc`, `Accuracy`), not a model id whose words
    happen to read as one (`org/model-R1-4bit`)."""
    sense = sense_of(header)
    return sense.base in _KNOWN_BASES and not sense.scope
