"""spaCy console output (readers/spacy.py): the `spacy train` table as spacy/training/loggers.py
`console_logger` prints it (header, dash rule, rows of E, #, losses, scores x100, Score) and the
per-type P/R/F table of spacy/cli/evaluate.py `print_prf_per_type`."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

TRAIN = """
ℹ Pipeline: ['tok2vec', 'ner']
ℹ Initial learn rate: 0.001
E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE
---  ------  ------------  --------  ------  ------  ------  ------
  0       0          0.00     49.29    0.00    0.00    0.00    0.00
  5     200         33.50   1525.46   71.20   74.10   68.52    0.71
 11     400         61.24    601.91   80.06   81.40   78.77    0.80
✔ Saved pipeline to output directory
"""


def test_train_table_rows_are_running_dev_scores() -> None:
    # Given a spacy train table with three evaluations
    metrics = extract_metrics(TRAIN)
    values = {m.name: m.value for m in metrics}
    # When it is read, then the last row stands and E, # and the learn rate are not metrics
    assert values == {
        "LOSS TOK2VEC": 61.24,
        "LOSS NER": 601.91,
        "ENTS_F": 80.06,
        "ENTS_P": 81.4,
        "ENTS_R": 78.77,
        "SCORE": 0.8,
    }
    assert check_claimed_metric(metrics, "NER F1", 80.06).ok
    assert not check_claimed_metric(metrics, "NER F1", 71.2).ok


def test_per_type_table_rows_are_named_by_label() -> None:
    # Given spacy evaluate's per-type table
    text = (
        "=============================== NER (per type) ===============================\n\n"
        "            P       R       F\n"
        "ORG     83.47   84.46   83.96\n"
        "GPE     91.20   90.11   90.65\n"
    )
    # When it is read
    values = {m.name: m.value for m in extract_metrics(text)}
    # Then each label's P, R and F are their own metrics
    assert values == {
        "ORG/P": 83.47,
        "ORG/R": 84.46,
        "ORG/F": 83.96,
        "GPE/P": 91.2,
        "GPE/R": 90.11,
        "GPE/F": 90.65,
    }
