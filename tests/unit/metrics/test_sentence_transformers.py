"""sentence-transformers evaluators, built from EmbeddingSimilarityEvaluator ("Cosine-Similarity
:\\tPearson: {:.4f}\\tSpearman: {:.4f}" ...), BinaryClassificationEvaluator ("{metric} with
{name}: {value:.2f}\\t(Threshold: {threshold:.4f})") and InformationRetrievalEvaluator
("Queries: {}", "Score-Function: {}", "NDCG@{k}: {:.4f}")."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_similarity_block_by_dataset_and_function() -> None:
    text = """\
2022-11-01 13:47:54 - EmbeddingSimilarityEvaluator: Evaluating the model on sts-test dataset:
2022-11-01 13:47:56 - Cosine-Similarity :\tPearson: 0.8696\tSpearman: 0.8703
2022-11-01 13:47:56 - Manhattan-Distance:\tPearson: 0.8621\tSpearman: 0.8644
"""
    metrics = extract_metrics(text)
    assert {m.name for m in metrics} == {
        "sts-test/Cosine-Similarity/Pearson",
        "sts-test/Cosine-Similarity/Spearman",
        "sts-test/Manhattan-Distance/Pearson",
        "sts-test/Manhattan-Distance/Spearman",
    }
    assert check_claimed_metric(metrics, "Test Spearman (cosine)", 87.03).ok
    assert not check_claimed_metric(metrics, "Spearman (cosine)", 0.8644).ok


def test_pair_classification_thresholds_are_no_values() -> None:
    text = """\
Accuracy with Cosine-Similarity:             75.00\t(Threshold: 0.8668)
F1 with Cosine-Similarity:                   67.22\t(Threshold: 0.5974)
Average Precision with Cosine-Similarity:    67.81
"""
    metrics = extract_metrics(text)
    assert check_claimed_metric(metrics, "F1 (cosine)", 67.22).ok
    assert not check_claimed_metric(metrics, "F1 (cosine)", 0.5974).ok
    assert not any(m.value in (0.8668, 0.5974) for m in metrics)


def test_ir_block_counts_and_score_function() -> None:
    text = """\
Information Retrieval Evaluation of the model on the NanoNFCorpus dataset:
Queries: 50
Corpus: 2953

Score-Function: cosine
Accuracy@1: 42.00%
NDCG@10: 0.3267
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    assert metrics == {
        "NanoNFCorpus/cosine/Accuracy@1": 42.0,
        "NanoNFCorpus/cosine/NDCG@10": 0.3267,
    }


def test_ir_lines_behind_the_examples_logging_prefix_are_scoped_by_score_function() -> None:
    text = (
        "2024-07-08 18:11:42,911 - Queries: 1231\n"
        "2024-07-08 18:11:43,017 - Score-Function: cosine\n"
        "2024-07-08 18:11:43,018 - Accuracy@5: 96.99%\n"
        "2024-07-08 18:11:43,020 - Score-Function: dot\n"
        "2024-07-08 18:11:43,020 - Accuracy@5: 97.08%\n"
    )
    assert check_claimed_metric(extract_metrics(text), "Accuracy@5 (cosine)", 96.99).ok
    assert not check_claimed_metric(extract_metrics(text), "Accuracy@5 (cosine)", 97.08).ok
    assert not check_claimed_metric(extract_metrics(text), "Accuracy@1", 1231).ok
