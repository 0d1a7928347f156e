"""Load the real-log corpus and measure the extractor and the claim check on it.

Used by `tests/unit/test_corpus.py` (every development case passes; the hold-out set meets the
targets) and by `make bench` (recall, precision and claim agreement per family)."""

from __future__ import annotations

import math
import os
import tomllib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chalicelib.domain.log_metrics import ExtractedMetric, check_claimed_metric, extract_metrics
from chalicelib.domain.metrics.vocabulary import metric_key

# SOTAV_CORPUS_DIR reads another copy of the corpus (a work tree still being written).
HERE = Path(os.environ.get("SOTAV_CORPUS_DIR") or Path(__file__).resolve().parent)
SETS = (
    "logs",
    "holdout",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "fresh22",
    "fresh23",
    "fresh24",
    "fresh25",
    "fresh26",
    "fresh27",
    "fresh28",
    "fresh29",
    "fresh30",
    "fresh31",
    "fresh32",
    "fresh33",
    "fresh34",
    "fresh35",
    "fresh36",
    "fresh37",
    "fresh38",
    "fresh39",
    "fresh40",
    "fresh41",
    "fresh42",
    "fresh43",
    "fresh44",
    "fresh45",
    "fresh46",
    "fresh47",
)


@dataclass(frozen=True)
class Claim:
    metric: str
    value: float
    expect: bool  # True: a careful reader confirms it
    dataset: str | None = None
    why: str = ""


@dataclass(frozen=True)
class Case:
    id: str
    family: str
    set: str  # "logs" (development) or "holdout"
    source: str
    text: str
    complete: bool
    metrics: tuple[dict[str, Any], ...]
    not_metrics: tuple[str, ...]
    claims: tuple[Claim, ...]


def load(sets: Iterable[str] = SETS) -> list[Case]:
    cases = []
    for set_name in sets:
        for path in sorted((HERE / set_name).glob("*.toml")):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            for raw in data.get("case", []):
                cases.append(
                    Case(
                        id=raw["id"],
                        family=data["family"],
                        set=set_name,
                        source=raw["source"],
                        text=raw["text"],
                        complete=bool(raw.get("complete")),
                        metrics=tuple(raw.get("metrics", [])),
                        not_metrics=tuple(raw.get("not_metrics", [])),
                        claims=tuple(
                            Claim(
                                metric=c["metric"],
                                value=float(c["value"]),
                                expect=c["expect"] == "confirm",
                                dataset=c.get("dataset"),
                                why=c.get("why", ""),
                            )
                            for c in raw.get("claims", [])
                        ),
                    )
                )
    return cases


def _same_value(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def label_matches(label: dict[str, Any], metric: ExtractedMetric) -> bool:
    """An extracted metric is the labelled one: the same value, and a name that ends with the
    label's name (a reader may prefix what the log said: `segm/AP` for AP under segm), and
    carries the label's context when it has one."""
    if not _same_value(float(label["value"]), metric.value):
        return False
    got, want = metric_key(metric.name), metric_key(label["name"])
    if not want or not got.endswith(want):
        return False
    context = metric_key(str(label.get("context") or ""))
    return not context or context in got or context in metric_key(metric.evidence)


@dataclass
class Outcome:
    case: Case
    extracted: list[ExtractedMetric]
    missed: list[dict[str, Any]]  # labelled metrics not extracted
    spurious: list[ExtractedMetric]  # extracted, not labelled (complete cases only)
    claims: list[tuple[Claim, bool, str]]  # (claim, validator said ok, detail)

    @property
    def disagreements(self) -> list[tuple[Claim, bool, str]]:
        return [c for c in self.claims if c[0].expect != c[1]]

    @property
    def wrong_confirmations(self) -> list[tuple[Claim, bool, str]]:
        return [c for c in self.claims if c[1] and not c[0].expect]


def run_case(case: Case) -> Outcome:
    extracted = extract_metrics(case.text)
    missed = [m for m in case.metrics if not any(label_matches(m, x) for x in extracted)]
    spurious = (
        [x for x in extracted if not any(label_matches(m, x) for m in case.metrics)]
        if case.complete
        else []
    )
    claims = []
    for claim in case.claims:
        verdict = check_claimed_metric(extracted, claim.metric, claim.value, claim.dataset)
        claims.append((claim, verdict.ok, verdict.detail))
    return Outcome(case, extracted, missed, spurious, claims)


@dataclass
class Tally:
    labelled: int = 0
    found: int = 0
    extracted_complete: int = 0
    spurious: int = 0
    claims: int = 0
    agreed: int = 0
    wrong_confirmations: int = 0
    cases: int = 0
    families: set[str] = field(default_factory=set)

    def add(self, outcome: Outcome) -> None:
        self.cases += 1
        self.families.add(outcome.case.family)
        self.labelled += len(outcome.case.metrics)
        self.found += len(outcome.case.metrics) - len(outcome.missed)
        if outcome.case.complete:
            self.extracted_complete += len(outcome.extracted)
            self.spurious += len(outcome.spurious)
        self.claims += len(outcome.claims)
        self.agreed += len(outcome.claims) - len(outcome.disagreements)
        self.wrong_confirmations += len(outcome.wrong_confirmations)

    @property
    def recall(self) -> float:
        return self.found / self.labelled if self.labelled else 1.0

    @property
    def precision(self) -> float:
        if not self.extracted_complete:
            return 1.0
        return (self.extracted_complete - self.spurious) / self.extracted_complete

    @property
    def agreement(self) -> float:
        return self.agreed / self.claims if self.claims else 1.0


def measure(cases: list[Case]) -> tuple[dict[str, Tally], list[Outcome]]:
    """Tallies by set ("logs", "holdout", "all") and by family, and every outcome."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    outcomes = [run_case(case) for case in cases]
    for outcome in outcomes:
        for key in (outcome.case.set, "all", f"family:{outcome.case.family}"):
            tallies[key].add(outcome)
    return dict(tallies), outcomes


def report(outcome: Outcome) -> str:
    """A readable account of what went wrong in one case (for test failures)."""
    lines = [f"{outcome.case.id} ({outcome.case.family}, {outcome.case.source})"]
    got = ", ".join(f"{m.name}={m.value:g}" for m in outcome.extracted)
    lines.append(f"  extracted: {got or '(nothing)'}")
    for label in outcome.missed:
        lines.append(f"  missed: {label}")
    for metric in outcome.spurious:
        lines.append(f"  spurious: {metric.name}={metric.value:g} (line {metric.line})")
    for claim, ok, detail in outcome.disagreements:
        want = "confirm" if claim.expect else "refuse"
        lines.append(
            f"  claim {claim.metric}={claim.value:g}"
            f"{' on ' + claim.dataset if claim.dataset else ''}: want {want}, got "
            f"{'confirm' if ok else 'refuse'} ({detail}){' - ' + claim.why if claim.why else ''}"
        )
    return "\n".join(lines)


if __name__ == "__main__":  # python -m tests.corpus.measure [--dev] [family ...]
    import sys

    args = sys.argv[1:]
    dev_only = "--dev" in args  # only the development set: reader authors never see hold-out
    wanted = {a for a in args if not a.startswith("--")}
    loaded = load(("logs",) if dev_only else SETS)
    all_cases = [c for c in loaded if not wanted or c.family in wanted]
    tallies, outcomes = measure(all_cases)
    for outcome in outcomes:
        if outcome.missed or outcome.spurious or outcome.disagreements:
            print(report(outcome))
    for key in sorted(tallies):
        t = tallies[key]
        print(
            f"{key:28s} cases {t.cases:4d}  recall {t.recall:6.1%}  precision {t.precision:6.1%}"
            f"  agreement {t.agreement:6.1%} ({t.agreed}/{t.claims})"
            f"  wrong confirmations {t.wrong_confirmations}"
        )
