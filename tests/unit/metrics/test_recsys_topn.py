"""QRec / SELFRec ranking evaluation lists (readers/recsys_topn.py)."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

LISTED = (
    "NGCF - INFO - ###Evaluation Results###\n"
    "NGCF - INFO - ['Top 10\\n', 'Hit Ratio:0.0412\\n', 'Precision:0.0288\\n', "
    "'Recall:0.0315\\n', 'NDCG:0.0364\\n', 'Top 20\\n', 'Hit Ratio:0.0702\\n', "
    "'Precision:0.0251\\n', 'Recall:0.0553\\n', 'NDCG:0.0457\\n']\n"
)


def test_each_value_of_the_list_is_its_metric_at_the_cutoff_above_it() -> None:
    assert confirms(LISTED, "NDCG@20", 0.0457)
    assert confirms(LISTED, "Recall@20", 5.53)
    assert confirms(LISTED, "Precision@10", 0.0288)
    assert not confirms(LISTED, "NDCG@10", 0.0457)
    assert not confirms(LISTED, "Recall@20", 0.0315)


def test_the_list_written_one_string_a_line() -> None:
    text = "Top 5\nPrecision:0.0411\nRecall:0.0197\n\nTop 50\nPrecision:0.0152\nRecall:0.1122\n"
    assert confirms(text, "Recall@50", 0.1122)
    assert confirms(text, "Precision@5", 0.0411)
    assert not confirms(text, "Recall@5", 0.1122)
