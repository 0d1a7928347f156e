"""trec_eval output as BEIR evaluates with pytrec_eval, built from trec_eval's
`printf("%-22s\\t%s\\t%6.4f\\n", measure, "all", value)`."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_all_rows_only_and_cut_measures() -> None:
    text = """\
num_q                 \tall\t50
ndcg_cut_10           \t301\t0.6000
ndcg_cut_10           \tall\t0.4230
map_cut_100           \tall\t0.2100
recip_rank            \tall\t0.5512
"""
    metrics = extract_metrics(text)
    assert {m.name: m.value for m in metrics} == {
        "ndcg_cut_10": 0.423,
        "map_cut_100": 0.21,
        "recip_rank": 0.5512,
    }
    assert check_claimed_metric(metrics, "NDCG@10", 42.3).ok
    assert check_claimed_metric(metrics, "MAP@100", 0.21).ok
    assert not check_claimed_metric(metrics, "NDCG@10", 0.6).ok  # one query
