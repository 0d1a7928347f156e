"""Data sets named by a section's heading or title rather than beside the values.

- A Markdown heading that only names a data set: with a data-set word ("# ogbn-mag数据集",
  "## CIFAR-100 dataset"; not "## Cross-Validation Results", a section's kind) or as a lone
  code span ("####`timit`",
  a README's per-corpus results section). What follows, across blank lines and up to another
  such heading, is that data set's (`LogState.log_scope`): a claim on a sibling data set
  (ogbn-arxiv beside ogbn-mag, LibriSpeech beside TIMIT) is not answered by its values.
- A lone data-set title on the line right under a heading ("## 1. without label smoothing."
  then "WMT14-newstest2015en_de", then the run's settings and `BLEU Score: 24.28` after blank
  lines): the section's data set, in the same way. (A lone title elsewhere, "MOT17-02-DPM"
  above a sequence's table, titles its block only, up to a blank line.)

A split ("## test"), a file ("## `train.py`") or a generic word ("## Results") is no data set.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.vocabulary import is_known_metric, sense_of

_HEADING_TEXT = re.compile(r"^\s*+#{1,6}+\s*+(.*?)\s*+#*+\s*+$")
_CODE_SPAN = re.compile(r"^`([A-Za-z][A-Za-z0-9_\-]{1,40}+)`$")
_WITH_WORD = re.compile(
    r"(?i)^([A-Za-z][A-Za-z0-9_\-]{1,40}+)\s*+(?:data[ \-]?+set|\u6570\u636e\u96c6)"
    r"[:\uff1a]?+$"
)
_NO_NAME = frozenset(
    {
        "test",
        "testing",
        "dev",
        "val",
        "valid",
        "validation",
        "train",
        "training",
        "eval",
        "evaluation",
        "the",
        "our",
        "my",
        "this",
        "new",
        "custom",
        "own",
        "full",
        "whole",
        "final",
        "other",
        "all",
        "main",
        "more",
        "some",
        "example",
        "sample",
        "experiment",
        "experimental",
    }
)


# A banner a program prints above each task's block, closed by hashes ("##### gaokao:2010-2022_
# Math_II_MCQs #####", LLMBox's per-subset "Scoring rate" lines; "##### gaokao[Arithmetic Mean]
# #####"): its one identifier (with a suite prefix, a separator or a bracketed part) is the task
# the block below is of.
_BANNER_TEXT = re.compile(r"^\s*+#{3,}+\s++(.*?)\s++#{3,}+\s*+$")
_TASK_ID = re.compile(
    r"^(?=[^\s\[]*?[:_\-])[A-Za-z][\w.:\-]*+(?:\[[\w .\-]{1,30}+\])?+$"
    r"|^[A-Za-z]\w*+\[[\w .\-]{1,30}+\]$"
)


def heading_dataset(line: str) -> str | None:
    """The data set a Markdown heading only names, or None."""
    heading = _HEADING_TEXT.match(line)
    if heading is None:
        return None
    if (banner := _BANNER_TEXT.match(line)) and _TASK_ID.match(banner.group(1)):
        named_task = banner.group(1)
        known = is_known_metric(named_task) or sense_of(named_task).split is not None
        return None if known else named_task  # ("##### val_loss #####" names no task)
    text = heading.group(1).strip(" *_")
    named = _CODE_SPAN.match(text) or _WITH_WORD.match(text)
    if named is None or named.group(1).lower() in _NO_NAME:
        return None
    return named.group(1)


# A heading that names one class, fold or average of a report written a section per class
# ("## Class 4", "### Fold 2", "## Class macro avg", "## Weighted average"): scikit-learn's
# `classification_report(output_dict=True)` written out a key per heading with its
# precision/recall/f1-score below, as project scripts render it in Markdown.
_AVERAGE_HEADING = re.compile(
    r"(?i)^(?:(?:class|category|label)\s*+[#:]?+\s*+)?+"
    r"((?:micro|macro|weighted|samples)[ _-]?+(?:avg|average))$"
)
_PART_HEADING = re.compile(r"(?i)^((?:class|category|fold)\s*+[#:]?+\s*+[\w.\-]{1,30}+)$")


def heading_part(line: str) -> str | None:
    """The class, fold or average a Markdown heading only names ("## Class 4" -> "Class 4",
    "## Class macro avg" -> "macro avg"), or None: the values in the block below it, up to a
    blank line or the next heading, are that part's (`LogState.block_scope`), never the
    report's aggregate."""
    heading = _HEADING_TEXT.match(line)
    if heading is None:
        return None
    text = heading.group(1).strip(" *_:")
    named = _AVERAGE_HEADING.match(text) or _PART_HEADING.match(text)
    return named.group(1) if named else None
