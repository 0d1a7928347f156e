"""Python-repr dicts printed by training scripts: the Hugging Face Trainer's
`{'eval_loss': 0.41, 'eval_accuracy': 0.9124, 'epoch': 3.0}` (values may be wrapped in
`tensor(...)`/`np.float64(...)`), `epoch 0: {'accuracy': 0.8}` of the no_trainer examples,
nested dicts such as seqeval's `{'LOC': {'precision': 0.9, ...}, 'overall_f1': 0.9}` (named
`LOC/precision`), and PyTorch Lightning 1.x `DATALOADER:0 TEST RESULTS` blocks. A dict with an
`epoch` or `step` key is a running value: the last one of each name stands; a dict with
`learning_rate` is a training-step log (its `loss` is the training loss).

Format source: huggingface/transformers Trainer.log (`self.log(logs)` -> `print(output)`
through ProgressCallback.on_log) and pytorch-lightning 1.x trainer/connectors
(`print(f"DATALOADER:{i} {stage.upper()} RESULTS")` + `pprint(results)`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

# A key with a number (group 3) or a nested dict (group 4) as its value, or a bare brace (5).
_PAIR = re.compile(
    r"""(['"])([A-Za-z_][^'"\n]{0,79}+)\1\s*+:\s*+"""
    r"(?:(?:(?:tensor|np\.float\d++|numpy\.float\d++|float)\(\s*+)?+("
    + NUM
    + r")"
    + END
    + r"|(\{))|([{}])"
)
# The Trainer's training-step logs carry the learning rate: their `loss` is the training loss.
_TRAIN_KEYS = re.compile(r"""['"](?:learning_rate|grad_norm)['"]\s*+:""")
_LIGHTNING_HEAD = re.compile(r"\b(?:TEST|VALIDATE|VALIDATION|VAL)\s++RESULTS\b")
_DASHES = re.compile(r"^\s*+-{10,}+\s*+$")
_RUNNING_KEY = re.compile(r"""['"](?:epoch|step|global_step)['"]\s*+:""")


@reader("python_dicts", markers=("'", '"', "RESULTS", "-" * 10), order=42)
def read_python_dicts(line: str, state: LogState, out: Sink) -> bool:
    if _LIGHTNING_HEAD.search(line):
        state.context["lightning"] = True
        state.context["lightning_body"] = False
        return True
    if _DASHES.match(line):
        if state.context.get("lightning_body"):
            state.context["lightning"] = False
        return True
    lightning = bool(state.context.get("lightning"))
    if lightning:
        state.context["lightning_body"] = True
    if "'" not in line and '"' not in line:
        return False
    source = "lightning" if lightning else "python_dict"
    running = None if not _RUNNING_KEY.search(line) else True
    split = "train" if _TRAIN_KEYS.search(line) else None
    found = False
    path: list[str] = []  # enclosing keys of nested dicts ("" for an unnamed one)
    for match in _PAIR.finditer(line):
        key, number, opened, brace = match.group(2), match.group(3), match.group(4), match.group(5)
        if brace == "{" or opened:
            path.append(key if opened else "")
        elif brace == "}":
            if path:
                path.pop()
        else:
            name = "/".join([p for p in path if p] + [key])
            out.add(name, number, source, split=split, running=running)
            found = True
    return found
