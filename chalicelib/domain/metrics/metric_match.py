"""Does a name the log printed name the claimed metric (`claims.check_claimed_metric`'s first
step)? The vocabulary decides for known metrics (base, cutoff, qualifiers, statistic); a
benchmark's row answers a claim named by the benchmark with its headline metric; a bare split
name ("Final Test: 81.72") stands for the run's main score, never a loss or an error rate; a
box/mask/keypoints word qualifies detection metrics only. A box claim on a log that evaluates
only masks or keypoints (`--eval segm`: `segm/AP` and no `bbox/...`) is never answered by an
unqualified AP that repeats one of their values ("I only get 0.385 mAP" above the segm summary's
0.385): that AP is the evaluation the log ran (`box_claim_without_boxes`). The PASCAL VOC and
Open Images protocols' mAP is at IoU 0.5: a plain "mAP" claim is their `mAP@0.5IOU` when the log
has no other mAP (`voc_protocol_rows`, `tf_od_names`). A tuner's best value of an objective it
never names (`model.UNNAMED_OBJECTIVE`) answers a claim of the best of any metric.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chalicelib.domain.metrics.claim_names import acronym_name, inception_is, sclite_err
from chalicelib.domain.metrics.model import UNNAMED_OBJECTIVE, ExtractedMetric
from chalicelib.domain.metrics.sense_compare import names_benchmark, qualifiers_agree, same_base
from chalicelib.domain.metrics.tf_od_names import VOC_PROTOCOL
from chalicelib.domain.metrics.vocabulary import (
    _KNOWN_BASES,
    BENCHMARK_K,
    MetricSense,
    metric_key,
    sense_of,
)

# Metrics a log may print under a bare split name ("Final Test: 81.72", "Test: 0.8150"):
# scores, never losses or error rates.
LOWER_IS_BETTER = frozenset(
    {"loss", "nll", "perplexity", "mae", "mse", "rmse", "error", "wer", "cer", "ser", "ter", "fid"}
    | {"ttft", "tpot", "itl", "e2el"}
)
# What a benchmark's row may hold as its headline when the vocabulary does not know it.
_SCORE_BASES = (_KNOWN_BASES | {"score"}) - LOWER_IS_BETTER


def same_metric(claim: MetricSense, claim_name: str, metric: ExtractedMetric) -> bool:
    if (acronym := acronym_name(metric.name)) is not None:
        metric = replace(metric, name=acronym)  # "... word error rate (PER)": the PER
    sense = sense_of(metric.name)
    if sclite_err(claim, metric, sense) or inception_is(claim, metric):
        return True
    claim_key = metric_key(claim_name)
    if claim_key in (metric_key(metric.name), metric_key(metric.name.rsplit("/", 1)[-1])):
        return True
    if metric.name == UNNAMED_OBJECTIVE:
        # the study's objective is whatever it optimised: the best of the claimed metric
        return claim.aggregate == "best" and claim.stat is None and not claim.scope
    if claim.base is None and claim.benchmark_bases:
        if sense.base is None and sense.benchmark_bases:
            # the benchmark's row under another of its names ("ARC-c" for "ARC-Challenge")
            return sense.scope == claim.scope and sense.qualifiers == claim.qualifiers
        if sense.base not in claim.benchmark_bases or sense.stat is not None:
            return False
        # "GSM8K strict-match" is the strict-match row; a bare "GSM8K" may be either filter
        if claim.qualifiers and not qualifiers_agree(claim.qualifiers, sense.qualifiers):
            return False
        wanted_k = BENCHMARK_K.get(sense.base)
        return sense.k is None or wanted_k is None or sense.k == wanted_k
    if claim.base is None:
        # A claim named only by a split ("test (eval metric)") is the value the log names only
        # by that split (CatBoost's `test:`, OGB's `Final Test`).
        return claim.split is not None and sense.base is None and sense.split == claim.split
    if _unknown_benchmark(claim, sense, metric.name):
        return True
    if sense.base is None and sense.benchmark_bases and claim.base == sense.benchmark_bases[0]:
        # "HumanEval+ pass@1": the benchmark's headline metric, printed under the benchmark's
        # name alone ("humaneval+"); never another cutoff or a qualified variant (acc_norm)
        wanted_k = BENCHMARK_K.get(claim.base)
        return (
            bool(set(claim.scope) & set(sense.scope))
            and not claim.qualifiers
            and claim.stat is None
            and (claim.k is None or claim.k == wanted_k)
        )
    if sense.base is None:
        # A bare split name stands for the run's main metric: a score (a known one), never a
        # loss, and never a word that is no metric ("Training epochs").
        return (
            sense.split is not None
            and (claim.base in _KNOWN_BASES or claim.base == "score")
            and claim.base not in LOWER_IS_BETTER
            and not _measured_in_path(sense.scope)
        )
    if claim.base == "class_accuracy" and metric_key(metric.name.rsplit("/", 1)[-1]) == "meanacc":
        # MMAction2's `mean_acc` (its mean_class_accuracy metric) and mmseg's "Mean Acc" are the
        # mean of the per-class accuracies
        return sense.k is None and sense.stat is None
    if not iou_typed(claim.base):
        # a box/mask/keypoints word qualifies only detection metrics: in a row label of
        # another metric ("mask (no mimic)/PESQ", a masking method) it is no IoU type
        claim = replace(claim, qualifiers=claim.qualifiers - IOU_TYPES)
        sense = replace(sense, qualifiers=sense.qualifiers - IOU_TYPES)
    return same_base(claim, sense)


def _measured_in_path(scope: tuple[str, ...]) -> bool:
    """Does a path's segment name what was measured (`val-aux/openai/gsm8k/reward/mean@1`:
    a reward's statistic)? Then the name is no bare split standing for the run's main score."""
    return any(sense_of(word).base in _KNOWN_BASES for word in scope)


IOU_TYPES = frozenset({"box", "mask", "keypoints"})
NOT_BOX = frozenset({"mask", "keypoints"})
_IOU_TYPE_BASES = frozenset({"ap", "ap50", "ap75", "aps", "apm", "apl", "ar", "map", "miou"})
# Any other AP/AR variant of a detection evaluator (LVIS' APr/APc/APf, AR@100, APH) is box or
# mask just the same: "mask APr" is never the bbox row's APr.
_AP_VARIANT = re.compile(r"^(?:m?ap|ar)[a-z]?+\d*+$")


def iou_typed(base: str | None) -> bool:
    return base is not None and (base in _IOU_TYPE_BASES or _AP_VARIANT.match(base) is not None)


def box_claim_without_boxes(
    claim: MetricSense, chosen: list[ExtractedMetric], metrics: list[ExtractedMetric]
) -> list[ExtractedMetric]:
    """The candidates of a box AP claim, without the unqualified ones that repeat a value of the
    log's mask or keypoints evaluation when it has none of boxes."""
    if "box" not in claim.qualifiers or not iou_typed(claim.base):
        return chosen
    typed = [(m, sense_of(m.name).qualifiers & IOU_TYPES) for m in metrics]
    if any("box" in types for _, types in typed):
        return chosen
    others = {_fraction(m.value) for m, types in typed if types}
    # (an unqualified AP of another value is a block whose header was not pasted: it stays)
    return [
        m
        for m in chosen
        if sense_of(m.name).qualifiers & IOU_TYPES or _fraction(m.value) not in others
    ]


def _fraction(value: float) -> float:
    return round(value / 100.0 if value > 1.0 else value, 6)


def voc_protocol_rows(claim: MetricSense, metrics: list[ExtractedMetric]) -> list[ExtractedMetric]:
    """The values that answer a plain (box) mAP claim by their protocol's definition: a PASCAL
    VOC or Open Images `mAP@0.5IOU`, when the log prints no mAP over IoU 0.50:0.95."""
    if claim.base != "ap" or claim.k is not None or claim.qualifiers - {"box"} or claim.stat:
        return []
    if any(sense_of(m.name).base == "ap" for m in metrics):
        return []
    return [m for m in metrics if VOC_PROTOCOL.match(m.name)]


def _unknown_benchmark(claim: MetricSense, sense: MetricSense, metric_name: str) -> bool:
    """A claim named only by a benchmark the vocabulary does not know ("MMMU", "SQuAD2.0")
    means that benchmark's row in the log: a score printed under exactly that task name."""
    if claim.base in _KNOWN_BASES or claim.k is not None or claim.stat or claim.qualifiers:
        return False
    if sense.stat is not None:
        return False
    if claim.key not in sense.scope and not names_benchmark(metric_name, claim.key):
        return False
    return sense.base in _SCORE_BASES
