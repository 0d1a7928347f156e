"""Result tables read by `tables`: tables without outer pipes (`a | b | c`, CLI summaries and
tables copied from a rendered page, read like Markdown tables once no family reader takes the
header), reference columns, rows named by long model ids."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

SUMMARY = """\
==================================================
BENCHMARK SUMMARY
==================================================
Language            | WER%   | CER%   | RTFx    | Processed
--------------------------------------------------
Dutch (Netherlands) | 7.4    | 3.1    | 120.5   | 40
Polish (Poland)     | 9.2    | 4.0    | 118.2   | 40
--------------------------------------------------
AVERAGE             | 8.3    | 3.6    | 119.4   | 80
"""

COPIED = """\
Class | IoU (Paper) | IoU (Ours)
-- | -- | --
road | 98.40 | 97.90
car | 95.10 | 94.80
"""


def test_a_bare_summary_table_reads_its_rows_and_average() -> None:
    metrics = found(SUMMARY)
    assert metrics["AVERAGE/WER%"] == 8.3
    assert metrics["Polish (Poland)/CER%"] == 4.0
    assert confirms(SUMMARY, "WER", 8.3)
    assert confirms(SUMMARY, "CER", 3.6)
    # Then another column, a row of another language and a count are not the claim
    assert not confirms(SUMMARY, "WER", 3.6)
    assert not confirms(SUMMARY, "WER", 7.4, dataset="Polish")
    assert not confirms(SUMMARY, "WER", 80)


def test_a_copied_table_keeps_its_reference_column_out() -> None:
    metrics = found(COPIED)
    assert metrics["car/class IoU (Ours)"] == 94.80  # a row of a per-class table
    assert not any("Paper" in name for name in metrics)


def test_pipes_in_log_lines_are_no_table() -> None:
    # loguru's prefix, Kaldi's sclite lines and a progress line carry pipes but no header
    assert found("2024-05-01 10:00:00.123 | INFO     | train:main:42 - accuracy: 0.91\n") == {
        "accuracy": 0.91
    }
    line = "Epoch 10 loss 12.3880 | train 2.1s | Acc 9.32% | infer 4.4s\n"
    assert "Acc" in found(line)


def test_a_row_named_by_a_long_model_id_keeps_the_models_name() -> None:
    # Given a results table whose rows are Hugging Face model ids too long for a metric name
    text = """\
| Model | Cosine Similarity (Spearman) | Evaluation Time |
| --- | --- | --- |
| some-organisation-name/a-rather-long-multilingual-sentence-encoder-v2 | 0.8131 | 30.02 |
| org/small-model | 0.7702 | 12.50 |
"""
    metrics = found(text)
    name = "a-rather-long-multilingual-sentence-encoder-v2/Cosine Similarity (Spearman)"
    assert metrics[name] == 0.8131
    assert confirms(text, "Cosine Spearman", 81.31)
    assert not confirms(text, "Cosine Spearman", 30.02)


def test_a_reproduction_tables_own_column_holds_the_runs_numbers_named_by_the_row() -> None:
    log = (
        "| Benchmark | Paper | Reproduced |\n"
        "|---|---|---|\n"
        "| TextVQA | 61.3 | 60.8 |\n"
        "| POPE | 86.1 | 85.9 |\n"
    )
    assert confirms(log, "TextVQA", 60.8) and confirms(log, "POPE", 85.9)
    assert not confirms(log, "TextVQA", 61.3)  # the paper's column
    assert not confirms(log, "POPE", 60.8)  # another row


def test_a_table_by_cutoff_names_each_measure_at_the_rows_k() -> None:
    log = (
        "Dataset: nfcorpus [Homepage](https://example.org/nfcorpus)\\\n"
        "| k | NDCG | Recall |\n"
        "|---|---|---|\n"
        "| 1 | 0.4120 | 0.0511 |\n"
        "| 10 | 0.3250 | 0.1602 |\n"
        "| 100 | 0.2980 | 0.2544 |\n"
    )
    assert confirms(log, "NDCG@10", 0.325, dataset="NFCorpus") and confirms(
        log, "Recall@100", 25.44
    )
    assert not confirms(log, "NDCG@10", 0.412) and not confirms(log, "Recall@10", 0.2544)
    assert not confirms(log, "NDCG@10", 0.325, dataset="SciFact")  # the report names nfcorpus


def test_a_markdown_table_logged_row_by_row_keeps_its_rows() -> None:
    # a logger prints each row as its own message: every row has the logger's prefix
    text = (
        "2023-05-01 10:00:00,001 | Arch | AP | AR |\n"
        "2023-05-01 10:00:00,001 |---|---|---|\n"
        "2023-05-01 10:00:00,001 | my_net | 0.712 | 0.768 |\n"
    )
    assert confirms(text, "AP", 0.712, dataset="my_net")
    assert not confirms(text, "AP", 0.768)
