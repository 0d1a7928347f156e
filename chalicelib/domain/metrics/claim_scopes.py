"""Which of a claim's scopes (a data set, a method, a class...) an extracted value carries, and
the rows that are a part of the data rather than the whole: a class's, a fold's, a sequence's,
another benchmark's. Used by the claim check (`claims.py`).

A value that carries the claim's method but another data set (`ogbn-mag/GCN/Test Acc`, a
heading's data set above a table of models, for "GCN Test Accuracy" on ogbn-arxiv; a part shaped
like a data set's name: a digit, a hyphen or a capital inside) is the other data set's: matching
the method alone never makes it the claimed data set's (`on_another_dataset`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from chalicelib.domain.metrics.claim_rows import holds
from chalicelib.domain.metrics.layout import MODEL_SCOPE
from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.sense_compare import names_benchmark
from chalicelib.domain.metrics.vocabulary import BENCHMARK_HEADLINES, metric_key, sense_of


def scope_hits(
    metric: ExtractedMetric, scope: set[str], exact: bool, short: str | None = None
) -> float:
    """How many of the claim's scopes (a dataset, a method, a class...) the metric's name
    carries. Written partly, a scope counts fully; abbreviated (`txt` for "Text Retrieval",
    `v` for "Visual"), it counts less, the more so the shorter the abbreviation. A claimed
    data set with a short name (`short`: "ETH") counts when it is a word of the value's name
    (`model social-stgcnn-eth/ADE`). A yearly test set's year counts in four digits or two
    (`newstest2014` is `newstest14`)."""
    found = set(sense_of(metric.name).scope)
    if exact:
        # a model a title named ("model EMA/Prec@5") is the claim's "(EMA)" without the prefix
        models = {metric_key(p[len(MODEL_SCOPE) :]) for p in metric.name.split("/")[:-1]}
        return sum(b in found or b in models or names_benchmark(metric.name, b) for b in scope)
    found = {short_years(a) for a in found}
    scope = {short_years(b) for b in scope}
    whole = short_years(metric_key(metric.name))
    hits = 0.0
    for b in scope:
        if (
            any(len(a) >= 4 and len(b) >= 4 and (holds(b, a) or holds(a, b)) for a in found)
            or (len(b) >= 4 and holds(whole, b))
            or (b == short and b in _WORD_SPLIT.split(metric.name.lower()))
        ):
            hits += 1
        else:
            hits += max(
                (0.5 + 0.4 * len(a) / len(b) for a in found if abbreviates(a, b)), default=0
            )
    return hits


_WORD_SPLIT = re.compile(r"[^a-z0-9]++")
# A yearly test set written with the year's four digits or two: WMT's `newstest2014` is
# sacreBLEU's `wmt14` and a table's `newstest14` (`newsdev2016`, `iwslt2017` alike).
_YEARLY_SET = re.compile(r"(newstest|newsdev|wmt|iwslt)20(\d\d)(?!\d)")


def short_years(key: str) -> str:
    """The key with a yearly test set's year in two digits (`newstest2014` -> `newstest14`)."""
    return _YEARLY_SET.sub(r"\1\2", key) if "20" in key else key


def abbreviates(short: str, word: str) -> bool:
    """`short` is an abbreviation of `word`: its first letter, then some of its letters in order
    (`txt` of text, `img` of image, `av` of audiovisual)."""
    if not short or not short.isalpha() or len(short) >= len(word) or short[0] != word[0]:
        return False
    letters = iter(word[1:])
    return all(c in letters for c in short[1:])


def parts_of(dataset: str, metrics: list[ExtractedMetric]) -> bool:
    """Are the scoped values rows of two or more parts whose names extend the data set's
    (`mot1702dpm`, `mot1711frcnn` for `mot17`), and of nothing else?"""
    if len(dataset) < 3:
        return False
    parts: set[str] = set()
    for metric in metrics:
        scopes = sense_of(metric.name).scope
        if not scopes:
            continue
        extending = [s for s in scopes if s != dataset and s.startswith(dataset)]
        if not extending:
            return False
        parts.update(extending)
    return len(parts) >= 2


def carries_scope(metric: ExtractedMetric, scope: set[str], exact: bool) -> bool:
    return scope_hits(metric, scope, exact) > 0


# (a bare "class" scope: a reader's per-class row, nuScenes' `car/class AP`)
CLASS_SCOPE = re.compile(r"^(?:(?:class|cls|label|category)_?+)?+\d++$|^class$")


# fastText's prefix of a class label (`__label__spam`): a value scoped to it is that class's.
FASTTEXT_LABEL = "__label__"


# A name a reader or a title scoped to one part of the data ("Category C/f1", "Fold 5/R2").
PARTITION_ROW = re.compile(r"(?i)(?=[cf])(?:class|category|fold)\s*+[#:]?+\s*+[\w.\-]++/")


# A class named in quotes right before a pair in prose ('the class "wall" miou=0.0', "for the
# 'bus' class IoU: 0.0"): that class's value, not the mean over classes.
_QUOTED_CLASS_BEFORE = re.compile(
    r"(?i)(?:\bclass(?:es)?+\s*+[\"'\u201c\u2018][^\"'\u201d\u2019\n]{1,40}+[\"'\u201d\u2019]"
    r"|[\"'\u201c\u2018][^\"'\u201d\u2019\n]{1,40}+[\"'\u201d\u2019]\s*+class)\s*+$"
)


def class_row(metric: ExtractedMetric) -> bool:
    if metric.name.startswith(FASTTEXT_LABEL):
        return True  # fastText's label prefix: `__label__spam/F1-Score` is that class's row
    if any(CLASS_SCOPE.match(s) for s in sense_of(metric.name).scope):
        return True
    at = metric.evidence.find(metric.name) if "class" in metric.evidence.lower() else -1
    return at > 0 and _QUOTED_CLASS_BEFORE.search(metric.evidence, max(0, at - 80), at) is not None


def other_benchmark(metric: ExtractedMetric) -> bool:
    return any(s in BENCHMARK_HEADLINES for s in sense_of(metric.name).scope)


# A scope that names a vision backbone ("ResNet-50 top-1", "ViT-B/32 top-1"): the model the
# value is of, never a data set.
BACKBONE_SCOPE = re.compile(
    r"^(?:resnet|resnext|rn\d|vit|deit|swin|convnext|efficientnet|mobilenet|densenet|vgg|regnet)"
)


# A number of samples a generative metric is computed on ("FID@50k", "fid50k_full", "FID
# (10k)"): how the value was estimated, never a data set.
SAMPLE_COUNT_SCOPE = re.compile(r"^\d{1,4}+[km](?:full)?+$")


def sample_counts(scopes: Iterable[str]) -> set[str]:
    return {s for s in scopes if SAMPLE_COUNT_SCOPE.match(s)}


# A scope that names how a speech model decoded ("greedy_search", "modified_beam_search",
# icefall's and ESPnet's decoding methods): the setting of the value, never a data set.
DECODING_SCOPE = re.compile(
    r"^(?:(?:modified|fast|ctcprefix)?+beamsearch|(?:ctc)?+greedysearch|ctcdecoding)"
)


# A container a value is printed in, never a data set: a two-column table's value header over a
# column of metric names ("| Metric | Score |": `Score/Precision`), Hugging Face's
# trainer_state.json history (`log_history/eval_accuracy`); only as a part of the name's path
# (a prose "exact match scores" is no table's column).
_CONTAINER_SCOPES = frozenset({"score", "loghistory"})


def dataset_scopes(metric: ExtractedMetric) -> list[str]:
    parts = metric.name.split("/")[:-1]
    models = {metric_key(p) for p in parts if p.startswith(MODEL_SCOPE)}
    # (the block of a model the log named, "Model name: resnet18", is no data set; nor a
    # container the name's path starts from)
    models |= {key for p in parts if (key := metric_key(p)) in _CONTAINER_SCOPES}
    return [
        s
        for s in sense_of(metric.name).scope
        if not BACKBONE_SCOPE.match(s)
        and not SAMPLE_COUNT_SCOPE.match(s)
        and not DECODING_SCOPE.match(s)
        and s not in models
    ]


# A name ending in a label glued after the metric ("test_F1_O", "f1-I-PAR"): the head before it.
_LABEL_TAIL = re.compile(r"^(.*?[A-Za-z0-9])[_\-]([A-Za-z][A-Za-z]{0,11}+(?:-[A-Za-z]{1,12}+)?+)$")


def label_rows(metrics: list[ExtractedMetric]) -> bool:
    """Are the values one metric's rows per label, each named by the metric and then its label
    (a tagger's `test_F1_O`, `test_F1_I-PAR`, two or more labels), so that none is the overall
    value?"""
    labels = set()
    for metric in metrics:
        tail = _LABEL_TAIL.match(metric.name.rsplit("/", 1)[-1])
        if tail is None:
            return False
        head, sense = sense_of(tail.group(1)), sense_of(metric.name)
        if head.base is None or head.base != sense.base or head.scope or not sense.scope:
            return False
        labels.add(tail.group(2).lower())
    return len(labels) >= 2


def on_another_dataset(
    metric: ExtractedMetric, dataset: str, scope: set[str], short: str | None
) -> bool:
    """Does the value carry a data set other than the claimed `dataset` (a scope key), and
    not the claimed one, written whole or partly? A value of one subset of the claimed data set
    (`librispeech test-clean/WER`) is another data set's for a claim of another subset
    ("LibriSpeech test-other"), though the data set's name is written in both."""
    if _other_subset(sense_of(metric.name).scope, dataset):
        return True
    if scope_hits(metric, {dataset}, True) or scope_hits(metric, {dataset}, False, short):
        return False
    scopes = set(dataset_scopes(metric))
    return any(
        (key := metric_key(part)) in scopes
        and _NAME_SHAPED.search(part)
        and not any(_same_scope(key, b) for b in scope)
        for part in metric.name.split("/")[:-1]
    )


# A subset of a data set, as the vocabulary keeps it in a scope: `testclean`, `devother`,
# `eval92`, `dev93`.
_SUBSET_KEY = re.compile(r"(?:test|dev|eval|train)(?:clean|other|set\d++|\d{1,4})")


def _other_subset(found: tuple[str, ...], dataset: str) -> bool:
    """The value carries the claimed data set's name and a subset; the claim names another."""
    for whole in found:
        rest = dataset[len(whole) :] if len(whole) >= 2 and dataset.startswith(whole) else ""
        if rest and _SUBSET_KEY.fullmatch(rest):
            others = [b for b in found if b != whole and _SUBSET_KEY.fullmatch(b)]
            if others and rest not in others:
                return True
    return False


# A part of a value's name shaped like a data set's name ("ogbn-mag", "CIFAR10", "newsTest"),
# not a word ("class", "changed").
_NAME_SHAPED = re.compile(r"\d|-|[a-z][A-Z]")


def _same_scope(found: str, claimed: str) -> bool:
    """A value's scope that is the claim's, written whole, partly, extended ("changed" for
    "change") or abbreviated ("av" for "audiovisual")."""
    return (
        holds(found, claimed)
        or holds(claimed, found)
        or found.startswith(claimed)
        or claimed.startswith(found)
        or abbreviates(found, claimed)
    )
