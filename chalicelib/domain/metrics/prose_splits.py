"""A sentence naming a split and the code block below it (README "Layout"): a digit-free
sentence that names one split ("While on the test set I got") gives its split to a code fence
(or a reStructuredText literal block) opening right after it, up to the block's end. Applied by
`line_prelude.prelude`; the state is `LogState.prose_split`, `block_split`, `fence_split` and
`indented_split`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.domain.metrics.layout import _PROSE_SPLIT, _SPLIT_OF_WORD

if TYPE_CHECKING:
    from chalicelib.domain.metrics.line_layout import LogState


def note_prose_split(stripped: str, state: LogState) -> None:
    """A sentence with no number that names one split: the split of a code block below it."""
    if len(stripped) > 300 or any(c.isdigit() for c in stripped):
        return
    words = {m.group(1).lower() for m in _PROSE_SPLIT.finditer(stripped)}
    splits = {_SPLIT_OF_WORD[w] for w in words}
    if len(splits) == 1:
        state.prose_split = splits.pop()


def prose_split_block(stripped: str, state: LogState) -> None:
    """A code fence opening right after a sentence naming a split holds that split's output
    ("While on the test set I got" then ```` ``` ````); its closing fence ends it."""
    if stripped[:3] != "```":
        if state.prose_split is not None and (
            stripped.startswith(".. code") or stripped.endswith("::")
        ):
            # reStructuredText: ".. code-block:: python" (or a "::" literal block) opens an
            # indented block, blank lines included, up to the next line at the margin
            state.indented_split = state.prose_split
        state.prose_split = None  # the sentence was not followed by a code block
        return
    if state.fence_split:
        state.fence_split = False
        state.block_split = None
    elif state.prose_split is not None:
        state.block_split = state.prose_split
        state.fence_split = True
    state.prose_split = None
