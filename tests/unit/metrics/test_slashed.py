"""Names and values paired by slashes (readers/slashed.py)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_slash_paired_names_take_their_values_in_order() -> None:
    # Given one line per data set, two methods, two metrics paired by slashes
    log = (
        "- TREC-COVID: SPLADE Recall@100 / nDCG@10 = 0.4211 / 0.7020; ColBERT = 0.4630 / 0.7380.\n"
    )
    # Then the n-th name is the n-th value's, and the second clause is the other method's
    assert found(log) == {
        "TREC-COVID/SPLADE Recall@100": 0.4211,
        "TREC-COVID/SPLADE nDCG@10": 0.702,
        "TREC-COVID/ColBERT Recall@100": 0.463,
        "TREC-COVID/ColBERT nDCG@10": 0.738,
    }
    assert confirms(log, "NDCG@10", 0.702, "TREC-COVID")
    assert not confirms(log, "NDCG@10", 0.4211, "TREC-COVID")
    assert not confirms(log, "nDCG@10", 0.4211)


def test_slash_pairs_need_as_many_values_as_names() -> None:
    assert not confirms("P / R / F1 = 0.81 / 0.77\n", "F1", 0.77)
    assert confirms("P / R / F1 = 0.81 / 0.77 / 0.79\n", "F1", 0.79)
