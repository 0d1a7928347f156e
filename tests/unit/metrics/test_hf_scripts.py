# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""Hugging Face example scripts and evaluate outputs, built from examples/pytorch/*_no_trainer.py
(`logger.info(f"epoch {epoch}: {eval_metric}")`), run_qa_no_trainer.py (`Evaluation metrics:
{...}`), the squad metric ({'exact_match', 'f1'} on 0-100) and seqeval ({'LOC': {'precision',
'recall', 'f1', 'number'}, ..., 'overall_precision', 'overall_f1', ...})."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_no_trainer_epoch_dicts_keep_the_last_epoch() -> None:
    # Given per-epoch evaluation dicts of run_glue_no_trainer.py
    text = """\
12/01/2023 10:00:00 - INFO - __main__ - epoch 0: {'accuracy': 0.8186, 'f1': 0.8701}
12/01/2023 10:05:00 - INFO - __main__ - epoch 1: {'accuracy': 0.8407, 'f1': 0.8849}
12/01/2023 10:10:00 - INFO - __main__ - epoch 2: {'accuracy': 0.8529, 'f1': 0.8969}
"""
    metrics = extract_metrics(text)
    # Then the last epoch's values stand
    assert check_claimed_metric(metrics, "Accuracy", 85.29).ok
    assert not check_claimed_metric(metrics, "Accuracy", 81.86).ok
    assert not check_claimed_metric(metrics, "F1", 2).ok


def test_squad_and_seqeval_dicts() -> None:
    # Given the squad metric and a seqeval result with per-entity dicts
    text = """\
{'exact_match': 81.18259224219489, 'f1': 88.67381321905516}
{'LOC': {'precision': 0.9512, 'recall': 0.9601, 'f1': 0.9556, 'number': 1837}, 'overall_precision': 0.9102, 'overall_recall': 0.9259, 'overall_f1': 0.918, 'overall_accuracy': 0.9841}
"""
    metrics = extract_metrics(text)
    # Then entity values are scoped by their entity, counts are skipped
    assert check_claimed_metric(metrics, "Exact Match", 81.18).ok
    assert check_claimed_metric(metrics, "F1", 91.8).ok
    assert not any(m.value == 1837 for m in metrics)
    assert {m.name for m in metrics} >= {"LOC/precision", "LOC/f1", "overall_f1"}


def test_evaluate_sacrebleu_dict_score_is_sacrebleu() -> None:
    # huggingface/course chapter7/4.mdx: metric.compute(...) of evaluate's "sacrebleu"
    log = (
        "{'score': 46.750469682990165,\n 'counts': [11, 6, 4, 3],\n"
        " 'precisions': [91.67, 54.54, 40.0, 33.33],\n 'bp': 0.9200444146293233,\n"
        " 'sys_len': 12,\n 'ref_len': 13}\n"
    )
    assert confirms(log, "BLEU", 46.75)
    assert confirms(log, "SacreBLEU", 46.75)
    assert not confirms(log, "BLEU", 0.92)


def confirms(text: str, claim: str, value: float) -> bool:
    return check_claimed_metric(extract_metrics(text), claim, value).ok
