"""sentence-transformers evaluator logs.

- EmbeddingSimilarityEvaluator: `EmbeddingSimilarityEvaluator: Evaluating the model on sts-dev
  dataset in epoch 0 after 33 steps:` then one line per similarity function,
  `Cosine-Similarity :<TAB>Pearson: 0.8696<TAB>Spearman: 0.8758` (v2 also `Manhattan-Distance:`,
  `Euclidean-Distance:`, `Dot-Product-Similarity:`). Named `<dataset>/<function>/Pearson`
  (`sts-dev/Cosine-Similarity/Spearman`: the dataset name says the split); evaluations during
  training (`in epoch`, `after epoch`, `steps`) are running values.
- InformationRetrievalEvaluator: `Queries: 323`, `Corpus: 3269` (counts), `Score-Function:
  dot`, then `Accuracy@1: 49.23%`, `NDCG@10: 0.3530`...: named `[<dataset>/]<score
  function>/NDCG@10` (v3 first logs `Information Retrieval Evaluation of the model on the
  <name> dataset`).
- BinaryClassificationEvaluator: `Accuracy with Cosine-Similarity: 75.00 (Threshold: 0.8668)`:
  named `Cosine-Similarity/Accuracy`; the threshold is a setting.
- `Primary metric value: 0.6781` (the examples' prints, after `Primary metric: <key>`).

The evaluators' returned dicts (`eval_spearman_cosine` in trainer logs) are Python dicts, read
by `python_dicts`.

Format source: huggingface/sentence-transformers sentence_transformers/evaluation/
EmbeddingSimilarityEvaluator.py (v2: `logger.info("Cosine-Similarity :\\tPearson: {:.4f}\\tSpearman:
{:.4f}")`, v3: `f"{fn_name.capitalize()}-Similarity :\\tPearson: ..."`),
InformationRetrievalEvaluator.py (`"Queries: {}"`, `"Corpus: {}\\n"`, `"Score-Function: {}"`,
`"Accuracy@{}: {:.2f}%"`, `"MRR@{}: {:.4f}"`, `"NDCG@{}: {:.4f}"`, `"MAP@{}: {:.4f}"`),
BinaryClassificationEvaluator.py (`f"{name:<{max_name_len}}{value:.2f}\\t(Threshold:
{threshold:.4f})"` with names `"Accuracy with {sim_name}:"`, `"F1 with ..."`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_EVALUATING = re.compile(
    r"(?:Evaluating|Evaluation of) the model on (?:the )?+(\S++) dataset(.*+)$"
)
_SIMILARITY = re.compile(r"(?<![\w-])([A-Z][a-z]++(?:-[A-Z][a-z]++)++)\s*+:")
_FUNCTION_ENDS = ("-Similarity", "-Distance", "-Product")
_CORRELATION = re.compile(r"(?<!\w)(Pearson|Spearman):\s*+\**+(" + NUM + r")" + END)
_WITH = re.compile(
    r"^\W*+((?:Accuracy|F1|Precision|Recall|Average Precision|Matthews Correlation))"
    r" with ([A-Za-z][\w-]*+):\s*+(" + NUM + r")" + END
)
_SCORE_FUNCTION = re.compile(r"^\W*+Score-Function:\s*+([\w-]++)\s*+$")
_IR = re.compile(r"^\W*+((?:Accuracy|Precision|Recall|MRR|NDCG|MAP)@\d++):\s*+(" + NUM + r")%?")
_COUNT = re.compile(r"^\W*+(?:Queries|Corpus):\s*+\d++\s*+$")
_PRIMARY = re.compile(r"^\W*+Primary metric:\s*+([\w/.@-]++)\s*+$")
_PRIMARY_VALUE = re.compile(r"Primary metric value:\s*+(" + NUM + r")" + END)


@reader(
    "sentence_transformers",
    markers=(
        *("the model on", "-Similarity", "-Distance", "-Product", " with ", "@"),
        *("Score-Function", "Queries:", "Corpus:", "Primary metric"),
    ),
    order=13,
)
def read_sentence_transformers(line: str, state: LogState, out: Sink) -> bool:
    context = state.context
    evaluating = _EVALUATING.search(line)
    if evaluating:
        context["st_dataset"] = evaluating.group(1)
        context["st_running"] = any(w in evaluating.group(2) for w in ("epoch", "steps"))
        return True
    similarity = _SIMILARITY.search(line)
    if similarity and similarity.group(1).endswith(_FUNCTION_ENDS) and "Pearson" in line:
        prefix = "/".join(p for p in (context.get("st_dataset"), similarity.group(1)) if p)
        running = bool(context.get("st_running"))
        for match in _CORRELATION.finditer(line, similarity.end()):
            out.add(
                f"{prefix}/{match.group(1)}",
                match.group(2),
                "sentence_transformers",
                running=running,
            )
        return True
    pair = _WITH.match(line)
    if pair:
        out.add(f"{pair.group(2)}/{pair.group(1)}", pair.group(3), "sentence_transformers")
        return True
    if _COUNT.match(line):
        return True
    function = _SCORE_FUNCTION.match(line)
    if function:
        context["st_function"] = function.group(1)
        return True
    ir = _IR.match(line) if "@" in line else None
    if ir:
        scope = [p for p in (context.get("st_dataset"), context.get("st_function")) if p]
        out.add("/".join([*scope, ir.group(1)]), ir.group(2), "sentence_transformers")
        return True
    if _PRIMARY.match(line):
        return True
    value = _PRIMARY_VALUE.search(line)
    if value:
        out.add("Primary metric value", value.group(1), "sentence_transformers")
    return value is not None
