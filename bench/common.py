"""What every benchmark module shares: one result row and the table printer."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TextIO


@dataclass(frozen=True)
class Row:
    """One measured figure.

    `baseline` is what the figure is compared with (`ratio` = figure / baseline). `target` is
    the limit the figure (or, with `target_on="ratio"`, the ratio) must stay at or under
    (at or over with `higher_is_better`); without a target, `ok` is None (informational).
    """

    name: str
    figure: float
    unit: str = ""
    baseline: float | None = None
    target: float | None = None
    target_on: Literal["figure", "ratio"] = "figure"
    higher_is_better: bool = False

    @property
    def ratio(self) -> float | None:
        if self.baseline is None or self.baseline == 0:
            return None
        return self.figure / self.baseline

    @property
    def ok(self) -> bool | None:
        if self.target is None:
            return None
        value = self.ratio if self.target_on == "ratio" else self.figure
        if value is None:
            return False
        return value >= self.target if self.higher_is_better else value <= self.target

    def target_text(self) -> str:
        if self.target is None:
            return "-"
        op = ">=" if self.higher_is_better else "<="
        what = "ratio " if self.target_on == "ratio" else ""
        return f"{what}{op} {_number(self.target)}"


def _number(value: float | None, unit: str = "") -> str:
    if value is None:
        return "-"
    text = f"{value:,.0f}" if value == int(value) and abs(value) >= 1 else f"{value:,.3g}"
    return f"{text} {unit}".rstrip()


def paired_medians(
    fn: Callable[[], object], baseline: Callable[[], object], rounds: int = 9, number: int = 1
) -> tuple[float, float]:
    """Median seconds per call of `fn` and of `baseline`, timed in alternation so that the
    machine's noise (this is a shared VM) falls on both alike. Each timing covers `number`
    calls."""
    fn(), baseline()  # warm caches and lazily built validators
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for target, out in ((fn, times[0]), (baseline, times[1])):
            start = time.perf_counter()
            for _ in range(number):
                target()
            out.append((time.perf_counter() - start) / number)
    return statistics.median(times[0]), statistics.median(times[1])


COLUMNS = ("name", "figure", "baseline", "ratio", "target", "ok")


def format_table(rows: Sequence[Row]) -> str:
    cells = [COLUMNS] + [
        (
            row.name,
            _number(row.figure, row.unit),
            _number(row.baseline, row.unit),
            "-" if row.ratio is None else f"{row.ratio:.2f}x",
            row.target_text(),
            {True: "ok", False: "MISSED", None: "-"}[row.ok],
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in cells) for i in range(len(COLUMNS))]
    lines = []
    for number, line in enumerate(cells):
        lines.append(
            "  ".join(
                cell.ljust(width) if i == 0 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(line, widths, strict=True))
            ).rstrip()
        )
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def print_table(rows: Sequence[Row], file: TextIO | None = None) -> None:
    print(format_table(rows), file=file or sys.stdout, flush=True)
