"""Does a log confirm a claimed metric? (`metric_in_log`, SPEC 7)

A claim (name, value, optionally the dataset it was measured on) is confirmed when the log
prints that metric, for that split, qualifier and benchmark or dataset, with the claimed
value within the printed rounding; a percentage and its fraction are the same value. The
rules a careful reader applies, in order (README "Metric vocabulary"; the labelled corpus in
`tests/corpus/` measures agreement with them):

1. The same metric (`vocabulary.sense_of`): synonyms fold, box AP is not mask AP, acc_norm is
   not acc, AP50 is not AP, a standard error is not the metric (`metric_match.same_metric`). A
   claim named by a benchmark ("MMLU") means that benchmark's headline metrics.
2. The same benchmark or dataset, when the claim names one and the log tells them apart.
3. The same split: a named split only by that split (or by a value whose split the log does
   not say); an unnamed split by an unsplit or test value, and by a validation value only when
   the log has no unsplit or test value of that metric. Train values never confirm anything
   but a train claim.
4. An unqualified AP on a log that has both means box AP.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from chalicelib.domain.metrics.benchmark_groups import plain_benchmark_rows, suite_category_rows
from chalicelib.domain.metrics.claim_names import (
    average_beside_plain,
    column_name,
    plain_beside_average,
)
from chalicelib.domain.metrics.claim_rows import (
    answer_subset_row,
    answers_class,
    claims_a_class,
    class_ap_row,
    class_index,
    delta_row,
    mean_of_parts,
    names_a_part,
    others_words,
    sample_row,
    tuned_row,
)
from chalicelib.domain.metrics.claim_scopes import (
    PARTITION_ROW,
    carries_scope,
    class_row,
    dataset_scopes,
    label_rows,
    on_another_dataset,
    other_benchmark,
    parts_of,
    sample_counts,
    scope_hits,
)
from chalicelib.domain.metrics.dataset_rows import rows_named_by, same_held_out_set
from chalicelib.domain.metrics.evidence import evidenced
from chalicelib.domain.metrics.exact_elsewhere import printed_exactly_by_another
from chalicelib.domain.metrics.horizons import other_horizon
from chalicelib.domain.metrics.metric_match import (
    IOU_TYPES,
    NOT_BOX,
    box_claim_without_boxes,
    iou_typed,
    same_metric,
    voc_protocol_rows,
)
from chalicelib.domain.metrics.metric_siblings import qualified_beside_plain
from chalicelib.domain.metrics.metric_variants import decoding_mismatch, raw_rank_unsaid
from chalicelib.domain.metrics.model import ExtractedMetric, MetricCheck
from chalicelib.domain.metrics.numbers import float_decimals
from chalicelib.domain.metrics.sense_compare import split_named
from chalicelib.domain.metrics.values import (
    an_earlier_value,
    beyond_one_digit,
    copied_from_another,
    hedged_rounding,
    printed_as_percent,
    value_match,
)
from chalicelib.domain.metrics.values import printed as _printed
from chalicelib.domain.metrics.vocabulary import MetricSense, metric_key, scope_key, sense_of

_SPLIT_WORDS = {"test": "test", "val": "validation", "train": "train"}
# sacrebleu's signatures (`BLEU+case.mixed+...`, `nrefs:1|case:mixed|...`) or its name.
_SACREBLEU = re.compile(r"(?i)sacre|BLEU[+|]|nrefs[:.]|numrefs[:.]")
# Evaluation protocols of a pretrained representation: a claim that names one ("Linear Probe
# Top-1", "k-NN Top-1", "zero-shot accuracy") is never confirmed by a value that the log ties,
# by its name or its line, to another (DINOv2 prints k-NN results from `knn.py`, linear ones as
# `linear ... Results Dict`).
_PROTOCOLS = {
    "linear": re.compile(r"(?i)linear"),
    "knn": re.compile(r"(?i)(?<![a-z])k-?nn|nearest[ _-]?+neighbou?+r"),
    "zeroshot": re.compile(r"(?i)zero[ _-]?+shot"),
    "finetune": re.compile(r"(?i)fine[ _-]?+tun"),
}


_PROTOCOL_SCOPES = frozenset({"knn", "linear", "linearprobe", "linearprobing", "finetuned"})


_SETTING_SCOPE = re.compile(r"^([a-z]{3,12}+)(\d{1,4}+)$|^(\d{1,4}+)([a-z]{3,12}+)$")


def _contradicts(settings: list[tuple[str | None, ...]], evidence: str) -> bool:
    """Does the line state one of the claim's settings (word, number) with another number?"""
    low = evidence.lower()
    for word_a, number_a, number_b, word_b in settings:
        word, number = (word_a, number_a) if word_a else (word_b, number_b)
        if not word or word not in low:
            continue
        pattern = (
            rf"(?<![a-z]){word}s?+\s*+[=:]?+\s*+(\d++)(?![\d.])|(?<![\d.])(\d++)[\s\-]*+{word}"
        )
        for stated in re.finditer(pattern, low):
            if int(stated.group(1) or stated.group(2)) != int(number or 0):
                return True
    return False


def _unnamed(
    settings: list[tuple[str, tuple[str | None, ...]]], metric: ExtractedMetric
) -> list[tuple[str | None, ...]]:
    scope = sense_of(metric.name).scope
    return [groups for word, groups in settings if word not in scope]


def _protocols(text: str) -> set[str]:
    return {name for name, pattern in _PROTOCOLS.items() if pattern.search(text)}


# Scores that are fractions or percentages: never above 100.
_AT_MOST_100 = frozenset(
    {"accuracy", "class_accuracy", "pixel_accuracy", "precision", "recall", "f1", "exact_match"}
    | {"ap", "ap50", "ap75", "aps", "apm", "apl", "ar", "map", "miou", "auc", "pr_auc", "dice"}
    | {"hits", "pass", "pckh", "ndcg", "mrr", "idf1", "mota", "hota"}
)


def _beyond_bound(metric: ExtractedMetric, claim: MetricSense) -> bool:
    """A score that cannot pass 100 printed above it. A name that says no metric of its own (a
    bare split, `eval_total`, `Test: 11873`) stands for the claimed one: the claim's bound."""
    return metric.value > 100.0 and (sense_of(metric.name).base or claim.base) in _AT_MOST_100


def _split_of(metric: ExtractedMetric, sense: MetricSense) -> str | None:
    """A reader that read the split from the log's layout (`split=` to `Sink.add`) knows better
    than a word in the name (SB3's `train/` is a namespace); "none" says there is none."""
    if metric.split == "none":
        return None
    return metric.split or sense.split


def _name_list(names: list[str], limit: int = 12) -> str:
    unique = list(dict.fromkeys(names))
    shown = ", ".join(unique[:limit])
    return shown if len(unique) <= limit else f"{shown} and {len(unique) - limit} more"


def check_claimed_metric(
    metrics: list[ExtractedMetric], name: str, value: float, dataset: str | None = None
) -> MetricCheck:
    """Does the submitted (name, value[, dataset]) appear among the extracted metrics?"""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return MetricCheck(False, f"the claimed value {value!r} is not a finite number")
    claim_decimals = float_decimals(value)
    claim_text = f"{value:.{claim_decimals}f}" if claim_decimals <= 12 else repr(value)
    claim = sense_of(name)
    if dataset and claim.split is None and split_named(dataset):
        # "WER" on "dev": the dataset field names a split, not a dataset
        claim = replace(claim, split=split_named(dataset))
        dataset = None

    named = [m for m in metrics if same_metric(claim, name, m)] or voc_protocol_rows(claim, metrics)
    named = suite_category_rows(claim, named, metrics)  # `humanities/acc` of an MMLU run
    if not claim.scope and not dataset:
        # a claim of the whole result is never one class's row ("Class1 Top1", "label_0/f1")
        named = [m for m in named if not class_row(m)]
    said = metric_key(f"{name} {dataset or ''}")
    named = [m for m in named if not sample_row(m, said)]  # one case's row: never the aggregate
    named = [m for m in named if not answer_subset_row(m, said)]  # nor a subset's (HasAns)
    named = [m for m in named if not class_ap_row(m, name, metrics)]  # nor a class's AP
    claimed = f"{name} {dataset or ''}"
    named = [m for m in named if not other_horizon(m, claimed, named)]  # nor one horizon's
    if not named:
        if not metrics:
            return MetricCheck(False, f"no metric named '{name}' in the log; no metrics were found")
        found = _name_list([m.name for m in metrics])
        return MetricCheck(False, f"no metric named '{name}' in the log; found: {found}")

    candidates, why_not = _narrow(claim, name, dataset, named, metrics)
    for metric in candidates:
        scaled = value_match(float(value), claim_decimals, metric)
        if scaled is None:
            continue
        if copied_from_another(float(value), claim_decimals, metric, scaled, metrics):
            continue
        if printed_exactly_by_another(float(value), claim_decimals, metric, scaled, metrics):
            continue  # "F1 41.5" beside EM 41.50: a rounding of F1 41.53 copies no digit of it
        if hedged_rounding(float(value), claim_decimals, metric, scaled):
            continue  # "around 80%" shows no 80.1
        if beyond_one_digit(float(value), metric, scaled):
            continue  # "an MRR of 0.2" shows no 0.249
        if an_earlier_value(float(value), metric, scaled):
            continue  # epoch 28's 13.30 is no rounding of epoch 30's 13.34
        if scaled == "percent" and printed_as_percent(metric, metrics):
            continue
        detail = f"{metric.name} = {_printed(metric)} found in the log ({metric.source})"
        if scaled == "percent":
            detail += f"; the claim {claim_text} is the same value as a percentage"
        elif scaled == "fraction":
            detail += f"; the claim {claim_text} is the same value as a fraction"
        return MetricCheck(True, detail, matched=metric)

    shown = candidates or named
    printed = _name_list([f"{_printed(m)} ({m.source})" for m in shown], limit=6)
    if candidates:
        detail = f"{candidates[0].name} in the log is {printed}, not {claim_text}"
    else:
        detail = f"{why_not}; the log has {_name_list([m.name for m in named], limit=6)}"
    elsewhere = [
        m.name
        for m in metrics
        if m not in candidates and value_match(float(value), claim_decimals, m) is not None
    ]
    if elsewhere:
        detail += f"; {claim_text} appears only as {_name_list(elsewhere, limit=6)}"
    return MetricCheck(False, detail)


def _narrow(
    claim: MetricSense,
    name: str,
    dataset: str | None,
    named: list[ExtractedMetric],
    metrics: list[ExtractedMetric],
) -> tuple[list[ExtractedMetric], str]:
    """The named metrics that can confirm the claim (rules 2-4), or none and why."""
    # an evaluation protocol the claim names ("k-NN Top-1") is matched as a protocol below,
    # not as a data set the log must name
    scope = {s for s in claim.scope if s not in _PROTOCOL_SCOPES}
    if counts := sample_counts(scope):  # "FID@10k": never a value computed on 50k samples
        scope -= counts
        named = [m for m in named if sample_counts(sense_of(m.name).scope) <= counts]
        if not named:
            return [], "the log reports this metric only on another number of samples"
    if claim.aggregate != "best":
        # SQuAD 2.0's `best_f1` beside `best_f1_thresh` (evaluate-v2.0.py, HF's squad_v2): the
        # score at the no-answer threshold tuned on the evaluated data, not the score itself
        named = [m for m in named if not tuned_row(m, metrics)]
        if not named:
            return [], "the log reports this metric only at a threshold tuned on the same data"
    if claim.base == "miou" and "instance" in scope:
        # an instance-level IoU (Cityscapes' iIoU, ShapeNet-Part's instance mIoU) is only a
        # value the log calls so: a plain mean IoU is the mean over classes
        scope.discard("instance")
        named = [m for m in named if "instance" in sense_of(m.name).scope]
        if not named:
            return [], "the log has no instance-level value of this metric"
    elif claim.base == "miou":
        # ...and a claim that does not say so is the class mean, when the log prints one
        named = [m for m in named if "instance" not in sense_of(m.name).scope] or named
    beside_split = ""
    if dataset and scope_key(dataset):
        dataset_sense = sense_of(dataset)
        if dataset_sense.split is not None and not dataset_sense.scope and claim.split is None:
            # a "dataset" that is a split ("test", "dev"): the claim is of that split; the
            # words beside the split ("AMI SDM test") still name the data set
            claim = replace(claim, split=dataset_sense.split)
            beside_split = dataset
        else:
            scope.add(scope_key(dataset))
    short = key if dataset and len(key := scope_key(dataset)) < 4 else None
    if scope:
        # A benchmark named by the claim ("MMLU") is that benchmark's own row, never a
        # sub-task's ("mmlu_college_biology"); a dataset may be written partly.
        for exact in (True,) if claim.benchmark_bases else (True, False):
            hits = [(m, scope_hits(m, scope, exact, short)) for m in named]
            best = max((h for _, h in hits), default=0)
            if best:
                # a claim naming a dataset and a method ("NDCG@10 (SPLADE)" on nfcorpus) means
                # the value scoped to both, not another column of the dataset's row
                in_scope = [m for m, h in hits if h == best]
                if dataset and (key := scope_key(dataset)) in scope:
                    # the method's value on another data set is not the claimed data set's
                    in_scope = [m for m in in_scope if not on_another_dataset(m, key, scope, short)]
                    if not in_scope:
                        return (
                            [],
                            f"the log reports this metric only for other datasets than '{dataset}'",
                        )
                parts = bool(not exact and dataset and parts_of(scope_key(dataset), in_scope))
                if parts:
                    # rows of several parts named after the data set ("MOT17-02-DPM",
                    # "MOT17-11-FRCNN" for "MOT17"): each is one sequence's or subset's value,
                    # never the data set's aggregate
                    in_scope = [m for m in in_scope if not sense_of(m.name).scope]
                if exact and best < len(scope) and len(in_scope) > 1:
                    # the scopes not found whole may still be written partly in one value's
                    # name and not another's ("Event-based F1 (teacher)": `teacher/event_f1`,
                    # not `teacher/intersection_f1`)
                    partly = [(m, scope_hits(m, scope, False)) for m in in_scope]
                    most = max(h for _, h in partly)
                    in_scope = [m for m, h in partly if h == most]
                if not exact and dataset and not claim.scope:
                    # the dataset is only part of longer scopes (Iris in `Iris-setosa/f1`,
                    # a class): values the log scopes to nothing are the dataset's too; when
                    # the claim names one part ("POPE random" of POPE's category blocks), an
                    # average over the parts ("Average F1 score") is not that part's
                    in_scope += [
                        m
                        for m in named
                        if not sense_of(m.name).scope and (parts or not mean_of_parts(m))
                    ]
                if parts and not in_scope:
                    return [], f"the log reports this metric only per part of '{dataset}'"
                named = in_scope
                break
        else:
            mentioned = any(carries_scope(m, scope, exact=False) for m in metrics)
            what = dataset or name
            if mentioned or claim.benchmark_bases:
                return [], f"the log has no '{what}' value of this metric"
            # The log never names the claim's dataset: values without a scope of their own may
            # stand, never a value scoped to another known benchmark or dataset.
            named = [m for m in named if not other_benchmark(m)]
            named = [m for m in named if not dataset_scopes(m)]
            # ...nor an unscoped copy of a value its own line scopes to another data set
            # ("I got 93.5% accuracy on CIFAR-10": read bare by one reader, scoped by another);
            # another key of the line holding the same number ("exact" and "HasAns_exact") is
            # no copy
            scoped = {
                (m.line, m.value, metric_key(m.name.rsplit("/", 1)[-1]))
                for m in metrics
                if "/" in m.name and dataset_scopes(m)
            }
            named = [m for m in named if (m.line, m.value, metric_key(m.name)) not in scoped]
            if claim.aggregate is None and names_a_part(name, claim.scope):
                named = [m for m in named if not mean_of_parts(m)]  # never the log's average
            if claims_a_class(name):
                indices = {i for m in named if (i := class_index(m)) is not None}
                named = [m for m in named if answers_class(m, scope, indices)]
            if not named:
                return [], f"the log reports this metric only for other datasets than '{what}'"

    if beside_split:
        named = rows_named_by(named, beside_split)  # "AMI SDM test": the SDM row
    if dataset and scope_key(dataset) and claim.scope:
        # words of the claim's name may be scopes of the log's names too ("Accuracy-Flip" on
        # LFW: `lfw/Accuracy-Flip` and `cfp_fp/Accuracy-Flip`): the dataset decides among them
        on_dataset = [m for m in named if carries_scope(m, {scope_key(dataset)}, exact=True)]
        named = on_dataset or named

    if "sacrebleu" in claim.key:
        # A sacreBLEU claim is the score sacrebleu printed (its signature names it), not a
        # tokenized BLEU of another scorer on the same log (fairseq's `BLEU4 = ...`).
        signed = [m for m in named if _SACREBLEU.search(m.name) or _SACREBLEU.search(m.evidence)]
        named = signed or named

    averaging = {"macro", "micro", "weighted", "samples"}
    wanted = claim.qualifiers & averaging
    if wanted:
        named = [m for m in named if sense_of(m.name).qualifiers & averaging == wanted]
        if not named:
            return [], f"the log has no {'/'.join(sorted(wanted))}-averaged value of this metric"
    else:
        plain = [m for m in named if not sense_of(m.name).qualifiers & averaging]
        per_class_only = not scope and all(sense_of(m.name).scope for m in plain)
        if plain and not (per_class_only and any(not sense_of(m.name).scope for m in named)):
            # (an unscoped claim means an overall value: when the only plain values are
            # per-class rows, the averaged overall values stay candidates)
            named = plain

    splits = [(m, _split_of(m, sense_of(m.name))) for m in named]
    if claim.split is not None:
        exact_split = [m for m, split in splits if split == claim.split]
        # A value whose split the log does not say may stand for a named split, unless it was
        # printed on a progress line: an unnamed value there is the training loop's.
        chosen = exact_split or [m for m, split in splits if split is None and not m.running]
        if not chosen:
            found = sorted({_SPLIT_WORDS[s] for _, s in splits if s})
            where = (
                f"for the {' and '.join(found)} split"
                if found
                else "on progress lines of the run, which name no split"
            )
            return [], (
                f"the claim is a {_SPLIT_WORDS[claim.split]} metric but the log reports it "
                f"only {where}"
            )
        if claim.split == "val":  # "AMI SDM eval" beside "dev": the eval set's values
            chosen = same_held_out_set(chosen, f"{name} {dataset or ''}")
    else:
        chosen = [m for m, split in splits if split in (None, "test")]
        if not chosen:
            chosen = [m for m, split in splits if split == "val"]
        if not chosen:
            return [], "the log reports this metric only for the training split"

    # A score that cannot pass 100 (a percentage or a fraction) printed above it is a count
    # under the score's word ("correct: 9883 , total: 10000"), never the score.
    chosen = [m for m in chosen if not _beyond_bound(m, claim)]
    if not chosen:
        return [], "the log prints this score only above 100: a count, not the score"

    if not scope:
        # An unscoped claim means the log's overall value when it has one, not a per-class or
        # per-subset row ("F1" is not the F1 of class 3).
        unscoped = [m for m in chosen if not sense_of(m.name).scope]
        # (in a table of rows, every cell carries its row: the column decides, "Global Error
        # (MAPE)" beside "Holiday Error (MAPE)" is the MAPE, the other the holiday MAPE)
        plain_columns = [m for m in chosen if not sense_of(column_name(m)).scope]
        if not unscoped and plain_columns:
            chosen = plain_columns
        if unscoped:
            chosen = unscoped
        elif chosen and (all(PARTITION_ROW.match(m.name) for m in chosen) or label_rows(chosen)):
            # one class's, category's or fold's value is never the aggregate the claim means
            return [], "the log reports this metric only per class or per fold"

    # A value the log qualifies as someone else's or as another model's ("Paper AUC", "Base
    # NDCG@10", "teacher/acc", "expected_ap") never answers a claim that does not say so.
    said = metric_key(f"{name} {dataset or ''}")
    own = [m for m in chosen if not any(w not in said for w in others_words(m, metrics))]
    if not own:
        return [], "the log reports this metric only as a reference or another model's value"
    chosen = own
    # A difference between two values ("Improve | +0.0068", "Δ AUC") is no value of the metric.
    chosen = [m for m in chosen if not delta_row(m, said)]
    if not chosen:
        return [], (
            "the log reports this metric only as a difference between two values or as a"
            " bound or reference level (human, oracle, upper bound, chance)"
        )

    # A setting the claim names ("BLEU (beam 5)", "Acc (5-shot)") that the value's line states
    # otherwise ("Test with beam=1: BLEU4 = 25.39") is another run's.
    settings = [(s, m.groups()) for s in claim.scope if (m := _SETTING_SCOPE.match(s))]
    if settings:
        # (one the value's own scope names is its name: a model "mnasnet1_0", not 1 of it)
        chosen = [m for m in chosen if not _contradicts(_unnamed(settings, m), m.evidence)]
        if not chosen:
            return [], "the log reports this metric only for another setting than the claim's"

    wanted_protocols = _protocols(name)
    if wanted_protocols:
        chosen = [
            m
            for m in chosen
            if not (told := _protocols(f"{m.name} {m.evidence}")) or told & wanted_protocols
        ]
        if not chosen:
            return [], "the log reports this metric only for another evaluation protocol"

    # "Greedy WER" is not a `modified_beam_search/%WER`; "Raw MRR" is not a plain (filtered) MRR
    chosen = [m for m in chosen if not decoding_mismatch(claim, name, m)]
    chosen = [m for m in chosen if not raw_rank_unsaid(claim, m)]
    if not chosen:
        return [], "the log reports this metric only for another decoding method or protocol"

    chosen = qualified_beside_plain(claim, said, chosen)  # "F1-PA" beside "F1" in one row
    chosen = plain_benchmark_rows(claim, chosen)  # "ScienceQA": `scienceqa`, not `scienceqa_img`
    chosen = plain_beside_average(claim, chosen)  # "loss" beside "average_loss"
    chosen = average_beside_plain(claim, chosen)  # "Average Reward" beside a window's "Reward"
    chosen = evidenced(claim, name, chosen)
    if not chosen:
        return [], "the log reports this metric only for other qualifiers than the claim's"

    if not claim.qualifiers & IOU_TYPES and iou_typed(claim.base):
        # an unqualified AP means box AP when the log also evaluates masks or keypoints
        boxes = [m for m in chosen if not sense_of(m.name).qualifiers & NOT_BOX]
        if boxes and len(boxes) < len(chosen):
            chosen = boxes
    chosen = box_claim_without_boxes(claim, chosen, metrics)
    if not chosen:
        return [], "the log evaluates only masks or keypoints, not boxes"
    return chosen, ""
