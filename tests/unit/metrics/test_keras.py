# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""Keras progress bars (format strings of keras/src/utils/progbar.py: "%d/%d" + bar + " - %s:
%.4f" per value; fit prints "Epoch %d/%d" first; verbose=2 prints "n/n - 3s - loss: ...")."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found, splits

FIT_THEN_EVALUATE = """\
Epoch 1/2
1875/1875 - 3s - 2ms/step - accuracy: 0.9153 - loss: 0.2941 - val_accuracy: 0.9570 - val_loss: 0.1402
Epoch 2/2
1875/1875 - 2s - 1ms/step - accuracy: 0.9602 - loss: 0.1358 - val_accuracy: 0.9688 - val_loss: 0.1023
313/313 ━━━━━━━━━━━━━━━━━━━━ 0s 1ms/step - accuracy: 0.9661 - loss: 0.1109
"""


def test_fit_values_are_training_values_and_evaluate_is_unsplit() -> None:
    # Given two verbose=2 fit epochs and a Keras 3 evaluate bar
    metrics = found(FIT_THEN_EVALUATE)
    # Then the last epoch's training values are the train split, validation values val
    assert splits(FIT_THEN_EVALUATE)["val_accuracy"] is None  # the name says val
    assert metrics["val_accuracy"] == 0.9688
    # And an unsplit or test claim is confirmed by the evaluate bar, never by a training value
    assert confirms(FIT_THEN_EVALUATE, "Test Accuracy", 0.9661)
    assert not confirms(FIT_THEN_EVALUATE, "Accuracy", 0.9602)
    assert not confirms(FIT_THEN_EVALUATE, "Test Accuracy", 0.9153)


def test_partial_bar_values_are_not_read() -> None:
    # Given a Keras 2 bar redrawn mid-epoch
    text = "Epoch 3/15\n237/422 [===============>..............] - ETA: 7s - loss: 0.0398 - accuracy: 0.9877\n"
    # When the metrics are extracted, then nothing is read
    assert found(text) == {}


def test_a_bar_with_validation_values_is_a_fit_epoch_without_its_epoch_line() -> None:
    # Given the last fit bar pasted without "Epoch n/N", then evaluate's TensorFlow prints
    text = (
        "469/469 ━━━━━━━━━━━━━━━━━━━━ 11s 24ms/step - accuracy: 0.9942 - loss: 0.1000"
        " - val_loss: 0.1000\n"
        "Test loss: tf.Tensor(0.10000026, shape=(), dtype=float32)\n"
        "Test accuracy: {'accuracy': <tf.Tensor: shape=(), dtype=float32, numpy=0.9932000041007996>}\n"
    )
    # Then the bar's unprefixed accuracy is training accuracy, and the tensors are the test values
    assert splits(text)["accuracy"] == "train"
    assert found(text)["Test accuracy"] == 0.9932000041007996
    assert confirms(text, "Test Accuracy", 99.32)
    assert not confirms(text, "Test Accuracy", 0.9942)
    assert not confirms(text, "Accuracy", 0.9942)


def test_keras1_verbose2_epoch_lines_without_a_bar_are_training_values() -> None:
    # Given Keras 1 fit(verbose=2) output: an "Epoch n/N" line, then the duration and values
    text = (
        "Epoch 1/2\n"
        "3s - loss: 0.4100 - acc: 0.8800 - val_loss: 0.3500 - val_acc: 0.9000\n"
        "Epoch 2/2\n"
        "2s - loss: 0.2100 - acc: 0.9400 - val_loss: 0.3000 - val_acc: 0.9100\n"
    )
    # Then acc is the training accuracy of the last epoch, val_acc the validation one
    assert not confirms(text, "Test Accuracy", 0.94)
    assert confirms(text, "Train Accuracy", 0.94)
    assert confirms(text, "Validation Accuracy", 0.91)
    assert not confirms(text, "Validation Accuracy", 0.90)
