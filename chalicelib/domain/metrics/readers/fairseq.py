"""fairseq: end-of-epoch stats lines `epoch 052 | loss 4.027 | ppl 16.30 | wps ...` (training),
`epoch 052 | valid on 'valid' subset | loss 4.7 | ppl 26.9 | ... | best_loss 4.7` (validation;
older releases print `valid_loss`/`valid loss`), with or without the logging prefix
`<date> | INFO | train |`; the JSON progress bar's `{"epoch": 1, "valid_loss": "4.7", ...}`;
fairseq-generate's `Generate test with beam=5: BLEU4 = 40.83, ...` (also `BLEU = ...` of the
sacrebleu scorer, `WER: 12.3`). Unprefixed stats are named by their split (`train_loss`,
`valid_ppl`; a subset other than valid/test prefixes its name: `dev_other_wer`), so training and
validation values of one epoch stay apart; per-epoch values are running ones (the last epoch's
stand). Progress lines (`epoch 005:  1000 / 8223 loss=2.17, ...`), the trainer's meters (wps,
ups, wpb, bsz, lr, gnorm, clip, oom, wall, num_updates, ...) and generate's speed line are no
metrics.

Format source: facebookresearch/fairseq fairseq/logging/progress_bar.py (SimpleProgressBar.log:
`"{}:  {:5d} / {:d} {}".format(prefix, i + 1, size, "k=v, ...")`, .print: `"{} | {}".format(
prefix, " | ".join(key + " " + value))`, JsonProgressBar.print: `json.dumps` of
`OrderedDict([(tag + "_" + k, v)])` with `format_stat` strings), fairseq_cli/train.py (prefix
`epoch {:03d}`, validation prefix `valid on '{subset}' subset`, stats `best_{metric}`,
older `best`), fairseq_cli/generate.py (`"Generate {} with beam={}: {}".format(gen_subset,
beam, scorer.result_string())`, `"Translated {:,} sentences ({:,} tokens) in {:.1f}s ..."`).
"""

from __future__ import annotations

import json
import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number

_EPOCH = re.compile(r"(?:^|\s)epoch\s++\d++(?::|$)")
_PROGRESS = re.compile(r"(?:^|\s)\d++\s++/\s++\d++\s")
_EPOCH_PROGRESS = re.compile(r"(?:^|\s)epoch\s++\d++:?+\s++\d++\s*+/\s*+\d++")
_SUBSET = re.compile(r"^valid on '([^'\n]++)' subset")
_STAT = re.compile(r"^([A-Za-z_][\w/.\- ]{0,40}?)\s++(" + NUM + r")%?+$")
_GENERATE = re.compile(
    r"\bGenerate (\S++) with beam=\d++:\s*+([A-Za-z][\w\-]*+)\s*+[=:]\s*+(" + NUM + r")" + END
)
_SPLITS = {"train": "train", "valid": "val", "validation": "val", "dev": "val", "test": "test"}
# The trainer's own meters: speed, batch sizes, optimiser state, counters, memory, time.
_METERS = frozenset(
    {"wps", "ups", "wpb", "bsz", "num_updates", "lr", "gnorm", "clip", "loss_scale", "oom"}
    | {"wall", "train_wall", "gb_free", "sample_size", "ntokens", "nsentences", "update"}
    | {"s/checkpoint", "words/s", "words/batch", "epoch"}
)
_SPLIT_PREFIX = re.compile(r"^(?:train|valid|validation|val|dev|test)(?:[_ ]|$)")


def _split_of(subset: str) -> str | None:
    head = re.split(r"[_\-\d]", subset, maxsplit=1)[0].lower()
    return _SPLITS.get(head)


def _name(key: str, subset: str) -> str:
    if _SPLIT_PREFIX.match(key):
        return key
    if key == "best":
        return f"{subset}_loss_best"  # releases before 0.8 logged the best valid loss as `best`
    return f"{subset}_{key}"


def _is_meter(key: str) -> bool:
    bare = key.split("_", 1)[1] if _SPLIT_PREFIX.match(key) and "_" in key else key
    return key in _METERS or bare in _METERS or key.startswith("_") or bare.startswith("_")


@reader("fairseq", markers=("epoch ", "valid on '"), order=29)
def read_fairseq_stats(line: str, state: LogState, out: Sink) -> bool:
    if "|" not in line:
        return False
    segments = [s.strip() for s in line.split("|")]
    if any(_EPOCH_PROGRESS.search(s) for s in segments):
        return True  # "epoch 005:  1000 / 8223 loss=2.17, ...": running values of an epoch
    # the prefix "epoch 003" (also after a hydra log prefix "[...][INFO] - epoch 003"), or
    # fairseq-validate's "valid on 'test' subset" without an epoch
    at = next((i for i, s in enumerate(segments) if _EPOCH.search(s) or _SUBSET.match(s)), None)
    if at is None:
        return False
    if any(_PROGRESS.search(s) for s in segments[at:]):
        return True  # a progress line: running values inside an epoch
    rest = segments[at:] if _SUBSET.match(segments[at]) else segments[at + 1 :]
    keys = [_STAT.match(s) for s in rest]
    fairseq = any(k and _is_meter(k.group(1)) and k.group(1) != "epoch" for k in keys)
    if not fairseq and not (rest and _SUBSET.match(rest[0])):
        return False  # not fairseq's layout (no meters, no "valid on" subset)
    subset = "train"
    if rest:
        valid = _SUBSET.match(rest[0])
        if valid:
            subset = valid.group(1)
            rest = rest[1:]
    if subset == "train" and any(s in ("valid", "test") for s in segments[:at]):
        subset = next(s for s in segments[:at] if s in ("valid", "test"))
    found = False
    for segment in rest:
        stat = _STAT.match(segment)
        if not stat or _is_meter(stat.group(1)):
            continue
        name = _name(stat.group(1), subset)
        found = out.add(name, stat.group(2), "fairseq", split=_split_of(subset)) or found
    return found or bool(rest)


@reader("fairseq", markers=('"epoch":',), order=39)
def read_fairseq_json(line: str, state: LogState, out: Sink) -> bool:
    """JsonProgressBar: `{"epoch": 3, "valid_loss": "4.7", ...}`, values as strings; a line
    with an `update` key is an intermediate log (running), consumed without values."""
    start, end = line.find("{"), line.rfind("}")
    if start < 0 or end <= start:
        return False
    try:
        data = json.loads(line[start : end + 1])
    except ValueError:
        return False
    if not isinstance(data, dict) or "epoch" not in data:
        return False
    strings = any(isinstance(v, str) and parse_number(v) is not None for v in data.values())
    if not strings or not any(_is_meter(str(k)) and k != "epoch" for k in data):
        return False  # not fairseq's JSON (its stats are strings beside its meters)
    if "update" in data:
        return True
    for key, value in data.items():
        if not isinstance(key, str) or _is_meter(key) or not _SPLIT_PREFIX.match(key):
            continue
        text = value if isinstance(value, str) else None
        if text is not None and parse_number(text) is not None:
            out.add(key, text, "fairseq", split=_split_of(key))
        elif isinstance(value, int | float) and not isinstance(value, bool):
            out.add(key, value, "fairseq", split=_split_of(key))
    return True


@reader("fairseq", markers=("Generate ", "Translated ", " dictionary: "), order=30)
def read_fairseq_generate(line: str, state: LogState, out: Sink) -> bool:
    match = _GENERATE.search(line) if "Generate " in line else None
    if match:
        subset, metric, number = match.groups()
        out.add(metric, number, "fairseq", split=_split_of(subset), running=False)
        return True
    # "Translated 3003 sentences (96311 tokens) in 166.0s (580.04 tokens/s)" and
    # "[de] dictionary: 8848 types": speed and vocabulary size
    return "sentences (" in line or " types" in line
