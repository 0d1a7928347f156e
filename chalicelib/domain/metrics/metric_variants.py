"""Variants of one metric that a claim names and a value must not contradict
(`claims._narrow` asks `decoding_mismatch` and `raw_rank_unsaid` of each candidate), and the
title that names a block's decoding method (`line_prelude.prelude` asks `decoding_title`).

- **Decoding method of a speech model** (icefall's `greedy_search`, `modified_beam_search`,
  `fast_beam_search`; WeNet's `ctc_greedy_search`, `ctc_prefix_beam_search`,
  `attention_rescoring`): each prints its own WER, and a results section is written one block
  per method (`%WER = 2.85` under `modified_beam_search`, or a sentence "This is a result for
  modified beam search with beam=4, but results of a greedy decoding are quite similar:" above
  an errs- file's header: the values below it are that method's, the first one the sentence
  ties the result to, whatever other method it mentions). A claim naming one method ("Greedy
  WER", "WER (greedy search)") is not answered by a value the log scopes to another
  (`modified_beam_search/%WER`): the methods differ by tenths of a point to points of WER.
- **Raw vs filtered ranking metrics of link prediction** (MRR, MR, Hits@k): knowledge-graph
  scorers (OpenKE's `raw`/`filter` rows, PyKEEN, LibKGE, DGL-KE, pykg2vec) report the filtered
  setting as the headline and label the raw one, which ranks the test triple among corrupted
  triples that are true facts too. A claim of a *raw* value is answered only by a value whose
  name or line says raw (a line that names both settings leaves it to the name); a plain "MRR
  of 0.2" is the filtered score.

Tests: `tests/unit/metrics/test_wrong48.py`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.vocabulary import MetricSense, metric_key, sense_of

# Decoding methods, as keys (`metric_key`) of what a claim or a scope writes; longest first so
# that "modified beam search" is not read as "beam search".
_METHODS = (
    ("ctcprefixbeamsearch", "ctc_prefix_beam"),
    ("prefixbeamsearch", "ctc_prefix_beam"),
    ("modifiedbeamsearch", "modified_beam"),
    ("fastbeamsearch", "fast_beam"),
    ("attentionrescoring", "attention_rescoring"),
    ("ctcgreedysearch", "greedy"),
    ("greedysearch", "greedy"),
    ("greedydecoding", "greedy"),
    ("greedy", "greedy"),
    ("beamsearch", "beam"),
)
_SPEECH_BASES = frozenset({"wer", "cer", "ser", "ter", "mer"})


def decoding_method(text: str) -> str | None:
    """The decoding method a name, a scope or a claim writes, or None."""
    key = metric_key(text)
    if "greedy" not in key and "beam" not in key and "rescor" not in key:
        return None
    for written, method in _METHODS:
        if written in key:
            return method
    return None


def _value_method(metric: ExtractedMetric) -> str | None:
    for scope in sense_of(metric.name).scope:
        if method := decoding_method(scope):
            return method
    return None


def decoding_mismatch(claim: MetricSense, name: str, metric: ExtractedMetric) -> bool:
    """Does the claim name a decoding method and the value's scope another?"""
    if claim.base not in _SPEECH_BASES:
        return False
    wanted = decoding_method(name)
    if wanted is None:
        return False
    found = _value_method(metric)
    return found is not None and found != wanted


_RANK_BASES = frozenset({"mrr", "mr", "hits"})
_RAW = re.compile(r"(?i)(?<![a-z])raw(?![a-z])")
_FILTERED = re.compile(r"(?i)(?<![a-z])filt(?:er(?:ed)?+)?+(?![a-z])")


def raw_rank_unsaid(claim: MetricSense, metric: ExtractedMetric) -> bool:
    """Does a claim of a raw ranking metric meet a value that does not say raw?"""
    if claim.base not in _RANK_BASES or "raw" not in claim.scope:
        return False
    if _RAW.search(metric.name) is not None:
        return False
    # the line may say raw for the value alone (OpenKE's `averaged(raw):` row); a line that
    # names both settings ("MRR: 0.312 (filtered; raw: 0.171)") leaves it to the value's name
    return _RAW.search(metric.evidence) is None or _FILTERED.search(metric.evidence) is not None


# A sentence ending with ":" that ties the result below to a decoding method: "This is a
# result for modified beam search with beam=4, ...:", "Results with greedy search:".
_DECODING_TITLE = re.compile(
    r"(?i)\bresults?+\s++(?:is\s++|are\s++)?+(?:for|of|with|using|from|by)\s++(?:the\s++|an?\s++)?+"
    r"((?:ctc[ _]?+)?+prefix[ _]beam[ _]search|modified[ _]beam[ _]search|fast[ _]beam[ _]search"
    r"|(?:ctc[ _])?+greedy[ _](?:search|decoding)|beam[ _]search|attention[ _]rescoring)\b"
)


def with_decoding_method(scope: str | None, method: str) -> str:
    """The log scope under a decoding title: the method replaces the one an earlier title gave
    ("Results with greedy search:" ... "Results with modified beam search:": the second block is
    modified beam search's alone, not greedy's too); the data set the scope names stays."""
    kept = [part for part in (scope or "").split("/") if part and decoding_method(part) is None]
    return "/".join([*kept, method])


def decoding_title(stripped: str) -> str | None:
    """The decoding method a title line ending with ":" ties what follows to, or None."""
    if len(stripped) > 300 or stripped[-1:] != ":" or "esult" not in stripped:
        return None
    title = _DECODING_TITLE.search(stripped)
    return "_".join(title.group(1).lower().split()) if title else None
