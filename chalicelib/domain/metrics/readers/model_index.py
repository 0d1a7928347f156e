"""Hugging Face model-card `model-index` YAML (written by MTEB's model cards, spaCy's
`spacy package` and `huggingface_hub.ModelCardData`): each result has a `task`, a `dataset`
(`name`, `config`, `split`) and a `metrics` list of `- type: accuracy` / `value: 72.71` items
(optionally with `name: NER F Score`). A metric is named by its `name` (else its `type`),
prefixed with the dataset name when the result gives one; MTEB's dataset names
`MTEB <Task> (<subset>)` become `MTEB/<Task> (<subset>)/<type>`, so the task and subset are the
scope. The dataset's `split` is the metric's split. Revisions, configs and `verified` are not
metrics.

Format source: huggingface/huggingface_hub src/huggingface_hub/repocard_data.py
(`model_index_to_eval_results` / `eval_results_to_model_index`: results -> task {type, name},
dataset {name, type, config, split, revision}, metrics [{type, value, name}]);
embeddings-benchmark/mteb mteb/create_meta.py (`"name": f"MTEB {task_name} ({subset})"`);
explosion/spaCy spacy/cli/package.py `generate_meta` / `_format_label_scheme` model-index
(`NER Precision`, `NER Recall`, `NER F Score`, `TAG (XPOS) Accuracy`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM, parse_number
from chalicelib.domain.metrics.vocabulary import _SPLIT_WORDS

_HEAD = re.compile(r"^\s*+model-index:\s*+$")
# "  - dataset:", "    metrics:", "    - type: accuracy", "      value: 72.7"
_KEY = re.compile(r"^(\s*+)(-\s++)?+([A-Za-z_]++):\s*+(.*+)$")
_VALUE = re.compile(r"^" + NUM + r"$")
_MAX_TEXT = 120


def _open(state: LogState) -> bool:
    return state.context.get("mi") is not None


@reader("model_index", markers=("model-index",), order=12, open=_open)
def read_model_index(line: str, state: LogState, out: Sink) -> bool:
    if _HEAD.match(line):
        state.context["mi"] = {"block": "", "dataset": "", "split": None, "name": "", "type": ""}
        return True
    mi = state.context.get("mi")
    if mi is None:
        return False
    if not line.strip():
        return True
    match = _KEY.match(line)
    if match is None or (not match.group(1) and not match.group(2)):
        state.context["mi"] = None  # the YAML block has ended
        return False
    key, text = match.group(3), match.group(4).strip().strip("'\"")[:_MAX_TEXT]
    if key in ("task", "dataset", "metrics") and not text:
        if key != "metrics" and match.group(2):
            mi.update(dataset="", split=None)  # "- task:" / "- dataset:" opens a new result
        mi["block"] = key
        return True
    if match.group(2) and mi["block"] == "metrics":
        mi.update(name="", type="")  # "- type: accuracy" opens a new metric
    block = mi["block"]
    if block == "dataset" and key == "name":
        mi["dataset"] = "MTEB/" + text[5:] if text.startswith("MTEB ") else text
    elif block == "dataset" and key == "split":
        mi["split"] = _SPLIT_WORDS.get(text.lower())
    elif block == "metrics" and key in ("name", "type"):
        mi[key] = text
    elif block == "metrics" and key == "value" and _VALUE.match(text):
        name = mi["name"] or mi["type"]
        if name and parse_number(text) is not None:
            full = f"{mi['dataset']}/{name}" if mi["dataset"] else name
            out.add(full, text, "model_index", split=mi["split"], running=False)
    return True
