"""Rows of a log that hold a metric's name but cannot answer a claim of it (`claims._narrow`).

- A difference between two values ("Improve", "Gain", "Delta", "diff" rows or columns of a
  comparison table: `Improve | +0.0068`) is no value of the metric, unless the claim says it
  is one ("AUC improvement"); nor is a bound or reference level of the metric ("Human
  accuracy", "Oracle", "Upper bound", "Chance", "Random", "accuracy gap", "Required"), nor
  an interpolation baseline of image restoration ("bicubic", "bilinear").
- A per-class value indexed by number (`iou_0`, `F1_1`) is the class of that index: it answers a
  claim of a class only when the claim names the class by that number ("F1 (class 1)"); a class
  the claim names by a word ("IoU (change class)") is not told by an index.
- A value scoped to one sample's file (`img0001.nii.gz/DSC`, a per-case evaluation's row) is
  that sample's: it answers only a claim that names the file, never the data set's aggregate.
- A scope written inside a longer word answers it only when the longer word does not negate it:
  `unchanged` (or `nonchange`, `no_change`) is the opposite of "change".
- A word that would mark a value as someone else's is a harness namespace when it is glued to a
  task id (`leaderboard_gpqa_main`, `leaderboard|arc:challenge`): the run's own task, not a
  leaderboard's value.
- A value named a reference's or another model's ("Paper AUC", "teacher/acc", "author's
  benchmark" or "Authors" rows of a reproduction table, a `baseline`
  column beside the run's own on the same row) never answers a claim that does not say so;
  nor does a row whose label says whose it is in a parenthesis after the model's name, as
  ranking tables beside a local run's rows do (`| GPT-OSS 120B (official) | 88.3% |`,
  `| LightGCN (paper) | 0.0482 |`, `Qwen3 (FP16, reported)`).
- A value the log names an average ("the average dice score is 0.71", `mean_f1`) is the mean
  over parts (classes, regions): it never answers a claim whose name picks, in parentheses, one
  part the log never names ("Dice (whole tumor)"; "Frame Accuracy" is a kind of accuracy).
  AP, mAP and mIoU are means by definition: a "mean AP" answers "mAP (VOC2007)".
- A score printed beside the threshold it was tuned at on the evaluated data (SQuAD 2.0's
  `best_f1` and `best_f1_thresh`) is the score at an oracle threshold, not the score.

- A per-label `AP` beside the log's own `mAP` (`mAP: 0.39` then `plane: 0.66, bridge: 0.09`
  read as `plane/ap`, a DOTA or VOC evaluation's class list) is one class's AP: it never
  answers a claim of the mean ("mAP").

Pure functions on metric names; tests in `tests/unit/metrics/test_claim_rows.py`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.layout import SAMPLE_FILE_ENDS
from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import metric_key, sense_of

# A scope word that names a difference between values (not "change": change detection's
# class; not "drop": the DROP benchmark).
_DELTA_SCOPE = re.compile(r"^(?:rel)?+(?:improv|gain|delta|diff|increase|decrease)")
# A scope word that names a bound or a reference level of the metric, not the run's value of it
# ("Human accuracy", "Oracle accuracy", "Upper bound", "Chance", "Random", "accuracy gap",
# "Best possible", "Required"): it answers only a claim that names it too.
# So are an image restoration's interpolation baselines ("psnr for bicubic is 30.50dB", a
# "Bicubic" row of a super-resolution table): the upscaled input, not the model's output.
_BOUND_SCOPE = re.compile(
    r"^(?:human|humans|oracle|upperbound|lowerbound|chance|random|gap|possible|required"
    r"|bicubic|bilinear|lanczos|nearestneighbou?+r)$"
)


def delta_row(metric: ExtractedMetric, said: str) -> bool:
    """Is the value a difference between two values, or a bound or reference level of the
    metric (`_BOUND_SCOPE`), that the claim (`said`, its metric key) does
    not name?"""
    return any(
        ((match := _DELTA_SCOPE.match(scope)) or (match := _BOUND_SCOPE.match(scope)))
        and match.group(0) not in said
        for scope in sense_of(metric.name).scope
    )


_MEAN_BY_DEFINITION = frozenset({"ap", "map", "miou", "mrr", "mae", "mse", "rmse"})


def mean_of_parts(metric: ExtractedMetric) -> bool:
    """Does the log name the value an average over parts (`average dice score`, `mean_f1`)?"""
    sense = sense_of(metric.name)
    return sense.aggregate == "mean" and sense.base not in _MEAN_BY_DEFINITION


_PARENTHESES = re.compile(r"\(([^()]{1,80})\)")


def names_a_part(claim_name: str, scope: tuple[str, ...] | frozenset[str]) -> bool:
    """Does the claim's name pick a part in parentheses ("Dice (whole tumor)")?"""
    inside = " ".join(_PARENTHESES.findall(claim_name))
    return bool(inside) and any(word in metric_key(inside) for word in scope)


# `iou_0`, `F1_1`, `precision-2`: a metric name ending in a class index.
_INDEXED = re.compile(r"[a-z\d][_\-](\d{1,2}+)$", re.I)
_CLASS_WORD = re.compile(r"(?i)(?<![a-z])(?:class|category|label)(?![a-z])")


def class_index(metric: ExtractedMetric) -> str | None:
    match = _INDEXED.search(metric.name.rsplit("/", 1)[-1])
    return match.group(1) if match else None


def claims_a_class(name: str) -> bool:
    return _CLASS_WORD.search(name) is not None


def answers_class(metric: ExtractedMetric, scope: set[str], indices: set[str]) -> bool:
    """May the metric answer a claim of the class named by `scope`? An indexed row only when
    the claim names that index, or, when the log indexes two classes (0 and 1, a binary task),
    when the claim names the positive class (1: "change", "foreground") or the negative one
    (0: "unchanged", "no change", "background") by a word."""
    index = class_index(metric)
    if index is None:
        return True
    if any(s.isdigit() for s in scope):
        return any(s.isdigit() and int(s) == int(index) for s in scope)
    if indices != {"0", "1"}:
        return False
    negative = any(s.startswith(_NEGATIONS) or s in _NEGATIVE_CLASSES for s in scope)
    return index == ("0" if negative else "1")


_NEGATIVE_CLASSES = frozenset({"background", "negative", "bg"})
_NEGATIONS = ("un", "non", "no", "not")


def holds(longer: str, shorter: str) -> bool:
    """Does `longer` contain `shorter` other than negated (`unchanged` does not hold
    `change`) and other than as part of a longer number (`cifar100` does not hold `cifar10`,
    nor `set14` `set1`: another data set)?"""
    start = longer.find(shorter)
    while start >= 0:
        end = start + len(shorter)
        cut_number = (shorter[-1:].isdigit() and longer[end : end + 1].isdigit()) or (
            shorter[:1].isdigit() and longer[start - 1 : start].isdigit()
        )
        if not cut_number and (
            not longer[:start].endswith(_NEGATIONS) or shorter.startswith(_NEGATIONS)
        ):
            return True
        start = longer.find(shorter, start + 1)
    return False


def sample_row(metric: ExtractedMetric, said: str) -> bool:
    """Is the value one sample's (its name scoped to a file: `case_0003.nii.gz/Dice`) and the
    claim (`said`, its metric key with the dataset's) not of that sample?"""
    if "/" not in metric.name:
        return False
    scope = metric.name.rsplit("/", 1)[0]
    if not scope.lower().endswith(SAMPLE_FILE_ENDS):
        return False
    stem = metric_key(scope.split(".", 1)[0])
    return not stem or stem not in said


# The official SQuAD 2.0 evaluation script (`evaluate-v2.0.py`, `merge_eval(out_eval,
# has_ans_eval, "HasAns")`) prints the scores of the answerable and the unanswerable questions
# beside the overall ones: `HasAns_exact`, `NoAns_f1`. Each is a subset's score, never the
# overall `exact` / `f1` a claim that names no subset means.
_ANSWER_SUBSETS = frozenset({"hasans", "noans"})


def answer_subset_row(metric: ExtractedMetric, said: str) -> bool:
    """Is the value the score of the answerable or unanswerable questions only, and the claim
    (`said`, its metric key with the dataset's) not of that subset?"""
    subsets = _ANSWER_SUBSETS.intersection(sense_of(metric.name).scope)
    return any(subset not in said for subset in subsets)


def namespace_word(name: str, word: str) -> bool:
    """Is `word` (a reference word found in `name`'s scope) a harness namespace of a task id
    (`leaderboard_gpqa_main/acc_norm`), not a mark of someone else's value ("Leaderboard AUC")?"""
    return word == "leaderboard" and ("eaderboard_" in name or "eaderboard|" in name)


# The threshold a score was tuned at, printed beside it under the score's name.
_TUNED = ("thresh", "threshold")


def tuned_row(metric: ExtractedMetric, metrics: list[ExtractedMetric]) -> bool:
    """Is the value a score at a threshold tuned on the evaluated data, the log printing that
    threshold beside it under its name (SQuAD 2.0's `best_f1` and `best_f1_thresh`)?"""
    key = metric_key(metric.name)
    return any(metric_key(m.name) in (key + tail for tail in _TUNED) for m in metrics)


# Words that qualify a value as a reference or another model's: a scope of the name equal to
# one, or (for the longer ones) starting with one ("paperresnet50"). Not "base" (ViT-Base is
# a model size). "baseline" only beside the run's own value of the metric on the same line (a
# `baseline：coco/bbox_mAP` column next to `metrics：coco/bbox_mAP`): sacreBLEU's paired test
# calls the writer's own system so, on a row of its own.
_OTHERS_EXACT = frozenset({"gt", "prior", "previous", "sota"})
_OTHERS_PREFIX = (
    "paper", "reference", "expected", "teacher", "original", "reported",
    "official", "published", "leaderboard", "claimed", "groundtruth", "author",
)  # fmt: skip


def others_words(metric: ExtractedMetric, metrics: list[ExtractedMetric]) -> list[str]:
    """The words of the value's name that mark it as a reference or another model's."""
    words = []
    for scope in sense_of(metric.name).scope:
        if scope in _OTHERS_EXACT:
            words.append(scope)
        else:
            words.extend(w for w in _OTHERS_PREFIX if scope.startswith(w))
    words.extend(_parenthesized_source(metric.name))
    words.extend(_beside_own_row(metric, metrics))
    baseline = any(scope.startswith("baseline") for scope in sense_of(metric.name).scope)
    if baseline and _beside_own(metric, metrics):
        words.append("baseline")
    return [w for w in words if not namespace_word(metric.name, w)]


# A row label naming the writer's own run ("model trained on my end", "Mine", "ours",
# "reproduced"): the run's row of a comparison table.
OWN_ROW = re.compile(
    r"(?i)(?<![\w'])(?:my|mine|ours|our|me|reproduced|reproduction|re-?+implement\w*+)(?![\w'])"
)
_TABLE_SPAN = 20  # lines: rows further apart are no rows of one table


# A parenthesis after a row's label saying the row is the writer's own, in a table where the
# other rows are copied from elsewhere (`| pruned_transducer_stateless7 (this PR) | 2.15 |` over
# rows copied from RESULTS.md; `Model (ours)`, `(this work)`, `(proposed)`, `(mine)`).
_OWN_MARK = re.compile(
    r"(?i)\(\s*+(?:this\s++(?:pr|work|run|branch)|ours|mine|proposed|(?:my|our)\s++run)\s*+\)"
)


def _own_label(label: str) -> bool:
    return OWN_ROW.search(label) is not None or _OWN_MARK.search(label) is not None


def _beside_own_row(metric: ExtractedMetric, metrics: list[ExtractedMetric]) -> list[str]:
    """The label of a table row beside a row the writer labels as their own run ("model trained
    on my end" above "pretrained model"): the other row is someone else's (a released log's,
    a model zoo's), never the run's. Its label's key, so a claim naming it still may. Rows
    named by their label alone; under a column or data set before the label
    (`test-other/<label>/WER`) only when the own row's label says so in a parenthesis ("(this
    PR)", "(ours)"): under column groups ("dl19/DPR-multi/R@1000" beside "dl19/my model/R@1000")
    each group is a system the table compares."""
    if "/" not in metric.name:
        return []
    parts = metric.name.split("/")
    key = metric_key(parts[-1])
    for other in metrics:
        if other is metric or other.source != metric.source or other.line == metric.line:
            continue
        if abs(other.line - metric.line) > _TABLE_SPAN:
            continue
        other_parts = other.name.split("/")
        if len(other_parts) != len(parts) or metric_key(other_parts[-1]) != key:
            continue
        differ = [i for i in range(len(parts) - 1) if other_parts[i] != parts[i]]
        if len(parts) == 2:
            own = bool(differ) and _own_label(other_parts[0])
        else:
            own = len(differ) == 1 and _OWN_MARK.search(other_parts[differ[0]]) is not None
        if own and not _own_label(parts[differ[0]]):
            return [metric_key(parts[differ[0]])]
    return []


def _parenthesized_source(name: str) -> list[str]:
    """The reference words a row label of the name says in a parenthesis ("GPT-OSS 120B
    (official)", "Qwen3 (FP16, reported)"): the row is that source's, not the run's."""
    if "(" not in name or "/" not in name:
        return []
    label = name.rsplit("/", 1)[0]
    inside = " ".join(_PARENTHESES.findall(label)).lower()
    found = re.findall(r"[a-z]++", inside)
    return [w for w in _OTHERS_PREFIX if any(f.startswith(w) for f in found)]


def _beside_own(metric: ExtractedMetric, metrics: list[ExtractedMetric]) -> bool:
    """Does the value's line also print a value of the same metric not named a baseline's?"""
    base = sense_of(metric.name).base
    return metric.line > 0 and any(
        other.line == metric.line
        and other is not metric
        and sense_of(other.name).base == base
        and not any(s.startswith("baseline") for s in sense_of(other.name).scope)
        for other in metrics
    )


def _last_key(name: str) -> str:
    return metric_key(name.rsplit("/", 1)[-1])


def class_ap_row(metric: ExtractedMetric, claim_name: str, metrics: list[ExtractedMetric]) -> bool:
    """Is the value one label's `AP` (`plane/ap`) while the claim names the mean ("mAP") and
    the log prints an `mAP` of its own?"""
    if not _last_key(claim_name).startswith("map") or "/" not in metric.name:
        return False
    if not _last_key(metric.name).startswith("ap"):
        return False
    return any(_last_key(m.name).startswith("map") for m in metrics)
