"""A title line that names one partition of an evaluation and how many samples it holds
(LLaVA's `llava/eval/eval_pope.py`: `print('Category: {}, # samples: {}'.format(category,
len(cur_answers)))`, then that category's `Accuracy: ...`, `F1 score: ...` and a rule of
`=`). POPE is scored per negative-sampling category (adversarial, popular, random), and the
excerpt ends with the average over them: each block's values are that category's, up to the
rule under it (or a blank line, or the next such title), and the average below the last rule
is no category's. Read by the layout rules (`line_prelude.prelude`).

Tests: `tests/unit/metrics/test_verdicts49.py`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.split_headings import _SPLIT_OF_WORD

# "Category: adversarial, # samples: 3000", "Subset: random, #samples: 2910".
_SAMPLED_PARTITION = re.compile(
    r"(?i)^\s*+(?:category|subset|task|type)\s*+:\s*+([A-Za-z][\w.\-]{0,30}+)\s*+,\s*+"
    r"(?:#|num(?:ber)?+(?:\s++of)?+)\s*+samples\s*+[:=]\s*+\d++\s*+$"
)
# The `state.context` key of the partition a title opened (closed by the rule under its block).
PARTITION_BLOCK = "sampled_partition"


def sampled_partition(line: str) -> str | None:
    """The partition a "Category: X, # samples: N" title names, or None."""
    if len(line) > 100 or "amples" not in line:
        return None
    title = _SAMPLED_PARTITION.match(line)
    if title is None or title.group(1).lower() in _SPLIT_OF_WORD:
        return None
    return title.group(1)
