# ruff: noqa: E501
# The log lines below are as long as the tools print them.
"""timm validate.py / train.py (format strings: validate.py `' * Acc@1 {:.3f} ({:.3f}) Acc@5
{:.3f} ({:.3f})'`, the `'{0}: [{1:>4d}/{2}]  ...  Acc@1: {top1.val:>7.3f} ({top1.avg:>7.3f})'`
evaluation line, train.py `'Train: {} [{:>4d}/{} ({:>3.0f}%)]  Loss: ...'` and summary.csv)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

TRAIN_LOG = """\
Train: 0 [1250/1251 (100%)]  Loss: 6.123 (6.504)  Time: 0.312s,  820.1/s  LR: 1.000e-04
Test: [  48/48]  Time: 0.171 (0.402)  Loss:  4.7002 (4.9127)  Acc@1:   8.1250 (  6.0420)  Acc@5:  25.0000 ( 19.3180)
Test (EMA): [  48/48]  Time: 0.170 (0.398)  Loss:  6.8000 (6.8532)  Acc@1:   0.1250 (  0.1040)  Acc@5:   0.6250 (  0.5200)
Train: 1 [1250/1251 (100%)]  Loss: 5.611 (5.874)  Time: 0.310s,  825.8/s  LR: 2.000e-04
Test: [  48/48]  Time: 0.169 (0.401)  Loss:  3.9000 (4.1020)  Acc@1:  18.7500 ( 16.2200)  Acc@5:  43.7500 ( 38.9400)
"""


def test_train_eval_lines_read_the_averages_and_the_last_epoch_stands() -> None:
    # Given two epochs of train.py output (the last batch's value, then the average)
    metrics = found(TRAIN_LOG)
    # Then the averages of the last evaluation stand, EMA apart, and no training loss is read
    assert metrics["Acc@1"] == 16.22
    assert metrics["Acc@5"] == 38.94
    assert metrics["EMA/Acc@1"] == 0.104
    assert 6.042 not in metrics.values()  # epoch 0, superseded
    assert 18.75 not in metrics.values()  # one batch
    assert 5.874 not in metrics.values()  # a training loss


def test_results_csv_rows_are_named_by_model() -> None:
    # Given a results file written by validate.py --results-file (csv.DictWriter)
    text = (
        "model,top1,top1_err,top5,top5_err,param_count,img_size,crop_pct,interpolation\n"
        "resnet50.a1_in1k,81.214,18.786,95.104,4.896,25.56,288,1.0,bicubic\n"
        "resnet18.a1_in1k,73.156,26.844,91.036,8.964,11.69,288,1.0,bicubic\n"
    )
    # When the metrics are extracted
    metrics = found(text)
    # Then each model has its own values and settings are not read
    assert metrics["resnet50.a1_in1k/top1"] == 81.214
    assert metrics["resnet18.a1_in1k/top5_err"] == 8.964
    assert not any("param_count" in n or "img_size" in n or "crop_pct" in n for n in metrics)
    assert confirms(text, "Top-1 Accuracy", 73.16)


def test_summary_csv_last_epoch_is_a_validation_value() -> None:
    # Given summary.csv rows (update_summary: epoch, train_*, eval_*)
    text = "epoch,train_loss,eval_loss,eval_top1,eval_top5\n0,6.9,6.8,0.5,2.1\n1,6.1,5.9,3.2,9.8\n"
    # When a test accuracy or the last validation accuracy is claimed
    # Then eval_ is the validation split: a test claim is refused, an unsplit one confirmed
    assert confirms(text, "Top-1 Accuracy", 3.2)
    assert not confirms(text, "Test Top-1 Accuracy", 3.2)
    assert not confirms(text, "Top-1 Accuracy", 0.5)


def test_the_summary_pasted_without_its_star_is_read_without_the_error_rates() -> None:
    # Given validate.py's summary pasted into prose, and as a markdown bullet
    prose = "The result is following: Acc@1 72.032 (27.968) Acc@5 91.126 (8.874)\n"
    bullet = "* Acc@1 0.092 (99.908) Acc@5 0.338 (99.662)\n"
    # Then the accuracies are read and the error rates in parentheses are not
    assert confirms(prose, "Top-1 Accuracy", 72.032)
    assert confirms(prose, "Top-5 Accuracy", 91.13)
    assert not confirms(prose, "Top-1 Accuracy", 27.968)
    assert confirms(bullet, "Top-1 Accuracy", 0.092)
    assert not confirms(bullet, "Top-5 Accuracy", 99.662)


def test_a_batch_meter_pair_quoted_without_its_counter_is_not_a_summary() -> None:
    # Given the ImageNet example's per-batch meters, `val (avg)`, pasted without the batch
    # counter, and timm's summary whose parentheses hold the error rates
    meters = "the training log shows Prec@1 61.328 (58.904)\tPrec@5 83.594 (81.207) for a while"
    summary = " * Acc@1 79.412 (20.588) Acc@5 94.730 (5.270)"
    # Then neither meter value is a result, while the summary still is
    assert found(meters) == {}
    assert not confirms(meters, "Top-1 Accuracy", 61.328)
    assert not confirms(meters, "Top-1 Accuracy", 58.904)
    assert found(summary) == {"Acc@1": 79.412, "Acc@5": 94.73}
