"""Do two metric names, or a claim's and a log's, name the same metric under the vocabulary
(`vocabulary.sense_of`): the same base or a synonym, agreeing qualifiers (box vs mask,
macro vs micro, the qualifiers a log must name), the same split (test, validation and train
never interchangeable) and cutoff, or a benchmark named for its headline metric ("MMLU 61.1"
against `mmlu/acc`). Used by the claim check (`metric_match.py`), scoring and the
leaderboard."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.vocabulary import MetricSense, metric_key, scope_key, sense_of
from chalicelib.domain.metrics.words import (
    _EXCLUSIVE,
    _MUST_AGREE,
    _MUST_BE_NAMED,
    _NOISE_WORDS,
    _SPLIT_WORDS,
    _words,
)


def same_base(a: MetricSense, b: MetricSense) -> bool:
    """The same metric, ignoring split and scope: base, cutoff k, qualifiers and statistic."""
    if a.stat != b.stat and not _max_is_best(a, b):
        return False
    aggregates = {a.aggregate, b.aggregate}
    # (the best value of a run may be its overall one: "Best Instance Accuracy")
    if None not in aggregates and len(aggregates) == 2 and aggregates != {"overall", "best"}:
        return False
    if a.base is None or b.base is None:
        return False
    if a.base != b.base:
        # a segmentation log's plain accuracy is its pixel accuracy (PaddleSeg's "acc")
        return {a.base, b.base} == {"accuracy", "pixel_accuracy"} and a.k is None and b.k is None
    if a.k != b.k:
        # accuracy == top-1 accuracy; every other cutoff must agree. A mean accuracy with no
        # cutoff (mmaction's `mean_acc`, the mean of the per-class accuracies) is not top-1.
        if {a.k, b.k} == {None, 1} and "mean" in (a.aggregate, b.aggregate):
            return False
        # COCO's AR is AR@100 (maxDets=100), as BLEU is BLEU-4 and accuracy top-1
        if (
            (a.base in ("accuracy", "error") and {a.k, b.k} <= {None, 1})
            or (a.base == "bleu" and {a.k, b.k} <= {None, 4})
            or (a.base == "ar" and {a.k, b.k} <= {None, 100})
        ):
            pass
        else:
            return False
    return qualifiers_agree(a.qualifiers, b.qualifiers)


def _max_is_best(a: MetricSense, b: MetricSense) -> bool:
    """A run's maximum of a score (DeiT's `Max accuracy: 71.95%`) is its best value."""
    return {(a.stat, a.aggregate), (b.stat, b.aggregate)} == {("max", None), (None, "best")}


def qualifiers_agree(a: frozenset[str], b: frozenset[str]) -> bool:
    """`a` the claim's (or either name's, for scoring) qualifiers, `b` the other's."""
    for group in _EXCLUSIVE:
        qa, qb = a & group, b & group
        if qa and qb and qa != qb:
            return False
        if (qa & _MUST_BE_NAMED and not qb) or (qb & _MUST_BE_NAMED and not qa):
            return False
    shots_a = {q for q in a if q.endswith("shot")}
    shots_b = {q for q in b if q.endswith("shot")}
    if shots_a and shots_b and shots_a != shots_b:
        return False
    for word in _MUST_AGREE:
        if (word in a) != (word in b) and (word in a or word in b):
            return False
    return True


def split_named(text: str) -> str | None:
    """The split a dataset field names when it names only a split (`dev`, `test set`)."""
    words = [w for w in _words(text) if w not in _NOISE_WORDS and w not in ("split", "subset")]
    return _SPLIT_WORDS.get(words[0]) if len(words) == 1 else None


def splits_agree(a: str | None, b: str | None) -> bool:
    """For comparing two recorded names (scoring, leaderboard): a named split must be the same
    split; an unnamed split is compatible with test or another unnamed one, never train."""
    if a == b:
        return True
    if a is None or b is None:
        return (a or b) != "train" and (a or b) != "val"
    return False


def same_metric(a: str, b: str) -> bool:
    """Whether two metric names denote the same metric (scoring matches a reproduction's
    reported metric to a paper's claimed one with this; SPEC 6). Case and punctuation never
    matter; synonyms fold (vocabulary above); split and qualifier must agree."""
    if not metric_key(a) or not metric_key(b):
        return False
    sa, sb = sense_of(a), sense_of(b)
    if sa.key == sb.key:
        return True
    if not splits_agree(sa.split, sb.split):
        return False
    if sa.scope and sb.scope and not set(sa.scope) & set(sb.scope):
        return False
    return same_base(sa, sb) or _benchmark_match(sa, sb) or _benchmark_match(sb, sa)


def _benchmark_match(bench: MetricSense, other: MetricSense) -> bool:
    if not bench.benchmark_bases or other.base not in bench.benchmark_bases:
        return False
    if other.scope and not set(bench.scope) & set(other.scope):
        return False
    return other.stat is None


# Words a benchmark's name may carry in a log without naming another task: harness namespaces
# (`meta_gsm8k`, `leaderboard|hellaswag|10`, `lukaemon_mmlu` is a namespace too), shot counts,
# OpenCompass modes and variants (`triviaqa_wiki_5shot ... gen`).
_NAMESPACE_WORDS = frozenset(
    {"meta", "custom", "leaderboard", "harness", "helm", "lighteval", "original", "lukaemon",
     "openai", "shot", "shots", "fewshot", "zeroshot", "all", "results", "none", "mc", "gen",
     "ppl", "wiki"}
)  # fmt: skip


def names_benchmark(name: str, benchmark: str) -> bool:
    """Whether a metric name is that benchmark's own row: some part of the name is the
    benchmark, alone or with namespace words and numbers (`meta_gsm8k`, `hellaswag:10`), not a
    sub-task of it (`mmlu_college_biology`)."""
    for part in re.split(r"[/|]", name):
        words = _words(part)
        for start in range(len(words)):
            for end in range(start + 1, len(words) + 1):
                if scope_key("".join(words[start:end])) != benchmark:
                    continue
                others = words[:start] + words[end:]
                if all(w in _NAMESPACE_WORDS or w.isdigit() for w in others):
                    return True
    return False
