"""A result the writer reports from their own run, in a sentence, as people do in issues:
`I get WER of 6.43% on test-clean`, `I only got 31.71 on HumanEval`, `I got top1 acc 1.054 and
top5 acc 2.134`, `I have 0.3388 mAP`, `my BLEU can only reach 19.6`, `the mAP I obtained is
0.352`.

A value is read only when its sentence ties it to the writer's own result and names the metric
next to it:

- a first-person subject (`I`, `we`) and a result verb (get, got, obtain, achieve, reach,
  reproduce, score, have), with no negation, modal or wish between them (`I could not reach`,
  `I should get`, `I want to get`, `if I get`); the values are read after the verb, up to a
  word that turns to someone else's numbers (`but`, `than`, `while`, `compared`, `which`, `as
  you reported`), and not at all when that stretch names a source (paper, README, official,
  reported, expected, target, baseline, your, their);
- or a verb giving the writer the values (`it gives me a final mIoU of 36.54`);
- a contracted subject counts as one (`I'm getting only 90.4% top1 accuracy`, `we've got`),
  and so does a verb joined to a first-person clause with no other subject between (`I ran
  the code 10 times and got average test accuracy 0.4883`, `I tried X but was only able to get
  a BLEU score of 35.42`, `I checked out this branch; got WER 6.82%`);
- or a possessive subject and a copula or result verb (`my mAP is 0.3`, `our BLEU only
  reaches 19.6`), or the metric the writer got (`the mAP I obtained is 0.352`);
- the metric words are a metric of the vocabulary, right before the value (`WER of 6.43%`,
  `EER=1.64%`, `rank1 93.46%`, `top 1 acc 67.25`: a cutoff written apart after "top" is the
  name's, never a value), right after it (`0.3388 mAP`, `76.1% top-1 accuracy`, `2.41 as
  EER`), or the
  value is `on` a benchmark (`31.71 on HumanEval`);
- a sentence opened by an early stage of the run (`For the first task, I'm getting 90.4%`)
  reports no result of the run (a claim of its final accuracy is not that);
- a key of three or more underscore-joined words in parentheses beside the sentence's one value
  (`I got 60.45 F-score.(intermediate_tvsum_non_overlapping_split_avg)`) is the experiment's
  key in the tool's output and scopes the value (`<key>/F-score`);
- a count out of a total with its percentage (`I get 982/10000 (10%) accuracy`) is the
  percentage;
- a first-person sentence quoted inside the writer's (`it was mentioned `We got a WER of
  18.96 on test-clean!` in that page`, `the README says "we get 76.1% top-1"`) is someone
  else's report: a subject inside a code span or quotation marks is not the writer;
- a question is not a report (`why is my mAP 0.3 instead of 0.35?`), nor is a difference
  (`2 points lower`), a range (`between 74 and 76`, `74-76`) or a count (`90 epochs`).

Format source: none (prose of GitHub issues).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.layout import _DATASET_SHAPED, _SPLIT_OF_WORD
from chalicelib.domain.metrics.numbers import NUM
from chalicelib.domain.metrics.readers.evaluated_ap import evaluated_ap
from chalicelib.domain.metrics.readers.generic import _FOR_DATASET, _named_dataset, _prose_split
from chalicelib.domain.metrics.readers.sentence_values import (
    ARTICLES,
    benchmark_after,
    is_value,
    known_suffix,
    name_after,
    name_before,
    sentence_tokens,
)
from chalicelib.domain.metrics.sources import _SOURCE_WORD
from chalicelib.domain.metrics.vocabulary import sense_of

MAX_SENTENCE_LINE = 2_000
# The data set a sentence says the run is on ("on BEIR MS-MARCO dataset", "with the ogbn-arxiv
# dataset", "On scifact, I get ..."): the last one named before a value scopes it.
_SENTENCE_DATASET = re.compile(
    r"(?<![\w])(?:[Oo]n|[Ww]ith|[Ff]or|[Uu]sing|[Ii]n)\s++(?:the\s++)?+(?:[A-Z][\w\-]*+\s++)?"
    r"([A-Za-z][\w\-.]{0,30}+(?<![.\-]))\s++(?:data[ -]?+set|benchmark|corpus)\b"
    # "On scifact, I get", "On PathMNIST with ResNet-18(28), my AUC is": the opening's data set
    r"|(?:^|[.!]\s++)[Oo]n\s++(?:the\s++)?+([A-Za-z][\w\-.]{0,30}+(?<![.\-]))"
    r"(?:\s++(?:with|using)\s++[^,.;:!?]{1,40}+)?+,"
    # "I ran the model on yelp2018, and got": a run verb's data set, ending its clause
    r"|\b(?:ran|run|running|trained|training|tested|testing|evaluated|evaluating)\s[^,.;:!?]{0,60}?"
    r"\bon\s++(?:the\s++)?+(?!(?:[AVHTPK]\d|RTX|GTX|TPU|GPU|CPU|Titan|Tesla))"
    r"([A-Za-z][\w\-.]{0,30}+(?<![.\-]))(?=\s*+[,;]|\.(?:\s|$)|$)"
    # "For the SST-5 (ELMo model, config x.json): the accuracy is 53.22": a sentence opened by
    # the data set it reports on, its setting in a parenthesis
    r"|(?:^|[.!]\s++)[\s*>\-]*+[Ff]or\s++(?:the\s++)?+([A-Za-z][\w\-.]{0,30}+(?<![.\-]))"
    r"\s*+(?:\([^()]{0,200}+\)\s*+)?+[:,]"
)  # a longer line is a dump, not a sentence
_VERBS = (
    r"get|gets|got|getting|obtain|obtains|obtained|obtaining|achieve|achieves|achieved"
    r"|achieving|reach|reaches|reached|reaching|reproduce|reproduced|reproducing|score|scored"
    r"|have|had"
)
# "I (can only) get", "we obtained": the subject, up to three words, the verb. The words
# between are no subject of their own: in "When I do this I get 40%" the verb's subject is the
# second "I" (a match from the first would swallow it).
_OWN_VERB = re.compile(
    r"(?<![\w'])(I|[Ww]e)(?:['\u2019](?:m|ve|re))?+((?:\s++(?!(?:I|[Ww]e)(?![\w']))[A-Za-z']++)"
    r"{0,3}?)\s++(?:" + _VERBS + r")(?![\w'])"
)
# "... and got 0.4883", "... but was only able to get 35.42", "..., yet only got 0.535
# mAP50-95", "...; got WER 6.82%": a verb whose subject is the last one named before it (it must
# be the writer).
_JOINED_VERB = re.compile(
    r"(?:\b(?:and|but|(?<!not\s)(?<!n't\s)yet)|;)\s++"
    r"(?:(?:then|finally|eventually|only|just|also|was|were|could|able|to)\s++){0,4}?"
    r"(?:got|get|obtained|achieved|reached)(?![\w'])"
)
# After "have"/"had": a negation makes it the helper of a result not got ("We have not yet got
# 41.7 mAP", "I had never reached 40"), not the verb of a value the writer has.
_NEGATED_HAVE = re.compile(r"(?i)\s++(?:not|never|yet|no)\b")
_SUBJECT = re.compile(r"(?<![\w'])(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[Yy]ou)(?![\w])")
# "my mAP is 0.3", "our BLEU can only reach 19.6", "my reproduced R1 is 44.05".
_MY_METRIC = re.compile(
    r"(?<![\w'])(?:[Mm]y|[Oo]ur)\s++((?:[A-Za-z][\w@.\-]*+\s++){1,4}?)"
    # "my normalized score for Breakout is 147.7": the data set the value is on; "my
    # validation CER (val-clean and val-other) is still 0.31": what the value is over
    r"(?:(?:for|on)\s++(?:the\s++)?+([A-Za-z][\w\-.]{0,30}+)\s++|\((?:[^()\d]|(?<=[A-Za-z\d])\d){1,60}+\)\s++)?+"
    r"(?:(?:can|could)\s++)?+(?:(?:only|just|still)\s++)?+"
    r"(?:is|was|are|were|reach|reaches|reached|gets|got)\s++"
)
# "..., for Seaquest is 1.875": the same metric on another data set, the clause after a value.
_NEXT_DATASET = re.compile(
    r"\s*+,?+\s*+(?:and\s++)?+(?:for|on)\s++(?:the\s++)?+([A-Za-z][\w\-.]{0,30}+)\s++"
    r"(?:it\s++)?+(?:is|was)\s++(?:(?:only|just|about|around)\s++)?+(" + NUM + r")(?![\w.])"
)
# "the mAP I obtained is 0.352", "The maximum validation accuracy I got was 0.53".
_METRIC_I_GOT = re.compile(
    r"(?<![\w'])((?:[A-Za-z][\w@.\-]*+\s++){1,4}?)(?:that\s++)?+(?:I|[Ww]e)\s++"
    r"(?:(?:can|could)\s++)?+(?:(?:only|just|finally)\s++)?+"
    r"(?:get|got|obtain|obtained|achieve|achieved|reproduce|reproduced|reach|reached)\s++"
    r"(?:is|was|are|were)\s++"
)
# "It gives me a final mIoU of 36.54", "the script returned us 0.41 mAP": what the writer's run
# (the command just run, "it") gave the writer.
_GIVES_ME = re.compile(
    r"(?<![\w'])(?:gives|gave|returns|returned|outputs|outputted|shows|showed|prints|printed)"
    r"\s++(?:me|us)(?![\w'])"
)
# ...unless its subject is a condition or someone else ("if it gives me", "the paper shows us").
_GIVER_NOT_RUN = re.compile(
    r"(?i)\b(?:if|whether|unless|once|until|you|your|they|their|he|she|authors?+)\b"
)
# The only words allowed between the subject and the verb ("I can only get", "we have finally
# reached"): a negation, a modal, a wish or another subject there ("I could not reach", "I
# should get", "I want to get", "I see you get") makes it no report of a result obtained.
_OWN_ADVERBS = frozenset(
    {"can", "could", "only", "just", "also", "finally", "still", "then", "eventually", "now"}
    | {"actually", "always", "even", "really", "ultimately", "consistently", "did", "do"}
    | {"have", "has", "had", "was", "were", "am", "are", "'ve", "'m", "able", "to", "managed"}
    | {"keep", "kept", "indeed", "successfully", "already", "roughly", "basically"}
)
_BEFORE_SUBJECT = re.compile(r"(?i)\b(?:if|whether|unless|once|until|to)\s++$")
# Where the writer turns to someone else's numbers: the values read end here.
_TURN = re.compile(
    r"(?i)[;\u3002]|\b(?:but|while|whereas|than|compared|versus|vs|instead|which|although"
    r"|though|however|unlike|whilst)\b|\bas\s++(?:you|they|the|in|reported|stated|claimed)\b"
    r"|,\s*+(?:it|it's|it\u2019s|this|that|there)\s"  # ", it's hard to reach 58.4": a new clause
)
_SOURCE_EXTRA = re.compile(
    r"(?i)\b(?:your|their|his|her|expected|expect|target|baseline|should|supposed|authors?+)\b"
)
_DIFFERENCE = re.compile(
    r"(?i)\b(?:difference|gap|drop|decrease|increase|improvement|degradation|discrepancy"
    r"|delta)\b"
)
# "For the first task, ...": an early stage of the run, not its result.
_STAGE_OPENING = re.compile(
    r"^\W*+(?:[Ff]or|[Ii]n|[Oo]n|[Aa]t|[Aa]fter)\s++the\s++(?:first|second|third|initial"
    r"|\d++(?:st|nd|rd|th))\s++(?:task|stage|phase|session|increment|step|round),"
)
# (a closing parenthesis before a first-person subject ends a sentence its writer did not end
# with a full stop: "... is 1.875 (averaged over 3 seeds) I wonder whether ...?")
# (a writer who does not capitalise ends a sentence on a number too: "... is 61.97. is the
# difference normal?" is a statement, then a question)
# (an abbreviation's full stop ends no sentence: "I get an avg. WER of 18 %", "approx. 0.3")
_SENTENCES = re.compile(
    r"(?<=[.!])(?<!\bavg\.)(?<!\bAvg\.)(?<!\bapprox\.)(?<!\bresp\.)(?<!\bvs\.)(?<!\bca\.)"
    r"(?<!\be\.g\.)(?<!\bi\.e\.)\s++(?=[A-Z(\[`*])|[\u3002\uff01]|(?<=\))\s++(?=(?:I|We)\s)|(?<=\d\.)\s++(?=[a-z])"
)
# A web address, bare or as a Markdown link's target: neither its "?" nor its digits are the
# sentence's ("I got 69.7 mIoU using [this](https://host/view?usp=sharing) checkpoint").
_URL = re.compile(r"(?<=\])\(\s*+https?+://[^\s)]*+\)|https?+://[^\s)\]]++")


@reader(
    "own_result",
    markers=(
        "I ",
        "my ",
        "My ",
        "we ",
        "We ",
        "our ",
        "Our ",
        " me ",
        " us ",
        "I'",
        "I\u2019",
        "e'",
        "e\u2019",
    ),
    order=985,
)
def read_own_result(line: str, state: LogState, out: Sink) -> bool:
    if len(line) > MAX_SENTENCE_LINE or not any(c.isdigit() for c in line):
        return False
    if "://" in line:
        line = _URL.sub(" ", line)  # a link's query ("?usp=sharing") asks nothing
    scope = None
    sentences = _SENTENCES.split(line)
    for at, sentence in enumerate(sentences):
        scope = sentence_dataset(sentence) or scope
        if "?" in sentence and (stated := _stated_before_question(sentence)):
            sentence = stated  # "I'm getting an accuracy of 76.6, how can it be?"
        if "?" in sentence or "\uff1f" in sentence or not any(c.isdigit() for c in sentence):
            continue  # a question asks about a value; it reports none
        if sentence.rstrip(" *_`").endswith((":", "\uff1a")) and not _VALUE_THEN_BLOCK.search(
            sentence
        ):
            continue  # "I got the following results (...):" introduces a block below it
        if "espective" in sentence:
            continue  # "A and B of 43.7 and 6.1 respectively": names and values in two lists
        split = _prose_split(sentence) if " set" in sentence or " split" in sentence else None
        if _STAGE_OPENING.match(sentence):
            continue  # "For the first task, I get 90.4%": a stage's value, not the run's
        several = _several_splits(sentence)
        values = _with_splits_after(sentence, _own_values(sentence))
        key = _run_key(sentence, sentences[at + 1 : at + 2]) if len(values) == 1 else None
        for name, number, split_after in values:
            if several and split_after is None:
                continue  # "0.5 mAP on val and 0.45 on test": whose split is unsaid, say none
            if key and "/" not in name:
                name = f"{key}/{name}"
            elif scope and "/" not in name and not sense_of(name).scope:
                name = f"{scope}/{name}"
            out.add(evaluated_ap(name, state), number, "prose", split=split_after or split)
    # the line stays open to the other readers (a title's context, a pair they read better)
    return False


# A question tacked on after a comma ("..., how can it be?", "..., why is it so low?",
# "..., is this normal?"): the clause before it is a statement.
_TACKED_QUESTION = re.compile(
    r"[,;]\s*+(?:how|why|what|is|isn't|are|aren't|can|could|does|doesn't|do|any|am|should)"
    r"\b[^,;?\d]{0,80}+\?"
)
# ...unless the clause before it asks too ("why is my mAP 0.3, is it normal?").
_ASKS = re.compile(
    r"(?i)^\W*+(?:why|how|what|which|is|isn't|are|aren't|does|doesn't|do|did|can|could"
    r"|should|would|will|shall|may)\b"
)


def _stated_before_question(sentence: str) -> str | None:
    """The statement before a question tacked on after a comma, or None."""
    question = _TACKED_QUESTION.search(sentence)
    if question is None or "?" in sentence[: question.start()] or _ASKS.match(sentence):
        return None
    return sentence[: question.start()]


def sentence_dataset(sentence: str) -> str | None:
    """The last data set the sentence says the run is on (`_SENTENCE_DATASET`), if any."""
    scope = None
    for named in _SENTENCE_DATASET.finditer(sentence):
        word = named.group(1) or named.group(2) or named.group(3) or named.group(4)
        shaped = named.group(3) is None and named.group(4) is None
        if _named_dataset(word) and (shaped or _DATASET_SHAPED.search(word)):
            scope = word
    return scope


# A sentence ending with a colon that states its value before a block of something else: the
# command or settings it was obtained with ("I got f1 **74.78** on dev, using below command:"),
# or nothing but the value ("and got a BLEU of 22.47 only:", the log follows).
_VALUE_THEN_BLOCK = re.compile(
    r"(?i)(?:\b(?:commands?+|scripts?+|configs?+|configuration|settings|parameters"
    r"|hyper-?parameters|arguments|args|flags)|\d%?+[*_`]*+(?:\s++(?:only|overall))?+)"
    r"[\s*_`]*+[:\uff1a][\s*_`]*+$"
)


# A split a sentence puts a value on ("on val", "on the test set", "for dev"): when a sentence
# names two or more, each value takes the one written right after it, or is not read.
_ON_SPLIT_WORD = re.compile(
    r"(?i)(?<![a-z])(?:on|for|of|in)\s++(?:the\s++)?+"
    r"(train|training|val|valid|validation|dev|test|testing)(?![a-z])"
)


_SPLIT_WORD = re.compile(
    r"(?i)(?<![a-z\-])(train|training|val|valid|validation|dev|test|testing)(?![a-z\-])"
)


def _several_splits(sentence: str) -> bool:
    """Does the sentence name two splits or more ("on val and test", "val 0.5, test 0.4")?"""
    named = {_SPLIT_OF_WORD[m.group(1).lower()] for m in _SPLIT_WORD.finditer(sentence)}
    return len(named) > 1


_CLAUSE_END = re.compile(r"\d|[,;(]|\s(?:and|but|while|whereas|then)\s")


def _with_splits_after(
    sentence: str, values: list[tuple[str, str]]
) -> list[tuple[str, str, str | None]]:
    """Each value with the split named right after it, before the next number (or None)."""
    out: list[tuple[str, str, str | None]] = []
    at = 0
    for name, number in values:
        found = sentence.find(number, at)
        if found < 0:
            out.append((name, number, None))
            continue
        at = found + len(number)
        # up to the next number or clause: "0.9 accuracy, on test 0.85" puts 0.85 on test
        after = _CLAUSE_END.split(sentence[at : at + 60], maxsplit=1)[0]
        on = _ON_SPLIT_WORD.search(after)
        out.append((name, number, _SPLIT_OF_WORD[on.group(1).lower()] if on else None))
    return out


# A code span or a quotation inside a sentence: `...`, "...", “...”.
_QUOTATION = re.compile(r"`[^`]{4,}+`|\"[^\"]{4,}+\"|\u201c[^\u201d]{4,}+\u201d")


def _quoted(sentence: str) -> list[tuple[int, int]]:
    """The spans of the sentence's quotations (a quoted first person is someone else)."""
    if "`" not in sentence and '"' not in sentence and "\u201c" not in sentence:
        return []
    return [m.span() for m in _QUOTATION.finditer(sentence)]


def _own_values(sentence: str) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    quotes = _quoted(sentence)
    for match in _OWN_VERB.finditer(sentence):
        if any(a < match.start() < b for a, b in quotes):
            continue  # "it was mentioned `We got a WER of 18.96`": a quoted report
        between = match.group(2).lower().split()
        infinitive = between[-1:] == ["to"] and between[-2:-1] not in (["able"], ["managed"])
        if infinitive or any(w not in _OWN_ADVERBS for w in between):
            continue
        if _BEFORE_SUBJECT.search(sentence, max(0, match.start() - 12), match.start()):
            continue
        if match.group(0).split()[-1] in ("have", "had") and _NEGATED_HAVE.match(
            sentence, match.end()
        ):
            continue  # "We have not yet got 41.7 mAP": "have" helps a negated verb
        pairs.extend(_window_values(sentence, match.end()))
    for match in _JOINED_VERB.finditer(sentence):
        subjects = [m.group(0) for m in _SUBJECT.finditer(sentence, 0, match.start())]
        if subjects and subjects[-1] in ("I", "We", "we"):
            pairs.extend(_window_values(sentence, match.end()))
    for match in _MY_METRIC.finditer(sentence):
        pairs.extend(_my_metric_values(sentence, match))
    for match in _GIVES_ME.finditer(sentence):
        subject = sentence[max(0, match.start() - 30) : match.start()]
        if not (_GIVER_NOT_RUN.search(subject) or _SOURCE_WORD.search(subject)):
            pairs.extend(_window_values(sentence, match.end()))
    for match in _METRIC_I_GOT.finditer(sentence):
        pairs.extend(_named_value(sentence, match.group(1), match.end()))
    return pairs


# A count of correct answers out of the total with its percentage, as PyTorch's MNIST example
# prints it (`Accuracy: 9826/10000 (98%)`) and writers quote it: the percentage is the value.
_COUNT_PERCENT = re.compile(r"(?<![\w.])\d++\s*+/\s*+\d++\s*+\(\s*+(\d++(?:\.\d++)?+\s?+%)\s*+\)")


def _window(sentence: str, start: int) -> str | None:
    """The stretch after a result verb that reports the writer's values, or None when it
    names a source (`I get the paper's 76.1`)."""
    turn = _TURN.search(sentence, start)
    window = sentence[start : turn.start() if turn else len(sentence)]
    if "/" in window:
        window = _COUNT_PERCENT.sub(r"\1", window)  # "982/10000 (10%) accuracy": the 10%
    if _SOURCE_WORD.search(window) or _SOURCE_EXTRA.search(window) or _DIFFERENCE.search(window):
        return None
    return window


def _named_value(sentence: str, words: str, start: int) -> list[tuple[str, str]]:
    """`my <metric> is <value>`: the value right after the copula, named by the words."""
    window = _window(sentence, start)
    if window is None or _SOURCE_WORD.search(words) or _SOURCE_EXTRA.search(words):
        return []  # "my target mAP is 0.35", "the official mAP I reproduced is 0.35"
    name = known_suffix(words.split())
    if name is None:
        return []
    tokens = sentence_tokens(window)
    index = 0
    while index < len(tokens) and tokens[index][0] == "word" and tokens[index][1] in _BEFORE_VALUE:
        index += 1
    if index >= len(tokens) or tokens[index][0] != "num" or not is_value(tokens, index):
        return []
    return [(_scoped(window, tokens[index][3], name), tokens[index][1])]


# Words between a copula and its value: articles and "only", "about"; "still" ("my CER is
# still 0.31").
_BEFORE_VALUE = ARTICLES | {"still"}


def _my_metric_values(sentence: str, match: re.Match[str]) -> list[tuple[str, str]]:
    """`my <metric> [for <data>] is <value>`, and each `, for <data> is <value>` after it."""
    words, where = match.group(1), match.group(2)
    found = _named_value(sentence, words, match.end())
    if not found or where is None:
        return found
    if not _named_dataset(where.rstrip(".")) or "/" in found[0][0]:
        return []  # "my accuracy for 10 epochs", "for the first task": no data set to scope
    name, number = found[0]
    pairs = [(f"{where.rstrip('.')}/{name}", number)]
    at = sentence.find(number, match.end()) + len(number)
    window = _window(sentence, match.end()) or ""
    while (more := _NEXT_DATASET.match(sentence, at)) and more.end() <= match.end() + len(window):
        if not _named_dataset(more.group(1)):
            break
        pairs.append((f"{more.group(1)}/{name}", more.group(2)))
        at = more.end()
    return pairs


def _window_values(sentence: str, start: int) -> list[tuple[str, str]]:
    """The metric/value pairs after a result verb: `WER 0.205`, `0.3388 mAP`, `31.71 on
    HumanEval`; each name's words are used once."""
    window = _window(sentence, start)
    if window is None:
        return []
    tokens = sentence_tokens(window)
    used: set[int] = set()
    pairs = []
    for index, (kind, text, _, end) in enumerate(tokens):
        if kind != "num" or not is_value(tokens, index):
            continue
        name = name_before(tokens, index, used) or name_after(tokens, index, used)
        if name is None:
            name = benchmark_after(tokens, index, used)
            if name is None:
                continue
            pairs.append((name, text))
            continue
        pairs.append((_scoped(window, end, name), text))
    return pairs


# "I got 60.45 F-score (intermediate_tvsum_non_overlapping_split_avg)": a key of three or more
# words joined by underscores in parentheses, in the value's sentence or opening the next one,
# is the experiment's key in the tool's output (data set, split scheme, aggregate): it scopes
# the sentence's one value, so a claim on another data set than the key's is refused.
_RUN_KEY = re.compile(r"\(\s*+([A-Za-z][A-Za-z0-9]*+(?:_[A-Za-z0-9]++){2,8}+)\s*+\)")


def _run_key(sentence: str, following: list[str]) -> str | None:
    if "_" not in sentence and not (following and following[0].startswith("(")):
        return None
    key = _RUN_KEY.search(sentence)
    if key is None and following:
        key = _RUN_KEY.match(following[0])
    return key.group(1) if key else None


# A subset written after the data set ("on librispeech test-clean data", "on WSJ eval92").
_SUBSET = re.compile(r"[ \t]++((?:test|dev|val|eval)(?:[\-_][A-Za-z0-9]++|\d{2,4}+))(?![\w.\-])")
# "a 50.59% mIoU in FFHQ-34": after `in`, only a word shaped like a data set's name (a hyphen or
# a digit inside) is one ("in 12 epochs", "in Table 2", "in total" are not).
_IN_DATASET = re.compile(
    r"%?+[ \t]++in[ \t]++(?:the[ \t]++)?+([A-Za-z][A-Za-z.+]*+[\-\d][\w.\-+]*+)(?![\w.\-+])"
)


def _scoped(window: str, end: int, name: str) -> str:
    """`WER 6.4 on LibriSpeech`: LibriSpeech's WER; `on LibriSpeech test-other`: that
    subset's; `50.59% mIoU in FFHQ-34`: FFHQ-34's (the name may stand between)."""
    if window.startswith(name, end + 1 + (window[end : end + 1] == "%")):
        end += 1 + (window[end : end + 1] == "%") + len(name)  # "50.59% mIoU in FFHQ-34"
    on = _FOR_DATASET.match(window, end) if (" on " in window or " for " in window) else None
    if on is None and " in " in window:
        on = _IN_DATASET.match(window, end)
    if on and _named_dataset(on.group(1).rstrip(".")):
        subset = _SUBSET.match(window, on.end())
        where = f"{on.group(1)} {subset.group(1)}" if subset else on.group(1).rstrip(".")
        return f"{where}/{name}"
    return name
