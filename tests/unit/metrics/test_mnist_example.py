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


def test_test_lines_without_training_between_are_separate_runs() -> None:
    # Given the results of repeated runs, one test line each, no training lines between
    text = (
        "Test set: Average loss: 0.0261, Accuracy: 9924/10000 (99%)\n"
        "Test set: Average loss: 0.0276, Accuracy: 9914/10000 (99%)\n"
    )
    # Then every run's values are results, not running ones
    assert confirms(text, "Test loss", 0.0261)
    assert confirms(text, "Test loss", 0.0276)


def test_test_lines_after_skipped_batch_lines_are_epochs() -> None:
    # Given the C++ example's epochs (partial batch counters, then a test line)
    text = (
        "Train Epoch: 1 [59584/60000] Loss: 0.4232\n"
        "Test set: Average loss: 0.1989 | Accuracy: 0.940\n"
        "Train Epoch: 2 [59584/60000] Loss: 0.1926\n"
        "Test set: Average loss: 0.1338 | Accuracy: 0.959\n"
    )
    # Then only the last epoch's test values stand
    assert confirms(text, "Test Accuracy", 0.959)
    assert not confirms(text, "Test Accuracy", 0.940)


def test_an_epoch_training_line_gives_the_running_training_loss() -> None:
    text = (
        "Train Epoch: 3, Loss: 0.030931, throughput: 4231.78 samples/sec\n"
        "Train Epoch: 4, Loss: 0.027037, throughput: 4679.31 samples/sec\n"
    )
    assert found(text) == {"Loss": 0.027037}
    assert not confirms(text, "Test loss", 0.027037)
