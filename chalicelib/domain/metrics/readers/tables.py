"""Tables: markdown tables (lm-evaluation-harness and lighteval results with `Metric` and
`Value` columns and summaries with one column per benchmark, read by `lm_eval`; OpenCompass
`| dataset | version | metric | mode | <model> |` summaries, read by `opencompass`; tables
without outer pipes (`Language | WER% | CER%`, a CLI summary or a table copied from a rendered
page, its header taken only when no family reader took the line; rule lines of `-`/`=` inside
it are layout); a column of published numbers (`IoU (Report)`, `Paper`) holds no results;
ESPnet's `|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|`, read by `espnet`;
detectron2's one-row COCO tables `| AP | AP50 | ... |`) and box-drawing
tables (PyTorch Lightning `┃ Test metric ┃ DataLoader 0 ┃`, rich tables, sacrebleu's
multi-system table, whose rows are named `system/metric`).

Format source: EleutherAI/lm-evaluation-harness lm_eval/utils.py `make_table` (pytablewriter
MarkdownTableWriter, headers "Tasks", "Version", "Filter", "n-shot", "Metric", "", "Value",
"", "Stderr"); facebookresearch/detectron2 detectron2/evaluation/coco_evaluation.py
`_derive_coco_results` (tabulate pipe table); Lightning-AI/pytorch-lightning
src/lightning/pytorch/loops/evaluation_loop.py `_print_results` (rich Table, "┃").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM, parse_number
from chalicelib.domain.metrics.phrases import _KNOWN_BASES
from chalicelib.domain.metrics.readers.coco import TABLE_NAMES, coco_name
from chalicelib.domain.metrics.readers.espnet import espnet_header, espnet_row
from chalicelib.domain.metrics.readers.icefall import (
    decoding_method_row,
    results_table_header,
    results_table_row,
)
from chalicelib.domain.metrics.readers.lightning import lightning_row
from chalicelib.domain.metrics.readers.lm_eval import (
    benchmark_per_row,
    benchmark_row,
    lm_eval_header,
    lm_eval_row,
)
from chalicelib.domain.metrics.readers.opencompass import opencompass_header, opencompass_row
from chalicelib.domain.metrics.readers.sb3 import zoo_header, zoo_row
from chalicelib.domain.metrics.readers.spacy import type_score_header, type_score_row
from chalicelib.domain.metrics.result_names import is_result_name
from chalicelib.domain.metrics.sink import MAX_NAME_CHARS
from chalicelib.domain.metrics.vocabulary import is_known_metric, metric_key, sense_of

_TABLE_LINE = re.compile(r"^[\s+>#]*+(\|.*\|)\s*+$")
_SEPARATOR_CELL = re.compile(r"^:?-++:?$")
_LEADLESS_HEADER = re.compile(r"^\s*+[A-Za-z][^|]{0,40}+\|(?:[^|]{0,40}+\|){3,}+\s*+$")
_LOG_PREFIX = re.compile(r"\b(?:INFO|DEBUG|WARNING|WARN)\b|\d\d:\d\d:\d\d")
_RULE = re.compile(r"^\s*+[-=+]{3,}+[-=+|\s]*+$")
_BOX_SPLIT = re.compile(r"[│┃]")
_OPEN_SEPARATOR = re.compile(r"^\s*+\|\s*+:?-++:?(?:\s*+\|\s*+:?-++:?)++\s*+$")
_BLEU_NAMES = ("bleu", "chrf", "ter")
# Rows of tables no family reader takes ("49.97 ± 0.05", "**51.2**", "`0.81`", "76.1%"; a
# note in words after the number, "37.0 (val2017)", says where it was measured).
_CELL_VALUE = re.compile(
    r"^[*`_\s]*+([^*`_\s±]++)[*`_\s]*+(?:(?:±|\+/-|\+-)\s*+\S++)?+"
    r"(?:\s*+\([A-Za-z][\w\-. ]{0,30}+\))?+$"
)
# (an untitled first column labels its rows: "| | humaneval |" over "| mine | 68.29 |"; a
# numeric index there is no label anyway)
_INDEX_HEADERS = frozenset({"no", "nr", "id", "idx", "index", "rank", "row"})
_VALUE_HEADERS = frozenset({"value", "values", "score", "scores", "result", "results"})
# A column of the run's own numbers in a reproduction table ("| Benchmark | Paper | Ours |"):
# like a `Value` column, its row label names the metric (the paper's column holds none).
_OWN_HEADERS = frozenset(
    {"ours", "mine", "reproduced", "reproduction", "repro", "myresult", "myresults"}
    | {"ourresult", "ourresults", "myrun", "ourrun", "myreproduction", "ourreproduction"}
    | {"obtained", "thispr", "thisrun"}  # "| | Obtained | Reported in paper |", a PR's run
)
_REFERENCE_COLUMN = re.compile(r"(?i)\b(?:paper|report|reported|official|published|claimed)\b")
_RESULT_WORDS = frozenset({"avg", "average", "mean", "score", "final", "best", "overall"})
# sacrebleu's multi-system cells: "26.6", "26.6 (26.6 ± 0.6)", "20.8 (μ = 20.8 ± 0.6)",
# "20.8 (20.8 ± 0.6) (p = 0.0010)*": the score is the first number.
_SCORE_CELL = re.compile(
    r"^(" + NUM + r")(?:\s++\((?:μ\s*+=\s*+)?+" + NUM + r"\s*+±\s*+" + NUM + r"\))?+"
    r"(?:\s++\(p\s*+=\s*+" + NUM + r"\)\*?+)?+$"
)


def _score(cell: str) -> str | None:
    match = _SCORE_CELL.match(cell) if cell else None
    return match.group(1) if match else None


def _markdown_open(state: LogState) -> bool:
    return state.context.get("md_mode") is not None


def _bare_cells(line: str, pipes: int = 2) -> list[str] | None:
    """`a | b | c`: a table line without outer pipes (a table copied from a rendered page, a
    CLI summary such as `Language | WER% | CER%`; `test set | sacrebleu`, two columns, under a
    header whose second cell is a metric). A rendered table whose corner cell is empty starts
    with its first pipe ("  | Sunglasses | Babies | MetFaces", its rows "FID | 32.98 | ..."):
    the corner is an empty first cell."""
    if line.count("|") < pipes or line.rstrip().endswith("|"):
        return None
    if line.lstrip().startswith("|") and (line.count("|") < 3 or line.lstrip()[1:2] == "|"):
        return None
    return [c.strip() for c in line.split("|")]


def _row_cells(line: str, state: LogState) -> list[str] | None:
    """The cells of a table line: `| a | b |`, or a bare row under a bare header."""
    match = _TABLE_LINE.match(line) if "|" in line else None
    if match is None and "|" in line:
        # a header logged with a prefix (`2024-07-28:11:41:09 INFO [eval.py:85] |Tasks|...`):
        # a logger prints a multi-line table as one message, so only its first line has one;
        # a table logged row by row (HRNet's `_print_name_value`) has one on every row
        cut = line.index("|")
        if _LOG_PREFIX.search(line[:cut]):
            match = _TABLE_LINE.match(line[cut:])
    if match:
        return [c.strip() for c in match.group(1)[1:-1].split("|")]
    bare = state.context.get("md_bare")
    if bare == "lead":  # rows of a header that lost its closing pipe: "| a | 40.9"
        stripped = line.strip()
        return [c.strip() for c in stripped[1:].split("|")] if stripped[:1] == "|" else None
    return _bare_cells(line, 1 if bare == 2 else 2) if bare else None


def _bare_header(cells: list[str]) -> bool:
    """Names only: no number among a cell's words (Kaldi's `%WER 12.5 | 1831 21395 |`), no
    log prefix (loguru's `12:00:01.123 | INFO |`), no whitespace-aligned columns inside a cell
    (the MOTChallenge devkit's ` IDF1  IDP  IDR| Rcll ...`)."""
    for index, cell in enumerate(cells):
        if not cell and index == 0 and len(cells) > 2 and not any(map(is_known_metric, cells)):
            continue  # an untitled first column over data sets ("  | Sunglasses | Babies")
        if not cell or ":" in cell or "  " in cell or len(cell) > 60 or _SEPARATOR_CELL.match(cell):
            return False  # (a rule's "-- | -- | --" is no header)
        if any(parse_number(word.rstrip("%")) is not None for word in cell.split()):
            return False
    return True


@reader("tables", markers=("|",), order=20, open=_markdown_open)
def read_markdown_table(line: str, state: LogState, out: Sink) -> bool:
    cells = _row_cells(line, state)
    if (
        cells is None
        and line.rstrip().endswith("|")
        and state.context.get("md_mode") is None
        and _LEADLESS_HEADER.match(line)
    ):
        # a header whose leading pipe was lost in a copy (" Tasks  |Version|...|Stderr|"): a
        # table's header only when a family reader knows it (its rows keep their pipes)
        named = [c.strip() for c in line.rstrip()[:-1].split("|")]
        lowered = [c.lower() for c in named]
        return lm_eval_header(lowered, state) or opencompass_header(lowered, named, state)
    if cells is None:
        # a rule under a bare header or above its summary row; a grid table's border between
        # its rows (tabulate "grid", prettytable: `+-----+====+`)
        border = state.context.get("md_bare") or line.lstrip().startswith("+")
        if border and state.context.get("md_mode") and _RULE.match(line):
            return True
        if state.context.get("md_mode") and _OPEN_SEPARATOR.match(line):
            return True  # "|:---|:---:|:---:" (no closing pipe) under a header: the rule
        state.context["md_mode"] = None
        state.context["md_bare"] = False
        if (saved := state.context.pop("md_saved_scope", None)) is not None and line.strip():
            state.block_scope = saved[0]  # the table's rows no longer scope what follows
        return False
    if all(_SEPARATOR_CELL.match(c) for c in cells if c):
        return True
    mode = state.context.get("md_mode")
    if mode is None:
        _header(cells, state)
        return True
    if mode == "lm_eval":
        lm_eval_row(cells, state, out)
    elif mode == "opencompass":
        opencompass_row(cells, state, out)
    elif mode == "espnet":
        espnet_row(cells, state, out)
    elif mode == "icefall":
        results_table_row(cells, state.context.get("md_header", []), state, out)
    elif mode == "sb3_zoo":
        zoo_row(cells, state, out)
    elif mode == "type_score":
        type_score_row(cells, state, out)
    elif mode == "coco":
        names = state.context["md_names"]
        if len(cells) == len(names):
            for name, cell in zip(names, cells, strict=True):
                value = parse_number(cell)
                if value is not None and value >= 0:
                    out.add(coco_name(name, state), cell, "coco", running=False)
        state.context["md_mode"] = "other"  # detectron2 prints exactly one row
    else:
        # rows of other tables: summaries with one column per benchmark, else left to the
        # family readers and generic
        header = state.context.get("md_header", [])
        column = state.context.get("md_dataset_column")
        if mode == "other" and column is not None and len(cells) == len(header):
            _scope_by_dataset_cell(cells[column], state)
        return mode == "other" and benchmark_row(header, cells, out)
    return True


_DATASET_HEADERS = frozenset({"dataset", "datasets", "data", "benchmark", "testset"})


def _scope_by_dataset_cell(cell: str, state: LogState) -> None:
    """A row of a table with a `dataset` column (`| net | dataset | raw | int8 |` over `|
    arcface | lfw | AUC : 0.8557 | ... |`): what any reader reads from the row is that data
    set's (the scope lasts for the row; the table's end gives back the scope before it)."""
    cell = cell.strip("*` ")
    if cell and _cell_number(cell) is None:
        state.context.setdefault("md_saved_scope", (state.block_scope,))
        state.block_scope = cell


@reader("tables", markers=("|",), order=850)
def read_bare_table_header(line: str, state: LogState, out: Sink) -> bool:
    """The header of a table without outer pipes, when no family reader took the line (the
    rows that follow are read like a Markdown table's)."""
    if state.context.get("md_mode") is not None:
        return False
    cells = _bare_cells(line, 1)
    if cells is None:
        return False
    if not _bare_header(cells):
        # "| model | box AP | mask AP" over rows with both pipes (GitHub renders a header
        # without its closing pipe): a header of named columns after its leading pipe
        if not (len(cells) > 3 and not cells[0] and _bare_header(cells[1:])):
            return False
        state.context["md_bare"] = "lead"
        _header(cells[1:], state)
        return True
    if len(cells) == 2 and not (is_known_metric(cells[1]) and not is_known_metric(cells[0])):
        return False  # one pipe: a two-column table only under "<label> | <metric>"
    state.context["md_bare"] = len(cells) if len(cells) == 2 else True
    _header(cells, state)
    return True


def _header(cells: list[str], state: LogState) -> None:
    lowered = [c.lower() for c in cells]
    state.context["md_header"] = cells
    if (
        lm_eval_header(lowered, state)
        or opencompass_header(lowered, cells, state)
        or espnet_header(lowered, state)
        or results_table_header(lowered, state)
        or zoo_header(lowered, state)
        or type_score_header(lowered, state)
    ):
        return
    if cells and all(c in TABLE_NAMES for c in cells):
        state.context["md_mode"] = "coco"
        state.context["md_names"] = cells
    else:
        state.context["md_mode"] = "other"
        state.context["md_header"] = cells
        # (the column naming each row's data set, found once per table, not once per row)
        keys = [metric_key(c) for c in cells]
        state.context["md_dataset_column"] = next(
            (i for i, key in enumerate(keys) if key in _DATASET_HEADERS), None
        )


def _box_open(state: LogState) -> bool:
    return state.context.get("box_header") is not None


@reader("tables", markers=("│", "┃"), order=21, open=_box_open)
def read_box_table(line: str, state: LogState, out: Sink) -> bool:
    if "│" not in line and "┃" not in line:
        if not any(c in line for c in "─━═┼╪├┤╞╡┌┐└┘┏┓┗┛┡┩╇┳┻┬┴╒╕╘╛╤╧"):
            state.context["box_header"] = None
        return False
    cells = [c.strip() for c in _BOX_SPLIT.split(line)]
    cells = cells[1:-1] if len(cells) > 2 else cells
    if not cells or all(not c for c in cells):
        return True
    scores = [_score(c) for c in cells]
    numeric = [score is not None for score in scores]
    if not any(numeric[1:]):
        state.context["box_header"] = cells
        return True
    header = state.context.get("box_header")
    systems = header is not None and header[0].lower() == "system"  # sacrebleu, any width
    if header is None or "metric" in header[0].lower() or (len(cells) == 2 and not systems):
        if not numeric[0]:
            lightning_row(cells[0], scores[1:], header, out)
        return True
    # A table with one row per system and one column per metric (sacrebleu multi-system).
    for column in range(1, len(cells)):
        score = scores[column]
        if column < len(header) and score is not None:
            metric = header[column]
            source = "bleu" if metric.lower().startswith(_BLEU_NAMES) else "tables"
            out.add(f"{cells[0]}/{metric}", score, source, running=False)
    return True


def _cell_number(cell: str) -> str | None:
    match = _CELL_VALUE.match(cell)
    if match is None:
        return None
    text = match.group(1).removesuffix("%")
    if _ZERO_COMMA.match(text):
        text = text.replace(",", ".", 1)  # "0,9356": a decimal comma (never a thousands one)
    return text if parse_number(text) is not None else None


_ZERO_COMMA = re.compile(r"^0,\d++$")


def _result_column(header: str) -> bool:
    """A column of results: a known metric, a split score (`Final Test`), or an average."""
    key = metric_key(header)
    if key in _VALUE_HEADERS or key in _OWN_HEADERS:
        return True
    if _REFERENCE_COLUMN.search(header):
        return False  # "IoU (Report)", "Paper": published numbers beside the run's
    if not header or key in _INDEX_HEADERS or not is_result_name(header):
        return False
    sense = sense_of(header)
    if sense.stat is not None:
        return False  # std_reward, stderr: the spread of a result, not the result
    if sense.base is None or sense.base in _KNOWN_BASES:
        return True
    return bool(set(header.lower().replace("_", " ").split()) & _RESULT_WORDS)


@reader("tables", markers=("|",), order=900)
def read_result_table_row(line: str, state: LogState, out: Sink) -> bool:
    """A row of a markdown table no family reader took: `<row label>/<column>` per result."""
    header = state.context.get("md_header")
    if state.context.get("md_mode") != "other" or not header:
        return False
    plan = state.context.get("md_plan")
    if plan is None or plan[0] is not header:
        plan = state.context["md_plan"] = (header, *_plan(header))
    _, results, labels, value_header = plan
    if not results and len(header) > 2 and metric_key(header[0]) in _METRIC_ROW_HEADERS:
        return _transposed_row(header, line, state, out)
    cells = _row_cells(line, state) if results else None
    if cells is None or len(cells) != len(header):
        return False
    if benchmark_per_row(header, cells, out):
        return True  # "| Benchmark | org/model |" over "| hellaswag | 66.00% |"
    numbers = {i: _cell_number(cells[i]) for i in results}
    columns = [i for i in results if numbers[i] is not None]
    if not columns:
        return False
    if metric_key(header[0]) in _CUTOFF_HEADERS and results[0] > 0:
        # "| k | nDCG | MAP | Recall |" (a retrieval evaluation by cutoff): row 10 is nDCG@10
        if not cells[0].isdigit():
            return False
        return _cutoff_row(header, cells, columns, numbers, out)
    label = "/".join(
        cells[i].strip("*` ")
        for i in labels
        if i < columns[0] and cells[i] and _cell_number(cells[i]) is None
    )
    if _CITED_ROW.match(label):
        return True  # "| [1] DIHARD baseline | 23.8 |": the cited work's numbers, not the run's
    if not label and metric_key(header[0]) in _FOLD_HEADERS and results[0] > 0:
        label = f"{header[0]} {cells[0]}"  # "| Fold | RMSE |": a fold's row, not the mean
    first = cells[0].strip("*` ")
    if (
        label in ("", first)
        and metric_key(header[0]) in _METRIC_ROW_HEADERS
        and _metric_row(cells[0])
    ):
        # a transposed table ("|  | Dev | Test |" over "| WER | 10.4 | 10.5 |"): the row names
        # the metric, each column the split or data set it was measured on
        return _metric_row_values(header, cells, columns, numbers, out)
    if label == first and not any(is_known_metric(header[i]) for i in columns):
        # "| | dev | test |" over "| greedy_search | 10.58 |": icefall's WER by decoding method
        sets, values = [header[i] for i in columns], [numbers[i] or "" for i in columns]
        if decoding_method_row(label, sets, values, out):
            return True
    per_class = metric_key(header[0]) in _CLASS_HEADERS and results[0] > 0
    if per_class:
        # a per-class table ("| Class | IoU | Acc |"): a row is one class's, never the mean,
        # whatever its label (a class id "0" too); a summary row ("all", "mean") is the table's
        label = cells[0].strip("*` ")
        per_class = metric_key(label) not in _SUMMARY_ROWS
    found = False
    for i in columns:
        if per_class:
            name = f"{label}/class {header[i]}"
        elif label and value_header and len(columns) == 1:
            name = label
        else:
            name = f"{label}/{header[i]}" if label else header[i]
        if len(name) > MAX_NAME_CHARS and "/" in label:
            # a long model id ("org/model-name"): the model's name without its organisation
            name = name.replace(label, label.rsplit("/", 1)[-1], 1)
        if len(name) > MAX_NAME_CHARS:
            # a long setup label ("blstm_las + train without cold fusion + decode without lm
            # fusion"): its joiners without their spaces, so the row is not read as prose
            name = _JOINER_SPACES.sub(r"\1", name)
        found = out.add(name, numbers[i] or "", "tables", running=False) or found
    return found


_METRIC_ROW_HEADERS = frozenset({"", "metric", "metrics"})
_SPREAD_HEADERS = frozenset(
    {"min", "max", "mean", "avg", "average", "median", "std", "stddev", "stdev", "var", "last"}
)
# A row label led by a citation marker ("[1] (proposed)", "[12] DIHARD baseline"): a row quoted
# from the reference the report lists below its table.
_CITED_ROW = re.compile(r"^\[\d{1,3}+\]\s*+\S")


def _transposed_row(header: list[str], line: str, state: LogState, out: Sink) -> bool:
    """A row of a transposed table whose columns are data sets, not metrics ("  | Sunglasses |
    Babies | MetFaces" over "FID | 32.98 | 72.15 | 130.59"): the row names the metric, each
    column the data set (a column of published numbers, "Paper", holds none of the run's)."""
    if any(metric_key(h) in _SPREAD_HEADERS for h in header):
        return False  # "| Metric | Min | Max | Mean | Std Dev |": a metric's spread over a run
    cells = _row_cells(line, state)
    if cells is None or len(cells) != len(header) or not _metric_row(cells[0]):
        return False
    numbers = {i: _cell_number(cells[i]) for i in range(1, len(header))}
    columns = [
        i
        for i, number in numbers.items()
        if number is not None and header[i] and not _REFERENCE_COLUMN.search(header[i])
    ]
    return bool(columns) and _metric_row_values(header, cells, columns, numbers, out)


_JOINER_SPACES = re.compile(r"\s*+([+&,;])\s*+")


def _metric_row(cell: str) -> bool:
    label = cell.strip("*` ")
    return bool(label) and _cell_number(label) is None and is_known_metric(label)


def _metric_row_values(
    header: list[str],
    cells: list[str],
    columns: list[int],
    numbers: dict[int, str | None],
    out: Sink,
) -> bool:
    metric = cells[0].strip("*` ")
    found = False
    for i in columns:
        name = f"{header[i]}/{metric}" if header[i] else metric
        found = out.add(name, numbers[i] or "", "tables", running=False) or found
    return found


_CUTOFF_HEADERS = frozenset({"k", "topk", "atk", "cutoff", "rank"})
_CLASS_HEADERS = frozenset(
    {"class", "classes", "category", "categories", "label", "labels", "cls", "classname"}
)
_FOLD_HEADERS = frozenset({"fold", "folds", "foldno", "foldid", "foldidx", "cvfold"})
_SUMMARY_ROWS = frozenset(
    {"", "all", "mean", "average", "avg", "overall", "total", "macroavg", "microavg"}
    | {"weightedavg", "macroaverage", "microaverage", "weightedaverage"}
)


def _cutoff_row(
    header: list[str],
    cells: list[str],
    columns: list[int],
    numbers: dict[int, str | None],
    out: Sink,
) -> bool:
    found = False
    for i in columns:
        if sense_of(header[i]).k is None:
            name = f"{header[i]}@{int(cells[0])}"
            found = out.add(name, numbers[i] or "", "tables", running=False) or found
    return found


_DELTA_HEADER = re.compile(r"(?i)^(?:improvement|gain|delta|\u0394|diff|difference|speedup)s?+$")


def _plan(header: list[str]) -> tuple[list[int], list[int], bool]:
    """Which columns hold results, which may label a row, and whether the single result
    column is a bare `Value`/`Score` (the row label is then the metric's name)."""
    # (a difference column after each metric, "| TTFT | Improvement | TPOT | Improvement |", is
    # no pair: each difference is no result and each metric column stays one)
    named = [h for h in header if h and not _DELTA_HEADER.match(h)]
    if len(set(named)) < len(named):
        return [], [], False  # repeated columns (category | AP | category | AP) are pairs
    # (empty columns are spacers: "| Dice | Dice_avg |   | SurfDice |" has one between groups)
    keys = [metric_key(h) for h in header]
    results = [i for i, h in enumerate(header) if _result_column(h)]
    labels = [i for i, key in enumerate(keys) if key not in _INDEX_HEADERS]
    value_header = len(results) == 1 and keys[results[0]] in _VALUE_HEADERS | _OWN_HEADERS
    return results, labels, value_header
