"""`read_layout` plans each line shape once (`line_layout._shape_plan`): lines that differ in
their digits only must get what the rules would give each of them."""

from __future__ import annotations

import re
from dataclasses import asdict
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

from chalicelib.domain.metrics import layout, line_layout, line_prelude
from chalicelib.domain.metrics.engine import Extraction
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
        for module in (layout, line_layout, line_prelude)
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


def _fed_one_by_one(lines: list[str]) -> Extraction:
    extraction = Extraction()
    for line in lines:
        extraction.feed(line)
    return extraction


def _fed_in_lists(lines: list[str], size: int) -> Extraction:
    extraction = Extraction()
    for start in range(0, len(lines), size):
        extraction.feed_lines(lines[start : start + size])
    return extraction


def _seen(extraction: Extraction) -> tuple[object, ...]:
    compared = extraction._compared
    return (
        asdict(extraction.state),
        compared._paragraphs,
        compared._quoted,
        extraction._quotes,
        [asdict(m) for m in extraction.results()],
    )


def test_lines_fed_in_lists_are_read_as_lines_fed_one_by_one() -> None:
    """`Extraction.feed_lines` counts the lines a batch counter consumes without feeding
    them: the state, the paragraphs and the metrics are those of feeding every line."""
    template = "Epoch: [{e}][{b:4d}/{n}]\tTime  0.412 ( 0.398)\tLoss {loss:.4f}"
    lines: list[str] = []
    for e in range(3):
        for b in range(0, 41, 4):
            lines.append(template.format(e=e, b=b, n=40, loss=1 / (b + 1)))
            if b == 20:
                lines += ["", template.format(e=e, b=b, n=40, loss=0.5)]  # a blank: no paragraph
            if b == 24 and e == 1:
                lines += ["The paper reports:", template.format(e=e, b=b, n=40, loss=0.25)]
            if b == 28:
                lines.append("> " + template.format(e=e, b=b, n=40, loss=0.1))
        lines += [f"iter {i}/8 acc 0.{i}" for i in range(1, 9)]
        lines += [f"batch {i}: acc 0.{i}" for i in range(3)]
        lines += [
            f"* Acc@1 {70 + e}.5 Acc@5 9{e}.1",
            f"{{'eval_accuracy': 0.{e + 5}, 'epoch': {e}}}",
        ]
    lines.append("Test Accuracy: 0.8105")
    expected = _seen(_fed_one_by_one(lines))
    assert expected[-1]  # metrics were found
    for size in (1, 2, 7, 4096):
        assert _seen(_fed_in_lists(lines, size)) == expected
    # a line holding a line end: each line is fed
    assert _seen(_fed_in_lists([line + "\n" for line in lines], 64)) == expected
