"""Anything else that looks like a result: `name: value`, `name = value`, `name value` pairs
separated by commas or pipes (`train loss 4.03, val loss 4.04`, `Val Acc 0.75 | Test Acc
0.77`), `Top-1 accuracy: 76.1%` (a trailing % is dropped, the number kept as printed), and a
value followed by `± std` (the mean is the value). Progress bars, timestamps, dates, version
strings, hyper-parameters and counts yield nothing (`vocabulary.is_result_name`)."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.layout import _SPLIT_OF_WORD
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.readers.line_leads import _named_dataset, scoped_by_lead
from chalicelib.domain.metrics.readers.quoted_clauses import (
    _ARROW_TO,
    _GLUED_PAREN,
    _after_source,
    _in_source_parenthesis,
    _quoted,
    asked_target,
    cjk_source,
    unreached_target,
)
from chalicelib.domain.metrics.readers.repeated_groups import grouped_repeats
from chalicelib.domain.metrics.readers.sentence_values import (
    qualified_by_parenthesis,
    scoped_by_parenthesis,
)
from chalicelib.domain.metrics.result_names import is_result_name
from chalicelib.domain.metrics.vocabulary import is_known_metric, sense_of
from chalicelib.domain.metrics.words import _QUALIFIER_WORDS

# name: value / name = value. A name is up to four words; the first starts with a letter. A
# colon without a space takes a decimal only ("val ap:0.9812"; "host:8080" is no metric). A
# composite keeps its "&" ("J&F: 7.7" is the mean of J and F, never F).
_COLON_OR_EQUALS = re.compile(
    r"(?<![\w@.\-/&])"
    # (a name's first word may end with a glued parenthesis: "mIoU(c): 79.1", "Acc(top1): 76")
    r"([A-Za-z][\w@.\-/%&]{0,40}+(?:\([\w@.\-]{1,20}+\))?+"
    r"(?:[ \t]++(?:@(?=\d)|[A-Za-z0-9(])[\w@.\-/%()]{0,40}+){0,3}+)"
    r"([ \t]*+(?::[ \t]++|:(?=[-+]?+\d*+\.\d)|=[ \t]*+))"
    r"(" + NUM + r")" + END + r"(?:[ \t]?+%)?+"
)
# "nDCG@10 0.6789 vs 0.6790 reference": a value compared with another; the pair is the first.
_VERSUS = r"[ \t]++(?:vs\.?+|versus)[ \t]++[-+]?+\.?+\d"
# name value, in a list separated by "," "|" ";" or runs of spaces: "val loss 4.04"; a list
# item's bullet ("- mAP 40.1") or a script's arrow (">>> mean accuracy 0.61", "==> mAP 40.1")
# leads the line.
# The writer's own label may lead it too ("Mine: WER 3.8% and R-WER 9.4%", beside a "Paper:"
# line): its pairs may be joined by "and" after a percentage or a decimal ("top1 and top5 acc
# over 90", "between 74 and 76": no pairs).
# A value that is a measurement, a percentage or a decimal, just before (not a count or a bound).
_MEASURED = r"(?:(?<=\d%)|(?<=\.\d)|(?<=\.\d\d)|(?<=\.\d{3})|(?<=\.\d{4})|(?<=\.\d{5}))"
_SPACED = re.compile(
    r"(?:^([ \t]*+(?:[-*+]|>>>|=++>)[ \t]++"
    r"|[ \t]*+(?i:mine|ours|my[ \t]++results?+|our[ \t]++results?+|reproduced)[*_]*+[ \t]*+:[ \t]*+"
    r")?+|[,|;]\s*+|(?<!\s)\s{2,}+|\t"
    r"|" + _MEASURED + r"[ \t]++and[ \t]++)"
    r"([A-Za-z][\w@.\-/%]{0,40}+(?:[ \t][A-Za-z][\w@.\-/%]{0,40}+){0,3}+)"
    r"[ \t]++(" + NUM + r")" + END + r"(?:[ \t]?+%)?+"
    # (the run of spaces before the next pair is tested before `\s*+` could take it whole)
    r"(?=\s{2,}+(?=\S)|\t|\s*+(?:$|[,|;]|\(|±|\+/-)|"
    + _MEASURED
    + r"[ \t]++and[ \t]++[A-Za-z]|"
    + _VERSUS
    + r")"
)
# A list of bracketed items, one pair each ("[val loss 0.0567], [acc 0.989], [mean_iu 0.653]"):
# each item is a pair, read like the spaced ones.
_BRACKETED = re.compile(
    r"\[[ \t]*+([A-Za-z][\w@.\-/%]{0,40}+(?:[ \t][A-Za-z][\w@.\-/%]{0,40}+){0,3}+)"
    r"(?:[ \t]*+[:=])?+[ \t]++(" + NUM + r")" + END + r"[ \t]*+%?+[ \t]*+\]"
)
_TQDM = re.compile(r"\d%\||\bit/s\]|\bs/it\]|(?<!\d)\d++it \[")
# A progress bar's title and percentage without its bar (Lightning's "Testing: 100%" once the
# bar is pasted on its own line): progress, never a result.
_PROGRESS_TITLE = re.compile(
    r"(?i)^\s*+(?:testing|validating|validation|training|predicting|sanity checking)"
    r"(?:\s++dataloader\s++\d++)?+\s*+:\s*+\d++(?:\.\d++)?+%\s*+$"
)
_LOG_LEVEL_WORDS = frozenset(["INFO", "DEBUG", "WARNING", "WARN", "ERROR", "CRITICAL", "NOTE"])
# ("vs 83.61": the other side of a comparison, no name)
_NAME_BLOCKLIST = frozenset(["numpy", "shape", "dtype", "device", "grad_fn", "vs", "versus"])


# "Training: loss = 1.4, acc = 0.5 | Val: loss = 1.7, acc = 0.5": each pipe-separated segment
# names its split, and its pairs are named after it (GAT's train.py); such a line reports the
# training loop, so its values are running ones.
_SEGMENT = re.compile(
    r"(?:^|\|)\s*+(Training|Train|Validation|Valid|Val|Testing|Test|Dev|Eval)\s*+:(?!\s*+\d)", re.I
)
# A title line ("Average F1 scores:") names what the next line prints.
_TITLE = re.compile(r"^\s*+([A-Za-z][\w\-]*+(?: [\w\-()]++){0,5}+):\s*+$")
_STEP_PAIR = re.compile(r"_(?:step|epoch|iter|iteration)s?+['\"]?+\s*+[:=]\s*+\d")
# "F-score (micro)", "Precision (macro avg)": the averaging qualifier is part of the metric, so
# it is kept as a word ("F-score micro") rather than in parentheses (which name a unit).
_QUALIFIED = re.compile(r"^(.*?\S)\s*+\((macro|micro|weighted|samples)(?: avg| average)?+\)$", re.I)
_COPULAS = frozenset({"is", "was", "are", "were"})
_CONJUNCTIONS = frozenset({"and", "&"})
# A value followed by the data set it is on: "mAP : 67.90 for oxford", "acc: 0.91 on CIFAR-10".
_FOR_DATASET = re.compile(
    r"%?+[ \t]++(?:for|on)[ \t]++(?:the[ \t]++)?+([A-Za-z][\w.\-+]{1,30}+)"
    r"(?![\w.\-+])(?![ \t]*+[:=])"
)
# The text before a pair ends with a value (a previous pair's): a conjunction there joins pairs.
_AFTER_VALUE = re.compile(r"\d%?+,?+[ \t]++$")
_COUNTER_WORDS = frozenset(["epoch", "step", "iter", "iteration", "episode", "ep", "it", "round"])
_COUNT = re.compile(r"^[\[(]?+\d++(?:/\d++)?+[\])]?+:?+$")
_FUNCTION_WORDS = frozenset(
    {"of", "in", "for", "to", "the", "and", "a", "an", "on", "at", "by", "with", "from", "as"}
    | {"is", "are", "was", "were", "that", "this", "than", "or", "but", "if", "so", "we", "i"}
)
# A value followed by more bare numbers is one element of a vector ("bbox AP:96.25, 89.50,
# 89.24", KITTI's easy/moderate/hard; "AP: 77.83 59.77 54.28"): no single metric.
# A number glued to letters is the next pair's name ("epe: 8.02\t1px: 0.51", torchvision's
# optical flow line), not a further value.
# "normalized score =100 * (score - random score)/(...)": a constant of a formula, multiplied
# or divided by an expression of names, is no value of the name before it.
_FORMULA = re.compile(r"[ \t]*+[*\u00d7][ \t]*+[(A-Za-z]")
_MORE_NUMBERS = re.compile(r"[ \t]*+,?+[ \t]*+[-+]?+\.?+\d(?!\d*+(?:\.\d*+)?+[A-Za-z_])")
# A bracketed label glued to a name scopes it: insightface's "[lfw][308000]XNorm: 22.07",
# "[cfp_fp]Accuracy-Flip: 0.93" (a data set; a bare step number in brackets is no scope: it is
# the training step of a periodic evaluation, so the values are running ones).
_GLUED_SCOPE = re.compile(r"\[([A-Za-z][\w.\-]{0,40}+)\](\[\d++\])?+$")
# A class row led by the class's index and name, one pair after it ("class 13 car IU 88.16",
# the per-class IoU list of segmentation evaluators such as DACS' and AdaptSegNet's): that
# class's value (`car/class IU`), never the mean over classes.
_INDEXED_CLASS = re.compile(
    r"(?i)^\s*+(?=c)class\s*+\d{1,4}+[:.]?+\s++([A-Za-z][\w\-.]{0,40}+)\s++"
    r"([A-Za-z][\w@\-]{0,20}+)\s*+[:=]?+\s*+(" + NUM + r")" + END + r"\s*+%?+\s*+$"
)
# A bracketed metric name leading a line with its mean over samples and that mean's spread
# ("[CIDEr] Mean: 0.7525, Max: 6.3784, Min: 0.0000"): the metric's value is the mean; the
# extremes are single samples', no results.
_NAMED_MEAN = re.compile(
    r"^\s*+\[([A-Za-z][\w@.\-]{0,40}+)\][ \t]*+[-:]?+[ \t]*+(?:mean|avg|average)[ \t]*+[:=][ \t]*+"
    r"(" + NUM + r")" + END + r"(?=[ \t]*+(?:[,;|]|$))",
    re.I,
)


def _after_paren(match: re.Match[str]) -> int:
    """Where the pair starts, after a parenthesis its name holds ("higher (HR@10: 0.33")."""
    opened = match.group(1).rfind("(")
    return match.start(1) + opened + 1 if opened >= 0 else match.start()


# "minDCF (p_target:0.01 c_miss:1 c_fa:1) = 0.4238": settings in parentheses between a
# metric's name and its value are the metric's parameters, never its value nor metrics of
# their own; the value after the parenthesis is the metric's.
_SETTINGS = re.compile(
    r"(?<![\w@.\-/])([A-Za-z][\w@.\-]{0,40}+)[ \t]*+(\([^()\n]{1,160}+\))"
    r"(?=[ \t]*+[:=][ \t]*+[-+]?+\.?+\d)"
)
_SETTING_KEY = re.compile(r"([A-Za-z_][\w.\-]{0,30}+)[ \t]*+[:=][ \t]*+[-+]?+\.?+\d")


def _without_settings(line: str) -> str:
    """`line` with the parameter lists of metric names blanked (see `_SETTINGS`). An IoU
    threshold is no parameter but part of the metric ("AP (IoU=0.50) = 0.61" is AP50): kept."""
    for match in _SETTINGS.finditer(line):
        keys = _SETTING_KEY.findall(match.group(2))
        if not keys or not is_known_metric(match.group(1)):
            continue
        if any(sense_of(key).base in ("iou", "miou") for key in keys):
            continue
        start, end = match.span(2)
        line = line[:start] + " " * (end - start) + line[end:]
    return line


# A name glued to the Chinese verb before it that states the sentence's result ("测试结果是mse:
# 0.2567", "the test result is mse: ..."; 为 "is", 达到/到 "reached", 得到 "got", 了): Chinese
# puts no space between words, so the verb ends the word before the name. (Glued to another
# word, "...Recommendation中Hit@10 =0.5581", "in the paper's ...", the pair is not read.)
_CJK_GLUED = re.compile(r"([\u662f\u4e3a\u5230\u4e86])(?=[A-Za-z])")


# "TPR@FPR=0.0001": a condition (the rate at which another is read), not a result.
_CONDITION = re.compile(r"@[A-Za-z]++$")


def _clean(words: list[str]) -> list[str]:
    """Drop log levels and a leading progress counter ("epoch 3 val_acc" -> "val_acc"); a
    logger's name before its level is a prefix ("fastreid.evaluation.testing INFO: 0.2%" has no
    metric name), and a name that starts with a lower-case function word is a fragment of prose
    ("number of files for evaluation: 3769" read from "of")."""
    levels = [i for i, word in enumerate(words) if word.rstrip(":") in _LOG_LEVEL_WORDS]
    if levels:
        words = words[levels[-1] + 1 :]
    if words and words[0] in _FUNCTION_WORDS:
        return []
    copula = max((i for i, word in enumerate(words[:-1]) if word in _COPULAS), default=-1)
    if copula >= 0:
        words = words[copula + 1 :]  # "my results are recall@20: 0.22" names recall@20
    while words and (
        words[0] in _LOG_LEVEL_WORDS
        or (len(words) > 2 and words[0].lower() in _COUNTER_WORDS and _COUNT.match(words[1]))
    ):
        words = words[1:] if words[0] in _LOG_LEVEL_WORDS else words[2:]
    if (
        len(words) > 3
        and words[-3].lower() in ("at", "after")
        and words[-2].lower() in _COUNTER_WORDS
        and words[-1].isdigit()
    ):
        words = words[:-3]  # "BLEU at step 5000: 0.159" (THUMT): BLEU, a running value
    if words and words[-1].lower() in _NAME_BLOCKLIST:
        return []
    if len(words) > 1 and words[-1] in _COPULAS:
        return words[:-1]  # "RTF is: 0.309" (a sentence-like log message) names the RTF
    return words


def _scoped(before: str, name: str) -> str:
    """`name` under the data set a bracketed label glued to it names (`lfw/XNorm`)."""
    glued = _GLUED_SCOPE.search(before)
    if glued is None or glued.group(1).upper() in _LOG_LEVEL_WORDS:
        return name
    return f"{glued.group(1)}/{name}"


def _segment_name(segments: list[re.Match[str]], at: int, name: str) -> str:
    """`name` prefixed with the split segment it is printed in (`Val/acc`), if any."""
    label = next((m.group(1) for m in reversed(segments) if m.end() <= at), None)
    return f"{label}/{name}" if label else name


def qualified(name: str) -> str:
    """`F-score (micro)` -> `F-score micro` (see `_QUALIFIED`)."""
    match = _QUALIFIED.match(name) if name.endswith(")") else None
    return f"{match.group(1)} {match.group(2)}" if match else name


@reader("generic", markers=(":", "=", " ", "\t"), order=1000)
def read_generic(line: str, state: LogState, out: Sink) -> bool:
    if _TQDM.search(line) or ("%" in line and _PROGRESS_TITLE.match(line)):
        return False
    if not line.isascii():
        line = _CJK_GLUED.sub(r"\1 ", line)  # "测试结果是mse:0.2567": the name is "mse"
    if line.endswith(":") or line.rstrip().endswith(":"):
        title = _TITLE.match(line)
        if title:
            state.context["title"] = (state.line_no, title.group(1))
            return False
    mean = _NAMED_MEAN.match(line) if line[:1] in "[ \t" and "]" in line else None
    if mean and is_known_metric(mean.group(1)):
        return out.add(mean.group(1), mean.group(2), "generic")
    if "lass" in line and (row := _INDEXED_CLASS.match(line)) and is_known_metric(row.group(2)):
        return out.add(f"{row.group(1)}/class {row.group(2)}", row.group(3), "generic")
    # "max_val: 92.50%, max_val_Test: 80.81%, max_val_step: 49": the state at a step
    running = True if "_" in line and _STEP_PAIR.search(line) else None
    segments = list(_SEGMENT.finditer(line)) if "|" in line else []
    if len(segments) < 2:
        segments = []
    elif running is None:
        running = True  # train and val side by side: a line of the training loop
    pairs: list[tuple[str, str]] = []
    quoting = cjk_source(line) or any(
        word in line
        for word in (
            "aper",
            "eport",
            "uthor",
            "laim",
            "EADME",
            "eadme",
            "posted",
            "ublished",
            "you ",
            "yours",
            "orrect ",
            "xpected ",
            "arget ",
            "esired ",
        )
    )
    asking = "?" in line and "ow " in line
    unreached = "reproduce " in line or "close to " in line or "reach " in line
    arrows = "->" in line or "=>" in line or "\u2192" in line or "\u27f6" in line
    for_dataset = " for " in line or " on " in line  # once a line: a line holds many pairs
    scoped_on: set[str] = set()
    paren_after = "(" in line or "[" in line
    if ":" in line or "=" in line:
        if "(" in line and ")" in line:
            line = _without_settings(line)
        for match in _COLON_OR_EQUALS.finditer(line):
            words, separator, number = match.group(1).split(), match.group(2), match.group(3)
            if "(" in words[-1] and (glued := _GLUED_PAREN.search(match.group(1))):
                words = [glued.group(1)]  # "my scores(IS: 14.31": the pair is "IS"
            became = _ARROW_TO.match(line, match.end()) if arrows else None
            if became:
                number = became.group(1)
            elif (
                _MORE_NUMBERS.match(line, match.end())
                or (("*" in line or "\u00d7" in line) and _FORMULA.match(line, match.end()))
                or (quoting and _quoted(line, match.start(), match.end()))
                or (asking and asked_target(line, match.start(), match.end()))
                or (unreached and unreached_target(line, match.end(1) - len(words[-1])))
            ):
                continue
            if quoting and (
                _after_source(line, match.start(), match.group(1))
                or _in_source_parenthesis(line, _after_paren(match))
            ):
                continue
            if separator.strip().startswith("="):
                # key=value lists ("model=yolov8l.pt imgsz=640"): the name is one word, with
                # the split word printed before it (LightGBM's "Valid auc=0.88" is validation)
                # the same for a qualifier that makes another metric ("Joint EM = 41.4",
                # "mask AP = 35.2")
                before = words[-2].lstrip("([").lower() if len(words) > 1 else ""
                split_word = before in _SPLIT_OF_WORD or before in _QUALIFIER_WORDS
                # "exact match = 73.80": a name of two words whose last is no metric alone
                split_word = split_word or (
                    len(words) > 1
                    and not is_known_metric(words[-1])
                    and is_known_metric(f"{words[-2]} {words[-1]}")
                )
                words = [words[-2].lstrip("(["), words[-1]] if split_word else words[-1:]
                if _CONDITION.search(words[0]):
                    continue
            if words[0] in _CONJUNCTIONS and _AFTER_VALUE.search(
                line, max(0, match.start() - 12), match.start()
            ):
                words = words[1:]  # "recall@20: 0.2258 and ndcg@20: 0.1451": the second pair
            words = _clean(words)
            name = qualified(" ".join(words))
            if (
                words
                and paren_after
                and line[match.end() : match.end() + 3].lstrip(" %")[:1] in ("(", "[")
            ):
                # "Accuracy: 91.2% (val)", "[val]": the parenthesis gives the value's split
                scoped = scoped_by_parenthesis(name, line[match.end() : match.end() + 40])
                if scoped is None:
                    continue
                name = scoped
            on = _FOR_DATASET.match(line, match.end()) if for_dataset else None
            if on and _named_dataset(on.group(1)):
                name = f"{on.group(1)}/{name}"  # "mAP : 67.90 for oxford": Oxford's mAP
                scoped_on.add(on.group(1))
            if segments:
                name = _segment_name(segments, match.start(), name)
            elif words and line[match.start() - 1 : match.start()] == "]":
                name = _scoped(line[max(0, match.start() - 64) : match.start()], name)
            if words and is_result_name(name):
                pairs.append((name, number))
                glued = _GLUED_SCOPE.search(line, max(0, match.start() - 64), match.start())
                if glued and glued.group(2) and running is None:
                    # insightface's "[lfw][298000]Accuracy-Flip: ...": the global step of a
                    # periodic verification, a running value (the last one is the run's)
                    running = True
    if not pairs:
        for match in _SPACED.finditer(line):
            if (
                _MORE_NUMBERS.match(line, match.end())
                or (("*" in line or "\u00d7" in line) and _FORMULA.match(line, match.end()))
                or (quoting and _quoted(line, match.start(2), match.end()))
                or (asking and asked_target(line, match.start(2), match.end()))
                or (
                    unreached
                    and unreached_target(line, match.end(2) - len(match.group(2).split()[-1]))
                )
            ):
                continue
            if quoting and _after_source(line, match.start(2), match.group(2)):
                continue
            words = _clean(match.group(2).split())
            name = qualified(" ".join(words))
            if match.group(1) and not is_known_metric(name):
                continue
            if words and match.group(2).split()[-1] in _COPULAS:
                # "Accuracy is 91.2% (top-5)": a statement whose parenthesis names the metric
                after = qualified_by_parenthesis(name, line[match.end() :])
                if after is None:
                    continue
                name = after
            if words and is_result_name(name):
                pairs.append((name, match.group(3)))
    if not pairs and line.count("[") > 1 and "]" in line:
        items = [(_clean(m.group(1).split()), m.group(2)) for m in _BRACKETED.finditer(line)]
        if len(items) > 1:
            pairs = [(" ".join(w), v) for w, v in items if w and is_result_name(" ".join(w))]
    if len(scoped_on) == 1 and len(pairs) > 1:
        pairs = _same_data_set(pairs, scoped_on.pop())
    if len(pairs) > 2:
        pairs = grouped_repeats(pairs)  # "Loss ... F1 ... Exceed Loss ... F1": the subset's F1
    if pairs:
        pairs = scoped_by_lead(line, pairs, state, segments=bool(segments), for_dataset=for_dataset)
    training = _training_bases(pairs) if running or state.running else frozenset()
    found = False
    stated = _prose_split(line) if pairs and (" set" in line or " split" in line) else None
    for name, number in pairs:
        sense = sense_of(name) if training else None
        split = "train" if sense and sense.split is None and sense.base in training else None
        if stated and split is None and sense_of(name).split is None:
            split = stated
        if out.add(name, number, "generic", split=split, running=running):
            found = True
    return found


# A sentence that says which split its values are on: "combined MOTA = 49.49 on train set of
# MOT20", "we get 81.2 top-1 on the validation split", "on the SQuAD dev set" (a data set's
# name between).
_ON_SPLIT = re.compile(
    r"(?=[ofiOFI])\b(?i:on|for|of|in)\s++(?:(?i:the)\s++)?+(?:[A-Z][\w\-.]{1,30}+\s++)?"
    r"(?i:(train|training|val|valid|validation|dev|test|testing)\s++(?:set|split))\b"
)


def _prose_split(line: str) -> str | None:
    """The split a line's prose puts its values on, when it names exactly one."""
    named = {_SPLIT_OF_WORD[m.group(1).lower()] for m in _ON_SPLIT.finditer(line)}
    return named.pop() if len(named) == 1 else None


def _training_bases(pairs: list[tuple[str, str]]) -> frozenset[str | None]:
    """On a line of the training loop (`Epoch: 9, Loss: 1.26, Accuracy: 0.62, Val Acc: 0.59`),
    the metrics printed both unprefixed and with a validation or test split: the unprefixed
    one is the training value (`Accuracy` here), as in Keras' fit."""
    senses = [sense_of(name) for name, _ in pairs]
    evaluated = {s.base for s in senses if s.base is not None and s.split in ("val", "test")}
    unprefixed = {s.base for s in senses if s.split is None}
    if not evaluated <= unprefixed:
        # an evaluated metric without its training twin ("eval_accuracy = 0.77, eval_loss =
        # 1.16, loss = 1.16", TF Estimator's saved evaluation): an evaluation's line, whose
        # unprefixed names are the evaluation's too, not the training loop's
        return frozenset()
    return frozenset(s.base for s in senses if s.split is None and s.base in evaluated)


def _same_data_set(pairs: list[tuple[str, str]], data: str) -> list[tuple[str, str]]:
    """A sentence that gives a metric "for dev-clean" once and again without a data set ("WER
    = 10.43% for dev-clean ... after the script I have got WER = 12.01%"), naming no other data
    set: the second value is of the same data set."""
    named = {n.split("/", 1)[1] for n, _ in pairs if n.startswith(f"{data}/")}
    return [(f"{data}/{n}" if "/" not in n and n in named else n, v) for n, v in pairs]
