"""General shapes read by verdicts48 (from tools' and writers' real shapes, not the corpus).

1. A `name: value` pair followed by a split in parentheses ("Accuracy: 91.2% (val)", "mAP:
   0.412 (test)", "F1: 88.1 (dev)"): the parenthesis scopes the value's split, so a claim of
   another split is refused. Real shapes: google-research/bert#345 ("F1: 90.0 (test set)",
   https://github.com/google-research/bert/issues/345), a project README's "**Accuracy**:
   92.8% (val)" (found with the code search; its scene-context classifier section).
"""

from __future__ import annotations

import pytest

from tests.unit.metrics._helpers import confirms


@pytest.mark.parametrize(
    ("text", "metric", "value", "split"),
    [
        ("Accuracy: 91.2% (val)", "Accuracy", 91.2, "Validation"),
        ("mAP: 0.412 (test)", "mAP", 0.412, "Test"),
        ("F1: 88.1 (dev)", "F1", 88.1, "Dev"),
        ("acc: 0.912 (val set)", "Accuracy", 91.2, "Validation"),
        ("- **Accuracy**: 92.8% (val)", "Accuracy", 92.8, "Validation"),
        ("bbox mAP: 41.2 (test-dev)", "box AP", 41.2, "Test"),
        ("mAP: 0.412 (val2017)", "mAP", 0.412, "Validation"),
        (
            "my code only achieves a performance of about F1: 90.0 (test set).",
            "F1",
            90.0,
            "Test",
        ),
    ],
)
def test_a_parenthesis_after_a_colon_value_gives_its_split(
    text: str, metric: str, value: float, split: str
) -> None:
    # Given a colon pair whose value the parenthesis puts on one split
    other = {"Validation": "Test", "Dev": "Test", "Test": "Validation"}[split]
    # Then a claim of that split is confirmed, one of another split is refused
    assert confirms(text, f"{split} {metric}", value)
    assert not confirms(text, f"{other} {metric}", value)


def test_a_split_that_contradicts_the_name_answers_neither() -> None:
    text = "Test accuracy: 91.2 (val)"
    assert not confirms(text, "Test Accuracy", 91.2)
    assert not confirms(text, "Validation Accuracy", 91.2)


def test_a_training_scheme_in_parentheses_is_no_train_split() -> None:
    # "(joint training)" names how the model was trained, not the train split
    text = "My mAP: 61.9 (joint training)"
    assert confirms(text, "mAP", 61.9)
    assert confirms(text, "Test mAP", 61.9)  # read as a train value, it would answer no test claim


def test_a_qualifier_in_parentheses_after_a_colon_value() -> None:
    text = "Accuracy: 93.0 (top-5)"
    assert confirms(text, "Top-5 Accuracy", 93.0)
    assert not confirms(text, "Top-1 Accuracy", 93.0)


# 3. Multimodal benchmarks named as claims answer that benchmark's headline row. The table is
# lmms-eval's (EvolvingLMMs-Lab/lmms-eval, lm-eval style; `mme_percetion_score` is its own
# spelling); issues showing it: https://github.com/EvolvingLMMs-Lab/lmms-eval/issues/6,
# https://github.com/EvolvingLMMs-Lab/lmms-eval/issues/51. MME's headline is the perception
# score (MME calculation.py's "=========== Perception ===========" block:
# https://github.com/BradyFU/Awesome-Multimodal-Large-Language-Models/issues/56).
_LMMS = (
    "|    Tasks    |Version|Filter|n-shot|        Metric         |   |  Value  |   |Stderr|\n"
    "|-------------|-------|------|-----:|-----------------------|---|--------:|---|------|\n"
    "|mme          |Yaml   |none  |     0|mme_cognition_score    |↑  | 348.2143|±  |   N/A|\n"
    "|             |       |none  |     0|mme_percetion_score    |↑  |1510.7502|±  |   N/A|\n"
    "|mmbench_en_dev|Yaml  |none  |     0|gpt_eval_score         |↑  |  64.0893|±  |   N/A|\n"
    "|seedbench    |Yaml   |none  |     0|seed_all               |↑  |   0.6012|±  |   N/A|\n"
    "|             |       |none  |     0|seed_image             |↑  |   0.6617|±  |   N/A|\n"
    "|chartqa      |Yaml   |none  |     0|relaxed_overall        |↑  |   0.1824|±  |0.0077|\n"
    "|docvqa_val   |Yaml   |none  |     0|anls                   |↑  |   0.2802|±  |0.0057|\n"
    "|mathvista_testmini|Yaml|none|     0|gpt_eval_score         |↑  |  26.7000|±  |   N/A|\n"
    "|vizwiz_vqa_val|Yaml  |none  |     0|exact_match            |↑  |   0.5418|±  |0.0070|\n"
    "|scienceqa_img|Yaml   |none  |     0|exact_match            |↑  |   0.6999|±  |0.0102|\n"
)


@pytest.mark.parametrize(
    ("claim", "value"),
    [
        ("MME", 1510.75),
        ("MME Perception", 1510.75),
        ("MME Cognition", 348.21),
        ("MMBench", 64.09),
        ("MMBench-EN", 64.09),
        ("ChartQA", 18.24),
        ("DocVQA", 28.02),
        ("MathVista", 26.7),
        ("VizWiz", 54.18),
        ("ScienceQA-IMG", 69.99),
    ],
)
def test_a_vlm_benchmark_claim_answers_its_headline_row(claim: str, value: float) -> None:
    assert confirms(_LMMS, claim, value)


@pytest.mark.parametrize(
    ("claim", "value"),
    [
        ("MME", 348.21),  # the cognition score is not MME's headline
        ("MME Cognition", 1510.75),
        ("MME", 1858.96),  # the sum is printed nowhere
        ("SEED-Bench", 66.17),  # the image part, not the whole benchmark
        ("MMBench-CN", 64.09),
        ("DocVQA", 18.24),  # ChartQA's value
    ],
)
def test_a_vlm_benchmark_claim_refuses_another_rows_value(claim: str, value: float) -> None:
    assert not confirms(_LMMS, claim, value)


def test_a_blog_row_of_a_benchmark_table_is_no_run() -> None:
    # a row of values quoted from a blog (lmms-eval issue 122's "lmms-eval 0.1 blog" row) is
    # a reference, like an "official" or "paper" row; the writer's own row answers
    text = (
        "||AI2D|ChartQA|DocVQA|\n"
        "|:--|:--:|:--:|:--:|\n"
        "|llava official|60.8|38.8|72.2|\n"
        "|lmms-eval 0.1 blog|60.75|38.76|72.16|\n"
        "|my reproduce|67.42|52.92|70.18|\n"
    )
    assert confirms(text, "AI2D", 67.42)
    assert not confirms(text, "AI2D", 60.75)
    assert not confirms(text, "DocVQA", 72.16)
