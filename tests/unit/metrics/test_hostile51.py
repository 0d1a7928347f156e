"""Wrong confirmations found by the hostile51 review.

1. A suite's category rows (`| - humanities`) belong to the nearest suite row above them in an
   lm-eval groups table: CMMLU's `- humanities` does not answer "MMLU Humanities".
2. A sentence statement ("Accuracy is 91.2%") is not read when the line gives the writer's own
   value of the metric after it, when the value is of a stage before the run ("before
   fine-tuning"), when a parenthesis right after the value names its metric ("(top-5)"), or when
   the line is a TODO/FIXME note.
"""

from __future__ import annotations

import pytest

from tests.unit.metrics._helpers import confirms

_HEADER = (
    "|     Groups      |Version|Filter|n-shot|Metric|   |Value |   |Stderr|\n"
    "|-----------------|-------|------|-----:|------|---|-----:|---|-----:|\n"
)
_MMLU = (
    "|mmlu             |      2|none  |      |acc   |↑  |0.5962|±  |0.0039|\n"
    "| - humanities    |      2|none  |      |acc   |↑  |0.5354|±  |0.0068|\n"
    "| - other         |      2|none  |      |acc   |↑  |0.6685|±  |0.0081|\n"
    "| - social sciences|     2|none  |      |acc   |↑  |0.6925|±  |0.0081|\n"
    "| - stem          |      2|none  |      |acc   |↑  |0.5154|±  |0.0086|\n"
)
_CMMLU = (
    "|cmmlu            |      0|none  |      |acc   |↑  |0.4411|±  |0.0046|\n"
    "| - humanities    |      0|none  |      |acc   |↑  |0.4712|±  |0.0093|\n"
    "| - stem          |      0|none  |      |acc   |↑  |0.3820|±  |0.0089|\n"
)


@pytest.mark.parametrize(
    "log",
    [
        _HEADER + _MMLU + "\n" + _HEADER + _CMMLU,
        _HEADER + _CMMLU + "\n" + _HEADER + _MMLU,
        _HEADER + _CMMLU + _MMLU,
        _HEADER + _MMLU + _CMMLU,
    ],
)
def test_cmmlu_categories_do_not_answer_mmlu(log: str) -> None:
    # Given lm-eval groups tables of MMLU and of CMMLU (same category names), either order
    # Then CMMLU's category rows answer no claim of MMLU's categories
    assert not confirms(log, "MMLU Humanities", 47.12)
    assert not confirms(log, "MMLU STEM", 0.3820)
    # And MMLU's own category rows still do
    assert confirms(log, "MMLU Humanities", 53.54)
    assert confirms(log, "MMLU STEM", 0.5154)


def test_mmlu_categories_alone_still_answer() -> None:
    assert confirms(_HEADER + _MMLU, "MMLU Humanities", 0.5354)
    assert not confirms(_HEADER + _CMMLU, "MMLU Humanities", 0.4712)


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("ResNet-152 accuracy is 91.2%. My ResNet-18 got 85.0%.", "Accuracy"),
        ("Accuracy is 91.2% for ResNet-152, 85.0% for mine.", "Accuracy"),
        ("Accuracy was 91.2% before fine-tuning.", "Accuracy"),
        ("Accuracy was 91.2% without augmentation.", "Accuracy"),
        ("Accuracy was 91.2% prior to pruning.", "Accuracy"),
        ("Accuracy is 91.2% (top-5).", "Top-1 Accuracy"),
        ("TODO: Accuracy is 91.2%.", "Accuracy"),
        ("FIXME: the accuracy is 91.2%.", "Accuracy"),
    ],
)
def test_statement_of_another_value_is_not_read(text: str, claim: str) -> None:
    assert not confirms(text, claim, 91.2)


@pytest.mark.parametrize(
    "text",
    [
        "Accuracy is 91.2%.",
        "The accuracy is 91.2% after fine-tuning.",
        "Accuracy is 91.2% (top-1).",
        "Accuracy is 91.2%. My loss is 0.3.",
    ],
)
def test_own_statement_still_read(text: str) -> None:
    assert confirms(text, "Accuracy", 91.2)


def test_parenthesis_names_the_value_metric() -> None:
    # Given a statement whose parenthesis right after the value names a qualifier
    text = "Accuracy is 91.2% (top-5)."
    # Then the value is of the metric the parenthesis names
    assert confirms(text, "Top-5 Accuracy", 91.2)
    assert not confirms(text, "Accuracy", 91.2)
    # And a parenthesis naming another metric leaves the value unread
    assert not confirms("mAP is 40.1 (AP50).", "mAP", 40.1)


def test_own_clause_without_a_measurement_keeps_the_statement() -> None:
    assert confirms("Accuracy is 91.2% with my batch size of 32.", "Accuracy", 91.2)
    assert confirms("Accuracy is 91.2% on my seq2seq model.", "Accuracy", 91.2)
