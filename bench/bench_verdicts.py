"""Verdict figures (issue: verdicts): the metric extractor and the claim check on the corpus of
real logs (tests/corpus/): recall and precision of the extracted metrics, agreement with a
careful reader's verdict on each claim, and wrong metrics confirmed, for the development set
(readers were written against it), the first hold-out (reworked with it in view later) and
the fresh hold-outs, fresh … fresh13 (collected after the readers, from sources cited nowhere
else; each was measured blind once, then most were used for general rules)."""

from __future__ import annotations

from bench.common import Row


def run() -> list[Row]:
    from tests.corpus.measure import load, measure

    tallies, _ = measure(load())
    rows: list[Row] = []
    labels = {
        "logs": "development set",
        "holdout": "first hold-out",
        "fresh": "fresh hold-out",
        "fresh2": "second fresh hold-out",
        "fresh3": "third fresh hold-out",
        "fresh4": "fourth fresh hold-out",
        "fresh5": "fifth fresh hold-out",
        "fresh6": "sixth fresh hold-out",
        "fresh7": "seventh fresh hold-out",
        "fresh8": "eighth fresh hold-out",
        "fresh9": "ninth fresh hold-out",
        "fresh10": "tenth fresh hold-out",
        "fresh11": "eleventh fresh hold-out",
        "fresh12": "twelfth fresh hold-out (vision)",
        "fresh13": "thirteenth fresh hold-out (NLP, speech, RL, tabular)",
        "fresh14": "fourteenth fresh hold-out",
        "fresh15": "fifteenth fresh hold-out",
        "fresh16": "sixteenth fresh hold-out",
        "fresh17": "seventeenth fresh hold-out (the families issue 15 names)",
        "fresh18": "eighteenth fresh hold-out (tail of tools)",
        "fresh19": "nineteenth fresh hold-out",
        "fresh20": "twentieth fresh hold-out (mostly tool output)",
        "fresh21": "twenty-first fresh hold-out",
        "fresh22": "twenty-second fresh hold-out",
        "fresh23": "twenty-third fresh hold-out (the issue's named families)",
        "fresh24": "twenty-fourth fresh hold-out (the long tail of tools)",
        "fresh25": "twenty-fifth fresh hold-out (the issue's named families, small)",
        "fresh26": "twenty-sixth fresh hold-out (a broad mix)",
        "fresh27": "twenty-seventh fresh hold-out (the issue's named families)",
        "fresh28": "twenty-eighth fresh hold-out (committed log files, small)",
        "fresh29": "twenty-ninth fresh hold-out (named families, committed logs, PRs)",
        "fresh30": "thirtieth fresh hold-out (committed result files, diffusion issues)",
        "fresh31": "thirty-first fresh hold-out (named families, pasted in issues)",
        "fresh32": "thirty-second fresh hold-out (reproduction reports, long tail)",
        "fresh33": "thirty-third fresh hold-out (machine-printed logs in issues)",
        "fresh34": "thirty-fourth fresh hold-out (prose reports, result tables)",
        "fresh35": "thirty-fifth fresh hold-out (a mix leaning to prose reports)",
        "fresh36": "thirty-sixth fresh hold-out (a mix, after this session's rounds)",
        "fresh37": "thirty-seventh fresh hold-out (a mix from 2022 on, after all rounds)",
        "fresh38": "thirty-eighth fresh hold-out (a mix up to 2021, after all rounds)",
        "fresh39": "thirty-ninth fresh hold-out (a mix from 2023 on, after all rounds)",
        "fresh40": "fortieth fresh hold-out (mostly prose, up to 2022, after all rounds)",
        "fresh41": "forty-first fresh hold-out (machine-printed, after verdicts43/44)",
        "fresh42": "forty-second fresh hold-out (the formats the issue names, new sources)",
        "fresh43": "forty-third fresh hold-out (reproduction reports in issues)",
        "fresh44": "forty-fourth fresh hold-out (2024-2026: LLM, RAG, math, VLM)",
        "fresh45": "forty-fifth fresh hold-out (committed log and result files)",
        "fresh46": "forty-sixth fresh hold-out (a mix over many fields)",
        "fresh47": "forty-seventh fresh hold-out (most-used tools, their own issues)",
    }
    for key, label in labels.items():
        tally = tallies[key]
        what = f"{label}: {tally.cases} logs, {len(tally.families)} families"
        rows += [
            Row(f"corpus {what}: metric recall", 100 * tally.recall, "%"),
            Row(f"corpus {what}: metric precision", 100 * tally.precision, "%"),
            Row(
                f"corpus {what}: claim agreement ({tally.claims} claims)",
                100 * tally.agreement,
                "%",
                target=95.0,
                higher_is_better=True,
            ),
            Row(
                f"corpus {what}: wrong metrics confirmed",
                tally.wrong_confirmations,
                target=0,
            ),
        ]
    return rows
