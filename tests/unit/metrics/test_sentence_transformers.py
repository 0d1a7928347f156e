"""sentence-transformers evaluator logs (readers/sentence_transformers.py), laid out with the
logger.info format strings of EmbeddingSimilarityEvaluator, InformationRetrievalEvaluator and
BinaryClassificationEvaluator."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_similarity_lines_are_named_by_dataset_and_function() -> None:
    # Given two evaluations on sts-dev during training and one on sts-test after it
    text = (
        "2022-11-01 13:47:54 - EmbeddingSimilarityEvaluator: Evaluating the model on sts-dev "
        "dataset in epoch 0 after 33 steps:\n"
        "2022-11-01 13:47:56 - Cosine-Similarity :\tPearson: 0.6679\tSpearman: 0.6748\n"
        "2022-11-01 13:48:54 - EmbeddingSimilarityEvaluator: Evaluating the model on sts-dev "
        "dataset after epoch 1:\n"
        "2022-11-01 13:48:56 - Cosine-Similarity :\tPearson: 0.7012\tSpearman: 0.7101\n"
        "2022-11-01 13:49:10 - EmbeddingSimilarityEvaluator: Evaluating the model on sts-test "
        "dataset:\n"
        "2022-11-01 13:49:12 - Cosine-Similarity :\tPearson: 0.7320\tSpearman: 0.7418\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    values = {m.name: m.value for m in metrics}
    # Then the dev values are running (the last stands) and dev and test are told apart
    assert values == {
        "sts-dev/Cosine-Similarity/Pearson": 0.7012,
        "sts-dev/Cosine-Similarity/Spearman": 0.7101,
        "sts-test/Cosine-Similarity/Pearson": 0.732,
        "sts-test/Cosine-Similarity/Spearman": 0.7418,
    }
    assert check_claimed_metric(metrics, "Test Spearman", 0.7418).ok
    assert not check_claimed_metric(metrics, "Test Spearman", 0.7101).ok


def test_ir_evaluator_counts_are_not_metrics() -> None:
    # Given InformationRetrievalEvaluator output
    text = (
        "Information Retrieval Evaluation of the model on the nfcorpus dataset:\n"
        "Queries: 323\nCorpus: 3633\n\nScore-Function: cosine\n"
        "Accuracy@1: 49.23%\nRecall@10: 17.01%\nMRR@10: 0.5706\nNDCG@10: 0.3530\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the metrics carry the dataset and score function; queries and corpus are counts
    assert {m.name for m in metrics} == {
        "nfcorpus/cosine/Accuracy@1",
        "nfcorpus/cosine/Recall@10",
        "nfcorpus/cosine/MRR@10",
        "nfcorpus/cosine/NDCG@10",
    }
    assert check_claimed_metric(metrics, "NDCG@10", 0.353, "NFCorpus").ok
    assert not check_claimed_metric(metrics, "Accuracy@1", 323).ok


def test_binary_classification_thresholds_are_not_metrics() -> None:
    # Given BinaryClassificationEvaluator lines with decision thresholds
    text = (
        "Accuracy with Cosine-Similarity:           75.00\t(Threshold: 0.8668)\n"
        "F1 with Cosine-Similarity:                 67.22\t(Threshold: 0.5974)\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the scores are named by similarity function and the thresholds are dropped
    assert {m.name: m.value for m in metrics} == {
        "Cosine-Similarity/Accuracy": 75.0,
        "Cosine-Similarity/F1": 67.22,
    }
    assert not check_claimed_metric(metrics, "F1", 0.5974).ok
