"""MTEB results in a Hugging Face model card's `model-index` YAML: each `- dataset:` entry's
`name: MTEB AmazonCounterfactualClassification (en)` and `split: test`, then its `metrics:` list
of `- type: accuracy` / `value: 71.6716` pairs, named `MTEB/<task (subset)>/<type>` (the subset
stays in the task, so subsets stay apart; `f1_weighted` beside `f1` is skipped). spaCy cards
list `- task:` entries whose metrics carry a display `name` (`NER F Score`), which names them.
MTEB's JSON result files are read by `json_results`. MTEB 1.x's log names the task and split
of the `Scores: {...}` dict printed next (`Evaluation for STS14 on test took 31.00 seconds`):
the dict's values are that task's (`python_dicts` reads the dict under `dict_scope`).

Format source: embeddings-benchmark/mteb mteb/evaluation/MTEB.py (`logger.info(f"Evaluation for
{task.metadata_dict['name']} on {split} took {evaluation_time:.2f} seconds")`, then
`logger.info(f"Scores: {scores}")`); mteb/create_meta.py / model card metadata (`results:
- dataset: {config, name: f"MTEB {task_name} ({subset})", revision, split, type}, metrics: [{type:
<metric>, value: <score * 100>}], task: {type}`), the Hugging Face model-index specification.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_INDEX = re.compile(r"^\s*+model-index:\s*+$")
_DATASET = re.compile(r"^\s*+-\s++(?:dataset|task):\s*+$")
_FIELD = re.compile(r"^\s*+(?:-\s++)?+(name|split|type|value):\s*+(.*?)\s*+$")


def _in_index(state: LogState) -> bool:
    return bool(state.context.get("mteb_index"))


@reader("mteb", markers=("model-index:",), order=9, open=_in_index)
def read_model_index(line: str, state: LogState, out: Sink) -> bool:
    context = state.context
    if _INDEX.match(line):
        context["mteb_index"] = True
        context["mteb_dataset"] = None
        return True
    if not context.get("mteb_index"):
        return False
    if line.strip() and not line.startswith((" ", "-", "\t")):
        context["mteb_index"] = False  # the YAML block ended
        return False
    if _DATASET.match(line):
        context["mteb_dataset"] = {}
        context["mteb_in_metrics"] = False
        context["mteb_metric"] = None
        return True
    if line.strip() in ("metrics:", "task:", "dataset:"):
        context["mteb_in_metrics"] = line.strip() == "metrics:"
        return True
    field = _FIELD.match(line)
    dataset = context.get("mteb_dataset")
    if not field or dataset is None:
        return True
    key, value = field.groups()
    item = line.lstrip().startswith("-")  # a new entry of the metrics list
    if not context.get("mteb_in_metrics"):
        dataset.setdefault(key, value.strip("'\""))  # a dataset's name before its task's
    elif key == "name" or (key == "type" and (item or not context.get("mteb_metric"))):
        # MTEB cards: "- type: accuracy"; spaCy cards: "- name: NER F Score" then "type: f_score"
        context["mteb_metric"] = value.strip("'\"")
    elif key == "value" and context.get("mteb_metric") and re.fullmatch(NUM, value):
        metric = context["mteb_metric"]
        context["mteb_metric"] = None
        seen = dataset.setdefault("_metrics", set())
        seen.add(metric)
        if metric.endswith("_weighted") and metric.removesuffix("_weighted") in seen:
            # beside f1, f1_weighted would answer an unqualified "F1" claim (claims.py reads
            # no qualifier as any qualifier): the entry's plain value is its score
            return True
        where = _where(dataset.get("name") or dataset.get("type") or "")
        split = {"test": "test", "validation": "val", "dev": "val"}.get(dataset.get("split", ""))
        out.add(f"{where}/{metric}" if where else metric, value, "mteb", split=split)
    return True


def _where(name: str) -> str:
    """`MTEB AmazonCounterfactualClassification (en)` -> `MTEB/AmazonCounterfactualClassification
    (en)`: the benchmark and the task (with its subset) as two scopes, so that a claim on the
    `en` subset is not matched by the `en-ext` one."""
    return f"MTEB/{name[5:]}" if name.startswith("MTEB ") else name


_EVALUATION = re.compile(r"Evaluation for ([A-Za-z0-9][\w.\-]{0,80}+) on (\w{1,20}+) took ")
_SPLITS = {"test": "test", "validation": "val", "dev": "val", "val": "val", "train": "train"}


@reader("mteb", markers=("Evaluation for ",), order=9)
def read_evaluation_line(line: str, state: LogState, out: Sink) -> bool:
    match = _EVALUATION.search(line)
    if match is None:
        return False
    task, split = match.groups()
    state.context["dict_scope"] = (state.line_no, task, _SPLITS.get(split.lower()))
    return True
