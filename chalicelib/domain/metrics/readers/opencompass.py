"""OpenCompass summaries: the `dataset version metric mode <model>...` table (tabulate's plain
layout on screen and in summary_*.txt, also pasted as `# ` comments), its CSV
(`dataset,version,metric,mode,<model>`) and markdown (`| dataset | version | ...`, rows via
`tables`) forms, the `raw format` section (`Model: <abbr>` then `<dataset>: {'accuracy':
21.55}`) and the evaluation task's log line `Task [<model>/<dataset>]: {'accuracy': 21.55}`.
Each value is named `<dataset>/<model>/<metric>` (`siqa/opt350m/accuracy`,
`mmlu/qwen-7b-hf/naive_average`): the dataset is the benchmark a claim names, the model tells
columns apart. `-` cells (missing results, `--- Exam ---` section rows) are skipped; the
version column is a prompt hash, never a value.

Format source: open-compass/opencompass opencompass/summarizers/default.py `_format_table`
(header `['dataset', 'version', 'metric', 'mode'] + self.model_abbrs`, values
`'{:.02f}'.format(...)`, `'-'` when missing, `[dataset_abbr, '-', '-', '-'] + ['-'] * n`
rows), `summarize` (`tabulate.tabulate(table, headers='firstrow', floatfmt='.2f')`),
`_output_to_file` ('csv format' `','.join(row)`, 'markdown format' `_format_md_table`, 'raw
format' `_format_raw_txt`: `f'Model: {model_abbr}'`, `f'{dataset_abbr}: {result}'`);
opencompass/tasks/openicl_eval.py (`self.logger.info(f'Task {task_abbr_from_cfg(self.cfg)}:
{result}')`, task abbr `[model/dataset]`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number

_HEAD = ("dataset", "version", "metric", "mode")
_PLAIN_HEAD = re.compile(r"^[#\s]*+dataset\s++version\s++metric\s++mode\s++(\S.*+)$")
_DASHES = re.compile(r"^[#\s]*+-{3,}+(?:\s++(?:-{3,}+|\.\.\.))*+\s*+$")
_CELL_SPLIT = re.compile(r"\s{2,}+|\t")
_CSV_HEAD = re.compile(r"^\s*+dataset,version,metric,mode,(.+)$")
_PAIR = re.compile(r"""(['"])([^'"\n]{1,80}+)\1\s*+:\s*+(""" + NUM + ")" + END)
_RAW_LINE = re.compile(r"^\s*+([^\s:{}]++):\s*+\{([^{}]*+)\}\s*+$")
_TASK = re.compile(r"\bTask \[([^\]/,\s]++)/([^\],\s]++)\]:\s*+\{([^{}]*+)\}")
_MODEL = re.compile(r"^\s*+Model:\s*+(\S++)\s*+$")


def _row(dataset: str, metric: str, models: list[str], values: list[str], out: Sink) -> bool:
    dataset, metric = dataset.strip(), metric.strip()
    if not dataset or dataset == "-" or not metric or metric == "-":
        return False
    found = False
    for model, value in zip(models, values, strict=False):
        value = value.strip()
        if model and model != "..." and parse_number(value) is not None:
            name = f"{dataset}/{model}/{metric}"
            found = out.add(name, value, "opencompass", running=False) or found
    return found


def _dict_values(dataset: str, model: str, body: str, out: Sink) -> None:
    for match in _PAIR.finditer(body):
        out.add(f"{dataset}/{model}/{match.group(2)}", match.group(3), "opencompass")


def opencompass_header(lowered: list[str], cells: list[str], state: LogState) -> bool:
    """A markdown `| dataset | version | metric | mode | <model> |` header (read by `tables`)."""
    if tuple(lowered[:4]) != _HEAD or len(cells) < 5:
        return False
    state.context["md_mode"] = "opencompass"
    state.context["oc_md_models"] = cells[4:]
    return True


def opencompass_row(cells: list[str], state: LogState, out: Sink) -> None:
    if len(cells) >= 5:
        _row(cells[0], cells[2], state.context.get("oc_md_models", []), cells[4:], out)


def _in_table(state: LogState) -> bool:
    return state.context.get("oc_models") is not None or bool(state.context.get("oc_raw"))


@reader(
    "opencompass",
    markers=("dataset", "raw format", "Task ["),
    order=15,
    open=_in_table,
)
def read_opencompass(line: str, state: LogState, out: Sink) -> bool:
    context = state.context
    if "Task [" in line:
        task = _TASK.search(line)
        if task:
            _dict_values(task.group(2), task.group(1), task.group(3), out)
            return True
    head = _PLAIN_HEAD.match(line) if "dataset" in line else None
    if head:
        context["oc_models"] = _CELL_SPLIT.split(head.group(1).strip())
        context["oc_csv"] = False
        return True
    csv_head = _CSV_HEAD.match(line) if "dataset," in line else None
    if csv_head:
        context["oc_models"] = csv_head.group(1).split(",")
        context["oc_csv"] = True
        return True
    if line.strip() == "raw format":
        context["oc_raw"] = True
        context["oc_raw_model"] = None
        return True
    if context.get("oc_raw"):
        return _raw_line(line, state, out)
    models = context.get("oc_models")
    if models is None:
        return False
    if _DASHES.match(line):
        return True
    # a row pasted in bold (`**triviaqa_wiki_5shot,e0f87f,score,gen,54.61**`) is a row
    body = line.strip().lstrip("#").strip().strip("*").strip()
    cells = body.split(",") if context.get("oc_csv") else _CELL_SPLIT.split(body)
    if all(cell == "-" for cell in cells):
        return True  # a row of a dataset without results (its name may be blank)
    if len(cells) < 5:
        context["oc_models"] = None  # the table ended
        return False
    _row(cells[0], cells[2], models, cells[4:], out)
    return True


def _raw_line(line: str, state: LogState, out: Sink) -> bool:
    """The `raw format` section: `Model: <abbr>` then `<dataset>: {<metric>: <value>, ...}`;
    a `$$$...` rule ends it."""
    if line.strip().startswith("$$$"):
        state.context["oc_raw"] = False
        return True
    model = _MODEL.match(line)
    if model:
        state.context["oc_raw_model"] = model.group(1)
        return True
    match = _RAW_LINE.match(line)
    current = state.context.get("oc_raw_model")
    if match and current:
        _dict_values(match.group(1), current, match.group(2), out)
        return True
    return bool(line.strip().startswith(("^^^", "---")))
