"""trec_eval / pytrec_eval summaries as BEIR computes them: `<measure>\t<query|all>\t<value>`
rows (`ndcg_cut_10\tall\t0.1717`, `map_cut_100`, `P_10`, `recall_100`, `recip_rank`), named by
the measure (the vocabulary reads `ndcg_cut_10` as NDCG@10). Only `all` rows are results;
per-query rows (`-q`) and the counts (`num_q`, `num_ret`, `num_rel`) are not. BEIR's own
`NDCG@10: 0.3530` prints are read by `generic`.

Format source: usnistgov/trec_eval trec_eval.c / m_*.c (`printf("%-22s\\t%s\\t%6.4f\\n",
measure_name, "all", value)`); beir-cellar/beir beir/retrieval/evaluation.py (pytrec_eval
measures `ndcg_cut.{k}`, `map_cut.{k}`, `recall.{k}`, `P.{k}`, logged as `NDCG@{k}: {v:.4f}`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_ROW = re.compile(r"^\s*+([A-Za-z][\w.]*+)\s++(all|\S++)\s++(" + NUM + r")\s*+$")


@reader("beir", markers=("\tall\t", " all ", "\tall "), order=38)
def read_trec_eval(line: str, state: LogState, out: Sink) -> bool:
    row = _ROW.match(line)
    if not row or row.group(2) != "all":
        return False
    out.add(row.group(1), row.group(3), "beir", running=False)
    return True
