"""sentence-transformers evaluator output: EmbeddingSimilarityEvaluator (`Evaluating the model on
sts-dev dataset in epoch 0 after 33 steps:` then `Cosine-Similarity :\tPearson: 0.6679\tSpearman:
0.6748` per similarity function; named `<dataset>/<function>/Spearman`; evaluations during
training are running values), BinaryClassificationEvaluator (`Accuracy with Cosine-Similarity:
75.00\t(Threshold: 0.8668)`; named `<function>/<metric>`; the threshold is a setting),
InformationRetrievalEvaluator (`Queries: 323`, `Corpus: 3269` are counts; `Score-Function: dot`
then `NDCG@10: 0.3530`, named `<dataset>/<function>/NDCG@10`), and the examples' `Primary
metric: <key>` / `Primary metric value: 0.6781` (the value is named by the key). Lines may carry
the examples' logging prefix (`2024-07-08 18:11:43,017 - `). The v3
trainer's `{'eval_spearman_cosine': ...}` dicts are read by `python_dicts`.

Format source: UKPLab/sentence-transformers sentence_transformers/evaluation/
EmbeddingSimilarityEvaluator.py (`logger.info(f"EmbeddingSimilarityEvaluator: Evaluating the
model on the {self.name} dataset{out_txt}:")`, `"Cosine-Similarity :\\tPearson: {:.4f}\\tSpearman:
{:.4f}"`, `"Manhattan-Distance:..."`, `"Euclidean-Distance:..."`, `"Dot-Product-Similarity:..."`),
BinaryClassificationEvaluator.py (`f"{metric} with {name}: {value * 100:.2f}\\t(Threshold:
{threshold:.4f})"`), InformationRetrievalEvaluator.py (`f"Queries: {len(self.queries)}"`,
`f"Score-Function: {name}"`, `f"Accuracy@{k}: {v * 100:.2f}%"`, `f"NDCG@{k}: {v:.4f}"`), and
examples/*/evaluation/*.py (`print(f"Primary metric value: {results[...]:.4f}")`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_ON_DATASET = re.compile(r"\bEvaluati\w*+ (?:of )?+the model on (?:the )?+(\S++) dataset(.*)$")
_SIMILARITY = re.compile(
    r"\b(Cosine-Similarity|Manhattan-Distance|Euclidean-Distance|Dot-Product-Similarity)\s*+:"
    r"\s*+Pearson:\s*+\*?+(" + NUM + r")\s++Spearman:\s*+\*?+(" + NUM + r")" + END
)
_PAIR_CLASS = re.compile(
    r"^[\s#=>]*+(Accuracy|F1|Precision|Recall|Average Precision|Matthews Correlation) with "
    r"([A-Z][\w\-]*+):\s++(" + NUM + r")" + END
)
_SCORE_FUNCTION = re.compile(r"^\s*+Score-Function:\s*+(\S++)\s*+$")
_COUNT = re.compile(r"^\s*+(?:Queries|Corpus):\s*+\d++\s*+$")
_IR_METRIC = re.compile(
    r"^\s*+((?:Accuracy|Precision|Recall|MRR|NDCG|MAP)@\d++):\s*+(" + NUM + r")%?+\s*+$"
)
_PRIMARY = re.compile(r"\bPrimary metric:\s*+(\S++)\s*+$")
_PRIMARY_VALUE = re.compile(r"Primary metric value:\s*+(" + NUM + r")\s*+$")
# The examples' `logging.basicConfig(format="%(asctime)s - %(message)s", ...)` prefix (and a
# "<logger or level> - " after it): the evaluator's lines start after it.
_LOG_PREFIX = re.compile(r"^\s*+\d{4}-\d\d-\d\d[ T][\d:,.]++\s++-\s++(?:[\w.]++\s++-\s++)?+")
_MARKERS = ("the model on", "Pearson:", " with ", "Score-Function:", "Queries:", "Corpus:", "@")


@reader("sentence_transformers", markers=(*_MARKERS, "Primary metric"), order=37)
def read_sentence_transformers(line: str, state: LogState, out: Sink) -> bool:
    context = state.context
    prefix_match = _LOG_PREFIX.match(line)
    if prefix_match is not None:
        line = line[prefix_match.end() :]
    header = _ON_DATASET.search(line) if "the model on" in line else None
    if header:
        context["st_dataset"] = header.group(1)
        context["st_running"] = " epoch " in header.group(2) or " steps" in header.group(2)
        context["st_function"] = ""
        return True
    dataset = context.get("st_dataset", "")
    running = bool(context.get("st_running"))
    similarity = _SIMILARITY.search(line) if "Pearson:" in line else None
    if similarity:
        function, pearson, spearman = similarity.groups()
        prefix = f"{dataset}/{function}" if dataset else function
        out.add(f"{prefix}/Pearson", pearson, "sentence_transformers", running=running)
        out.add(f"{prefix}/Spearman", spearman, "sentence_transformers", running=running)
        return True
    pair = _PAIR_CLASS.match(line) if " with " in line else None
    if pair:
        metric, function, number = pair.groups()
        prefix = f"{dataset}/{function}" if dataset else function
        out.add(f"{prefix}/{metric}", number, "sentence_transformers", running=running)
        return True
    function_line = _SCORE_FUNCTION.match(line) if "Score-Function:" in line else None
    if function_line:
        context["st_function"] = function_line.group(1)
        return True
    if _COUNT.match(line):
        return True  # the numbers of queries and documents
    ir = _IR_METRIC.match(line) if "@" in line else None
    if ir and (dataset or context.get("st_function")):
        parts = [dataset, context.get("st_function", ""), ir.group(1)]
        name = "/".join(p for p in parts if p)
        out.add(name, ir.group(2), "sentence_transformers", running=running)
        printed = context.setdefault("st_printed", set())
        printed.add((ir.group(1).lower(), ir.group(2)))
        return True
    if "Primary metric" in line:
        value = _PRIMARY_VALUE.search(line)
        key = context.get("st_primary")
        if value and key:
            # the primary metric repeats one printed above (`..._dot_ndcg@10`): read it once
            printed = context.get("st_printed", set())
            if (key.rsplit("_", 1)[-1].lower(), value.group(1)) not in printed:
                out.add(key, value.group(1), "sentence_transformers", running=False)
            return True
        primary = _PRIMARY.search(line)
        if primary:
            context["st_primary"] = primary.group(1)
            return True
    return False
