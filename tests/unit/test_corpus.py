"""The metric extractor and the claim check on the corpus of real logs (tests/corpus/, see its
README): every case is well formed, the corpus is large and varied; the development and the
first hold-out set meet the 95% target; on every set agreement never falls below its recorded
floor and the only wrong confirmations are the named open defects. `make bench` prints the
same figures per set."""

from __future__ import annotations

from functools import cache

import pytest

from tests.corpus.lint import problems_of
from tests.corpus.measure import HERE, SETS, Case, Outcome, Tally, load, measure, report


@cache
def _measured() -> tuple[list[Case], dict[str, Tally], list[Outcome]]:
    """The corpus measured once, by the first test that needs it (not at import: every
    pytest-xdist worker imports every test module to collect it)."""
    cases = load()
    tallies, outcomes = measure(cases)
    return cases, tallies, outcomes


def test_every_corpus_file_is_well_formed() -> None:
    seen: dict[str, object] = {}
    problems = [p for path in sorted(HERE.glob("*/*.toml")) for p in problems_of(path, seen)[0]]
    assert problems == []


def test_the_corpus_is_large_varied_and_cited() -> None:
    cases, _, _ = _measured()
    assert len(cases) >= 150
    assert len({case.family for case in cases}) >= 30
    assert all(case.source.strip() for case in cases)
    assert sum(len(case.claims) for case in cases) >= 600
    assert sum(1 for case in cases for claim in case.claims if not claim.expect) >= 200


# The target is >= 95% agreement and no wrong confirmation on every set (issue "verdicts").
# Not reached yet on the fresh hold-outs (README "Verdicts"): until it is, these figures are a
# ratchet. Agreement may only go up; the wrong confirmations below are the open defects, each
# named. A new wrong confirmation fails, and so does a listed one that no longer happens
# (remove it from the list: the list never hides a fixed case).
TARGET = 0.95
AGREEMENT_FLOOR = {
    "logs": 0.984,
    "holdout": 0.97,
    "fresh": 0.947,
    "fresh2": 0.914,
    "fresh3": 0.916,
    "fresh4": 0.839,
    "fresh5": 0.865,
    "fresh6": 0.84,
    "fresh7": 0.845,
    "fresh8": 0.910,
    "fresh9": 0.851,
    "fresh10": 0.844,
    "fresh11": 0.846,
    "fresh12": 0.878,
    "fresh13": 0.788,
    "fresh14": 0.829,
    "fresh15": 0.913,
    "fresh16": 1.0,
    "fresh17": 0.922,
    "fresh18": 0.845,
    "fresh19": 0.873,
    "fresh20": 0.827,
    "fresh21": 0.838,
    "fresh22": 0.801,
    "fresh23": 0.925,
    "fresh24": 0.824,
    "fresh25": 0.965,
    "fresh26": 0.808,
    "fresh27": 0.81,
    "fresh28": 1.0,
    "fresh29": 0.954,
    "fresh30": 0.966,
    "fresh31": 0.89,
    "fresh32": 0.76,
    "fresh33": 0.944,
    "fresh34": 0.72,
    "fresh35": 0.884,
    "fresh36": 0.865,
    "fresh37": 0.782,
    "fresh38": 0.854,
    "fresh39": 0.833,
    "fresh40": 0.801,
    "fresh41": 0.87,
    "fresh42": 0.911,
    "fresh43": 0.827,
    "fresh44": 0.788,
    "fresh45": 0.843,
    "fresh46": 0.714,
    "fresh47": 0.887,
}
OPEN_WRONG_CONFIRMATIONS = {
    ("lightning-native-five-dataloaders-split-tables", "Test log", 5.0),
    ("icefall-snowfall-wer-then-cer-both-tagged-wer", "WER", 15.64),
    # fresh4 (measured blind once: 71.5% (338/473), 11 wrong confirmations): none left
    # fresh5 (measured blind once: 80.8% (84/104), 1 wrong confirmation): none left
    # fresh6 (measured blind once: 73.1% (128/175), 9 wrong confirmations): none left after
    # verdicts20
    # fresh7 (measured blind once: 73.4% (218/297), 17 wrong confirmations; 74.1% and 15 with
    # the wrong-confirmation policies of verdicts8, which never saw it; 76.8% and 9 after
    # verdicts9, which read them; 80.8% and 2 after verdicts20; 1 after verdicts22):
    ("fresh7-spkver-nemo-titanet-veri-test", "EER", 0.8),
    # fresh8 (measured blind once: 82.1% (257/313), 11 wrong confirmations; 82.4% and 10 with
    # verdicts9, which never saw it; 87.9% and 4 after verdicts10, which read them): none left
    # after verdicts20
    # fresh9 (measured blind once: 80.8% (223/276), 9 wrong confirmations; with verdicts10,
    # which never saw it, 80.8% and 10, the new one fixed at the merge by a general rule):
    # fresh10 (measured blind once at aca1594: 76.3% (187/245), 8 wrong confirmations): none
    # left after verdicts20
    # fresh11 (measured blind once, after verdicts12/13 which never saw it: 77.4% (106/137),
    # 3 wrong confirmations; at aca1594, before them: 77.4%, 6): none left after verdicts15
    # fresh12 (measured blind once, after every round of this session: 78.0% (103/132), 4 wrong
    # confirmations; with the code before them, aca1594: 76.5%, 5): none left after verdicts17
    # fresh13 (measured blind once, after every round of this session: 66.2% (94/142), 3 wrong
    # confirmations; the same with the code before them): none left after verdicts18
    # fresh14 (measured blind once, after every round of this session: 71.4% (130/182), 5 wrong
    # confirmations; with the code before them, aca1594: 68.7%, 6): none left after verdicts19
    # fresh15 (measured blind once, after every round of this session: 79.8% (83/104), 3 wrong
    # confirmations; the same with the code before them, aca1594): none left after verdicts21
    # fresh16 (measured blind once, after every round of this session: 80.9% (38/47), 1 wrong
    # confirmation; the same with the code before them, aca1594): none left after verdicts22
    # fresh17 (measured blind once, at its merge: 87.9% (181/206), 5 wrong confirmations; 89.3%
    # and 2 after verdicts23; none left after wrong48: a decoding method's title, the pasted
    # code's one Gym environment)
    # fresh18 (measured blind once, at its merge: 79.1% (159/201), 8 wrong confirmations; 83.0%
    # and 1 after verdicts23):
    # fresh19 (measured blind: 71.8% (148/206), 8 wrong confirmations, before verdicts22/23;
    # 72.3% and the same 8 after them; 84.9% and 1 after verdicts24; verdicts37: 87.3%, 0 left)
    # fresh20 (measured blind: 75.4% (175/232), 11 wrong confirmations, before verdicts22/23;
    # 76.7% and the same 11 after them; 80.6% and 2 after verdicts25):
    ("fresh20-lightgcl-simgcl-author-rerun-vs-paper", "Recall@20", 0.0962),
    ("fresh20-lightgcl-simgcl-author-rerun-vs-paper", "NDCG@20", 0.0903),
    # fresh21 (measured blind once, after verdicts22-25: 77.2% (196/254), 18 wrong confirmations;
    # 81.1% and 8 after verdicts26):
    ("fresh21-anserini-msmarco-passage-doc-bm25-replication", "Recall@1000", 0.8856),
    ("fresh21-anserini-msmarco-passage-doc-bm25-replication", "MAP", 0.2219),
    ("fresh21-emerald-structured-abstract-rouge-purpose-section", "ROUGE-L", 33.74),
    # fresh22 (measured blind once, after every round of the session (verdicts22-26): 75.1%
    # (163/217), 6 wrong confirmations; 79.7% and 0 after verdicts27)
    # fresh23 (measured blind once, after verdicts27: 80.5% (140/174), 6 wrong confirmations):
    # fresh24 (measured blind once, after verdicts27: 73.4% (138/188), 5 wrong confirmations;
    # verdicts30 fixed the author's-benchmark rows and the untitled test-clean block):
    ("fresh24-deepspeech-pytorch-librispeech-combined-test-wer-prose", "WER", 21.675),
    # fresh25 (measured blind once, after verdicts28-30: 86.0% (74/86), 4 wrong confirmations;
    # verdicts32 fixed all four)
    # fresh26 (measured blind once, after verdicts28-30: 73.3% (126/172), 11 wrong confirmations;
    # verdicts31: 78.5%, 2 left (a data set named only by a heading or a title under one, a
    # sibling data set claimed); verdicts33 fixed both)
    # fresh27 (measured blind once, after verdicts28-32: 76.4% (113/148), 7 wrong confirmations;
    # verdicts33 fixed all seven)
    # fresh28 (measured blind once, after verdicts28-32: 100% (30/30))
    # fresh29 (measured blind once, after verdicts33 and this session's first fixes: 93.7%
    # (104/111), 1 wrong confirmation; 95.5% and 0 after a table's dataset cell scoped its row)
    # fresh30 (measured blind once, at the same code plus the source-title fix: 87.3%
    # (131/150), 5 wrong confirmations); verdicts34: 96.7%, 0 left.
    # fresh31 (measured blind once, after this session's first fixes: 81.0% (141/174),
    # 1 wrong confirmation); verdicts36: 89.0%, 0 left.
    # fresh32 (measured blind once, after this session's first fixes and verdicts35: 67.0%
    # (134/200), 8 wrong confirmations; verdicts37: 76.0%, 0 left)
    # fresh33 (measured blind once, after this session's first fixes and verdicts35: 89.5%
    # (145/162), 1 wrong confirmation); verdicts39: 94.4%, 0 left
    # fresh34 (measured blind once, after this session's first fixes: 64.0% (110/172),
    # 13 wrong confirmations):
    # verdicts38: 70.9%, 3 left; wrong48: 72.1%, 1 left (a raw ranking claim needs "raw")
    ("fresh34-det-fast-rcnn-voc07-paper-vs-run", "mAP", 67.2),
    # fresh35 (measured blind once, after verdicts34-37: 79.8% (138/173), 6 wrong confirmations):
    # verdicts40: 88.4%, 0 left (5 fixed by general rules, 1 relabelled against the contract)
    # fresh36 (measured blind once, after verdicts34-36: 83.4% (136/163), 3 wrong confirmations);
    # verdicts39: 85.2%, 0 left
    # fresh37 (measured blind once, after verdicts34-39: 74.2% (92/124), 0 wrong confirmations)
    # fresh38 (measured blind once, after verdicts34-39: 81.6% (129/158), 4 wrong confirmations):
    # verdicts41: 84.2%, 2 left; wrong48: 85.4%, 0 left (a test set built with train=True, a
    # worked example of expected values)
    # fresh39 (measured blind once, at fe32b37, before this session's rounds: 75.3% (122/162),
    # 6 wrong confirmations): none left after verdicts46
    # fresh40 (measured blind once, at fe32b37, before this session's rounds: 70.8% (114/161),
    # 5 wrong confirmations):
    # fresh41 (measured blind once, at cd70321 after verdicts43/44, and the same at fe32b37
    # before them: 87.1% (101/116), 0 wrong confirmations)
    # fresh42 (measured blind once, at 4b9d351: 77.9% (53/68), 2 wrong confirmations): none
    # left after verdicts50 (a 'Throughput' named by its unit; rows beside a '(this PR)' row)
    # fresh43 (measured blind once, at ff5f03a and the same at 4b9d351: 78.6% (132/168), 5 wrong
    # confirmations): none left after verdicts49
    # fresh44 (measured blind once, at a738071 and the same at 4b9d351: 74.7% (127/170), 7 wrong
    # confirmations): none left after verdicts51 (78.8%)
    # fresh45 (measured blind once, at 7266e30 and the same at 4b9d351: 75.1% (130/173), 9 wrong
    # confirmations): none left after verdicts52
    # fresh46 (measured blind once, at a3709da and the same at 4b9d351: 67.0% (136/203), 9 wrong
    # confirmations): two left after verdicts53 (a heading of another model above the table;
    # a command naming the data set printed after the values)
    ("fresh46-cgan-readme-fid-mnist-cifar", "FID (DCGAN)", 27.7237),
    ("fresh46-glognn-cornell-split0-test", "Test Accuracy", 64.86),
    # fresh47 (measured blind once, at 46f5920 and the same at 4b9d351: 80.9% (144/178), 5 wrong
    # confirmations; verdicts54 fixed all five: an old yolov3 table's mAP, a diff hunk's old
    # lines, a quoted first-person sentence, a bare AP of a mask-AP report, a linked post's AUC)
}


def test_wrong_confirmations_are_exactly_the_named_open_defects() -> None:
    _, _, outcomes = _measured()
    wrong = {
        (o.case.id, claim.metric, claim.value)
        for o in outcomes
        for claim, _, _ in o.wrong_confirmations
    }
    new = [
        report(o)
        for o in outcomes
        if {(o.case.id, c.metric, c.value) for c, _, _ in o.wrong_confirmations}
        - OPEN_WRONG_CONFIRMATIONS
    ]
    assert not new, "new wrong confirmations:\n" + "\n".join(new)
    fixed = OPEN_WRONG_CONFIRMATIONS - wrong
    assert not fixed, f"fixed (remove them from OPEN_WRONG_CONFIRMATIONS): {sorted(fixed)}"


@pytest.mark.parametrize("corpus_set", SETS)
def test_claim_agreement_never_falls_below_its_floor(corpus_set: str) -> None:
    _, tallies, outcomes = _measured()
    tally = tallies[corpus_set]
    floor = AGREEMENT_FLOOR[corpus_set]
    missed = [report(o) for o in outcomes if o.case.set == corpus_set and o.disagreements]
    assert tally.agreement >= floor, (
        f"{tally.agreement:.1%} of {tally.claims} claims agree (floor {floor:.1%}, target "
        f"{TARGET:.0%}):\n" + "\n".join(missed)
    )


def test_the_development_set_meets_the_target() -> None:
    _, tallies, _ = _measured()
    assert tallies["logs"].agreement >= TARGET and tallies["holdout"].agreement >= TARGET
