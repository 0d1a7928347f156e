"""A progress line naming the corpus a retrieval run works on: a BEIR-style script logs
"2024-09-22 23:54:08 - Indexing the SciFact corpus..." before its `NDCG@10: 0.1336` block
("Encoding the nfcorpus corpus", "Searching the TREC-COVID collection", "Evaluating on the
FiQA corpus"). The values that follow are that corpus's: a claim on another data set is not
answered by them (`line_prelude` keeps the name as the log's data set, `LogState.log_scope`).
A corpus named by a split or a pronoun ("the test corpus", "the whole collection") names no
data set.
"""

from __future__ import annotations

import re

_CORPUS_LINE = re.compile(
    r"(?i)\b(?:index|encod|load|evaluat|search|retriev|rerank)(?:e|es|ed|ing)?+\s++"
    r"(?:on\s++)?+the\s++([A-Za-z][\w\-]{1,30}+)\s++(?:corpus|collection)\b"
)
_NO_NAME = frozenset(
    {
        "test",
        "dev",
        "train",
        "validation",
        "val",
        "whole",
        "full",
        "entire",
        "same",
        "new",
        "own",
        "custom",
        "document",
        "passage",
        "query",
        "text",
        "target",
        "source",
        "original",
    }
)


def corpus_named(line: str) -> str | None:
    """The data set a progress line says the run indexes, encodes or evaluates, or None."""
    match = _CORPUS_LINE.search(line)
    if match is None or match.group(1).lower() in _NO_NAME:
        return None
    return match.group(1)
