"""fastText's command-line evaluation: `fasttext test model.bin data.valid [k]` prints the
number of examples and the precision and recall at k of the whole file; `fasttext test-label`
prints a row per label before them:

    F1-Score : 0.818670  Precision : 0.840191  Recall : 0.798223   __label__pho
    N       10794
    P@1     0.842
    R@1     0.781

A label's row holds that label's values (`__label__pho/F1-Score`), never an overall F1 or
precision: the overall scores are `P@k` and `R@k`. `N` is a count. The file evaluated is the
command's third argument; a split named in its name (`error_type.valid`, `dev.txt`,
`cooking.test`) is the split of every value printed below it, up to the next command.

Format source: facebookresearch/fastText src/main.cc `test()` and `printPrecisionRecall`
(`"N" << "\\t" << N`, `"P@" << k << "\\t" << precision`, `"R@" << k << "\\t" << recall`) and
the per-label loop of `test-label` (`"F1-Score : " << f1 << "  Precision : " << precision <<
"  Recall : " << recall << "   " << label`, "--------" when a value is undefined).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM
from chalicelib.domain.metrics.sense_compare import split_named

# `fasttext test-label model.bin error_type.valid 1 0.5` (the binary's path may lead it)
_COMMAND = re.compile(r"(?<![\w\-])fasttext\s++(?:test|test-label)\s++\S++\s++(\S++)")
_LABEL_ROW = re.compile(
    r"^\s*+F1-Score\s*+:\s*+(" + NUM + r"|-++)\s++Precision\s*+:\s*+(" + NUM + r"|-++)\s++"
    r"Recall\s*+:\s*+(" + NUM + r"|-++)\s++(\S++)\s*+$"
)
_AT_K = re.compile(r"^\s*+([PR]@\d++)\s++(" + NUM + r")" + END + r"\s*+$")
_COUNT = re.compile(r"^\s*+N\s++\d++\s*+$")
# A split named in the evaluated file's name: `error_type.valid`, `dev.txt`, `cooking.test`.
_FILE_SPLIT = re.compile(r"(?i)(?:^|[._\-/])(test|valid|validation|val|dev|train)(?=[._\-]|$)")


def _file_split(path: str) -> str | None:
    """The split a file's name names, or None (`-`, stdin; `data.txt`; two splits)."""
    name = path.rsplit("/", 1)[-1]
    splits = {split_named(m.group(1)) for m in _FILE_SPLIT.finditer(name)}
    return splits.pop() if len(splits) == 1 else None


@reader("fasttext", markers=("fasttext", "F1-Score :", "P@", "R@", "N\t", "N "), order=30)
def read_fasttext(line: str, state: LogState, out: Sink) -> bool:
    if "fasttext" in line:
        command = _COMMAND.search(line)
        if command is not None:
            state.context["fasttext_split"] = _file_split(command.group(1))
            state.context["fasttext"] = True
        return False  # (the prompt line is the generic reader's as before)
    if "F1-Score" in line:
        row = _LABEL_ROW.match(line)
        if row is None:
            return False
        state.context["fasttext"] = True
        f1, precision, recall, label = row.groups()
        split = state.context.get("fasttext_split")
        for name, number in (("F1-Score", f1), ("Precision", precision), ("Recall", recall)):
            if number[:1] != "-":  # "--------": undefined for this label
                out.add(f"{label}/{name}", number, "fasttext", split=split, running=False)
        return True
    if not state.context.get("fasttext"):
        return False
    if _COUNT.match(line):
        return True  # N: the number of examples
    at_k = _AT_K.match(line)
    if at_k is None:
        return False
    split = state.context.get("fasttext_split")
    out.add(at_k.group(1), at_k.group(2), "fasttext", split=split, running=False)
    return True
