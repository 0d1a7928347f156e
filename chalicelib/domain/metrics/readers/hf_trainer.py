"""Hugging Face Trainer `***** eval metrics *****` blocks (`  eval_accuracy = 0.9124`);
durations such as `eval_runtime = 0:00:42.21` are not numbers and are skipped. The Trainer's
dict lines (`{'eval_loss': 0.41, ...}`) are read by `python_dicts`.

Format source: huggingface/transformers src/transformers/trainer_pt_utils.py `log_metrics`:
`print(f"***** {split} metrics *****")` then
`print(f"  {key: <{k_width}} = {metrics_formatted[key]:>{v_width}}")`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_HEAD = re.compile(r"^\s*+\*{3,}+\s*+([\w ]*?)\b(?:metrics|results)\s*+\*{3,}+\s*+$", re.I)
_LINE = re.compile(r"^\s*+([A-Za-z_][\w\-/]*+)\s*+=\s*+(\S++)\s*+$")
_SPLITS = {"eval": "val", "test": "test", "predict": "test", "train": "train"}


def _in_block(state: LogState) -> bool:
    return bool(state.context.get("hf_block"))


@reader("hf_trainer", markers=("***",), order=34, open=_in_block)
def read_hf_block(line: str, state: LogState, out: Sink) -> bool:
    head = _HEAD.match(line) if "***" in line else None
    if head:
        state.context["hf_block"] = True
        state.context["hf_split"] = _SPLITS.get(head.group(1).strip().lower())
        return True
    if not line.strip():
        state.context["hf_block"] = False
        return True
    match = _LINE.match(line)
    if not match:
        state.context["hf_block"] = False
        return False
    out.add(
        match.group(1),
        match.group(2),
        "hf_trainer",
        split=state.context.get("hf_split"),
        running=False,
    )
    return True
