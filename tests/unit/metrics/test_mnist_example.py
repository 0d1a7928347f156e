"""PyTorch MNIST example (format strings of pytorch/examples mnist/main.py: '\\nTest set:
Average loss: {:.4f}, Accuracy: {}/{} ({:.0f}%)\\n' and 'Train Epoch: {} [{}/{} ({:.0f}%)]\\t
Loss: {:.6f}'; cpp/mnist: "Test set: Average loss: %.4f | Accuracy: %.3f")."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_percentage_is_the_metric_and_the_last_epoch_stands() -> None:
    # Given two epochs of training and test lines
    text = (
        "Train Epoch: 1 [59520/60000 (99%)]\tLoss: 0.009322\n"
        "\nTest set: Average loss: 0.0474, Accuracy: 9842/10000 (98%)\n\n"
        "Train Epoch: 2 [59520/60000 (99%)]\tLoss: 0.004321\n"
        "\nTest set: Average loss: 0.0330, Accuracy: 9891/10000 (99%)\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the last test line's percentage and loss are read, nothing of training
    assert metrics == {"Average loss": 0.033, "Accuracy": 99}
    assert confirms(text, "Test Accuracy", 98.91)
    assert not confirms(text, "Test Accuracy", 9891)
    assert not confirms(text, "Test Accuracy", 98)


def test_cpp_frontend_fraction() -> None:
    # Given the C++ frontend's test line (a fraction)
    text = "Test set: Average loss: 0.0334 | Accuracy: 0.989\n"
    # When the metrics are extracted, then the fraction is the accuracy
    assert found(text) == {"Average loss": 0.0334, "Accuracy": 0.989}
    assert confirms(text, "Test Accuracy", 98.9)
