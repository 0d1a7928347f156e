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
