"""Four ways a printed name tells the claim check (`claims.py`) more than its words:

- An acronym in parentheses after a long name is the metric's name: Apertium's
  `Position-independent word error rate (PER): 40.14 %` is the PER, not a WER, though its
  words say "word error rate"; `Word error rate (WER): 60.32 %` stays the WER. Long words
  that do not spell the acronym out qualify it: a results table's `Holiday Error (MAPE)`
  column beside `Global Error (MAPE)` is the holiday MAPE, not the MAPE.
- The `Err` column of SCTK sclite's own summary (`SYSTEM SUMMARY PERCENTAGES by SPEAKER`,
  `| Sum/Avg| 434 2612 | 63.2 12.3 24.4 1.3 38.1 80.4 |`, read as `Sum/Avg Err` when neither
  an ESPnet/Kaldi decode directory nor a `### WER`/`### CER` section names the set or the unit)
  is sclite's default word error rate: it answers a WER claim (never an S.Err, the sentence
  error rate). Inside a recipe's scoring (a set or a section named) the unit is the recipe's:
  a CER table's Err is no WER, so those stay as they are.
- `IS` in capitals is the Inception Score (generative models' `FID=1.39, IS=300.36`,
  score_sde_pytorch's `IS: 10.43, FID: 13.12`); the word "is" is no metric, so only the
  capitals' name answers an "Inception Score" claim.
- A line that prints a metric beside its average-named twin (TF Estimator's `Saving dict for
  global step 6000: accuracy = 0.4044, average_loss = 1.74068, ..., loss = 17.4068`) tells
  them apart: a claim that names no average ("Loss") is the plain one.
- A log that prints an average-named value ("Overall: Average Reward: 0.9534", a script's
  final line) beside plain-named ones (its progress lines "Output 10: Average over 97
  episodes - Reward: 0.5567", a running window) answers a claim naming the average ("Average
  Reward") with the average-named value only: a plain value is not what the claim names.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import MetricSense, is_known_metric, sense_of

# What a long name says when it only says what kind of metric the acronym is ("... Error").
_GENERIC_BASES = frozenset({"error", "loss", "score"})
# Words that only say a name is a metric's ("Holiday Error Rate (MAPE)").
_KIND_WORDS = frozenset({"rate", "score", "metric", "value", "measure"})
_ACRONYM = re.compile(r"^(.*?)([A-Za-z][\w\-]*+(?: [\w\-]++)++) \(([A-Z]{2,6}+)\)\s*+$")


def acronym_name(name: str) -> str | None:
    """`<long name> (ACR)` whose acronym is a known metric other than the long name's: the name
    with the acronym in place of the long words (`dev/Position-independent ... (PER)` ->
    `dev/PER`); None otherwise."""
    if "(" not in name:
        return None
    match = _ACRONYM.match(name)
    if match is None:
        return None
    prefix, words, acronym = match.groups()
    short, long = sense_of(acronym), sense_of(words)
    if short.base is None or short.base == long.base or long.base is None:
        return None
    initials = iter(w[0].upper() for w in re.split(r"[\s\-]+", words) if w)
    if long.base not in _GENERIC_BASES or all(letter in initials for letter in acronym):
        return f"{prefix}{acronym}"  # the long name spells the acronym out (or another metric)
    # "Holiday Error (MAPE)": a kind of the acronym's metric, named by the words that are not
    # a metric's ("Holiday"): the holiday MAPE
    kept = [w for w in words.split() if not is_known_metric(w) and w.lower() not in _KIND_WORDS]
    return f"{prefix}{' '.join(kept)} {acronym}" if kept else f"{prefix}{acronym}"


def column_name(metric: ExtractedMetric) -> str:
    """The name of a value without the row it is in (`Ensemble/Holiday Error (MAPE)` ->
    `Holiday MAPE`), its acronym in place of long words that spell it out."""
    name = metric.name.rsplit("/", 1)[-1]
    return acronym_name(name) or name


def inception_is(claim: MetricSense, metric: ExtractedMetric) -> bool:
    """Is the value printed as `IS` (capitals: the Inception Score of a generative model's
    evaluation, `FID=1.39, IS=300.36`, score_sde's `IS: 10.43, FID: 13.12`) and the claim an
    Inception Score?"""
    return claim.base == "inception_score" and metric.name.rsplit("/", 1)[-1].strip() == "IS"


def sclite_err(claim: MetricSense, metric: ExtractedMetric, sense: MetricSense) -> bool:
    """Is the value the Err of sclite's own summary (no set, no section) and the claim a WER?"""
    return claim.base == "wer" and metric.source == "espnet" and metric.name == "Sum/Avg Err"


def plain_beside_average(
    claim: MetricSense, chosen: list[ExtractedMetric]
) -> list[ExtractedMetric]:
    """Without an average in the claim, drop an average-named value whose line also prints the
    plain one."""
    if claim.aggregate is not None:
        return chosen
    plain_lines = {m.line for m in chosen if sense_of(m.name).aggregate is None}
    kept = [m for m in chosen if sense_of(m.name).aggregate != "mean" or m.line not in plain_lines]
    return kept or chosen


def average_beside_plain(
    claim: MetricSense, chosen: list[ExtractedMetric]
) -> list[ExtractedMetric]:
    """With a mean in the claim, drop the plain-named values when the log also prints a
    mean-named one of the same metric."""
    if claim.aggregate != "mean":
        return chosen
    averaged = [m for m in chosen if sense_of(m.name).aggregate == "mean"]
    return averaged or chosen
