"""LLM pre-training logs: Megatron-LM / Megatron-DeepSpeed `iteration 90/ 1000 | consumed
samples: ... | lm loss: 8.025711E+00 | loss scale: ... |` (the losses of the training step;
speed, learning rate, batch size, loss scale, grad norm and counters are not results) and their
evaluation blocks ` validation loss at iteration 100 | lm loss value: 8.0E+00 | lm loss PPL:
3.0E+03 |` (validation; `... at the end of training for test data` and `on test set` are the
test split); GPT-NeoX `validation results at iteration 1000 | lm_loss value: ... |`; the
`time (ms) | forward-compute: ...` timer lines; nanoGPT `step 5000: train loss 4.03, val loss
4.04` and `iter 100: loss 4.51, time 30.2ms, mfu 20.1%` (the training loss). Values on lines
with an iteration or step counter are running values: the last of each stands.

Format source: NVIDIA/Megatron-LM megatron/training/training.py `training_log` (`' iteration
{:8d}/{:8d} |'`, `' consumed samples: {:12d} |'`, `' elapsed time per iteration (ms): {:.1f}
|'`, `' learning rate: {:.6E} |'`, `' global batch size: {:5d} |'`, `' {}: {:.6E} |'` per
loss, `' loss scale: {:.1f} |'`, `' grad norm: {:.3f} |'`, `' num zeros: ...'`, `' number of
skipped iterations: {:3d} |'`) and `evaluate_and_print_results` (`f' validation{suffix} loss
at {prefix} | '`, `'{} value: {:.6E} | '`, `'{} PPL: {:.6E} | '`; prefix `iteration {}` or
`the end of training for val data` / `for test data`); megatron/core/timers.py (`time (ms)`);
EleutherAI/gpt-neox megatron/training.py (`f" {chart_name} results at {iteration} | "`,
`f"{k} value: {v:.6E} | "`); karpathy/nanoGPT train.py (`print(f"step {iter_num}: train loss
{losses['train']:.4f}, val loss {losses['val']:.4f}")`, `print(f"iter {iter_num}: loss
{lossf:.4f}, time {dt*1000:.2f}ms, mfu {running_mfu*100:.2f}%")`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_ITERATION = re.compile(r"(?:^|[\s|\]])iteration\s++\d++\s*+/\s*+\d++\s*+\|")
_PAIR = re.compile(r"(?:^|\|)\s*+([A-Za-z][^|:\n]{0,60}?)\s*+:\s*+(" + NUM + r")" + END)
_EVAL = re.compile(
    r"\b(validation|valid|test)\S*+\s++(?:loss|results)\s++at\s++([^|\n]*+)\|", re.IGNORECASE
)
_EVAL_PAIR = re.compile(
    r"\|\s*+([A-Za-z][^|:\n]{0,60}?\s++(?:value|PPL))\s*+:\s*+(" + NUM + r")" + END
)
_NANOGPT_EVAL = re.compile(
    r"^\s*+step\s++\d++:\s*+train loss\s++(" + NUM + r"),\s*+val loss\s++(" + NUM + r")" + END
)
_NANOGPT_ITER = re.compile(r"^\s*+iter\s++\d++:\s*+loss\s++(" + NUM + r"),\s*+time\s")


def _is_loss(key: str) -> bool:
    lowered = key.lower()
    return "loss" in lowered and "scale" not in lowered and "iteration" not in lowered


@reader("megatron", markers=("iteration", "time (ms)", " at ", "step ", "iter "), order=28)
def read_megatron(line: str, state: LogState, out: Sink) -> bool:
    if "iteration" in line and _ITERATION.search(line):
        for match in _PAIR.finditer(line):
            key = match.group(1)
            if _is_loss(key):
                out.add(key, match.group(2), "megatron", split="train", running=True)
        return True
    if line.lstrip().startswith("time (ms)"):
        return True  # the timers of the step
    evaluation = _EVAL.search(line) if " at " in line else None
    if evaluation:
        where = evaluation.group(2).lower()
        test = evaluation.group(1).lower() == "test" or "test" in where
        running = "iteration" in where
        for match in _EVAL_PAIR.finditer(line):
            split = "test" if test else "val"
            out.add(match.group(1), match.group(2), "megatron", split=split, running=running)
        return True
    nanogpt = _NANOGPT_EVAL.match(line) if "step " in line else None
    if nanogpt:
        out.add("train loss", nanogpt.group(1), "megatron", running=True)
        out.add("val loss", nanogpt.group(2), "megatron", running=True)
        return True
    step = _NANOGPT_ITER.match(line) if "iter " in line else None
    if step:
        out.add("loss", step.group(1), "megatron", split="train", running=True)
        return True
    return False
