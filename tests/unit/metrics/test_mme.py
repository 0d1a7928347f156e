"""MME's calculation.py output (readers/mme.py)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

# As posted in https://github.com/Fantasyele/LLaVA-KD/issues/10 (a user's LLaVA-style run);
# the same shape in https://github.com/zjunlp/Deco/issues/7.
CALCULATION = """I got a result like this, so can you share the way you normalize this?

```
=========== Perception ===========
total score: 1218.3314325730294\x20

\t existence  score: 190.0
\t count  score: 121.66666666666667
\t position  score: 123.33333333333333
\t OCR  score: 80.0


=========== Cognition ===========
total score: 250.71428571428572\x20

\t commonsense_reasoning  score: 85.71428571428571
\t numerical_calculation  score: 50.0
```
"""


def test_the_parts_totals_answer_mme_claims() -> None:
    metrics = extract_metrics(CALCULATION)
    # "MME" is the perception score (LLaVA-1.5's headline), never the cognition score
    assert check_claimed_metric(metrics, "MME", 1218.33).ok
    assert check_claimed_metric(metrics, "MME Perception", 1218.33).ok
    assert not check_claimed_metric(metrics, "MME", 250.71).ok
    assert check_claimed_metric(metrics, "MME Cognition", 250.71).ok
    assert not check_claimed_metric(metrics, "MME Cognition", 1218.33).ok
    # a sub-task's score is not the part's total
    assert not check_claimed_metric(metrics, "MME", 190.0).ok
    assert not check_claimed_metric(metrics, "MME Cognition", 85.71).ok


def test_sub_tasks_are_read_under_their_part_and_the_block_ends() -> None:
    metrics = extract_metrics(CALCULATION + "\nepoch: 3\n")
    names = {m.name: m.value for m in metrics}
    assert names["mme/perception score"] == 1218.3314325730294
    assert names["mme/existence score"] == 190.0
    assert names["mme/OCR score"] == 80.0
    assert names["mme/numerical_calculation score"] == 50.0
    assert not any("epoch" in name for name in names)


def test_a_heading_word_alone_opens_no_block() -> None:
    text = "Perception and Cognition matter.\ntotal score: 99\n"
    assert not any(m.name.startswith("mme/") for m in extract_metrics(text))
