"""The metric extractor and the claim check on the corpus of real logs (tests/corpus/, see its
README): every case is well formed, the corpus is large and varied, and on both the development
and the hold-out set the validator agrees with a careful reader on at least 95% of the claims
and never confirms a wrong metric. `make bench` prints the same figures per set."""

from __future__ import annotations

import pytest

from tests.corpus.lint import problems_of
from tests.corpus.measure import HERE, SETS, load, measure, report

CASES = load()
TALLIES, OUTCOMES = measure(CASES)


def test_every_corpus_file_is_well_formed() -> None:
    seen: dict[str, object] = {}
    problems = [p for path in sorted(HERE.glob("*/*.toml")) for p in problems_of(path, seen)[0]]
    assert problems == []


def test_the_corpus_is_large_varied_and_cited() -> None:
    assert len(CASES) >= 150
    assert len({case.family for case in CASES}) >= 30
    assert all(case.source.strip() for case in CASES)
    assert sum(len(case.claims) for case in CASES) >= 600
    assert sum(1 for case in CASES for claim in case.claims if not claim.expect) >= 200


@pytest.mark.parametrize("corpus_set", SETS)
def test_no_wrong_metric_is_ever_confirmed(corpus_set: str) -> None:
    wrong = [report(o) for o in OUTCOMES if o.case.set == corpus_set and o.wrong_confirmations]
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("corpus_set", SETS)
def test_claim_agreement_is_at_least_95_percent(corpus_set: str) -> None:
    tally = TALLIES[corpus_set]
    missed = [report(o) for o in OUTCOMES if o.case.set == corpus_set and o.disagreements]
    assert tally.agreement >= 0.95, (
        f"{tally.agreement:.1%} of {tally.claims} claims agree:\n" + "\n".join(missed)
    )
