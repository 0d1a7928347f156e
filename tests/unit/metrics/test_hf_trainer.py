# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""Hugging Face Trainer output, built from transformers trainer_pt_utils.py `log_metrics`
(`***** {split} metrics *****` then `  {key: <{k_width}} = {value:>{v_width}}`, runtimes as
h:mm:ss.ss) and Trainer.log (`{'loss': 0.18, 'grad_norm': 1.2, 'learning_rate': 4.5e-05,
'epoch': 2.0}` for training steps, `{'eval_loss': ..., 'epoch': ...}` for evaluations)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_metric_blocks_by_split() -> None:
    # Given eval and predict blocks with runtimes and throughputs
    text = """\
***** eval metrics *****
  epoch                   =        3.0
  eval_accuracy           =     0.8456
  eval_loss               =     0.4012
  eval_runtime            = 0:00:03.21
  eval_samples_per_second =    127.103
***** predict metrics *****
  predict_accuracy        =     0.8312
  predict_runtime         = 0:00:03.40
"""
    metrics = extract_metrics(text)
    assert {m.name: m.value for m in metrics} == {
        "eval_accuracy": 0.8456,
        "eval_loss": 0.4012,
        "predict_accuracy": 0.8312,
    }
    # Then predict_ is the test split and eval_ the validation split
    assert check_claimed_metric(metrics, "Test Accuracy", 83.12).ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 84.56).ok
    assert check_claimed_metric(metrics, "Validation Accuracy", 0.8456).ok


def test_training_step_dicts_are_the_train_split_and_running() -> None:
    # Given training-step logs then an evaluation dict
    text = """\
{'loss': 0.6931, 'grad_norm': 2.41, 'learning_rate': 4.8e-05, 'epoch': 0.5}
{'loss': 0.4127, 'grad_norm': 1.97, 'learning_rate': 4.6e-05, 'epoch': 1.0}
{'eval_loss': 0.3811, 'eval_accuracy': 0.8601, 'eval_runtime': 4.2, 'eval_samples_per_second': 95.1, 'epoch': 1.0}
"""
    metrics = extract_metrics(text)
    # Then the step loss is a training loss (the last stands), never a validation loss
    assert check_claimed_metric(metrics, "Training loss", 0.4127).ok
    assert not check_claimed_metric(metrics, "Training loss", 0.6931).ok
    assert not check_claimed_metric(metrics, "Validation loss", 0.4127).ok
    assert check_claimed_metric(metrics, "Validation loss", 0.3811).ok
    assert not check_claimed_metric(metrics, "Learning rate", 4.6e-05).ok


def test_seq2seq_gen_len_and_nested_dicts() -> None:
    # Given a Seq2SeqTrainer eval dict and a nested evaluation dict
    text = """\
{'eval_loss': 1.72, 'eval_rouge1': 41.3, 'eval_gen_len': 61.4, 'epoch': 3.0}
{'overall': {'accuracy': 0.91, 'f1': 0.88}, 'per_class': {'positive': {'f1': 0.93}}}
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    assert metrics["eval_gen_len"] == 61.4
    assert metrics["overall/f1"] == 0.88
    assert metrics["per_class/positive/f1"] == 0.93


def test_logger_prefixes_and_pre_trainer_eval_results() -> None:
    # Given log_metrics through the logger, and run_glue's "Eval results <task>" block
    text = """\
[INFO|trainer_pt_utils.py:913] 2023-05-01 12:00:00,000 >> ***** eval metrics *****
[INFO|trainer_pt_utils.py:913] 2023-05-01 12:00:00,000 >>   eval_accuracy           =     0.8456
[INFO|trainer_pt_utils.py:913] 2023-05-01 12:00:00,000 >>   eval_runtime            = 0:00:03.21
03/04/2020 10:00:00 - INFO - __main__ -   ***** Eval results mnli *****
03/04/2020 10:00:00 - INFO - __main__ -     acc = 0.8412
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    assert metrics == {"eval_accuracy": 0.8456, "mnli/acc": 0.8412}


def test_an_unprefixed_loss_in_a_prefixed_eval_block_is_the_training_loss() -> None:
    # Given an old example script's eval block: eval_-prefixed keys, then its mean training loss
    text = """\
***** Eval results *****
  eval_f1 = 0.7714
  eval_loss = 0.6202
  global_step = 1150
  loss = 0.2391
"""
    metrics = extract_metrics(text)
    # Then the bare loss never answers an evaluation-loss claim, but it is the training loss
    assert not check_claimed_metric(metrics, "Eval Loss", 0.2391).ok
    assert not check_claimed_metric(metrics, "Validation Loss", 0.2391).ok
    assert check_claimed_metric(metrics, "Eval Loss", 0.6202).ok
    assert check_claimed_metric(metrics, "Training Loss", 0.2391).ok
