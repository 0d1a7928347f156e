"""What the extractor produces and what the claim check answers."""

from __future__ import annotations

from dataclasses import dataclass, field

# A tuner's best value of an objective it never names (Optuna prints only "value"): whatever the
# study optimised, so a claim of the best of any metric may be it (`metric_match.same_metric`).
UNNAMED_OBJECTIVE = "Best objective value"


@dataclass(frozen=True)
class ExtractedMetric:
    """One metric printed in a log. `name` is as printed, prefixed with what the log said about
    it when that makes it another metric (`segm/AP`, `hellaswag/acc_norm`, `test-clean/%WER`);
    `value` is the number as printed (no percent/fraction scaling)."""

    name: str
    value: float
    source: str  # the reader (output family) that found it, e.g. "torchvision", "coco"
    # Digits after the decimal point as printed ("76.130" -> 3); None when unknown.
    decimals: int | None = field(default=None, compare=False, repr=False)
    # The split the log put it under when its name does not say (a "Test:" line prefix).
    split: str | None = field(default=None, compare=False, repr=False)
    line: int = field(default=0, compare=False, repr=False)  # 1-based line number
    evidence: str = field(default="", compare=False, repr=False)  # that line, as printed
    # Printed on a progress line (an epoch or step counter): the run's last value of its name.
    running: bool = field(default=False, compare=False, repr=False)
    # Earlier values of the same name that this one superseded (running values of earlier
    # epochs or steps), each with its printed decimals: not metrics, but a claim equal to one
    # of them is that value.
    superseded: tuple[tuple[float, int | None], ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class MetricCheck:
    ok: bool
    detail: str  # a sentence a person can act on
    # The extracted metric that confirmed the claim (None when refused).
    matched: ExtractedMetric | None = field(default=None, compare=False, repr=False)
