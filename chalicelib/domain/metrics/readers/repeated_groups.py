"""A line that prints the same group of names twice, the second group led by a word (asked
by the generic reader with the line's pairs, `grouped_repeats`).

A trainer that evaluates two sets at once prints both on one line, the second group's first
name carrying the set's word and the names after it bare: AttentionTargetSentiment's DyNet
loop prints `***DEV [epoch=12] Loss:0.689 ... Macro F1: 0.716 Exceed Loss:0.751 ... Macro F1:
0.694` (the dev set, then its "Exceed" subset), and training scripts print `Train Loss: 0.52
Acc: 0.81 Val Loss: 0.61 Acc: 0.77`. Read pair by pair, the second `Macro F1` (or `Acc`) is
the same name with another value: on a progress line it replaced the first as the run's
latest, on a summary line both stood unscoped, so the subset's (or the training set's) value
answered a claim of the whole set's. The word that leads a group is the scope of the bare
names in it: `Exceed Macro F1`, `Train Acc` and `Val Acc`.

A group is led by a name that is another name of the line with one word before it (`Exceed
Loss` after `Loss`, `Val Loss` after `Train Loss`); nothing changes on a line whose names do
not repeat.

Tests: `tests/unit/metrics/test_hostile53.py`.
"""

from __future__ import annotations


def _lead_words(names: list[str]) -> dict[int, str]:
    """The index of each name that leads a group, with its leading word (one pass: a line
    holds up to thousands of pairs)."""
    leads: dict[int, str] = {}
    first_at: dict[str, int] = {}  # each name's first index
    headed: dict[str, list[tuple[int, str]]] = {}  # "<word> <rest>": rest -> (index, word)
    for at, name in enumerate(names):
        head, _, rest = name.partition(" ")
        if rest and "/" not in name and head.isalpha():
            # the earliest earlier name that is `rest` itself ("Exceed Loss" after "Loss") or
            # `rest` after another word ("Val Loss" after "Train Loss": both lead a group)
            bare = first_at.get(rest)
            other = next(((i, w) for i, w in headed.get(rest, ()) if w != head), None)
            if bare is not None and (other is None or bare < other[0]):
                leads[at] = head
            elif other is not None:
                leads[at] = head
                leads.setdefault(other[0], other[1])
            seen = headed.setdefault(rest, [])
            if len(seen) < 2 and all(w != head for _, w in seen):
                seen.append((at, head))
        first_at.setdefault(name, at)
    return leads


def grouped_repeats(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The line's `pairs` with the bare names of a group led by a word named under it, when a
    name repeats on the line."""
    names = [name for name, _ in pairs]
    if len(pairs) < 3 or len(set(names)) == len(names):
        return pairs
    leads = _lead_words(names)
    if not leads:
        return pairs
    grouped = []
    word: str | None = None
    for at, (name, value) in enumerate(pairs):
        if at in leads:
            word = leads[at]
        elif word and "/" not in name and name.partition(" ")[0] != word:
            name = f"{word} {name}"  # "Macro F1" in the group "Exceed Loss" leads
        grouped.append((name, value))
    return grouped
