"""A result stated in a sentence with no first-person verb: `After 3 epochs the computed WER on
test-clean is about 98%.`, `The result shows that the mse is 0.526 and mae is 0.510.`, `the
validation accuracy on Imagenet is only 68.2% instead of the reported 71.4%`.

`the <metric> [on|for <data>] is|was [about|only] <value>` is read when nothing in the sentence
makes the value someone else's or no result:

- the sentence is no question and no condition or wish (`if`, `whether`, `should`, `would`,
  `expect`, `hope`), and before the match it names no source (paper, README, official,
  reported, expected, target, baseline, authors, SOTA, original, a table or figure, what
  someone said: `In the paper, the mAP is 0.35`, `you said that the test F1 is 77.7`);
- the sentence does not introduce a block (`the accuracy is only 0.457, as shown below:`);
- the metric words are a metric of the vocabulary, name no source (`the reported mAP is`) and
  spell no qualifier as a word (`the top five accuracy is`);
- after the value, up to a word that turns to other numbers (`but`, `instead`, `than`, `while`),
  nothing names a source, and the turn is no `as reported`/`as in the paper` (`the mAP is 0.35
  as reported` is the paper's);
- `on <data>` between the metric and `is` scopes the value (`test-clean/WER`), and so does
  `on|in|for [the] <split> [set]` or `on <data>` right after the value ("Accuracy is 91.2% on the
  validation set" is a validation value, "... on CIFAR-100" CIFAR-100's: read without it, the
  value answered a test claim or another data set's); a split there that the metric words
  contradict ("Test accuracy is 91.2% on the training set") leaves the value unread;
- further pairs in the same stretch are read as the writer's report reads them (`and mae is
  0.510`);
- the value is not another system's or stage's: no later clause or sentence on the line gives
  the writer's own value with no other metric named (`ResNet-152 accuracy is 91.2%. My
  ResNet-18 got 85.0%.`, `Accuracy is 91.2% for ResNet-152, 85.0% for mine.`), and no
  `before`/`without`/`prior to` follows the value (`Accuracy was 91.2% before fine-tuning.`);
- a parenthesis right after the value that names a qualifier names the value's metric
  (`Accuracy is 91.2% (top-5).` is top-5 accuracy; one naming another metric leaves it unread);
- the line is no TODO/FIXME note (`TODO: Accuracy is 91.2%.` is work to do, not a result).

Format source: none (prose of GitHub issues).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.readers.generic import _named_dataset
from chalicelib.domain.metrics.readers.own_result import (
    _SENTENCES,
    _SOURCE_EXTRA,
    _TURN,
    _URL,
    MAX_SENTENCE_LINE,
    _window,
    _window_values,
    sentence_dataset,
)
from chalicelib.domain.metrics.readers.sentence_values import (
    ARTICLES,
    is_value,
    known_suffix,
    qualified_by_parenthesis,
    sentence_tokens,
)
from chalicelib.domain.metrics.sources import _SOURCE_WORD
from chalicelib.domain.metrics.vocabulary import is_known_metric, sense_of

_STATED = re.compile(
    r"(?<![\w'])[Tt]he\s++((?:[A-Za-z][\w@.\-]*+\s++){1,4}?)"
    r"(?:(?:on|for)\s++(?:the\s++)?+([A-Za-z][\w\-.]{0,30}+)\s++)?+(?:is|was)\s++"
)
# The same statement opening a sentence, with no article: "Test accuracy was 91.2%.",
# "Accuracy is 0.912 on the test set.", "@RESULT: Best Dev score is 0.866". The metric words
# start with a capital letter (a sentence's first word) right after the sentence's start or a
# leading label, so that no clause inside a sentence ("... and the loss is 0.3") is read here.
_STATED_OPENING = re.compile(
    r"^[\s*>#`\-]*+(?:@?+[A-Z]++:\s++)?+((?:[A-Z][\w@.\-]*+)(?:\s++[A-Za-z][\w@.\-]*+){0,3}?\s++)"
    r"(?:(?:on|for)\s++(?:the\s++)?+([A-Za-z][\w\-.]{0,30}+)\s++)?+(?:is|was)\s++"
)
# What makes a sentence no report of a value obtained: a condition, a wish, a modal.
_NOT_REPORTED = re.compile(
    r"(?i)\b(?:if|whether|unless|should|would|could|expect|expected|expecting|hope|hoped"
    r"|supposed|want|wanted)\b"
)
_OTHER_SOURCE = re.compile(
    r"(?i)\b(?:sota|state[ -]of[ -]the[ -]art|original|table|figure|fig|tab|authors?+|you"
    r"|said|says|say|stated|states|mentioned|description|described|according|claims?+)\b"
)
# What the value is of, said right after it: "91.2% on the validation set", "0.71 on CIFAR-100".
_AFTER_VALUE_SCOPE = re.compile(
    r"^\s*+%?+\s*+(on|in|for)\s++(?:the\s++)?+([A-Za-z][\w\-.]{0,30}+)"
    r"(?:\s++(?:set|split|data|dataset|subset|partition)\b)?+"
)
_SPLIT_WORDS = {
    "test": "test",
    "testing": "test",
    "val": "val",
    "valid": "val",
    "validation": "val",
    "dev": "val",
    "train": "train",
    "training": "train",
}
# A note of work to do: nothing on it is a result obtained.
_TODO_LINE = re.compile(r"^[\s*>#`\-]*+(?:TODO|FIXME)\b")
# A stage the value comes before or without: "91.2% before fine-tuning" is not the run's result.
_STAGE_AFTER = re.compile(
    r"^\s*+%?+\s*+(?:(?:on|in|for)\s++(?:the\s++)?+[\w\-.]++\s++(?:set\s++)?+)?+"
    r"(?:before|without|prior\s++to)\b",
    re.IGNORECASE,
)
# The writer's own value, given in a later clause or sentence: "My ResNet-18 got 85.0%", "85.0%
# for mine".
_OWN = re.compile(r"(?i)\b(?:my|mine|ours|our|I\s++(?:got|get|obtained|reached|achieved))\b")
# A measurement there (a decimal or a percentage), not a count ("with my batch of 32").
_NUMBER = re.compile(r"(?<![\w.\-])(?:\d++\.\d++%?+|\d++\s*+%)(?![\w.\-]*+[A-Za-z])")
_CLAUSES = re.compile(r"[,;]\s*+|(?<=[.!])\s++")
# A qualifier spelled as a word ("the top five accuracy"): the vocabulary may not tell it apart.
_SPELLED = re.compile(r"(?i)\b(?:one|two|three|four|five|ten|twenty|hundred)\b")


def _names_source(text: str) -> bool:
    return bool(
        _SOURCE_WORD.search(text) or _SOURCE_EXTRA.search(text) or _OTHER_SOURCE.search(text)
    )


@reader("stated_result", markers=("he ", " is ", " was "), order=986)
def read_stated_result(line: str, state: LogState, out: Sink) -> bool:
    if len(line) > MAX_SENTENCE_LINE or not any(c.isdigit() for c in line):
        return False
    if "://" in line:
        line = _URL.sub(" ", line)
    if _TODO_LINE.match(line):
        return False  # "TODO: Accuracy is 91.2%.": work to do
    scope = None  # "I ran it on the Pubmed dataset. The accuracy is 77.6": Pubmed's
    sentences = _SENTENCES.split(line)
    for at, sentence in enumerate(sentences):
        later = " ".join(sentences[at + 1 :])
        scope = sentence_dataset(sentence) or scope
        if "?" in sentence or "\uff1f" in sentence or "espective" in sentence:
            continue
        if _NOT_REPORTED.search(sentence) or sentence.rstrip(" *_`").endswith((":", "\uff1a")):
            continue  # "the accuracy is 0.457, as shown below:" reads the block below
        for match in _STATED.finditer(sentence):
            _read_stated(sentence, match, out, scope, later)
        if not state.running and (opening := _STATED_OPENING.match(sentence)):
            _read_stated(sentence, opening, out, scope, later)
    return False  # the line stays open to the other readers


def _read_stated(
    sentence: str, match: re.Match[str], out: Sink, scope: str | None, later: str = ""
) -> None:
    words, where = match.group(1), match.group(2)
    if _names_source(sentence[: match.end()]):
        return  # "In the paper, the mAP is 0.35", "the reported mAP is"
    name = known_suffix(words.split())
    if name is None or _SPELLED.search(name):
        return
    turn = _TURN.search(sentence, match.end())
    if turn and turn.group(0).lower().startswith("as"):
        return  # "the mAP is 0.35 as reported in the paper"
    window = _window(sentence, match.end())
    if window is None or _OTHER_SOURCE.search(window):
        return
    tokens = sentence_tokens(window)
    index = 0
    while index < len(tokens) and tokens[index][0] == "word" and tokens[index][1] in ARTICLES:
        index += 1
    if index >= len(tokens) or tokens[index][0] != "num" or not is_value(tokens, index):
        return
    rest = sentence[match.end() + tokens[index][3] :]
    if _STAGE_AFTER.match(rest) or _own_value_later(f"{rest} {later}", name):
        return  # "91.2% before fine-tuning", "91.2% for ResNet-152, 85.0% for mine"
    qualified = qualified_by_parenthesis(name, rest)
    if qualified is None:
        return  # "AP is 0.41 (AP50)": the parenthesis names the value's metric
    name = qualified
    after = _after_value_scope(window[tokens[index][3] :], name)
    if after == "":
        return  # the metric words and the words after the value name two splits
    if after:
        name = f"{after}/{name}"
    elif where and _named_dataset(where.rstrip(".")):
        name = f"{where.rstrip('.')}/{name}"
    elif scope:
        name = f"{scope}/{name}"
    out.add(name, tokens[index][1], "prose")
    for other, number in _window_values(sentence, match.end() + tokens[index][3]):
        out.add(other, number, "prose")


def _after_value_scope(after: str, name: str) -> str | None:
    """The split or data set named right after the value ("on the validation set", "on
    CIFAR-100"), "" when it is a split the metric words contradict, None when none is named."""
    match = _AFTER_VALUE_SCOPE.match(after)
    if match is None:
        return None
    word = match.group(2).rstrip(".")
    split = _SPLIT_WORDS.get(word.lower())
    if split is not None:
        named = sense_of(name).split
        return "" if named is not None and named != split else word
    # a data set is evaluated "on" (a system "for yolo5x.pt" is the one evaluated)
    if match.group(1) == "on" and any(c.isdigit() or c.isupper() for c in word):
        return word if _named_dataset(word) else None
    return None


def _own_value_later(rest: str, name: str) -> bool:
    """Whether a clause after the value gives the writer's own value ("My ResNet-18 got 85.0%",
    "85.0% for mine") and names no other metric than the statement's."""
    base = sense_of(name).base
    for clause in _CLAUSES.split(rest):
        if not _OWN.search(clause) or not _NUMBER.search(clause):
            continue
        words = re.findall(r"[A-Za-z][\w@\-]*+", clause)
        others = {sense_of(w).base for w in words if is_known_metric(w)}
        if others <= {base}:
            return True
    return False
