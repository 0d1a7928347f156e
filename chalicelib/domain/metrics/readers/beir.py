"""BEIR retrieval evaluation and the trec_eval tables it wraps.

BEIR's `EvaluateRetrieval.evaluate` logs `NDCG@10: 0.3845`, `MAP@100: 0.2567`,
`Recall@100: 0.6921`, `P@10: 0.1234` one per line (read by the generic reader, prefixes such as
`2024-01-01 10:00:00 - ` included), and `custom_metrics` logs `MRR@10`, `R_cap@100`,
`Hole@10`. trec_eval (and `pytrec_eval`-style dumps) print `<measure><TAB>all<TAB><value>`
(`ndcg_cut_10  all  0.1717`), one row per measure over all queries; per-query rows
(`<measure> <qid> <value>`) and counts (`num_q`, `num_ret`, `num_rel`) are not results.
`ndcg_cut_10` is NDCG@10, `map_cut_100` MAP@100, `P_10` P@10 (`vocabulary`).

Format source: beir-cellar/beir beir/retrieval/evaluation.py `EvaluateRetrieval.evaluate`
(`ndcg[f"NDCG@{k}"] = round(...)`, `logging.info("{}: {:.4f}".format(k, eval[k]))`),
beir/retrieval/custom_metrics.py (`"MRR@{}"`); usnistgov/trec_eval trec_eval.c
(`printf("%-22s\\t%s\\t%6.4f\\n", measure, "all", value)` through the measures' print_final).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_TREC_ROW = re.compile(r"^\s*+([A-Za-z][\w.]{0,40}+)\s++all\s++(" + NUM + r")" + END + r"\s*+$")


@reader("beir", markers=("all",), order=26)
def read_trec_eval(line: str, state: LogState, out: Sink) -> bool:
    row = _TREC_ROW.match(line)
    if row is None:
        return False
    out.add(row.group(1), row.group(2), "beir", running=False)
    return True
