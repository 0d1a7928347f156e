"""The words of a sentence's stretch after a result verb (`readers/own_result.py`): its
tokens, which numbers are values (not a difference, a count, a range or a cutoff), and the
metric named right before a value (`WER of about 6.43%`), right after it (`0.3388 mAP`,
`76.1% top-1 accuracy`) or the benchmark it is `on` (`31.71 on HumanEval`)."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.split_headings import _SPLIT_OF_WORD
from chalicelib.domain.metrics.vocabulary import is_known_metric, sense_of

_TOKEN = re.compile(
    r"(?P<num>(?<![\w.@\-])[-+]?+(?:\d++(?:\.\d++)?+|\.\d++)(?![\w@]|\.\d))(?:\s?+%)?+"
    r"|(?P<word>[A-Za-z](?:[\w@+]|[.\-](?=[\w@]))*+)"
    r"|(?P<skip>[=:~*`'\"])"
    r"|(?P<other>\S)"
)
# Words allowed between a metric's name and its value ("WER of about 6.43%", "mAP is 0.3").
_LINKS = frozenset({"of", "is", "was", "are", "were", "as", "at", "about", "around", "only"})
_LINKS |= frozenset({"approximately"})
_LINKS |= frozenset({"just", "roughly", "nearly", "almost", "merely", "score", "a", "an", "the"})
# Words that are never part of a metric's name: a name ends at them.
_NOT_NAME = frozenset(
    {"and", "or", "with", "for", "on", "in", "to", "by", "from", "under", "after", "then"}
    | {"got", "get", "gets", "obtained", "achieved", "reached", "scored", "have", "had", "my"}
    | {"our", "i", "we", "it", "this", "that", "which", "still", "finally", "also", "even"}
    | {"when", "while", "whenever", "because", "since", "using", "during"}  # a clause after
)
ARTICLES = frozenset({"a", "an", "the", "only", "just", "about", "around", "approximately"})
# What after a value makes it no result: a difference, a count, a range.
_NOT_A_VALUE_AFTER = frozenset(
    {"points", "point", "pts", "pp", "lower", "higher", "less", "more", "better", "worse"}
    | {"below", "above", "gap", "drop", "x", "times", "epochs", "epoch", "steps", "step"}
    | {"iterations", "iters", "iter", "images", "samples", "gpus", "gpu", "hours", "minutes"}
    | {"seconds", "mins", "k", "m", "to", "or", "percent", "instead", "vs", "versus"}
)
_NOT_A_VALUE_BEFORE = frozenset(
    {"by", "between", "from", "to", "than", "epoch", "step", "over", "above", "below", "under"}
    | {"least", "most", "beyond", "exceeding", "within", "nearly", "almost", "vs", "versus"}
    | {"top"}  # "top 1 acc 67.25": the 1 is the cutoff of the name after it
)
_MAX_NAME_WORDS = 4


def sentence_tokens(window: str) -> list[tuple[str, str, int, int]]:
    """(kind, text, start, end) of each token; `:`/`=`/quotes are dropped."""
    tokens = []
    for match in _TOKEN.finditer(window):
        kind = match.lastgroup
        if match.group("num") is not None:
            tokens.append(("num", match.group("num"), match.start(), match.end("num")))
        elif kind == "word":
            tokens.append(("word", match.group("word"), match.start(), match.end()))
        elif kind == "other":
            tokens.append(("other", match.group("other"), match.start(), match.end()))
    return tokens


def is_value(tokens: list[tuple[str, str, int, int]], index: int) -> bool:
    """A number that is a result, not a difference, a count or one end of a range."""
    if tokens[index][1].startswith("."):
        return False  # "low .95 mAP": a threshold's name, not a value
    before = tokens[index - 1] if index > 0 else None
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if before is not None and before[1].lower() in _NOT_A_VALUE_BEFORE:
        return False
    if before is not None and before[0] == "other" and before[1] in "/-~+\u00b1":
        return False
    if after is None:
        return True
    if after[0] == "word" and after[1].lower() in _NOT_A_VALUE_AFTER:
        return False
    # "73.75%@train": a value qualified by what follows it; "74-76", "76.1/93.2": a range, a pair
    return not (after[0] == "other" and after[1] in "/-~@\u00b1")


def name_before(tokens: list[tuple[str, str, int, int]], index: int, used: set[int]) -> str | None:
    """The metric named by the words right before the value (`top1 acc 1.054`, `WER of
    about 6.43%`), skipping linking words; a name that is one half of `WER/CER` is none."""
    at = index - 1
    while at >= 0 and tokens[at][0] == "word" and tokens[at][1].lower() in _LINKS:
        at -= 1
    words: list[int] = []
    while at >= 0 and tokens[at][0] == "word" and at not in used and len(words) < _MAX_NAME_WORDS:
        if tokens[at][1].lower() in _LINKS or tokens[at][1].lower() in _NOT_NAME:
            break
        words.insert(0, at)
        at -= 1
    if words and at >= 1 and tokens[at][1].isdigit() and tokens[at - 1][1].lower() == "top":
        words[:0] = [at - 1, at]  # "top 1 acc 67.25": the cutoff written apart is the name's
        at -= 2
    if not words or (at >= 0 and tokens[at][0] == "other" and tokens[at][1] in "/&("):
        return None
    if _listed(tokens, at):
        return None
    for first in range(len(words)):
        chosen = words[first:]
        name = " ".join(tokens[i][1] for i in chosen)
        if is_known_metric(name):
            used.update(chosen)
            return name
    return None


def _listed(tokens: list[tuple[str, str, int, int]], at: int) -> bool:
    """A name after `and` or a comma that follows another metric's name ("top1 and top5 acc
    90", "`recall@1` and `recall@5` are 62.0 and 76.9"): names listed before their values,
    which one a value is is not said next to it."""
    if at < 1 or tokens[at][1] not in ("and", "or", ","):
        return False
    return tokens[at - 1][0] == "word" and is_known_metric(tokens[at - 1][1])


def name_after(tokens: list[tuple[str, str, int, int]], index: int, used: set[int]) -> str | None:
    """The metric named by the words right after the value (`0.3388 mAP`, `76.1% top-1
    accuracy`)."""
    words: list[int] = []
    at = index + 1
    if at + 1 < len(tokens) and tokens[at][1] == "as" and tokens[at + 1][0] == "word":
        at += 1  # "I am getting 2.41 as EER"
    while (
        at < len(tokens)
        and tokens[at][0] == "word"
        and at not in used
        and len(words) < _MAX_NAME_WORDS
        and tokens[at][1].lower() not in _LINKS
        and tokens[at][1].lower() not in _NOT_NAME
    ):
        words.append(at)
        at += 1
    if at < len(tokens) and tokens[at][0] == "other" and tokens[at][1] in "/&":
        return None
    for last in range(len(words), 0, -1):
        chosen = words[:last]
        name = " ".join(tokens[i][1] for i in chosen)
        if is_known_metric(name):
            if _values_then_names(tokens, index, chosen[-1] + 1):
                return None
            used.update(chosen)
            return name
    return None


def _values_then_names(tokens: list[tuple[str, str, int, int]], index: int, at: int) -> bool:
    """The value ends a list of values and its name begins a list of names ("76.1% and 93.0%
    top-1 and top-5 accuracy"): the name right after the last value is the first of the list,
    not that value's; which value is whose is for a reader of both lists (`parallel_lists`)."""
    if index < 2 or tokens[index - 1][1] not in ("and", ",", "/") or tokens[index - 2][0] != "num":
        return False
    if at + 1 >= len(tokens) or tokens[at][1] not in ("and", "or", ",", "/"):
        return False
    following = [t[1] for t in tokens[at + 1 : at + 1 + _MAX_NAME_WORDS] if t[0] == "word"]
    return any(is_known_metric(" ".join(following[:n])) for n in range(1, len(following) + 1))


def benchmark_after(
    tokens: list[tuple[str, str, int, int]], index: int, used: set[int]
) -> str | None:
    """`31.71 on HumanEval`: the value of a benchmark named after `on`."""
    at = index + 1
    if at < len(tokens) and tokens[at][1].lower() == "on":
        at += 1
        if at < len(tokens) and tokens[at][1].lower() == "the":
            at += 1
        if at < len(tokens) and tokens[at][0] == "word" and at not in used:
            word = tokens[at][1]
            if sense_of(word).benchmark_bases:
                used.add(at)
                return word
    return None


def known_suffix(words: list[str]) -> str | None:
    while words and (words[0].lower() in ARTICLES or words[0].lower() in _NOT_NAME):
        words = words[1:]
    for first in range(len(words)):
        name = " ".join(words[first:])
        if "/" not in name and (is_known_metric(name) or _benchmark_score(words[first:])):
            return name
    return None


def _benchmark_score(words: list[str]) -> bool:
    """ "MMLU score", "the HellaSwag score": a benchmark's headline named by its score."""
    return (
        len(words) > 1
        and words[-1].lower() == "score"
        and bool(sense_of(" ".join(words)).benchmark_bases)
    )


# A qualifier in parentheses right after a value: "Accuracy is 91.2% (top-5)".
_PAREN_AFTER = re.compile(r"^\s*+%?+\s*+\(\s*+([A-Za-z][\w@\-. ]{0,24}?)\s*+\)")


def qualified_by_parenthesis(name: str, after: str) -> str | None:
    """The metric a parenthesis right after the value names ("91.2% (top-5)" of "Accuracy":
    "top-5 Accuracy"; "91.2% (val)": "val Accuracy"); the name itself when there is none or it
    qualifies nothing, None when it names another metric (a system's name, "(rnnsearch)",
    qualifies nothing)."""
    paren = _PAREN_AFTER.match(after)
    if paren is None:
        return name
    words = paren.group(1)
    plain, qualified = sense_of(name), sense_of(f"{words} {name}")
    if qualified.base != plain.base:
        # "(AP50)" after a mAP names another metric; "(rnnsearch)" names the system, no metric
        return None if is_known_metric(words) and sense_of(words).base != plain.base else name
    if (qualified.k, qualified.qualifiers, qualified.stat, qualified.split) != (
        plain.k,
        plain.qualifiers,
        plain.stat,
        plain.split,
    ):  # "(top-5)" qualifies the value, "(val)" gives its split
        return f"{words} {name}"
    return name


# A parenthesis (or bracket) that names only a split: "(val)", "(test set)", "(on the dev
# split)", "(val2017)", "[val]"; or a split and words about it: "(val set, 5 seeds)", "(val
# split of ImageNet)", "(val.)", "(val, 5 seeds)", "(validation accuracy)". Not "(eval)": an
# evaluation may be the test's. "(joint training)", "(training from scratch)" and "(test-time
# augmentation)" name a scheme, no split.
_SPLIT_WORD = r"(?:test|testing|val|valid|validation|dev|train|training)"
_SPLIT_PAREN = re.compile(
    r"^[ \t]*+%?+[ \t]*+[(\[][ \t]*+(?i:on[ \t]++)?+(?i:the[ \t]++)?+(?i:"
    rf"{_SPLIT_WORD}(?:[ \t_\-]?+(?:set|split|data|subset))?+"
    rf"|{_SPLIT_WORD}[ \t_\-]?+(?:set|split|data|subset)[ \t,;:.][^()\[\]]{{0,30}}+"
    r"|(?:test|val|valid|validation|dev)[.,;:][^()\[\]]{0,30}+"
    rf"|{_SPLIT_WORD}[ \t_\-]++(?:acc|accuracy|score|scores|metrics?+|results?+|performance)"
    r"|(?:val|test)20\d\d|test-dev)[ \t]*+[)\]]"
)
_FIRST_SPLIT_WORD = re.compile(r"(?i)testing|test|validation|valid|val|dev|training|train")


def scoped_by_parenthesis(name: str, after: str) -> str | None:
    """A `name: value` pair with a parenthesis right after the value ("Accuracy: 91.2% (val)",
    "mAP: 0.412 (test)", "F1: 88.1 (dev)"): a parenthesis that names only a split gives the
    value's split, one that qualifies the metric its qualifier ("(top-5)"); None when it names
    another metric, or a split other than the one the name already has ("Test accuracy: 91.2
    (val)" is neither's for sure)."""
    own = sense_of(name).split
    split = _SPLIT_PAREN.match(after)
    if split is not None:
        first = _FIRST_SPLIT_WORD.search(split.group(0))
        word = first.group(0).lower() if first else "test"
        if own is not None and _SPLIT_OF_WORD[word] != own:
            return None
        return name if own is not None else f"{word} {name}"
    scoped = qualified_by_parenthesis(name, after)
    if scoped is None or scoped == name:
        return scoped
    # a qualifier keeps the name's split ("(joint training)" is a scheme, not the train split)
    return scoped if sense_of(scoped).split == own else name
