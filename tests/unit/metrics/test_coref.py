"""The CoNLL-2012 reference coreference scorer's totals (readers/coref.py)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

SCORER = (
    "version: 8.01 /opt/reference-coreference-scorers/lib/CorScorer.pm\n"
    "\n"
    "METRIC ceafe:\n"
    "\n"
    "====== TOTALS =======\n"
    "Identification of Mentions: Recall: (8120 / 10300) 78.83%\t"
    "Precision: (8120 / 9050) 89.72%\tF1: 83.92%\n"
    "--------------------------------------------------------------------------\n"
    "Coreference: Recall: (2210.4 / 3300) 66.98%\tPrecision: (2210.4 / 3010) 73.43%\t"
    "F1: 70.05%\n"
    "--------------------------------------------------------------------------\n"
)


def test_the_coreference_line_is_the_named_metrics_and_no_conll_average() -> None:
    assert confirms(SCORER, "CEAFe F1", 70.05)
    assert confirms(SCORER, "CEAFe Precision", 73.43)
    assert confirms(SCORER, "Mention F1", 83.92)
    assert not confirms(SCORER, "CoNLL F1", 70.05)
    assert not confirms(SCORER, "MUC F1", 70.05)
    assert not confirms(SCORER, "CEAFe F1", 83.92)
    assert not confirms(SCORER, "CEAFe Recall", 2210.4)


def test_a_wrappers_official_result_line_names_the_metric() -> None:
    text = SCORER.replace("METRIC ceafe:", "Official result for muc")
    assert confirms(text, "MUC F1", 70.05)
    assert not confirms(text, "CEAFe F1", 70.05)
