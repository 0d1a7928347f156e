"""Python-repr dicts printed by training scripts: the Hugging Face Trainer's
`{'eval_loss': 0.41, 'eval_accuracy': 0.9124, 'epoch': 3.0}` (values may be wrapped in
`tensor(...)`/`np.float64(...)`, or formatted into strings: `{'mIoU': '0.5276'}` from
`{k: f"{v:.4f}"}`; a quoted integer such as `'Images': '4'` is a count or an id, not read),
`epoch 0: {'accuracy': 0.8}` of the no_trainer examples, and PyTorch Lightning 1.x
`DATALOADER:0 TEST RESULTS` blocks (whose header gives the split). A dict with an `epoch` or
`step` key is a running value: the last one of each name stands. Nested dicts name their
values by key path (`{'Iris-setosa': {'f1': 1.0}}` -> `Iris-setosa/f1`, also a label that is a
number: scikit-learn's `classification_report(..., output_dict=True)` keys classes by
`f"{label}"`, `{'0': {'f1-score': 0.93}}` -> `0/f1-score`; a metric keying labels,
`{'roc_auc': {'toxic': 0.74}}`, is each label's metric, `toxic/roc_auc`); a dict of averages
only (`{'macro': 0.95, 'micro': 0.94}`) printed under a title line (`Average F1 scores:`) is
named by the title (`Average F1 scores macro`). Integer tensors (`tensor(1134649)`) are
counts. A dict with
`learning_rate` is a training-step log (its `loss` is the training loss). sacreBLEU's result
(`{'score': 46.75, 'counts': [...], ..., 'bp': 0.92, 'sys_len': 12, 'ref_len': 13}`, as
evaluate's `sacrebleu` returns it) names its `score` `sacreBLEU score`; `bp` and the lengths
are its components and counts.

Format source: mjpost/sacrebleu sacrebleu/metrics/bleu.py `BLEUScore` (score, counts, totals,
precisions, bp, sys_len, ref_len), returned as a dict by huggingface/evaluate
metrics/sacrebleu/sacrebleu.py `_compute`; huggingface/transformers Trainer.log
(`self.log(logs)` -> `print(output)` through ProgressCallback.on_log) and pytorch-lightning
1.x trainer/connectors (`print(f"DATALOADER:{i} {stage.upper()} RESULTS")` + `pprint(results)`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.vocabulary import is_known_metric

# A key followed by a nested dict, a key followed by a number (possibly wrapped), a key
# followed by a decimal number formatted into a string (`'mIoU': '0.5276'`), or a brace.
_TOKEN = re.compile(
    r"""(['"])([A-Za-z_\d][^'"\n]{0,79}+)\1\s*+:\s*+"""
    r"(?:(\{)|((?:tensor|np\.float\d++|numpy\.float\d++|float)\(\s*+)?+("
    + NUM
    + r")"
    + END
    + r"""|(['"])([-+]?+\d*+\.\d++%?+)\6)"""
    r"|([{}])"
)
_LIGHTNING_HEAD = re.compile(r"\b(TEST|VALIDATE|VALIDATION|VAL)\s++RESULTS\b")
_LIGHTNING_SPLITS = {"TEST": "test", "VALIDATE": "val", "VALIDATION": "val", "VAL": "val"}
# The Trainer's training-step logs carry the learning rate: their `loss` is the training loss.
_TRAIN_KEYS = re.compile(r"""['"](?:learning_rate|grad_norm)['"]\s*+:""")
_DASHES = re.compile(r"^\s*+-{10,}+\s*+$")
_RUNNING_KEY = re.compile(r"""['"](?:epoch|step|global_step)['"]\s*+:""")
_QUALIFIERS = frozenset({"macro", "micro", "weighted", "samples"})
_MAX_DEPTH = 8
# A name and a colon leading the dict on its line (lm-eval's per-task results printed as
# `print(f"{task}: {results[task]}")`): the dict is that task's.
_DICT_LABEL = re.compile(r"^\s*+([A-Za-z][\w\-.]{0,60}+)\s*+:\s*+\{")
# Labels that name a split, a stage or the whole output, not a task.
_NOT_TASK_LABELS = frozenset(
    {"test", "val", "valid", "validation", "eval", "evaluation", "dev", "train", "training"}
    | {"results", "result", "metrics", "metric", "scores", "score", "output", "outputs", "info"}
    | {"log", "logs", "summary", "final", "best", "stats", "data", "config", "args", "params"}
)
# A key with a string value (`"dataset": "x"`): a record named by it, not an anonymous one.
_STRING_VALUE = re.compile(r"""['"]\s*+:\s*+['"]""")
# Keys that follow `score` in sacreBLEU's result only.
_SACREBLEU_KEYS = frozenset({"bp", "sys_len", "ref_len"})


@reader("python_dicts", markers=("'", '"', "RESULTS", "-" * 10), order=42)
def read_python_dicts(line: str, state: LogState, out: Sink) -> bool:
    head = _LIGHTNING_HEAD.search(line)
    if head:
        state.context["lightning"] = _LIGHTNING_SPLITS[head.group(1)]
        state.context["lightning_body"] = False
        return True
    if _DASHES.match(line):
        if state.context.get("lightning_body"):
            state.context["lightning"] = None
        return True
    split = state.context.get("lightning")
    if split:
        state.context["lightning_body"] = True
    if "'" not in line and '"' not in line:
        return False
    source = "lightning" if split else "python_dict"
    running = None if not _RUNNING_KEY.search(line) else True
    if not split and _TRAIN_KEYS.search(line):
        split = "train"
    # a task and split the line before named for this dict (MTEB's "Evaluation for X on test")
    scoped = state.context.pop("dict_scope", None)
    task = scoped[1] if scoped and scoped[0] >= state.line_no - 2 else None
    split = split or (scoped[2] if task and scoped else None)
    label = _DICT_LABEL.match(line) if task is None and ":" in line else None
    if label and label.group(1).lower() not in _NOT_TASK_LABELS:
        task = label.group(1)  # "gsm8k: {'exact_match,strict-match': 0.95, ...}": the task's
    title = state.context.get("title")
    title = title[1] if title and title[0] == state.line_no - 1 else None
    path: list[str] = []
    found = False
    matches = list(_TOKEN.finditer(line))
    places = _rounded_places(matches)
    records = _anonymous_records(line, matches) if "[" in line else ()
    for index, match in enumerate(matches):
        brace, key = match.group(8), match.group(2)
        if any(start < index < end for start, end in records):
            continue  # one of several unnamed records in a list: an iteration's, not a result
        if brace == "{" or match.group(3):
            if len(path) < _MAX_DEPTH:
                path.append(key if match.group(3) else "")
            continue
        if brace == "}":
            if path:
                path.pop()
            continue
        if not key[0].isalpha() and key[0] != "_":
            continue  # a label keying a value (`'0': 0.93`), not a metric's name
        number, wrapper = match.group(5) or match.group(7).rstrip("%"), match.group(4) or ""
        if wrapper.startswith("tensor") and not any(c in number for c in ".eE"):
            continue  # an integer tensor is a count (tensor(1134649)), not a result
        number = _padded(number, places)
        keys = [k for k in path if k]
        if not keys and key == "score":
            state.context["py_score"] = (state.line_no, number)
        elif not keys and key in _SACREBLEU_KEYS:
            score = state.context.pop("py_score", None)
            if score is not None and state.line_no - score[0] <= 8:
                out.add("sacreBLEU score", score[1], source, running=False)
        if not keys and title and key in _QUALIFIERS:
            name = f"{title} {key}"  # "Average F1 scores:" then {'macro': 0.95, ...}
        else:
            if keys and is_known_metric(keys[-1]) and not is_known_metric(key):
                # {'roc_auc': {'toxic': 0.74, ...}}: the metric of each label
                keys, key = [*keys[:-1], key], keys[-1]
            name = "/".join([task, *keys, key] if task else [*keys, key])
        out.add(name, number, source, split=split or None, running=running)
        found = True
    return found


def _anonymous_records(line: str, matches: list[re.Match[str]]) -> list[tuple[int, int]]:
    """The token spans of the dicts that are elements of a list and carry no string value
    (`"raw": [{"mcc": 0.14, "f1": 0.32}, {"mcc": 0.11, "f1": 0.30}, ...]`: bootstrap
    iterations, samples or steps beside the total); only when the list holds two or more."""
    spans: list[tuple[int, int]] = []
    opened: list[int | None] = []
    for index, match in enumerate(matches):
        brace = match.group(8)
        if match.group(3):
            opened.append(None)
        elif brace == "{":
            before = line[: match.start()].rstrip()
            element = before.endswith("[") or (
                before.endswith(",") and before[:-1].rstrip()[-1:] == "}"
            )
            opened.append(index if element else None)
        elif brace == "}" and opened:
            start = opened.pop()
            if start is not None:
                body = line[matches[start].end() : match.start()]
                if not _STRING_VALUE.search(body):
                    spans.append((start, index))
    return spans if len(spans) >= 2 else []


def _rounded_places(matches: list[re.Match[str]]) -> int:
    """The decimals the line's rounded values are printed to (at most 6: longer ones are full
    floats): Python's repr drops trailing zeros, so `round(x, 3)` prints 0.640 as `0.64`."""
    places = 0
    for match in matches:
        number = match.group(5) or match.group(7)
        if number and "." in number and "e" not in number.lower():
            decimals = len(number) - number.index(".") - 1
            if decimals <= 6:
                places = max(places, decimals)
    return places


def _padded(number: str, places: int) -> str:
    """`0.64` among values rounded to three decimals is `0.640` (mmdetection's
    `'segm_mAP_50': 0.64` beside `'segm_mAP': 0.417`): its printed precision is theirs."""
    if "." not in number or "e" in number.lower():
        return number
    decimals = len(number) - number.index(".") - 1
    return number + "0" * (places - decimals) if decimals < places else number
