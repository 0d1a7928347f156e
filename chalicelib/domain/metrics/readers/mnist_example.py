"""The PyTorch MNIST example and its many copies: `Test set: Average loss: 0.0264, Accuracy:
9916/10000 (99%)` after each epoch. The metric is the percentage in parentheses, named
`Accuracy`; `9916/10000` is a count. Variants: `Accuracy: 98.94%` (Horovod), the C++ frontend's
`Test set: Average loss: 0.0334 | Accuracy: 0.989` (a fraction). Each epoch prints a test line
after its training lines, so those values are running ones: the last epoch's stand; test lines
printed one after another without training lines between are the results of separate runs.
Training lines (`Train Epoch: 1 [640/60000 (1%)]  Loss: 2.30`) carry per-batch losses (not
read); a training line without a batch counter (gotorch's `Train Epoch: 4, Loss: 0.027037,
throughput: ...`) is the epoch's training loss, a running value.

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
_LOSS = re.compile(r"(?<!\w)Loss:\s*+(" + NUM + r")" + END)


@reader("mnist_example", markers=(" set: Average loss", "Train Epoch:"), order=28)
def read_mnist_example(line: str, state: LogState, out: Sink) -> bool:
    match = _TEST.search(line) if "Average loss" in line else None
    if match is None:
        train = _TRAIN.search(line)
        if train is None:
            return False
        state.context["mnist_trained"] = True
        epoch_loss = None if "[" in line[train.end() :] else _LOSS.search(line, train.end())
        if epoch_loss is not None:  # an epoch's line, not a batch's ("[640/60000 (1%)]")
            out.add("Loss", epoch_loss.group(1), "mnist_example", split="train", running=True)
        return True
    split, loss, percent, plain = match.groups()
    accuracy = percent if percent is not None else plain
    # after training lines, the test line ends an epoch (a running value); test lines one after
    # another with no training between are separate runs' results
    # (a training line with a partial batch counter is skipped by the engine: its line number)
    trained = state.progress_line > state.context.get("mnist_test_line", 0)
    running = bool(state.context.pop("mnist_trained", False)) or trained
    state.context["mnist_test_line"] = state.line_no
    out.add("Average loss", loss, "mnist_example", split=_SPLITS[split], running=running)
    out.add("Accuracy", accuracy, "mnist_example", split=_SPLITS[split], running=running)
    return True
