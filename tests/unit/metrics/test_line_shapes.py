"""`read_layout` plans each line shape once (`line_layout._shape_plan`): lines that differ in
their digits only must get what the rules would give each of them."""

from __future__ import annotations

import re
from dataclasses import asdict
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

from chalicelib.domain.metrics import layout, line_layout
from chalicelib.domain.metrics.line_layout import LogState, read_layout
from tests.unit.metrics._helpers import found

DIGITS = set(range(ord("0"), ord("9") + 1))


def _groups(items: Any, found: dict[int, Any]) -> dict[int, Any]:
    """The parsed subpattern of each numbered group of a parsed pattern."""
    for op, av in items:
        if op == sre.SUBPATTERN:
            if av[0] is not None:
                found[av[0]] = av[3]
            _groups(av[3], found)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            _groups(av[2], found)
        elif op == sre.ATOMIC_GROUP:
            _groups(av, found)
        elif op == sre.BRANCH:
            for branch in av[1]:
                _groups(branch, found)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            _groups(av[1], found)
    return found


def _no_digit(items: Any) -> bool:
    """Does a parsed subpattern match only characters that are no digit (literals and sets
    of literals)? (A backreference to such a group compares no digits.)"""
    for op, av in items:
        if op == sre.LITERAL and av not in DIGITS:
            continue
        if op == sre.IN and all(kind == sre.LITERAL and arg not in DIGITS for kind, arg in av):
            continue
        return False
    return True


def _digit_tests(items: Any, groups: dict[int, Any] | None = None) -> list[object]:
    """The parts of a parsed pattern that tell some digits from others."""
    if groups is None:
        groups = _groups(items, {})
    bad: list[object] = []
    for op, av in items:
        if op in (sre.LITERAL, sre.NOT_LITERAL) and av in DIGITS:
            bad.append(chr(av))
        elif op == sre.IN:
            covered: set[int] = set()
            for kind, arg in av:
                if kind == sre.LITERAL:
                    covered |= {arg} & DIGITS
                elif kind == sre.RANGE:
                    covered |= set(range(arg[0], arg[1] + 1)) & DIGITS
            if covered and covered != DIGITS:
                bad.append(av)
        elif op == sre.GROUPREF and not _no_digit(groups.get(av, [(op, av)])):
            bad.append(op)  # (`_BANNER`'s `([+=*~-])\1` compares no digits)
        elif op == sre.GROUPREF_EXISTS:
            bad.append(op)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            bad += _digit_tests(av[2], groups)
        elif op == sre.SUBPATTERN:
            bad += _digit_tests(av[3], groups)
        elif op == sre.ATOMIC_GROUP:
            bad += _digit_tests(av, groups)
        elif op == sre.BRANCH:
            for branch in av[1]:
                bad += _digit_tests(branch, groups)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            bad += _digit_tests(av[1], groups)
    return bad


def test_every_layout_pattern_treats_the_ten_digits_alike() -> None:
    patterns = {
        f"{module.__name__}.{name}": value
        for module in (layout, line_layout)
        for name, value in vars(module).items()
        if isinstance(value, re.Pattern)
        and name not in ("_EMPHASIS", "_HTML_EMPHASIS")  # (feed's, not layout's)
    }
    assert len(patterns) > 40
    bad = {
        name: found
        for name, pattern in patterns.items()
        if (found := _digit_tests(sre_parse.parse(pattern.pattern, pattern.flags)))
    }
    assert bad == {}


def _read(lines: list[str]) -> list[tuple[bool, dict[str, Any]]]:
    state = LogState()
    seen = []
    for number, line in enumerate(lines, 1):
        state.line_no, state.line = number, line
        seen.append((read_layout(line, line.strip(), state), asdict(state)))
    return seen


def test_lines_of_one_shape_are_told_apart_by_their_numbers() -> None:
    lines = ["Test: [ 10/196]\tAcc@1 50.000", "Test: [196/196]\tAcc@1 76.130"]
    seen = _read(lines)
    assert seen[0][0] is True and seen[0][1]["progress_line"] == 1
    assert seen[1][0] is False and seen[1][1]["progress_line"] == 1
    assert found("\n".join(lines) + "\n") == {"Acc@1": 76.13}
    iters = _read(["iter 100/200 loss 1.0", "iter 200/200 loss 2.0", "iter 300/200 loss 3.0"])
    assert [consumed for consumed, _ in iters] == [True, False, True]
    # the same counter line again (`epoch = 3.0` closing repeated runs' blocks) is no progress
    epochs = _read(["epoch = 3.0", "epoch = 3.0", "epoch = 4.0"])
    assert [s["counter_lines"] for _, s in epochs] == [1, 1, 2]
    assert [s["last_counter"] for _, s in epochs] == ["epoch = 3.0", "epoch = 3.0", "epoch = 4.0"]
    assert epochs[1][1]["repeated_counters"] == [(1, 2)]


def test_a_pending_state_is_read_by_the_rules_whatever_the_shape() -> None:
    # "acc 0.9" has the shape of "acc 0.5", but follows a sentence naming a source: quoted
    text = "acc 0.5\n\nHowever, I got 0.5. The paper says:\nacc 0.9\n"
    assert found(text) == {"acc": 0.5}
