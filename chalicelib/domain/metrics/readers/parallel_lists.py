"""Two lists of one length in a sentence, names and values paired in order, as people write
several results at once: `the mIoU for Human, Rider, and Sidewalk is 37.67, 18.03, and 37.01
respectively`, `I only got 7.293 +/- 0.074 and 34.779 +/- 0.350 for mIoU and accuracy,
respectively`, `I get WER/CER of about 6.43% and 1.95%`, `43.74 and 6.06% accuracy on the GSM8K
and Math datasets respectively`.

- The names come before the values, joined to them by a copula or `of` (`are`, `is`, `being`,
  `of about`), or after them behind `for`/`on` (`... for mIoU and accuracy`), or right after
  them when every name is a metric (`76.1% and 93.0% top-1 and top-5 accuracy`).
- The names are items of a list (`A, B and C`, `A/B`), each of one to three words. When every
  item is a metric of the vocabulary, the n-th value is the n-th metric's; a bare rank before
  the last item takes the last item's words after its rank (`top-1 and top-5 error` is top-1
  error and top-5 error, never a top-1 accuracy). Otherwise the items
  are labels (data sets, classes, models) and the metric is the one named right before them (`the
  mIoU for Human, ...`) or right after the values (`6.06% accuracy on ...`): the n-th value is
  `<n-th label>/<metric>` when the label is shaped like a data set's name (`GSM8K`, `SST-2`),
  else the label is a part of the result (a class: `class Rider/mIoU`), which a claim of the
  whole result (`mIoU`) does not take; labels that are benchmarks name their own headline metric
  (`hellaswag and arc_challenge are 72.07 and 60.94`). Labels pair with values only when the
  sentence says `respectively`: without it, which label a value is of is not said.
- The lists are the writer's own: the clause holding them (from the last turn to other numbers:
  `but`, `while`, `than`, `which`, ...) names no source (paper, reported, official, your,
  expected, original, table, ...), no condition or wish (`if`, `should`, `would`, `expect`), and
  the sentence asks no question. `the MAE and MSE reported in paper is 0.424 and 0.400
  respectively`, `the paper reports 0.408 and 0.432, respectively` are someone else's numbers.
- What follows the values qualifies them: `on CIFAR-100` scopes them to that data set, `on the
  validation set` to that split; `for the teacher`, `with the official weights` after names
  listed before the values makes them another model's or condition's: not read.
- A value followed by a spread (`7.293 +/- 0.074`) is the value; a list followed by a word that
  makes its numbers no results (`points`, `epochs`) is not read.

Format source: none (prose of GitHub issues and reproduction reports).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.layout import _DATASET_SHAPED
from chalicelib.domain.metrics.readers.generic import _prose_split
from chalicelib.domain.metrics.readers.own_result import (
    _SENTENCES,
    _SOURCE_EXTRA,
    _TURN,
    _URL,
    MAX_SENTENCE_LINE,
    sentence_dataset,
)
from chalicelib.domain.metrics.readers.sentence_values import known_suffix
from chalicelib.domain.metrics.readers.stated_result import _NOT_REPORTED, _OTHER_SOURCE
from chalicelib.domain.metrics.sources import _SOURCE_WORD
from chalicelib.domain.metrics.vocabulary import is_known_metric, sense_of

_VALUE = (
    r"[*`]{0,2}+((?<![\w.])\d++(?:\.\d++)?+|(?<![\w.])\.\d++)(?![\w.]\d|[\w@])(?:\s?+%)?+[*`]{0,2}+"
    r"(?:\s*+(?:\u00b1|\+/-|\+-)\s*+\d++(?:\.\d++)?+(?:\s?+%)?+)?+"
)
_VALUE_SEP = r"(?:\s*+,\s*+(?:and\s++)?+|\s++and\s++|\s*+/\s*+)"
_VALUES = re.compile(_VALUE + r"(?:" + _VALUE_SEP + _VALUE + r"){1,5}+")
_ONE_VALUE = re.compile(_VALUE)
_COULD_ONLY = re.compile(r"(?i)\bcould\s++(?=only\b|just\b)")
_RESPECTIVELY = re.compile(r"(?i)\brespectiv|\brespectly\b")
# Words joining a names list to the values after it ("are", "of about", "being only").
_LINKS = frozenset(
    {"is", "are", "was", "were", "be", "being", "of", "about", "around", "approximately"}
    | {"only", "just", "roughly", "nearly", "respectively", "respectly", "both", "as"}
    | {"follows", "follow", "reach", "reached", "reaches", "got", "get", "became", "become"}
)
# Words that end an item backwards (the first item's start) or make a list no names list.
_STOPS = frozenset(
    {"the", "my", "our", "for", "on", "of", "in", "at", "with", "to", "from", "by", "is", "are"}
    | {"was", "were", "i", "we", "get", "got", "obtained", "achieved", "reached", "have", "had"}
    | {"a", "an", "this", "that", "these", "those", "respectively", "then", "but", "only"}
)
# A word naming what the labels are, dropped after the last label ("the GSM8K and Math datasets").
_KIND_WORDS = frozenset(
    {"dataset", "datasets", "data", "set", "sets", "benchmark", "benchmarks", "task", "tasks"}
    | {"split", "splits", "subset", "subsets", "classes", "class", "categories", "category"}
)
_NOT_A_VALUE_AFTER = frozenset(
    {"points", "point", "pts", "pp", "epochs", "epoch", "steps", "step", "iterations", "images"}
    | {"samples", "gpus", "hours", "minutes", "seconds", "times", "x", "k", "m", "lower"}
    | {"higher", "less", "more", "better", "worse", "shot", "way", "layers", "seeds", "runs"}
)
# A word (a metric's name keeps its `@0.5:0.95`), or a separator; a trailing full stop or colon
# is the sentence's.
_WORD = re.compile(r"(?:[^\s,/()*`.:;]|[.:;](?=[^\s,/()*`]))++|,|/|\(|\)")
_MAX_ITEM_WORDS = 3


@reader("parallel_lists", markers=("espectiv", "espectl", " and ", "/"), order=984)
def read_parallel_lists(line: str, state: LogState, out: Sink) -> bool:
    if len(line) > MAX_SENTENCE_LINE or " " not in line.strip():
        return False
    if "://" in line:
        line = _URL.sub(" ", line)
    scope = None
    for sentence in _SENTENCES.split(line):
        scope = sentence_dataset(sentence) or scope
        if "?" in sentence or "\uff1f" in sentence:
            continue  # a question asks about values; it reports none
        respectively = bool(_RESPECTIVELY.search(sentence))
        for match in _VALUES.finditer(sentence):
            pairs = _paired(sentence, match, respectively)
            if not pairs:
                continue
            data = _data_after(sentence, match.end())
            if data is not None:
                pairs = [(n if "/" in n else f"{data}/{n}", v) for n, v in pairs]
            split = _prose_split(sentence) if " set" in sentence or " split" in sentence else None
            for name, number in pairs:
                if scope and "/" not in name and not sense_of(name).scope:
                    name = f"{scope}/{name}"
                out.add(name, number, "prose", split=split)
    return False  # the line stays open to the other readers


def _paired(sentence: str, match: re.Match[str], respectively: bool) -> list[tuple[str, str]]:
    values = [v.group(1) for v in _ONE_VALUE.finditer(match.group(0))]
    if len(values) < 2 or _value_word_after(sentence, match.end()):
        return []
    start = _clause_start(sentence, match.start())
    end = _clause_end(sentence, match.end())
    clause = sentence[start:end]
    if _SOURCE_WORD.search(clause) or _SOURCE_EXTRA.search(clause) or _OTHER_SOURCE.search(clause):
        return []  # "the MAE and MSE reported in paper is 0.424 and 0.400 respectively"
    if _NOT_REPORTED.search(_COULD_ONLY.sub(" ", clause)):
        return []  # "if I get", "should be"; "I could only reach" reports what the writer got
    before = _WORD.findall(sentence[start : match.start()])
    after = _WORD.findall(sentence[match.end() : end])
    named = _names_before(before, len(values))
    if named is not None and _qualified_after(sentence, match.end()):
        return []  # "top-1 and top-5 accuracy of 81.2 and 95.0 for the teacher": not the run's
    named = named or _names_after(after, len(values))
    if named is None:
        return []
    items, metric = named
    if all(is_known_metric(item) for item in items):
        return list(zip(_shared_tail(items), values, strict=True))
    if not respectively:
        return []  # labels without "respectively": which label a value is of is not said
    if metric is not None:
        return [
            (f"{_row(item)}/{metric}", value) for item, value in zip(items, values, strict=True)
        ]
    if all(sense_of(item).benchmark_bases for item in items):
        return list(zip(items, values, strict=True))
    return []


def _shared_tail(items: list[str]) -> list[str]:
    """`top-1 and top-5 error`, `top-1 and top-5 val accuracy`: the words after the last item's
    rank are written once for all the ranks (`top-1 error`), not the default metric of a bare
    `top-1` (accuracy), which a top-1 error read as it would confirm."""
    tail = items[-1].split()[1:]
    if not tail or sense_of(items[-1]).k is None:
        return items
    shared = []
    for item in items[:-1]:
        whole = f"{item} {' '.join(tail)}"
        alone = len(item.split()) == 1 and sense_of(item).k is not None
        shared.append(whole if alone and is_known_metric(whole) else item)
    return [*shared, items[-1]]


# What right after the values says whose or under what they are: "... on CIFAR-100" scopes them
# to that data set; "... for the teacher", "... with the official weights" makes them values of
# another model or condition than the run's (a split, "for the test set", is read as a split).
_DATA_AFTER = re.compile(r"[*`%\s]*+(?:on|in)\s++(?:the\s++)?+([A-Za-z][\w\-.]*[\w])")
_QUALIFIED_AFTER = re.compile(
    r"(?i)[*`%\s]*+(?:for|with|using|from|by|before|without)\s++(?!(?:the\s++)?+(?:test|testing"
    r"|val|valid|validation|dev|train|training)\b)"
)
_SPLIT_WORDS = frozenset({"test", "testing", "val", "valid", "validation", "dev", "train"})


def _data_after(sentence: str, end: int) -> str | None:
    named = _DATA_AFTER.match(sentence, end)
    if named is None or named.group(1).lower() in _SPLIT_WORDS:
        return None
    return named.group(1) if _DATASET_SHAPED.search(named.group(1)) else None


def _qualified_after(sentence: str, end: int) -> bool:
    return _QUALIFIED_AFTER.match(sentence, end) is not None


def _row(label: str) -> str:
    """A label shaped like a data set's name (`GSM8K`, `SST-2`, `ImageNet`) or a benchmark's
    scopes its value to that data; any other (`Human`, `Rider`) is one part of the result, a
    class: a claim of the whole result is not confirmed by it."""
    if _DATASET_SHAPED.search(label) or sense_of(label).benchmark_bases:
        return label
    return f"class {label}"


def _value_word_after(sentence: str, end: int) -> bool:
    word = _WORD.match(sentence[end:].lstrip())
    return bool(word and word.group(0).lower() in _NOT_A_VALUE_AFTER)


def _clause_start(sentence: str, at: int) -> int:
    start = 0
    for turn in _TURN.finditer(sentence, 0, at):
        start = turn.end()
    return start


def _clause_end(sentence: str, at: int) -> int:
    turn = _TURN.search(sentence, at)
    return turn.start() if turn else len(sentence)


def _names_before(words: list[str], count: int) -> tuple[list[str], str | None] | None:
    """`the mIoU for Human, Rider, and Sidewalk being only` -> (Human, Rider, Sidewalk), mIoU."""
    while words and words[-1].lower() in _LINKS:
        words = words[:-1]
    if not words or words[-1].lower() in _STOPS:
        return None
    items = _items_backwards(words, count)
    if items is None:
        return None
    names, rest = items
    while rest and rest[-1].lower() in ("for", "on", "of", "in", "at", "across", "the"):
        rest = rest[:-1]
    return names, _metric_of(rest[-_MAX_ITEM_WORDS - 1 :])


def _names_after(words: list[str], count: int) -> tuple[list[str], str | None] | None:
    """`% accuracy on the GSM8K and Math datasets` -> (GSM8K, Math), accuracy; `% top-1 and
    top-5 accuracy` -> (top-1, top-5 accuracy) when every item is a metric."""
    direct = _metrics_right_after(words, count)
    if direct is not None:
        return direct, None
    head: list[str] = []
    while words and words[0].lower() not in ("for", "on") and len(head) < _MAX_ITEM_WORDS:
        head.append(words[0])
        words = words[1:]
    if not words or words[0].lower() not in ("for", "on"):
        return None
    words = words[1:]
    if words and words[0].lower() == "the":
        words = words[1:]
    # the list runs to a comma that is not a separator, "respectively" or the clause's end
    taken: list[str] = []
    for word in words:
        if word.lower() in ("respectively", "respectly") or word in "()":
            break
        taken.append(word)
    while taken and taken[-1] == ",":
        taken = taken[:-1]
    while taken and taken[-1].lower() in _KIND_WORDS:
        taken = taken[:-1]
    items = _items_forwards(taken, count)
    if items is None:
        return None
    return items, _metric_of(head)


def _metrics_right_after(words: list[str], count: int) -> list[str] | None:
    """The list of metric names right after the values (`76.1% and 93.0% top-1 and top-5
    accuracy`), up to a word that ends it (`on`, `for`, `respectively`, ...)."""
    taken: list[str] = []
    for word in words:
        if word.lower() in _STOPS or word in "()" or word.lower() in ("respectly", "after"):
            break
        taken.append(word)
    while taken and taken[-1] == ",":
        taken = taken[:-1]
    items = _items_forwards(taken, count)
    if items is None or not all(is_known_metric(item) for item in items):
        return None
    return items


def _items_backwards(words: list[str], count: int) -> tuple[list[str], list[str]] | None:
    """Split the tail of `words` into `count` items joined by `,`, `and` or `/`; return the
    items and the words before the first one."""
    items: list[str] = []
    at = len(words)
    while len(items) < count:
        item: list[str] = []
        while at > 0 and words[at - 1] not in (",", "/") and words[at - 1].lower() != "and":
            if len(items) == count - 1 and words[at - 1].lower() in _STOPS:
                break  # the first item starts after "for", "the", ...
            item.insert(0, words[at - 1])
            at -= 1
        if not item or len(item) > _MAX_ITEM_WORDS:
            return None
        if any(w.lower() in _STOPS for w in item):
            return None
        items.insert(0, " ".join(item))
        if len(items) == count:
            break
        # the separator: ",", "and", ", and", "/"
        if at == 0:
            return None
        if words[at - 1].lower() == "and":
            at -= 1
            if at > 0 and words[at - 1] == ",":
                at -= 1
        else:
            at -= 1
    if at > 0 and (words[at - 1] in (",", "/") or words[at - 1].lower() == "and"):
        return None  # a longer list than the values: which item is which value is unsaid
    return items, words[:at]


def _items_forwards(words: list[str], count: int) -> list[str] | None:
    items: list[str] = []
    item: list[str] = []
    for word in [*words, ","]:
        if word in (",", "/") or word.lower() == "and":
            if item:
                items.append(" ".join(item))
                item = []
            continue
        item.append(word)
        if len(item) > _MAX_ITEM_WORDS or word.lower() in _STOPS:
            return None
    if len(items) != count:
        return None
    return items


def _metric_of(words: list[str]) -> str | None:
    words = [w for w in words if w not in (",", "/", "(", ")")]
    return known_suffix(words) if words else None
