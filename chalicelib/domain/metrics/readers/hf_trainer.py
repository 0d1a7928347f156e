"""Hugging Face Trainer `***** eval metrics *****` blocks (`  eval_accuracy = 0.9124`) and the
older example scripts' `***** Eval results mnli *****` blocks (`  acc = 0.84`, named `mnli/acc`);
durations such as `eval_runtime = 0:00:42.21` are not numbers and are skipped. The Trainer's
dict lines (`{'eval_loss': 0.41, ...}`) are read by `python_dicts`.

Format source: huggingface/transformers examples run_glue.py before v4 (`logger.info("*****
Eval results {} *****".format(task))`, `logger.info("  %s = %s", key, value)`) and
src/transformers/trainer_pt_utils.py `log_metrics`:
`print(f"***** {split} metrics *****")` then
`print(f"  {key: <{k_width}} = {metrics_formatted[key]:>{v_width}}")`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

# "***** eval metrics *****" (Trainer.log_metrics); "***** Eval results mnli *****" (the run_glue
# scripts before the Trainer, which name the task after "results"); after a logger prefix too
# ("[INFO|trainer_pt_utils.py:913] 2023-05-01 12:00:00,000 >> ***** eval metrics *****").
_HEAD = re.compile(
    r"(?<!\*)\*{3,}+\s*+([\w ]{0,60}?)\b(?:metrics|results)(?:\s++([\w\-.]++))?+\s*+\*{3,}+\s*+$",
    re.I,
)
_LINE = re.compile(r"(?:^|\s)([A-Za-z_][\w\-/]*+)\s*+=\s*+(\S++)\s*+$")
_SPLITS = {"eval": "val", "test": "test", "predict": "test", "train": "train"}
# The split prefix of a key ("eval_loss", "test_f1"): in a block whose keys carry one, a key
# without it is not of the block's split (run_classifier.py adds `loss`, its mean training loss,
# to the eval results beside `eval_loss`).
_PREFIX = re.compile(r"^(?:eval|test|predict|train|val|validation)_", re.I)


def _in_block(state: LogState) -> bool:
    return bool(state.context.get("hf_block"))


@reader("hf_trainer", markers=("***",), order=34, open=_in_block)
def read_hf_block(line: str, state: LogState, out: Sink) -> bool:
    head = _HEAD.search(line) if "***" in line else None
    if head:
        state.context["hf_block"] = True
        state.context["hf_split"] = _SPLITS.get(head.group(1).strip().lower())
        state.context["hf_task"] = head.group(2)
        state.context["hf_prefixed"] = False
        return True
    if not line.strip():
        state.context["hf_block"] = False
        return True
    match = _LINE.search(line)
    if not match:
        state.context["hf_block"] = False
        return False
    key = match.group(1)
    split = state.context.get("hf_split")
    if _PREFIX.match(key):
        state.context["hf_prefixed"] = True
    elif state.context.get("hf_prefixed") and split not in (None, "train"):
        # an unprefixed key beside prefixed ones: a bare loss is the training loop's
        split = "train" if key.lower() == "loss" else "none"
    task = state.context.get("hf_task")
    out.add(
        f"{task}/{key}" if task else key,
        match.group(2),
        "hf_trainer",
        split=split,
        running=False,
    )
    return True
