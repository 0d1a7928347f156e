"""The PyTorch MNIST example and its many copies: `Test set: Average loss: 0.0264, Accuracy:
9916/10000 (99%)` after each epoch. The metric is the percentage in parentheses, named
`Accuracy`; `9916/10000` is a count. Variants: `Accuracy: 98.94%` (Horovod), the C++ frontend's
`Test set: Average loss: 0.0334 | Accuracy: 0.989` (a fraction). Each epoch prints a test line,
so its values are running ones: the last epoch's stand. Training lines (`Train Epoch: 1
[640/60000 (1%)]  Loss: 2.30`) carry per-batch losses and are consumed with nothing read.

Format source: pytorch/examples mnist/main.py `test()`: print('\\nTest set: Average loss:
{:.4f}, Accuracy: {}/{} ({:.0f}%)\\n'.format(test_loss, correct, len(test_loader.dataset),
100. * correct / len(test_loader.dataset))); `train()`: 'Train Epoch: {} [{}/{} ({:.0f}%)]\\t
Loss: {:.6f}'; cpp/mnist/mnist.cpp: "\\nTest set: Average loss: %.4f | Accuracy: %.3f\\n".
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_TEST = re.compile(
    r"(?<!\w)(Test|Validation|Val) set:\s*+Average loss:\s*+(" + NUM + r")" + END + r"\s*+[,|]\s*+"
    r"Accuracy:\s*+(?:\d++/\d++\s*+\(\s*+(" + NUM + r")\s*+%\s*+\)|(" + NUM + r")" + END + ")"
)
_SPLITS = {"Test": "test", "Validation": "val", "Val": "val"}
_TRAIN = re.compile(r"(?<!\w)Train Epoch:\s*+\d")


@reader("mnist_example", markers=(" set: Average loss", "Train Epoch:"), order=28)
def read_mnist_example(line: str, state: LogState, out: Sink) -> bool:
    match = _TEST.search(line) if "Average loss" in line else None
    if match is None:
        return _TRAIN.search(line) is not None
    split, loss, percent, plain = match.groups()
    accuracy = percent if percent is not None else plain
    out.add("Average loss", loss, "mnist_example", split=_SPLITS[split], running=True)
    out.add("Accuracy", accuracy, "mnist_example", split=_SPLITS[split], running=True)
    return True
