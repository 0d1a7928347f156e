"""EvalPlus: the base-tests block is HumanEval's (MBPP's), the base + extra tests block is
HumanEval+'s (MBPP+'s), another benchmark."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found

LOG = """\
mbpp (base tests)
pass@1:\t0.712
mbpp+ (base + extra tests)
pass@1:\t0.601
"""


def test_each_block_is_scoped_to_the_data_set_its_title_names() -> None:
    assert found(LOG) == {"mbpp/pass@1": 0.712, "mbpp+/pass@1": 0.601}


def test_the_plus_benchmark_is_another_benchmark_than_the_base_one() -> None:
    assert confirms(LOG, "MBPP pass@1", 0.712)
    assert confirms(LOG, "MBPP+ pass@1", 60.1)
    assert not confirms(LOG, "MBPP+ pass@1", 0.712)
    assert not confirms(LOG, "MBPP pass@1", 0.601)


def test_a_benchmark_column_is_its_headline_metric_and_a_leaderboard_row_is_quoted() -> None:
    text = (
        "| | HumanEval+ | MBPP+ |\n"
        "| --- | --- | --- |\n"
        "| my rerun | 61.59 | 58.2 |\n"
        "| leaderboard | 64.6 | 59.5 |\n"
    )
    assert confirms(text, "HumanEval+ pass@1", 61.59)
    assert confirms(text, "MBPP+ pass@1", 0.582)
    assert not confirms(text, "HumanEval+ pass@1", 64.6)
    assert not confirms(text, "HumanEval+ pass@10", 61.59)
    assert not confirms(text, "MBPP+ pass@1", 61.59)
