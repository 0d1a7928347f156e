# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""super-gradients (format strings of sg_trainer_utils.display_epoch_summary: root f"SUMMARY OF
EPOCH {epoch}", split nodes, leaves f"{name.capitalize()} = {value}", children "Best until now
= ..." and "Epoch N-1      = ...")."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

TWO_EPOCHS = """\
SUMMARY OF EPOCH 1
├── Training
│   └── Crossentropyloss = 1.2
└── Validation
    ├── Accuracy = 0.61
    └── Top5 = 0.9
SUMMARY OF EPOCH 2
├── Training
│   └── Crossentropyloss = 1.1
│       ├── Best until now = 1.2    (↘ -0.1)
│       └── Epoch N-1      = 1.2    (↘ -0.1)
└── Validation
    ├── Accuracy = 0.64
    │   ├── Best until now = 0.61   (↗ 0.03)
    │   └── Epoch N-1      = 0.61   (↗ 0.03)
    └── Top5 = 0.91
        ├── Best until now = 0.9    (↗ 0.01)
        └── Epoch N-1      = 0.9    (↗ 0.01)
"""


def test_last_epoch_stands_and_comparison_children_are_not_read() -> None:
    # Given two epoch summaries, the second with Best until now / Epoch N-1 children
    metrics = found(TWO_EPOCHS)
    # Then the leaves of the last epoch are read under their split
    assert metrics == {
        "Training/Crossentropyloss": 1.1,
        "Validation/Accuracy": 0.64,
        "Validation/Top5": 0.91,
    }
    assert confirms(TWO_EPOCHS, "Validation Accuracy", 0.64)
    assert not confirms(TWO_EPOCHS, "Accuracy", 0.61)


def test_training_values_never_confirm_an_unsplit_claim() -> None:
    # Given a first-epoch summary where the training accuracy is higher
    text = "SUMMARY OF EPOCH 0\n├── Training\n│   └── Accuracy = 0.7\n└── Validation\n    └── Accuracy = 0.5\n"
    # When an unsplit accuracy claim is checked
    # Then the training value does not confirm it
    assert not confirms(text, "Accuracy", 0.7)
    assert confirms(text, "Accuracy", 0.5)


def test_the_averaged_model_summary_is_the_runs_last() -> None:
    text = (
        "SUMMARY OF EPOCH 99\n└── Validation\n    └── Map@0.50 = 0.9601\n\n"
        "INFO - sg_trainer.py - RUNNING ADDITIONAL TEST ON THE AVERAGED MODEL...\n"
        "SUMMARY OF EPOCH 100\n└── Validation\n    └── Map@0.50 = 0.9635\n\n"
    )
    assert confirms(text, "mAP@0.5", 0.9635)
    assert not confirms(text, "mAP@0.5", 0.9601)
