# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""LLM pre-training logs, built from Megatron-LM training.py `training_log` (` iteration {:8d}/
{:8d} |`, ` lm loss: {:.6E} |`, ` learning rate: {:.6E} |`, ...) and `evaluate_and_print_results`
(` validation loss at {prefix} | {key} value: {:.6E} | {key} PPL: {:.6E} | `), GPT-NeoX's
`validation results at ...` and nanoGPT's `step {iter_num}: train loss ..., val loss ...`."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

LOG = """\
 iteration     1000/  500000 | consumed samples:       512000 | elapsed time per iteration (ms): 1234.5 | learning rate: 1.500E-04 | global batch size:   512 | lm loss: 3.456789E+00 | loss scale: 65536.0 | grad norm: 1.234 | number of skipped iterations:   0 | number of nan iterations:   0 |
------------------------------------------------------------------------------------------------
 validation loss at iteration 1000 | lm loss value: 3.512345E+00 | lm loss PPL: 3.352926E+01 |
------------------------------------------------------------------------------------------------
 validation loss at the end of training for test data | lm loss value: 3.401234E+00 | lm loss PPL: 3.000111E+01 |
"""


def test_training_and_evaluation_values_by_split() -> None:
    metrics = extract_metrics(LOG)
    # Then the step loss is training, the evaluation blocks validation and test
    assert {(m.name, m.value, m.split) for m in metrics} == {
        ("lm loss", 3.456789, "train"),
        ("lm loss value", 3.512345, "val"),
        ("lm loss PPL", 33.52926, "val"),
        ("lm loss value", 3.401234, "test"),
        ("lm loss PPL", 30.00111, "test"),
    }
    assert check_claimed_metric(metrics, "Validation loss", 3.512345).ok
    assert check_claimed_metric(metrics, "Test perplexity", 30.0).ok
    assert not check_claimed_metric(metrics, "Validation loss", 3.456789).ok
    assert not check_claimed_metric(metrics, "Loss", 65536).ok


def test_nanogpt_eval_and_iteration_lines() -> None:
    text = """\
step 4000: train loss 3.1021, val loss 3.1432
iter 4010: loss 3.0871, time 131.42ms, mfu 41.21%
"""
    metrics = extract_metrics(text)
    # Then the iteration loss is a training value and mfu/time are not metrics
    assert check_claimed_metric(metrics, "Validation loss", 3.1432).ok
    assert not check_claimed_metric(metrics, "Validation loss", 3.0871).ok
    assert {m.name for m in metrics} == {"train loss", "val loss", "loss"}
