"""A label printed before a scalar tensor: `print("Test loss:", score[0])` on a TensorFlow
result prints `Test loss: tf.Tensor(0.10000026, shape=(), dtype=float32)`, an eager tensor in a
dict `Test accuracy: {'accuracy': <tf.Tensor: shape=(), dtype=float32, numpy=0.9932>}`, a
PyTorch one `Test acc: tensor(0.9932)` or `tensor(0.9932, device='cuda:0')`. The value is named
by the printed label (a one-entry dict's key only repeats it). Integer tensors are counts
(`tensor(9932)`), not results; dicts of several entries are read by `python_dicts`.

Format source: tensorflow/tensorflow python/framework/ops.py `_EagerTensorBase.__str__`
("tf.Tensor(%s, shape=%s, dtype=%s)") and `__repr__` ("<tf.Tensor: shape=%s, dtype=%s,
numpy=%s>"); pytorch/pytorch torch/_tensor_str.py `_str_intern` ("tensor(" + value + ", device=
'cuda:0'" ... ")").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_LABELLED = re.compile(
    r"^\s*+([A-Za-z][\w\-/@.]{0,40}+(?: [\w\-/@.]{1,40}+){0,5}+)\s*+[:=]\s*+"
    r"(?:\{\s*+(['\"])[^'\"\n]{1,60}+\2\s*+:\s*+)?+"
    r"(?:<tf\.Tensor:\s*+shape=\(\),\s*+dtype=\w++,\s*+numpy=(" + NUM + r")>"
    r"|tf\.Tensor\(\s*+(" + NUM + r"),\s*+shape=\(\)"
    r"|tensor\(\s*+(" + NUM + r")\s*+[,)])"
)


@reader("tensors", markers=("tf.Tensor", "tensor("), order=41)
def read_tensors(line: str, state: LogState, out: Sink) -> bool:
    match = _LABELLED.match(line)
    if match is None:
        return False
    number = match.group(3) or match.group(4) or match.group(5)
    if not any(c in number for c in ".eE"):
        return False  # an integer tensor is a count
    return out.add(match.group(1), number, "tensors")
