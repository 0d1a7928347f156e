"""What leads a line of `name: value` pairs and scopes them (read by the generic reader):

- a label with a number, then a colon ("pred_len 96: mse:0.38, mae:0.40", "fold 3: acc:
  0.91", "Horizon 15mins: mae: 14.23, mape: 12.99, rmse: 21.99"): one part of the run (a
  forecast horizon, a fold), also behind a logger's prefix ("2021-09-23 02:36:48,472 - INFO -
  Horizon 60mins: ..."). Format source: the traffic-forecasting code derived from DCRNN
  (GTS, STSSL, ST-SSL: `logger.info("Horizon {:d}mins: mae: {:.4f}, mape: {:.4f}, rmse:
  {:.4f}")` under `"Horizon overall: ..."`; the overall line is the run's aggregate, no part).
- a clause naming the data set the line's pairs are on ("Best results on Cora after 4 trials:
  ACC=74.89, NMI=55.76", "Results for Citeseer: ACC=..."): one line per data set.
- a word naming whose results, which setting or which subset the line prints ("PyTorch
  accuracy: Top1 = 75.00", "Monocular: RMSE = 1.355", "test clean: WER = 3.1"), a bare
  forecast length ("96, mse:0.749, mae:0.417") or a class ("cls : tennis-court|| Recall: 0.79"):
  the line's values are that one's (`scoped_by_lead`, asked by the generic reader with the
  line's pairs).
- an image restoration's interpolation baseline named before the pairs ("bicubic: PSNR 28.58,
  SSIM 0.744", "使用bilinear的結果: PSNR:28.73"): the baseline's values (`bilinear/PSNR`),
  never the model's (`claim_rows`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.domain.metrics.claim_scopes import BACKBONE_SCOPE
from chalicelib.domain.metrics.layout import _SPLIT_OF_WORD
from chalicelib.domain.metrics.vocabulary import is_known_metric, scope_key, sense_of

if TYPE_CHECKING:
    from chalicelib.domain.metrics.line_layout import LogState

# (A progress counter, "Epoch 3: loss: ...", is no such label: the generic reader asks only
# off progress lines.)
LINE_LABEL = re.compile(
    r"^\s*+([A-Za-z][\w\-]{0,30}+[ \t]++\d{1,6}+(?:[ \t]?+(?:mins?+|minutes|steps?+|h|hours?+))?+)"
    r"\s*+:[ \t]++"
    r"(?=[A-Za-z][\w@\-]*+[ \t]*+[:=][ \t]*+[-+]?+\.?+\d)"
)
# A logger's prefix up to its level ("2021-09-23 02:36:48,472 - INFO - ", "[12:00:01] INFO: ").
_LOGGER_PREFIX = re.compile(
    r"^[^A-Za-z]{0,40}+(?:[\w.\[\]]{1,40}+\s*+[-:|]\s*+)?INFO\b[\s\-:|\]]*+"
)
_RESULTS_ON = re.compile(
    r"(?i)^[\s*\-]*+(?:[a-z]++\s++){0,2}?(?:results?+|scores?+|performance|metrics)\s++(?:on|for)"
    r"\s++(?:the\s++)?+([A-Za-z][\w.\-+]{1,30}+)(?:\s++data[ -]?+set)?+(?:\s++[^:=\d]{0,30}+\d*+"
    r"[^:=\d]{0,20}+)?+:[ \t]++(?=[A-Za-z][\w@\-]*+[ \t]*+[:=][ \t]*+[-+]?+\.?+\d)"
)

_LABEL_NOT_SCOPE = frozenset(
    {"test", "testing", "val", "valid", "validation", "eval", "evaluation", "dev", "train"}
    | {"training", "info", "debug", "warning", "error", "top", "rank", "class", "batch"}
)
# Words after "for"/"on" that name no data set ("on average", "for each class", "on epoch 3",
# "on the first hyperparameter setting").
_NOT_DATASET_AFTER = frozenset(
    {"all", "each", "every", "both", "average", "this", "that", "these", "those", "my", "our"}
    | {"your", "their", "its", "it", "a", "an", "epoch", "step", "iteration", "iter", "batch"}
    | {"class", "category", "model", "run", "seed", "fold", "top", "now", "me", "us", "you"}
    | {"more", "most", "less", "par", "time", "reference", "comparison", "example", "instance"}
    | {"first", "second", "third", "last", "final", "same", "other", "next", "previous"}
)
# A line led by whose results it prints, then `name = value` pairs ("PyTorch accuracy: Top1 =
# 75.00, Top5 = 93.00" beside "TVM accuracy: Top1 = 76.33, ...", a comparison of backends,
# models or systems): the first word scopes the line's values (`PyTorch/Top1`).
_WHOSE_LABEL = re.compile(
    r"^\s*+([A-Za-z][\w.\-]{0,30}+)[ \t]++(?i:accuracy|acc|results?+|scores?+|metrics?+)\s*+:"
    r"[ \t]++(?=[A-Za-z][\w@\-]*+[ \t]*+=[ \t]*+[-+]?+\.?+\d)"
)
# A line led by one capitalised word naming a setting, then its `name = value` pair
# ("Monocular: RMSE = 1.355" beside "Stereo: RMSE = 0.132", "Greedy: BLEU = 27.1"): the word
# scopes the line's values (`Monocular/RMSE`), each setting's own.
_SETTING_LABEL = re.compile(
    r"^\s*+([A-Z][a-z\-]{2,30}+)\s*+:[ \t]++(?=[A-Za-z][\w@\-]*+[ \t]*+=[ \t]*+[-+]?+\.?+\d)"
)
_NOT_SETTING = frozenset(
    {"result", "results", "summary", "output", "outputs", "metrics", "metric", "score", "scores"}
    | {"performance", "note", "stats", "statistics", "model", "eval", "evaluation", "mine"}
    | {"ours", "reproduced", "paper", "official", "reported", "expected", "baseline", "got"}
    | {"epoch", "step", "iteration", "iter", "final", "best", "overall", "average", "mean"}
    # a reply's lead ("Update: mIoU=70.2% with aux_loss=True", "EDIT: ..."): no setting
    | {"update", "updated", "edit", "edited", "ps"}
)
# A line led by a split and the subset of it that it names, then pairs ("test clean: WER =
# 3.1", "dev-other: wer: 8.2", LibriSpeech's subsets; "val unseen: SR = 0.41"): the label scopes
# the line's values (`test clean/WER`), each subset's own.
_SUBSET_LABEL = re.compile(
    r"(?i)^\s*+((?:test|dev|val|valid|eval)[ _\-]([a-z]{3,12}+))\s*+:[ \t]++(?=[A-Za-z])"
)
_NOT_SUBSET = frozenset(
    {"set", "split", "data", "dataset", "results", "result", "metrics", "mode", "phase", "time"}
    | {"summary", "score", "scores", "performance", "stats", "epoch", "step", "loss", "info"}
)
# A row of forecasting errors led by a bare length ("96, mse:0.749, mae:0.417", "336，mse:
# ..."), one per prediction length as forecasting tables list them: the row's horizon.
_HORIZON_ROW = re.compile(r"^\s*+(\d{1,4}+)\s*+[,\uff0c]\s*+(?=[A-Za-z])")
_FORECAST_ERRORS = frozenset({"mse", "mae", "rmse", "mape", "smape", "mase"})
_NOT_WHOSE = frozenset(
    {"final", "best", "overall", "average", "mean", "total", "my", "our", "the", "your", "last"}
    | {"current", "model", "top", "top1", "top5", "reproduced", "baseline", "new", "old"}
)
# A row led by a bare capitalised label, then `name:value` pairs of short names ("PERSON
# p:74.085 r:78.916 f:76.415", spaCy's `ents_per_type` printed a label a line; "ORG
# precision=0.71 recall=0.77"): the label scopes the row's values (`PERSON/p`), one type's.
_ROW_LABEL = re.compile(
    r"^\s*+([A-Z][\w\-.]{0,40}+)[ \t]++(?=[A-Za-z][\w@\-]{0,20}+[ \t]*+[:=][ \t]*+[-+]?+\.?+\d)"
)
# A line led by a class label ("cls : tennis-court|| Recall: 0.79 || AP: 0.78", "class=car,
# AP: 0.61", "category: person | AP 0.53"): its values are that class's row, never the mean
# over classes (`tennis-court/class AP`, a class row; `claim_scopes.class_row`).
_CLASS_LABEL = re.compile(
    r"(?i)^[\W\d]*+(?=[clg])(?:cls|class|category|label)(?:[ _]?+name)?+[ \t]*+[:=][ \t]*+"
    r"([A-Za-z][\w\-.]{0,40}+(?: [A-Za-z][\w\-.]{0,40}+){0,3}+)[ \t]*+(?=\|\||[|,;\t]|[ ]{2})"
)


_INTERPOLATION = re.compile(
    r"(?i)(?<![a-z])(bicubic|bilinear|lanczos|nearest[ \-]?+neighbou?+r)(?![a-z])"
)
_INTERPOLATION_HINTS = ("icubic", "ilinear", "anczos", "eighbo")


def _interpolation_lead(line: str, pairs: list[tuple[str, str]]) -> str | None:
    """The interpolation baseline named before the line's first pair, if any."""
    at = line.find(pairs[0][0])
    lead = _INTERPOLATION.search(line, 0, at) if at > 0 else None
    return lead.group(1).lower().replace(" ", "").replace("-", "") if lead else None


def numbered_label(line: str) -> re.Match[str] | None:
    """The numbered label leading `line` (`LINE_LABEL`), behind a logger's prefix or not."""
    logged = _LOGGER_PREFIX.match(line) if "INFO" in line else None
    return LINE_LABEL.match(line[logged.end() :] if logged else line)


def results_on(line: str) -> str | None:
    """The word a "results on <data set> ...:" lead names (a data set's name, to be checked by
    the caller), or None."""
    on = _RESULTS_ON.match(line)
    return on.group(1) if on else None


def _named_dataset(word: str) -> bool:
    low = word.lower()
    return low not in _NOT_DATASET_AFTER and low not in _SPLIT_OF_WORD and not is_known_metric(word)


def scoped_by_lead(
    line: str,
    pairs: list[tuple[str, str]],
    state: LogState,
    *,
    segments: bool,
    for_dataset: bool,
) -> list[tuple[str, str]]:
    """The line's `pairs` named under what leads the line (see the module docstring):
    `segments` says the line is split into named segments (`Train: ... | Val: ...`), whose
    names scope its pairs instead; `for_dataset`, that it holds " for " or " on "."""
    label = None
    if pairs and not segments and not state.running:
        # (behind a logger's prefix too: "2021-09-23 02:36:48 - INFO - Horizon 15mins: mae: ...")
        label = numbered_label(line)
    if label is None and pairs and not segments and not state.running and "=" in line:
        label = _WHOSE_LABEL.match(line)
        if label and label.group(1).lower() in _NOT_WHOSE:
            label = None
        if label is None and (label := _SETTING_LABEL.match(line)) is not None:
            word = label.group(1).lower()
            if word in _NOT_SETTING or word in _LABEL_NOT_SCOPE or is_known_metric(word):
                label = None
    if label is None and pairs and for_dataset and not segments and not state.running:
        data_set = results_on(line)
        if data_set and _named_dataset(data_set) and data_set[:1].isupper():
            pairs = [(n if "/" in n else f"{data_set}/{n}", v) for n, v in pairs]
    row = _HORIZON_ROW.match(line) if pairs and line.lstrip()[:1].isdigit() else None
    if row and all(sense_of(n).base in _FORECAST_ERRORS and "/" not in n for n, _ in pairs):
        pairs = [(f"horizon {row.group(1)}/{n}", v) for n, v in pairs]
    if label is None and pairs and not segments and line.lstrip()[:1] in "tdveTDVE":
        label = _SUBSET_LABEL.match(line)
        if label and (label.group(2).lower() in _NOT_SUBSET or is_known_metric(label.group(2))):
            label = None
        elif label:
            pairs = [(n if "/" in n else f"{label.group(1)}/{n}", v) for n, v in pairs]
            label = None
    if label is None and len(pairs) > 1 and not segments and (led := _row_label(line, pairs)):
        pairs = [(f"{led}/{pairs[0][0][len(led) :].strip()}", pairs[0][1]), *pairs[1:]]
        pairs = [(n if "/" in n else f"{led}/{n}", v) for n, v in pairs]
    if label and label.group(1).split()[0].lower() not in _LABEL_NOT_SCOPE:
        part = label.group(1)
        if label.re is LINE_LABEL and state.log_scope and not state.block_scope:
            # a numbered part of the run (a horizon, a fold) on the data set the log names
            # ("PEMS-BAY" above "Horizon 60mins: mape: ..."): that data set's part
            part = f"{state.log_scope}/{part}"
        pairs = [(n if "/" in n else f"{part}/{n}", v) for n, v in pairs]
    elif pairs and ("cls" in line or "lass" in line or "ategor" in line or "abel" in line):
        row = _CLASS_LABEL.match(line)
        if row:
            pairs = [(n if "/" in n else f"{row.group(1)}/class {n}", v) for n, v in pairs]
    if (
        pairs
        and not segments
        and any(h in line for h in _INTERPOLATION_HINTS)
        and (baseline := _interpolation_lead(line, pairs))
    ):
        pairs = [(n if "/" in n else f"{baseline}/{n}", v) for n, v in pairs]
    return pairs


def _row_label(line: str, pairs: list[tuple[str, str]]) -> str | None:
    """The label leading a row of pairs (`_ROW_LABEL`), when the first pair's name is the label
    and one word, every other name one word, and the label no split, setting word or metric."""
    row = _ROW_LABEL.match(line)
    if row is None:
        return None
    label = row.group(1)
    first = pairs[0][0]
    if not first.startswith(f"{label} ") or len(first.split()) != 2:
        return None
    if any(" " in n or "/" in n for n, _ in pairs[1:]):
        return None
    low = label.lower()
    if low in _LABEL_NOT_SCOPE or low in _NOT_SETTING or low in _NOT_WHOSE:
        return None
    if BACKBONE_SCOPE.match(scope_key(label)):
        return None  # "ResNet-50 top-1: 55.09, top-5: 83.59": a model's row, named as before
    return None if is_known_metric(label) else label
