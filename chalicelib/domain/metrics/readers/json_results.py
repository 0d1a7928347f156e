"""JSON results: a line holding a JSON object (possibly after a log prefix) and
pretty-printed JSON spanning lines. Numeric leaves become metrics named by their key path
joined with "/" (`results/arc_challenge/acc`); lm-evaluation-harness's `acc,none` keys lose
their `,none` filter (`exact_match,strict-match` is `strict-match/exact_match`), its
`*_stderr` keys and configuration subtrees (`versions`, `n-shot`, `configs`, ...) are skipped;
named-value objects (`{"name": "BLEU", "score": 20.8}`, MLPerf's
`{"key": "eval_accuracy", "value": 0.759}`) give one metric named by their name.

MTEB result files (`{"dataset_revision", "task_name", "mteb_version", "scores": {"test":
[{"hf_subset": "default", "ndcg_at_10": 0.31, "main_score": 0.31}]}}`, older files keyed by
split with `mteb_dataset_name`) name their metrics `<task>/<split>[/<subset>]/<metric>`
(`NFCorpus/test/ndcg_at_10`); the task name may come after the scores (files written with
sorted keys), so a pretty-printed file's metrics wait for it until the file ends. A value
wrapped in markdown emphasis (`*"ndcg@10": 0.35,*`) is read like any other.

Format source: embeddings-benchmark/mteb mteb/load_results/task_results.py `TaskResult`
(`dataset_revision`, `task_name`, `mteb_version`, `scores` {split: [{hf_subset, languages,
<metric>, main_score}]}, `evaluation_time`); json.dumps output of results files
(EleutherAI/lm-evaluation-harness lm_eval/__main__.py writes `results` with `"acc,none"` keys;
mjpost/sacrebleu `--format json` writes {"name", "score", "signature", ...}; mlcommons/logging
`:::MLLOG {json}`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM, parse_number

_MAX_DEPTH = 8
# (a pasted file may open inside a Markdown inline-code quote: "`{")
_OPEN = re.compile(r'^\s*+`?+(?:"([^"\n]{1,80}+)"\s*+:\s*+)?+[{\[]\s*+$')
_CLOSE = re.compile(r"^\s*+[}\]][}\],\s]*+$")
_KV = re.compile(
    r'^\s*+[*_]*+"([^"\n]{1,80}+)"\s*+:\s*+(?:"([^"\n]*+)"|('
    + NUM
    + r"|NaN|-?Infinity|null|true|false))"
    r"\s*+,?[*_]*+\s*+$"
)
_MTEB_TASK_KEYS = ("task_name", "mteb_dataset_name")
_MTEB_MARKS = frozenset({"mteb_version", "dataset_revision", *_MTEB_TASK_KEYS})
_MTEB_SKIP = frozenset({"scores", "default"})
_MAX_PENDING = 5_000
_ANY = re.compile(r'^\s*+[*_]*+(?:["{}\[\]]|[-\d.]|true|false|null)')
_NAME_KEYS = ("name", "key", "metric")
_VALUE_KEYS = ("score", "value")
_TIMM_KEYS = frozenset(["top1", "top5", "top1_err", "top5_err"])
# A string under one of these keys names the data set (or scene) the object's numbers are of:
# nerfstudio's ns-eval {"experiment_name": "chair", "results": {"psnr": ...}}.
_SCOPE_KEYS = frozenset({"experiment_name", "dataset", "dataset_name", "scene"})


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def json_key(key: str) -> str:
    # lm-evaluation-harness writes "acc,none" (metric,filter); the metric is the part before ","
    return key.split(",", 1)[0] if "," in key else key


def key_path(key: str) -> list[str]:
    """The name parts of a key: lm-evaluation-harness's "exact_match,strict-match" is the
    exact_match of the strict-match filter (`strict-match/exact_match`); "acc,none" is acc."""
    metric, _, filter_name = key.partition(",")
    if filter_name and filter_name.lower() not in ("none", ""):
        return [filter_name, metric]
    return [metric]


def skipped(path: list[str], key: str) -> bool:
    """Standard errors (`acc_stderr`, reported beside the metric) and configuration subtrees
    (lm-evaluation-harness's "versions", "n-shot", "configs", "config", ...) are no metrics."""
    return json_key(key).endswith("_stderr") or any(p in CONFIG_KEYS for p in path)


# Top-level keys of results files that hold configuration, versions and counts.
CONFIG_KEYS = frozenset(
    {"config", "configs", "versions", "n-shot", "n-samples", "higher_is_better"}
    | {"group_subtasks", "args", "hparams", "env_info", "task_hashes", "model_args"}
)


# A metric at a cutoff whose cutoffs are the keys below it: PyKEEN's `"hits_at_k": {"both":
# {"realistic": {"1": ..., "10": ...}}}` (pykeen/evaluation/rank_based_evaluator.py
# RankBasedMetricResults.to_dict()) holds hits@1 and hits@10 of the both-sides realistic rank.
_AT_K = re.compile(r"(?i)^([a-z][a-z_]*?)(?:_at_|@)k$")


def cutoff_path(path: list[str], key: str) -> list[str] | None:
    """`hits_at_k/both/realistic` and key `10`: `both/realistic/hits@10`; None otherwise."""
    if not key.isdigit():
        return None
    for at, part in enumerate(path):
        match = _AT_K.match(part)
        if match:
            return [*path[:at], *path[at + 1 :], f"{match.group(1)}@{key}"]
    return None


def _named(name: str, value_key: str) -> str:
    # sacrebleu's {"name": "BLEU", "score": 20.8} is the BLEU score
    return f"{name} score" if value_key == "score" else name


def _source(name: str) -> str:
    lowered = name.lower()
    if lowered.startswith(("bleu", "chrf", "ter")):
        return "bleu"
    return "timm" if name.rsplit("/", 1)[-1] in _TIMM_KEYS else "json"


def flatten(data: dict[str, Any], path: list[str], out: Sink, depth: int = 0) -> None:
    if depth > _MAX_DEPTH:
        return
    named = next((data[k] for k in _NAME_KEYS if isinstance(data.get(k), str)), None)
    valued = next((k for k in _VALUE_KEYS if _is_number(data.get(k))), None)
    if named is not None and valued is not None:
        name = "/".join([*path, _named(named, valued)])
        out.add(name, float(data[valued]), _source(name))
    for raw_key, value in data.items():
        if valued is not None and named is not None and raw_key == valued:
            continue
        if skipped([*path, str(raw_key)], str(raw_key)):
            continue
        keys = key_path(str(raw_key))
        if _is_number(value):
            name = "/".join(cutoff_path(path, str(raw_key)) or [*path, *keys])
            out.add(name, value, _source(name))
        elif isinstance(value, dict):
            flatten(value, [*path, *keys], out, depth + 1)


@reader("json", markers=("{",), order=40)
def read_json_line(line: str, state: LogState, out: Sink) -> bool:
    if "}" not in line:
        return False
    start, end = line.index("{"), line.rindex("}")
    if end <= start or ":" not in line[start:end]:
        return False
    try:
        data = json.loads(line[start : end + 1])
    except ValueError:
        return False
    if not isinstance(data, dict):
        return False
    scope = next((data[k] for k in _SCOPE_KEYS if isinstance(data.get(k), str)), None)
    flatten(data, [scope] if scope else [], out)
    return True


def _in_block(state: LogState) -> bool:
    return bool(state.context.get("json_stack"))


@reader("json", markers=("{", "[", "}", "]", '"'), order=41, open=_in_block)
def read_json_block(line: str, state: LogState, out: Sink) -> bool:
    """Pretty-printed JSON, one key per line, remembering the enclosing keys."""
    stack: list[str] = state.context.setdefault("json_stack", [])
    names: dict[int, str] = state.context.setdefault("json_names", {})
    if stack and not _ANY.match(line):
        _end_block(state, out)
        return False
    match = _OPEN.match(line)
    if match:
        stack.append(match.group(1) or "")
        return True
    if _CLOSE.match(line) and any(c in line for c in "}]"):
        for _ in range(sum(line.count(c) for c in "}]")):
            if stack:
                names.pop(len(stack), None)
                stack.pop()
        if not stack:
            _end_block(state, out)
        return True
    match = _KV.match(line)
    if not match:
        return False
    raw_key, string_value, number = match.groups()
    depth = len(stack)
    if depth <= 1 and raw_key in _MTEB_MARKS:
        mteb = state.context.setdefault("json_mteb", {"task": None, "pending": []})
        if raw_key in _MTEB_TASK_KEYS and string_value:
            mteb["task"] = string_value
            for pending in mteb["pending"]:
                out.add(f"{string_value}/{pending[0]}", pending[1], "json")
            mteb["pending"].clear()
    if string_value is not None:
        if raw_key in _NAME_KEYS or raw_key == "hf_subset":
            names[depth] = string_value
        elif depth == 1 and raw_key in _SCOPE_KEYS:
            state.context["json_scope"] = string_value
        return True
    if number is None or parse_number(number) is None:
        return True
    path = [k for k in stack if k]
    if skipped(path, raw_key):
        return True
    named = names.get(depth)
    mteb = state.context.get("json_mteb")
    if mteb is not None:
        subset = [named] if named and named not in _MTEB_SKIP else []
        name = "/".join([*(k for k in path if k not in _MTEB_SKIP), *subset, raw_key])
        if mteb["task"] is None:
            if len(mteb["pending"]) < _MAX_PENDING:
                mteb["pending"].append((name, number))
            return True
        name = f"{mteb['task']}/{name}"
    elif raw_key in _VALUE_KEYS and named:
        name = "/".join([*path, _named(named, raw_key)])
    else:
        name = "/".join(cutoff_path(path, raw_key) or [*path, *key_path(raw_key)])
    scope = state.context.get("json_scope")
    out.add(f"{scope}/{name}" if scope else name, number, _source(name))
    return True


def _end_block(state: LogState, out: Sink) -> None:
    """The JSON text has ended: metrics still waiting for an MTEB task name are added as
    they are."""
    state.context["json_stack"].clear()
    state.context["json_names"].clear()
    state.context.pop("json_scope", None)
    mteb = state.context.pop("json_mteb", None)
    for name, number in mteb["pending"] if mteb else ():
        out.add(name, number, "json")
