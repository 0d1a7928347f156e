"""EvalPlus (`evalplus.evaluate`): pass@k on the base tests, then on base + extra tests, each
block under a title line naming the data set: `humaneval (base tests)` then `pass@1: 0.634`,
`humaneval+ (base + extra tests)` then `pass@1: 0.585`. The title scopes the block's values:
the base block is HumanEval's (MBPP's), the plus block HumanEval+'s (MBPP+'s), another
benchmark (`vocabulary.scope_key` keeps the `+`).

Format source: evalplus/evalplus evalplus/evaluate.py (`cprint(f"{dataset} (base tests)")`,
`cprint(f"{dataset}+ (base + extra tests)")`, then `cprint(f"{k}:\\t{v:.3f}")` per pass@k).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_TITLE = re.compile(r"^\s*+([A-Za-z][\w\-.]{0,40}+\+?+)\s++\(base(?: \+ extra)? tests\)\s*+$")


@reader("code_eval", markers=(" tests)",), order=60)
def read_evalplus_title(line: str, state: LogState, out: Sink) -> bool:
    title = _TITLE.match(line)
    if title is None:
        return False
    state.block_scope = title.group(1)  # the pass@k lines below are this data set's
    return True
