"""Rules of the extraction loop that hold for every reader (engine.py): running values and
the lines a pasted excerpt leaves out (tests/corpus/README.md, "Running values")."""

from __future__ import annotations

from chalicelib.domain.metrics import extract_metrics
from tests.unit.metrics._helpers import confirms, found


def test_a_summary_value_supersedes_the_running_value_of_the_same_name() -> None:
    # Given boosting rounds (running values) and the best iteration printed after them
    text = (
        "[310]\ttrain-logloss:0.243229\tvalid-logloss:0.392104\n"
        "[320]\ttrain-logloss:0.241036\tvalid-logloss:0.392591\n"
        "Stopping. Best iteration:\n"
        "[292]\ttrain-logloss:0.247746\tvalid-logloss:0.391567\n"
    )
    # Then the last value of each name in the log is the metric, not the last round's
    assert found(text)["valid-logloss"] == 0.391567
    assert confirms(text, "Validation Log Loss", 0.391567)
    assert not confirms(text, "Validation Log Loss", 0.392591)


def test_a_running_value_printed_after_a_summary_still_stands() -> None:
    # Given a summary value, then a later epoch line of the same name
    text = "accuracy: 0.91\nEpoch 3, accuracy: 0.93\n"
    # Then both are metrics: a running value never removes a summary one
    assert confirms(text, "accuracy", 0.91)
    assert confirms(text, "accuracy", 0.93)


def test_an_elision_line_does_not_end_an_open_block() -> None:
    # Given a model-index list with lines left out in the middle ("...")
    text = (
        "model-index:\n- name: m\n  results:\n  - dataset:\n      name: MTEB ArguAna (default)\n"
        "      split: test\n    metrics:\n    - type: map_at_10\n      value: 54.196\n...\n"
        "    - type: ndcg_at_10\n      value: 62.666\n    task:\n      type: Retrieval\n"
    )
    # Then the values after the elision are read in the same block
    assert confirms(text, "NDCG@10", 62.666, dataset="ArguAna")
    assert not confirms(text, "NDCG@10", 54.196, dataset="ArguAna")


def test_a_line_led_by_a_training_count_reports_running_values() -> None:
    # Given validation results listed at several points of a training run
    text = (
        "- 20K iteration: PSNR=31.02, SSIM=0.8811\n"
        "- 40K iteration: PSNR=31.40, SSIM=0.8850\n"
        "- 80K iteration: PSNR=31.75, SSIM=0.8902\n"
    )
    # Then only the last point stands
    assert found(text) == {"PSNR": 31.75, "SSIM": 0.8902}
    assert confirms(text, "PSNR", 31.75)
    assert not confirms(text, "PSNR", 31.02)


def test_a_bare_split_prefix_names_the_split_of_a_line_whose_names_say_test() -> None:
    log = "val:Test top1: 71.20, Test loss: 1.13\ntest:Test top1: 70.05, Test loss: 1.19\n"
    assert confirms(log, "Validation Top-1", 71.2) and confirms(log, "Test Top-1", 70.05)
    assert not confirms(log, "Test Top-1", 71.2) and not confirms(log, "Validation Top-1", 70.05)


def test_a_lone_name_with_a_digit_and_a_separator_titles_the_table_below() -> None:
    log = (
        "SEQ-07-A\n"
        "        recall  precision  f1\n"
        "total   0.612   0.701      0.653\n"
        "SEQ-09-B\n"
        "        recall  precision  f1\n"
        "total   0.544   0.688      0.608\n"
    )
    assert confirms(log, "Recall", 0.544, dataset="SEQ-09-B")
    assert not confirms(log, "Recall", 0.612, dataset="SEQ-09-B")
    assert confirms(log, "Recall", 0.612, dataset="SEQ-07-A")


def test_blocks_closed_by_the_same_counter_are_repeated_runs_all_kept() -> None:
    # Given two evaluation blocks of repeated runs, each closed by the same `epoch = 3.0`
    text = (
        "***** Eval results *****\n  eval_accuracy = 0.7622\n  eval_loss = 0.5318\n"
        "  epoch = 3.0\n\n"
        "***** Eval results *****\n  eval_accuracy = 0.8063\n  eval_loss = 0.4772\n"
        "  epoch = 3.0\n"
    )
    # Then the counter did not advance: both runs' values are metrics
    assert confirms(text, "Validation Accuracy", 0.7622)
    assert confirms(text, "Validation Accuracy", 0.8063)
    assert confirms(text, "Validation Loss", 0.5318)


def test_a_summary_block_after_an_advanced_counter_still_supersedes_the_earlier() -> None:
    # Given the same summary line after epoch 1 and after epoch 2
    text = "Epoch: 1\nBest val AP: 0.50\nEpoch: 2\nBest val AP: 0.61\n"
    # Then the earlier one is a running value of the training
    assert confirms(text, "Validation AP", 0.61)
    assert not confirms(text, "Validation AP", 0.50)


def test_the_pytorch_tutorial_epoch_batch_counter_makes_earlier_evaluations_running() -> None:
    # print(f"[{epoch + 1}, {i + 1:5d}] loss: ...") between per-epoch test accuracies
    log = (
        "[1,   300] loss: 1.677\naccuracy on test set: 95%\n"
        "[2,   300] loss: 0.137\naccuracy on test set: 97%\n"
    )
    values = {(m.name, m.value) for m in extract_metrics(log)}
    assert ("accuracy on test set", 97) in values
    assert ("accuracy on test set", 95) not in values  # superseded by the next epoch's


def test_an_evaluation_loop_count_of_items_done_marks_per_item_running_values() -> None:
    # Given an evaluation loop that prints its running precision after each block of clips
    text = (
        "clip 64 done, total 64/5000, average 0.41 sec/clip, moving Prec@1 61.250 Prec@5 83.125\n"
        "clip 96 done, total 96/5000, average 0.40 sec/clip, moving Prec@1 60.417 Prec@5 82.292\n"
    )
    # Then no value of a pass in progress is a result
    assert not confirms(text, "Top-1 Accuracy", 60.417)
    assert not confirms(text, "Top-5 Accuracy", 82.292)
    # ...while the same loop's last line, all items done, is the final result
    last = "clip 5000 done, total 5000/5000, average 0.40 s, moving Prec@1 59.870 Prec@5 81.904"
    done = text + last + "\n"
    assert confirms(done, "Top-1 Accuracy", 59.87)


def test_each_markdown_section_is_another_models_evaluation_not_a_later_epoch() -> None:
    block = (
        "Step [{n}/40] evaluation done\n"
        "Epoch: {n}\n"
        " Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = {ap50}\n"
    )
    text = (
        "## Model A (r50)\n"
        + block.format(n=40, ap50="0.552")
        + "\n## Model B (swin-t)\n"
        + block.format(n=41, ap50="0.618")
    )
    assert confirms(text, "AP50", 0.552)
    assert confirms(text, "AP50", 0.618)
    # a heading that only counts progress ("# epoch 2") opens no new section
    epochs = "# epoch 1\nEpoch: 1\nBest val AP: 0.301\n\n# epoch 2\nEpoch: 2\nBest val AP: 0.322\n"
    assert not confirms(epochs, "val AP", 0.301)
    assert confirms(epochs, "val AP", 0.322)
