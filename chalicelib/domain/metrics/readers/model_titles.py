"""A title line that says which of a script's models the evaluation below is of: Mean
Teacher's `Evaluating the primary model:` / `Evaluating the EMA model:` before each
` * Prec@1 67.520\tPrec@5 91.080` line, and the same phrase from other scripts (`Testing the
teacher model:`, `Evaluating the student model`). The values below, up to a blank line or
another title, are that model's (`model EMA/Prec@5`): a claim of the EMA model's top-5 is never
the student's line above it, nor is an unqualified claim the EMA's when the log also prints an
unscoped value.

Format source: CuriousAI/mean-teacher pytorch/main.py (`LOG.info("Evaluating the primary
model:")`, `LOG.info("Evaluating the EMA model:")`, then `validate()`'s `LOG.info(' * Prec@1
{top1.avg:.3f}\tPrec@5 {top5.avg:.3f}')`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.layout import MODEL_SCOPE

_TITLE = re.compile(
    r"(?i)^[\s#>*-]*+(?:evaluating|testing|validating)\s++the\s++"
    r"([A-Za-z][\w.\-]{0,30}+)\s++model\s*+:?+\s*+$"
)


@reader("model_titles", markers=("model", "Model", "MODEL"), order=29)
def read_model_title(line: str, state: LogState, out: Sink) -> bool:
    title = _TITLE.match(line) if len(line) < 80 else None
    if title is None:
        return False
    state.block_scope = MODEL_SCOPE + title.group(1)
    return True
