"""The one metric vocabulary: what a metric name means, for the validator, scoring and the
leaderboard.

`sense_of("Test Top-1 Accuracy")` reads a name into a `MetricSense`: the metric itself
(`base`, e.g. `accuracy`, with `k` = 1), the data split it was measured on (`test`), a
qualifier that makes it a different metric (`box` vs `mask` AP, `macro` vs `micro` F1,
`acc_norm` vs `acc`), a statistic (`std` of a metric is not the metric) and the scope the name
carries (a benchmark, task or dataset such as `hellaswag` or `test-clean`).

Decisions (README "Metric vocabulary"):
- Synonyms and abbreviations fold onto one base: EM / exact match, P / precision, R / recall,
  mIoU / mean IoU, AP / mAP (COCO's AP@[.5:.95]; `mAP50-95` too), top-1 / acc@1 / accuracy,
  `@k` / `_at_k` / `top-k`, WER / word error rate, BLEU / BLEU4 / sacreBLEU.
- Splits: `test`, `val` (validation, valid, dev, eval: Hugging Face's `eval_` prefix is the
  evaluation set) and `train`. They are never interchangeable (see `claims.py`).
- Words that only decorate a name (avg, average, mean, final, best, overall, score) are ignored,
  except where they make another metric (`mAcc` is mean class accuracy, not accuracy).
- A name that is only a benchmark ("MMLU", "HellaSwag") means that benchmark's headline
  metrics (`BENCHMARK_HEADLINES`).

Pure functions, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from chalicelib.domain.metrics.phrases import _BASE_PHRASES as _BASE_PHRASES
from chalicelib.domain.metrics.phrases import _BENCHMARK_ALIASES as _BENCHMARK_ALIASES
from chalicelib.domain.metrics.phrases import _KNOWN_BASES as _KNOWN_BASES
from chalicelib.domain.metrics.phrases import _MAX_PHRASE as _MAX_PHRASE
from chalicelib.domain.metrics.phrases import _MINUTES_AHEAD as _MINUTES_AHEAD
from chalicelib.domain.metrics.phrases import BENCHMARK_HEADLINES as BENCHMARK_HEADLINES
from chalicelib.domain.metrics.phrases import BENCHMARK_K as BENCHMARK_K
from chalicelib.domain.metrics.phrases import KERAS_ACCURACY_SCOPES, folded_scope, unlisted
from chalicelib.domain.metrics.setup_words import verb_use
from chalicelib.domain.metrics.tf_od_names import tf_od_api_name
from chalicelib.domain.metrics.vlm_benchmarks import VLM_PARTS
from chalicelib.domain.metrics.words import _AGGREGATE_WORDS as _AGGREGATE_WORDS
from chalicelib.domain.metrics.words import _NOISE_WORDS as _NOISE_WORDS
from chalicelib.domain.metrics.words import _QUALIFIER_PAIRS as _QUALIFIER_PAIRS
from chalicelib.domain.metrics.words import _QUALIFIER_WORDS as _QUALIFIER_WORDS
from chalicelib.domain.metrics.words import _SPLIT_WORDS as _SPLIT_WORDS
from chalicelib.domain.metrics.words import _STAT_WORDS as _STAT_WORDS
from chalicelib.domain.metrics.words import SPLITS as SPLITS
from chalicelib.domain.metrics.words import _words as _words

# Dataset names that contain a split word but name a dataset (LibriSpeech, WSJ, ...): kept whole
# as a scope, and they also say which split they are.
# ("train_dev", Kaldi's and ESPnet's development set held out of the training data, is a
# validation set; "eval1", CSJ's first test set, keeps its number.)
_DATASET_SPLITS = re.compile(
    r"(?<![a-z0-9])(test|dev|eval|train)[-_ ]?"
    r"(clean|other|set\d++|\d{1,4}|(?<=train[-_ ])dev|(?<=test)(?-i:[AB]))"
    r"(?![a-z0-9])",
    re.IGNORECASE,
)
_PERCENTILE = re.compile(r"(?<![A-Za-z0-9])[Pp](50|75|90|95|99|99\.9)(?![0-9])")
# A unit in parentheses after a name: "Request throughput (req/s)", "Mean TTFT (ms)".
_UNIT = re.compile(r"\s*\(([^()]{0,20})\)\s*$")
# What a trailing parenthesis holds when it is a unit, not a qualifier ("(macro)") or a scope.
_UNIT_TEXT = re.compile(
    r"(?i)^\s*(?:%|percent|pct|ms|s|sec|secs|seconds|min|mins|h|hrs?|gb|mb|kb|gib|mib|x|fps|"
    r"req/s|reqs?/s|requests?/s|tok/s|tokens?/s|it/s|s/it|samples?/s|img/s|images?/s|qps|"
    r"bits?|bytes?|nats?|db|mm|px|\d+(?:\.\d+)?\s*%?|[-+]?\d+(?:\.\d+)?\s*[-±]\s*\d.*|"
    r"\d+\s*-?\s*shots?|zero\s*-?\s*shot|few\s*-?\s*shot)\s*$"
)


# A bare "Throughput" names a different metric by its unit: vLLM's benchmark_throughput.py prints
# `Throughput: 24.74 requests/s, 12667.68 tokens/s`, and reports re-type it as "Throughput
# (tokens/s)" or "Throughput (req/s)"; one line's request rate is not its token rate.
_THROUGHPUT_UNITS = re.compile(
    r"(?i)^\s*(?:(tok(?:en)?s?)|(req(?:uest)?s?))\s*/\s*(?:s|sec|second)\s*$"
)


def strip_unit(name: str) -> str:
    """`Mean TTFT (ms)` -> `Mean TTFT`; `Precision (macro)` keeps its qualifier as a word;
    `Throughput (tokens/s)` -> `Token throughput` (`(req/s)`: `Request throughput`)."""
    match = _UNIT.search(name)
    if match is None:
        return name
    inside = match.group(1)
    if name[: match.start()].strip().lower() == "throughput" and (
        rate := _THROUGHPUT_UNITS.match(inside)
    ):
        return "Token throughput" if rate.group(1) else "Request throughput"
    if inside.isdigit() and match.start() > 0 and name[match.start() - 1].isalnum():
        # a number glued to the name is a parameter of the metric, not a unit: TrackEval's
        # HOTA(0) is HOTA at the lowest localisation threshold, another metric than HOTA
        return f"{name[: match.start()]} level{inside}"
    if _UNIT_TEXT.match(inside) or not inside.strip():
        return name[: match.start()]
    return f"{name[: match.start()]} {inside}"


# Words in a trailing parenthesis that only say what kind of thing the scope is: "F1 (class 1)".
_SCOPE_KIND_WORDS = frozenset({"class", "label", "category", "model", "method", "run"})


# A partition named by its ratio, "80-10-10" or "70/15/15 split" (three parts or more: "76-2"
# is a value and its error): the scope of the values printed under that ratio.
_RATIO_SCOPE = re.compile(r"(?i)^\s*+(\d{1,3}+(?:[-_/:]\d{1,3}+){2,3}+)(?:\s++split)?+\s*+$")

# A trailing "@ 60 min" / "at 15 minutes": a traffic forecast's horizon, like "(60 min)".
_AT_MINUTES = re.compile(r"(?i)\s*+(?:@|\bat)\s*+(\d{1,4}+)\s*+(?:mins?+|minutes)\s*+$")


def _parenthesised_scope(name: str) -> tuple[str, str]:
    """A trailing parenthesis that names what the value is of, not a unit, a qualifier, a split
    or a metric ("NDCG@10 (SPLADE)", "F1 (class 1)", "Test Hits@50 (AA)", "log (DataLoader 3)",
    "Avg in MTEB Retrieval (bge-base-en-v1.5)"): its scope key and the name without it. Other
    parentheses are left to `strip_unit` ("(ms)", "(macro)", "(eval metric)", "(top-1)")."""
    if name[-1:] in "nNsS" and (ahead := _AT_MINUTES.search(name)):
        # "MAE @ 60 min": the horizon as "(60 min)" is, no Recall@60 of a minimum
        return f"{ahead.group(1)}min", name[: ahead.start()]
    match = _UNIT.search(name) if name.endswith(")") else None
    if match is not None and (ratio := _RATIO_SCOPE.match(match.group(1))):
        return scope_key(ratio.group(1)), name[: match.start()]  # "(80-10-10 split)"
    if match is not None and (minutes := _MINUTES_AHEAD.match(match.group(1))):
        # "MAPE (60 min)": a forecast's horizon (logs print "Horizon 60mins"), no minimum
        return f"{minutes.group(1)}min", name[: match.start()]
    if match is None or _UNIT_TEXT.match(match.group(1)) or not match.group(1).strip():
        return "", name
    words = _words(match.group(1))
    if not words or any(
        word in _SPLIT_WORDS
        or word in _QUALIFIER_WORDS
        or word in _STAT_WORDS
        or word in _BASE_PHRASES
        or word in _NOISE_WORDS
        for word in words
    ):
        return "", name
    if " ".join(words) in _BASE_PHRASES or not name[: match.start()].strip():
        return "", name
    kept = [w for w in words if w not in _SCOPE_KIND_WORDS] or words
    return scope_key("".join(kept)), name[: match.start()]


# "@10", "_at_10" (BEIR/MTEB), " at 10": a cutoff, never an IoU threshold such as "@0.5".
_AT_K = re.compile(r"(?:@|_at_|\bat\s+)\s*(\d{1,5})(?![\d.]|[kKmM](?![a-zA-Z]))", re.IGNORECASE)
# "@0.5", "@.75": a threshold (an IoU, a score), a qualifier of the metric, never a cutoff.
# Accuracy and precision only: AP@0.5 is AP50 (a base of its own), mAP@0.5:0.95 a range.
_AT_THRESHOLD = re.compile(
    r"(?i)(?=[ap])(?<![a-z])(acc(?:uracy)?+|prec(?:ision)?+)@\s*+((?:0|1)?+\.\d{1,4}+)(?![\d.:])"
)


def _fold_pairs(words: list[str]) -> list[str]:
    """Two-word qualifiers as one word (`strict match` -> `strict`, `5 shot` -> `5shot`)."""
    folded: list[str] = []
    for word in words:
        pair = _QUALIFIER_PAIRS.get((folded[-1], word)) if folded else None
        if folded and word in ("shot", "shots") and (folded[-1].isdigit() or folded[-1] == "zero"):
            pair = f"{0 if folded[-1] == 'zero' else int(folded[-1])}shot"
        if pair is None:
            folded.append(word)
        else:
            folded[-1] = pair
    return folded


@dataclass(frozen=True)
class MetricSense:
    """What a metric name means. `base` is None when the name carries no metric word (OGB's
    `Final Test`, PyG's `Test:`): such a name stands for the run's main metric."""

    base: str | None
    k: int | None = None
    split: str | None = None
    qualifiers: frozenset[str] = frozenset()
    stat: str | None = None
    aggregate: str | None = None  # "mean" or "best" when the name says which
    scope: tuple[str, ...] = ()  # benchmark / task / dataset keys, e.g. ("hellaswag",)
    benchmark_bases: tuple[str, ...] = ()  # set when the name is only a benchmark
    key: str = ""  # metric_key of the whole name


def metric_key(name: str) -> str:
    """Case- and punctuation-insensitive key of a name: `Top-1 Accuracy` -> `top1accuracy`."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "", folded.lower())


# A "+" closing a name is part of it: HumanEval+ and MBPP+ (EvalPlus) are other benchmarks.
_PLUS_SUFFIX = re.compile(r"(?<=[A-Za-z0-9])\+(?![A-Za-z0-9+])")


# A forecast's prediction length is its horizon, however a script names it ("pred_len 96",
# "prediction length 96", "forecast horizon 96", "horizon 96"): one scope word, so that a claim
# of "MSE (ETTh1, horizon 720)" finds the value a log printed for `pred_len 720`.
_HORIZON_WORDS = re.compile(r"(?:forecast)?+horizon|pred(?:iction)?+len(?:gth)?+(?=\d)")


def scope_key(name: str) -> str:
    """The key of a benchmark, task or dataset name (`ARC-Challenge` -> `arcchallenge`,
    `HumanEval+` -> `humanevalplus`)."""
    key = metric_key(_PLUS_SUFFIX.sub("plus", name) if "+" in name else name)
    if "len" in key or "horizon" in key:
        key = _HORIZON_WORDS.sub("horizon", key)
    return _BENCHMARK_ALIASES.get(key, key)


# Waymo's difficulty levels beside an AP or APH (OpenPCDet `OBJECT_TYPE_TYPE_VEHICLE_LEVEL_2/APH`,
# MMDetection3D `Vehicle/L2 mAPH`, a claim's "Vehicle L2 APH" or "mAPH (L2)"): LEVEL_1 and
# LEVEL_2 results are two metrics, and "L2" there is no squared error.
_LEVEL_BEFORE = re.compile(
    r"(?i)(?<![a-z0-9])(?:level[ _-]?|l)([12])(?![0-9])(?=[\s_/:-]*m?aph?(?![a-z]))"
)
_LEVEL_AFTER = re.compile(r"(?i)(?<![a-z])(m?aph?[\s_/:(-]*)(?:level[ _-]?|l)([12])(?![0-9a-z])")


def _difficulty_level(text: str) -> tuple[str, str]:
    """The difficulty-level qualifier ("level2") a name gives its AP/APH, and the name without
    it."""
    if "1" not in text and "2" not in text:
        return "", text
    match = _LEVEL_BEFORE.search(text)
    if match:
        return f"level{match.group(1)}", f"{text[: match.start()]} {text[match.end() :]}".strip()
    match = _LEVEL_AFTER.search(text)
    if match:
        rest = f"{text[: match.start()]}{match.group(1)} {text[match.end() :]}".strip()
        return f"level{match.group(2)}", rest
    return "", text


_POSSESSIVE = re.compile(r"(?<=[A-Za-z0-9_])'s(?![A-Za-z])")
# MMOCR's text-detection evaluator named before each of its metrics ("hmean-iou:precision",
# "0_hmean-ic13:recall"): the evaluator, no metric (not the hmean) and no data set.
_OCR_EVALUATOR = re.compile(r"(?i)(?<![a-z])hmean-(?:iou|ic13):(?=[a-z])")


@lru_cache(maxsize=4096)
def sense_of(name: str) -> MetricSense:
    """Read a metric name (as a claim or a log names it)."""
    text = unicodedata.normalize("NFKC", name).strip()
    if "'s" in text:
        # a possessive names no scope (LightGBM's "valid_1's auc" is the valid_1 set's auc)
        text = _POSSESSIVE.sub("", text)
    whole_key = metric_key(strip_unit(text) or text)
    if "_P" in text or "_Recall/" in text or "_CorLoc/" in text:
        text = tf_od_api_name(text)  # `PascalBoxes_Precision/mAP@0.5IOU`
    if "hmean-" in text:
        text = _OCR_EVALUATOR.sub("", text)
    level, text = _difficulty_level(unlisted(text) if "," in text else text)
    named_scope, text = _parenthesised_scope(text)
    text = strip_unit(text) or name.strip()
    # "0.5:0.95" and ".5:.95" keep their dots for the tokeniser; other separators split.
    parts = [p for p in re.split(r"[/|]", text) if p.strip()]
    metric_part = parts[-1] if parts else text
    scope_parts = parts[:-1]

    scope: list[str] = [named_scope] if named_scope else []
    split: str | None = None
    qualifiers: set[str] = {level} if level else set()
    aggregate: str | None = None

    def take_dataset_splits(part: str) -> str:
        nonlocal split
        for match in _DATASET_SPLITS.finditer(part):
            scope.append(metric_key(match.group(0)))
            word = "dev" if match.group(2).lower() == "dev" else match.group(1).lower()
            split = split or _SPLIT_WORDS.get(word)
        return _DATASET_SPLITS.sub(" ", part)

    # scope parts that are a metric word (MMEngine's `acc/top1`): a namespace, maybe no scope
    namespaces: list[tuple[str, str]] = []
    for part in scope_parts:
        leftover: list[str] = []
        words = _fold_pairs(_words(take_dataset_splits(part)))
        for index, word in enumerate(words):
            aggregate = aggregate or _AGGREGATE_WORDS.get(word)
            if word in _SPLIT_WORDS and verb_use(words, index):
                leftover.append(word)  # "train with cold fusion": a setup, not the split
            elif word in _SPLIT_WORDS:
                split = split or _SPLIT_WORDS[word]
            elif word in _QUALIFIER_WORDS:
                qualifiers.add(_QUALIFIER_WORDS[word])
            elif word.endswith("shot") and word[:1].isdigit():
                qualifiers.add(word)
            elif word not in _NOISE_WORDS:
                leftover.append(word)
        if leftover:
            scope.append(scope_key("".join(leftover)))
            if " ".join(leftover) in _BASE_PHRASES:
                namespaces.append((scope[-1], _BASE_PHRASES[" ".join(leftover)][0]))

    metric_text = take_dataset_splits(metric_part)
    stat = None
    percentile = _PERCENTILE.search(metric_text)
    if percentile:  # vLLM-style "P99 TTFT": a percentile, not precision@99
        stat = "p" + percentile.group(1)
        metric_text = metric_text[: percentile.start()] + " " + metric_text[percentile.end() :]
    k = None
    threshold = _AT_THRESHOLD.search(metric_text) if "@" in metric_text else None
    if threshold:  # "Acc@0.5", "ACC@0.75": accuracy at an IoU threshold, one metric each
        qualifiers.add(f"at{float(threshold.group(2)):g}")
        after = metric_text[threshold.end() :]
        metric_text = f"{metric_text[: threshold.start()]}{threshold.group(1)} {after}"
    at_k = _AT_K.search(metric_text)
    if at_k:
        k = int(at_k.group(1))
        metric_text = metric_text[: at_k.start()] + " " + metric_text[at_k.end() :]
    words = _fold_pairs(_words(metric_text))

    base: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(words):
        matched = False
        for width in range(min(_MAX_PHRASE, len(words) - i), 0, -1):
            phrase = " ".join(words[i : i + width])
            if phrase in _BASE_PHRASES and base is None:
                base, phrase_k = _BASE_PHRASES[phrase]
                k = k if k is not None else phrase_k
                i += width
                matched = True
                break
        if matched:
            continue
        word = words[i]
        following = words[i + 1] if i + 1 < len(words) else ""
        if word == "top" and base == "accuracy" and k is None and following.isdigit():
            k = int(following)  # "accuracy_micro_top1": top-1 written after the base
            i += 2
            continue
        aggregate = aggregate or _AGGREGATE_WORDS.get(word)
        if word in _SPLIT_WORDS:
            split = split or _SPLIT_WORDS[word]
        elif word in _QUALIFIER_WORDS:
            qualifiers.add(_QUALIFIER_WORDS[word])
        elif word.endswith("shot") and word[:1].isdigit():
            qualifiers.add(word)  # "TriviaQA 5-shot": the 25-shot row is another result
        elif word in _STAT_WORDS:
            stat = _STAT_WORDS[word]
        elif word.isdigit() and base is not None and k is None and base in _K_BASES:
            k = int(word)
        elif word not in _NOISE_WORDS:
            rest.append(word)
        i += 1

    for namespace, namespace_base in namespaces:
        if namespace_base == "accuracy" and rest == ["1"] and aggregate == "mean" and base is None:
            base, rest, aggregate = "class_accuracy", [], None  # MMAction2's `acc/mean1`
        if namespace_base == base or (base == "class_accuracy" and namespace_base == "accuracy"):
            scope.remove(namespace)  # the metric's own namespace names no data set
    if base is None and rest == ["rank"] and k is not None and stat is None:
        base, rest = "cmc", []  # "Rank@1"
    if base is not None and "score" in rest:
        rest = [w for w in rest if w != "score"]  # "accuracy score" names no scope
    benchmark_bases: tuple[str, ...] = ()
    if base is None and rest:
        joined = scope_key("".join(rest))
        if len(rest) > 1 and rest[-1] in ("score", "scores"):
            # "MMLU score", "HellaSwag score": the benchmark's headline metric
            bare = scope_key("".join(rest[:-1]))
            joined = bare if bare in BENCHMARK_HEADLINES else joined
        if joined in BENCHMARK_HEADLINES:
            benchmark_bases = BENCHMARK_HEADLINES[joined]
            scope.append(joined)
            rest = []
        elif joined in VLM_PARTS:
            # "MME Perception": the part's metrics, of the benchmark's rows
            scope.append(VLM_PARTS[joined][0])
            benchmark_bases = VLM_PARTS[joined][1]
            rest = []
        else:
            # An unknown name is its own metric ("Request throughput", "ENTS_F1").
            base = "".join(rest)
            rest = []
    elif any(not word.isdigit() for word in rest):
        # Words beside a known metric name a scope ("hellaswag acc", "MMLU accuracy") unless
        # they are a known benchmark already; a bare number ("VALID SET 0") names nothing.
        own = scope_key("".join(rest))
        if not any(s != own and s.startswith(own) for s in scope):
            # ...unless the row names a variant of it: lmms-eval prints a metric named after
            # its benchmark on every variant's row (`mmmu_pro_standard/mmmu_acc`, MMMU-Pro;
            # `pope_adv/pope_f1_score`), where the row alone names the data set
            scope.append(own)

    if base == "precision" and k in (1, 5) and re.search(r"(?i)prec@", name):
        base = "accuracy"  # old PyTorch ImageNet examples print top-k accuracy as Prec@k
    if base in ("ap", "ar") and k is not None:
        # COCO writes AP50 / AP75 / AR100 with the number glued on; retrieval writes MAP@100.
        if base == "ap" and k in (50, 75) and "@" not in name and "_at_" not in name:
            base, k = f"ap{k}", None
        elif base == "ap":
            base = "map"
    scope = folded_scope(base, scope) if scope else scope  # "mIoU(c)": the class mIoU
    if base == "accuracy" and k is None and (keras := KERAS_ACCURACY_SCOPES.keys() & scope):
        k = KERAS_ACCURACY_SCOPES[min(keras)]  # Keras' `sparse_top_k_categorical_accuracy`
        scope = [s for s in scope if s not in keras]
    if base == "accuracy" and (task := _TASK_SCORES.keys() & scope) and not qualifiers:
        # lm-evaluation-harness prints TruthfulQA's MC1/MC2 scores as `acc` of the tasks
        # `truthfulqa_mc1` / `truthfulqa_mc2`: the benchmark's MC1/MC2, not some accuracy
        base, benchmark = _TASK_SCORES[min(task)]
        scope = [benchmark if s in task else s for s in scope]
    return MetricSense(
        base=base,
        k=k,
        split=split,
        qualifiers=frozenset(qualifiers),
        stat=stat,
        aggregate=aggregate,
        scope=tuple(dict.fromkeys(s for s in scope if s)),
        benchmark_bases=benchmark_bases,
        key=whole_key,
    )


# Benchmark tasks whose `acc` is another named score: task scope -> (base, benchmark scope).
_TASK_SCORES = {"truthfulqamc1": ("mc1", "truthfulqa"), "truthfulqamc2": ("mc2", "truthfulqa")}

# Bases that take a cutoff written without "@" ("Hits 50", "Recall 100", "ndcg 10").
_K_BASES = frozenset(
    {"ndcg", "mrr", "hits", "recall", "precision", "map", "pass", "accuracy", "bleu", "ar", "auc"}
)


def is_known_metric(name: str) -> bool:
    """Whether `name` is a metric of the vocabulary (accuracy, F1, mAP, ...), not just a name."""
    sense = sense_of(name)
    # a normalized score (D4RL's, Atari's human-normalized): a score a reader may name, where
    # a bare "score" is any number's name
    return sense.base in _KNOWN_BASES or (sense.base == "score" and "norm" in sense.qualifiers)
