"""BEIR logging and trec_eval tables (readers/beir.py): EvaluateRetrieval.evaluate's
`logging.info("{}: {:.4f}")` and trec_eval's `%-22s\\tall\\t%6.4f` rows."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_beir_log_lines_with_timestamps() -> None:
    # Given BEIR's evaluation log with the examples' logging format
    text = (
        "2024-05-01 10:00:00 - Retriever evaluation for k in: [1, 3, 5, 10, 100, 1000]\n"
        "2024-05-01 10:00:01 - NDCG@1: 0.4830\n2024-05-01 10:00:01 - NDCG@10: 0.3845\n"
        "2024-05-01 10:00:01 - MAP@100: 0.1750\n2024-05-01 10:00:01 - P@10: 0.2530\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then every cutoff is its own metric and the k list is not a metric
    assert check_claimed_metric(metrics, "NDCG@10", 38.45).ok
    assert not check_claimed_metric(metrics, "NDCG@10", 0.483).ok
    assert check_claimed_metric(metrics, "Precision@10", 0.253).ok
    assert not check_claimed_metric(metrics, "NDCG@10", 1000).ok


def test_trec_eval_rows_over_all_queries_only() -> None:
    # Given trec_eval output with a per-query row and counts
    text = (
        "num_q                 \tall\t50\n"
        "map_cut_100           \tall\t0.0947\n"
        "ndcg_cut_10           \t301\t0.5000\n"
        "ndcg_cut_10           \tall\t0.1717\n"
        "P_10                  \tall\t0.2000\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the all-query rows are the metrics, cut measures read as @k
    assert {m.name: m.value for m in metrics} == {
        "map_cut_100": 0.0947,
        "ndcg_cut_10": 0.1717,
        "P_10": 0.2,
    }
    assert check_claimed_metric(metrics, "NDCG@10", 0.1717).ok
    assert check_claimed_metric(metrics, "MAP@100", 0.0947).ok
    assert not check_claimed_metric(metrics, "NDCG@10", 0.5).ok
