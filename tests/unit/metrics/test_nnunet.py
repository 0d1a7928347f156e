"""nnU-Net v1/v2 and MONAI (format strings: nnUNetTrainer.on_epoch_end print_to_log_file(
'train_loss', ...), ('Pseudo dice', [...]), f"Yayy! New best EMA pseudo Dice: {...}";
perform_actual_validation "Mean Validation Dice: "; MONAI tutorials f"current epoch: {e}
current mean dice: {m:.4f}" f"\\nbest mean dice: {b:.4f} at epoch: {be}")."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

V2 = """\
2024-04-26 10:06:36.199916: train_loss -0.8123
2024-04-26 10:06:36.205917: val_loss -0.7911
2024-04-26 10:06:36.210917: Pseudo dice [0.9355, 0.8729]
2024-04-26 10:06:36.213916: Epoch time: 71.23 s
2024-04-26 10:06:36.217918: Yayy! New best EMA pseudo Dice: 0.8972
2024-04-26 12:00:00.000000: Validation complete
2024-04-26 12:00:00.000001: Mean Validation Dice:  0.8864532118
"""


def test_v2_per_class_pseudo_dice_is_not_the_dice() -> None:
    # Given an nnU-Net v2 epoch with two classes and the final validation
    metrics = found(V2)
    # Then the final Dice and the EMA are read, the per-class entries are not
    assert metrics["Mean Validation Dice"] == 0.8864532118
    assert metrics["EMA pseudo Dice"] == 0.8972
    assert 0.9355 not in metrics.values()
    assert confirms(V2, "Dice", 0.8865)
    assert not confirms(V2, "Dice", 0.9355)
    assert not confirms(V2, "Dice", 71.23)


def test_monai_per_step_losses_are_not_results() -> None:
    # Given MONAI tutorial output for one epoch
    text = (
        "1/16, train_loss: 0.1162\n16/16, train_loss: 0.2303\nepoch 14 average loss: 0.2148\n"
        "current epoch: 14 current mean dice: 0.9157\nbest mean dice: 0.9157 at epoch: 14\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then the mean dice is read and the per-step losses are not
    assert metrics["current mean dice"] == 0.9157
    assert 0.1162 not in metrics.values() and 0.2303 not in metrics.values()
    assert confirms(text, "Mean Dice", 0.9157)


def test_summary_json_foreground_mean_is_the_mean_not_a_data_set() -> None:
    # Given nnU-Net v2's validation summary.json: the mean over foreground labels, then per label
    text = """\
{
    "foreground_mean": {
        "Dice": 0.9021344,
        "FN": 1210.5,
        "IoU": 0.8234501,
        "TP": 50133.25
    },
    "mean": {
        "2": {
            "Dice": 0.8811020,
            "IoU": 0.7901233
        }
    }
}
"""
    # Then the foreground mean confirms a mean claim on the data set the run was on
    assert confirms(text, "Mean Dice", 90.21, dataset="Hippocampus")
    assert confirms(text, "Dice", 0.9021)
    # And one label's Dice is not the mean
    assert not confirms(text, "Mean Dice", 0.8811, dataset="Hippocampus")
