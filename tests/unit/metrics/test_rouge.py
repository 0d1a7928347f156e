# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""ROUGE scorers, built from ROUGE-1.5.5.pl (`$sysID $measure Average_R: ... (95%-conf.int. lo -
hi)`), rouge_score's `Score(precision, recall, fmeasure)` / `AggregateScore(low, mid, high)`
reprs, py-rouge's `{'rouge-1': {'f', 'p', 'r'}}` and pyrouge's `output_to_dict` keys."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_rouge_155_recall_precision_and_f() -> None:
    # Given ROUGE-1.5.5 output with confidence intervals
    text = """\
---------------------------------------------
1 ROUGE-1 Average_R: 0.44124 (95%-conf.int. 0.43877 - 0.44380)
1 ROUGE-1 Average_P: 0.39562 (95%-conf.int. 0.39310 - 0.39815)
1 ROUGE-1 Average_F: 0.40562 (95%-conf.int. 0.40338 - 0.40794)
---------------------------------------------
1 ROUGE-L Average_F: 0.37261 (95%-conf.int. 0.37041 - 0.37485)
"""
    metrics = extract_metrics(text)
    # Then ROUGE-1 is the F-measure; recall is its own metric; CI bounds are no values
    assert check_claimed_metric(metrics, "ROUGE-1", 40.56).ok
    assert not check_claimed_metric(metrics, "ROUGE-1", 0.44124).ok
    assert check_claimed_metric(metrics, "ROUGE-1 recall", 0.44124).ok
    assert check_claimed_metric(metrics, "ROUGE-L", 37.26).ok
    assert not check_claimed_metric(metrics, "ROUGE-1", 0.40338).ok


def test_rouge_score_reprs() -> None:
    # Given rouge_score's AggregateScore (bootstrap) and plain Score reprs
    text = """\
{'rouge1': AggregateScore(low=Score(precision=0.41, recall=0.38, fmeasure=0.39), mid=Score(precision=0.43, recall=0.40, fmeasure=0.41), high=Score(precision=0.45, recall=0.42, fmeasure=0.43))}
{'rouge2': Score(precision=0.2, recall=0.18, fmeasure=0.19)}
"""
    metrics = extract_metrics(text)
    # Then the mid F-measure is the score; low/high bounds are not values
    assert check_claimed_metric(metrics, "ROUGE-1", 0.41).ok
    assert not check_claimed_metric(metrics, "ROUGE-1", 0.39).ok
    assert check_claimed_metric(metrics, "ROUGE-2", 19.0).ok
    assert not check_claimed_metric(metrics, "ROUGE-2", 0.18).ok  # the recall


def test_py_rouge_and_pyrouge_dicts() -> None:
    # Given py-rouge's nested dict and pyrouge's flat dict with confidence bounds
    text = """\
{'rouge-1': {'r': 0.45, 'p': 0.55, 'f': 0.49}, 'rouge-l': {'r': 0.42, 'p': 0.5, 'f': 0.46}}
{'rouge_2_recall': 0.21, 'rouge_2_recall_cb': 0.2, 'rouge_2_recall_ce': 0.22, 'rouge_2_f_score': 0.19}
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "ROUGE-1", 0.49).ok
    assert not check_claimed_metric(metrics, "ROUGE-1", 0.55).ok
    assert check_claimed_metric(metrics, "ROUGE-2", 0.19).ok
    assert not any(m.value in (0.2, 0.22) for m in metrics)
