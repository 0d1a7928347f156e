"""ESPnet results and SCTK sclite summaries: ESPnet2 `RESULTS.md` tables (`### WER`, then
`|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|` rows `|<decode dir>/<set>|...|`, rows via
`tables`), ESPnet1 `grep -e Avg -e SPKR` hits (`<path>/result.txt:| Sum/Avg | 1272 43897 |
90.3 ... 11.3 70.5 |`) and sclite's own `result.txt` table. Err is the error rate of the
section (WER, CER or TER; named `<set>/WER Err`, or `<set>/Err` when the log does not say
which; sclite rows keep their label: `eval1/Sum/Avg Err`), S.Err the sentence error rate
(`<set>/S.Err`); the set comes from the row or the scored
file's decode directory (`decode_eval1_beam20_...` -> `eval1`); ESPnet1's word-level
`result.wrd.txt` holds a WER whatever the section says. Snt/Wrd are counts; of sclite's
own Sum/Avg row the Sub/Del/Ins error components are read as `Sum/Avg Substitution Rate`,
`Deletion Rate`, `Insertion Rate` (percentages of the reference words; Ins may pass 100),
Corr is not read; speaker rows and the Sum (counts), Mean, S.D. and Median rows are not the
result: only Sum/Avg is.

Format source: espnet/espnet egs2/TEMPLATE/asr1/scripts/utils/show_asr_result.sh (`echo "###
${type^^}"`, `echo "|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|"`, rows from `grep -H -e Avg
"${dir}/score_${type}/result.txt" | sed ... | tr "|" " " | tr -s " " "|"`); ESPnet1 egs/*/asr1
RESULTS (`grep -e Avg -e SPKR -m 2 .../decode_*/result.txt`), utils/score_sclite.sh (`echo
"write a CER (or TER) result in ${dir}/result.txt"`; with `--wer true`, sclite on the word
transcripts `> ${dir}/result.wrd.txt`, `echo "write a WER result in ${dir}/result.wrd.txt"`);
usnistgov/SCTK src/sclite (`SYSTEM SUMMARY PERCENTAGES by SPEAKER`, `| SPKR | # Snt # Wrd |
Corr Sub Del Ins Err S.Err |`, `| Sum/Avg|`, `| Mean |`, `| S.D. |`, `| Median |`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM, parse_number

# "### WER" (also quoted in markdown: "> ### CER"); ESPnet1's score_sclite.sh announces each
# table: "write a CER (or TER) result in .../result.txt", "write a WER result in ...".
_SECTION = re.compile(r"^[\s>]*+#{2,}+\s*+(WER|CER|TER)\s*+$")
_WRITE_RESULT = re.compile(r"\bwrite an? (WER|CER|TER)\b")
_RESULT_FILE = re.compile(r"/result(?:\.\w++)?\.txt")
# | <label> | <snt> <wrd> | <corr> <sub> <del> <ins> <err> <s.err> | [<nce> |]; after a grep
# hit wrapped by the terminal (`<path>/result.txt:|` ending its line) the first bar is missing.
_ROW_BODY = (
    r"\s*+([^|\n]*?)\s*+\|\s*+(" + NUM + r")\s++(" + NUM + r")\s*+\|"
    r"((?:\s*+" + NUM + r"){6})\s*+\|"
)
_SCLITE_ROW = re.compile(r"\|" + _ROW_BODY)
_WRAPPED_ROW = re.compile(r"^" + _ROW_BODY)
_SET_WORDS = frozenset(
    {"clean", "other", "dev", "test", "eval", "train", "real", "simu", "isolated", "nodev"}
    | {"nodup", "sp", "hires", "1ch", "2ch", "6ch", "set", "all", "sub", "si", "sd", "ihm"}
    | {"sdm", "mdm", "far", "near", "clean100", "other500"}
)


_NUMBERED_SET = re.compile(r"(?:dev|eval|test|train)\d{2,4}")
# Early ESPnet2 asr.sh named the directory `decode_${dset}${decode_tag}` with no separator, the
# tag being `decode` (or the decode config's basename) + `_asr_model_<model>`:
# `decode_devdecode_asr_model_valid.loss.best` -> `dev`, `decode_eval_203decode_asr_...`.
_GLUED_TAG = re.compile(r"(?<=[^_])decode(?:_|$)")


def decode_set(directory: str) -> str:
    """The evaluation set of an ESPnet decode directory: ESPnet2's `<tag>/<set>` is the set;
    ESPnet1's `decode_<set>_<model and config>` keeps the words of the set
    (`decode_train_dev_beam20_emodel.acc.best_p0.0` -> `train_dev`)."""
    parts = [p for p in directory.split("/") if p]
    if parts and parts[-1].startswith("score"):
        parts = parts[:-1]  # ESPnet2's <tag>/<set>/score_wer
    if not parts:
        return ""
    last = parts[-1]
    if not last.startswith("decode"):
        return last if parts[:-1] and parts[-2].startswith("decode") else ""
    rest = last.removeprefix("decode").lstrip("_-.")
    glued = _GLUED_TAG.search(rest)
    if glued:
        return rest[: glued.start()]
    tokens = rest.split("_")
    kept: list[str] = []
    for token in tokens:
        numbered = _NUMBERED_SET.fullmatch(token.lower()) is not None  # WSJ's test_dev93
        if kept and token.lower() not in _SET_WORDS and not token.isdigit() and not numbered:
            break
        if "." in token:
            break
        kept.append(token)
    return "_".join(kept)


def _result_dir(line: str) -> str | None:
    """The directory of a sclite `result.txt` named on the line (a grep hit's path or the
    grep command's argument)."""
    match = _RESULT_FILE.search(line)
    if not match:
        return None
    start = max(line.rfind(c, 0, match.start()) for c in " \t:") + 1
    return line[start : match.start()]


def _section_of(path: str, state: LogState) -> str | None:
    match = re.search(r"score_(wer|cer|ter)\b", path)
    if match:
        return match.group(1).upper()
    return state.context.get("espnet_section")


def _add(where: str, section: str | None, err: str, serr: str, out: Sink, row: str = "") -> None:
    """`<set>/WER Err` and `<set>/S.Err` (sclite's row label before the column when the log
    prints it: `eval1/Sum/Avg Err`)."""
    prefix = "".join(f"{p}/" if p == where else f"{p} " for p in (where, row) if p)
    out.add(f"{prefix}{section} Err" if section else f"{prefix}Err", err, "espnet", running=False)
    out.add(f"{prefix}S.Err", serr, "espnet", running=False)


def espnet_header(lowered: list[str], state: LogState) -> bool:
    """`|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|` (read by `tables`); ST/MT results
    `|dataset|bleu_score|verbose_score|` are named `<set>/BLEU`."""
    if lowered[:2] == ["dataset", "bleu_score"]:
        state.context["md_mode"] = "espnet"
        state.context["espnet_cols"] = None
        return True
    if not {"snt", "wrd", "err", "s.err"} <= set(lowered):
        return False
    state.context["md_mode"] = "espnet"
    state.context["espnet_cols"] = (lowered.index("err"), lowered.index("s.err"))
    return True


def espnet_row(cells: list[str], state: LogState, out: Sink) -> None:
    if state.context.get("espnet_cols") is None:  # |dataset|bleu_score|verbose_score|
        if len(cells) >= 2 and parse_number(cells[1]) is not None:
            where = decode_set(cells[0])
            out.add(f"{where}/BLEU" if where else "BLEU", cells[1], "espnet", running=False)
        return
    err_col, serr_col = state.context["espnet_cols"]
    if len(cells) <= max(err_col, serr_col) or not cells[0]:
        return
    err, serr = cells[err_col], cells[serr_col]
    if parse_number(err) is None or parse_number(serr) is None:
        return
    _add(_row_set(cells[0]), _section_of(cells[0], state), err, serr, out)


def _row_set(label: str) -> str:
    """The set of a `|dataset|` cell: `decode_set`, or, when the tag before the set is no
    decode directory (a tag of one's own: `beam60_ctc0.2_lm0.6/dev_clean`), the last part: the
    template always prints `<tag>/<set>`."""
    where = decode_set(label)
    parts = [p for p in label.split("/") if p and not p.startswith("score")]
    return where or (parts[-1] if len(parts) >= 2 else "")


# sclite's Sub, Del and Ins columns: the percentages of the reference words substituted, deleted
# and inserted (the components of Err)
_COMPONENTS = ("Substitution Rate", "Deletion Rate", "Insertion Rate")


@reader("espnet", markers=("WER", "CER", "TER", "result", "|"), order=19)
def read_espnet(line: str, state: LogState, out: Sink) -> bool:
    heading = _SECTION.match(line) if "#" in line else None
    if heading:
        state.context["espnet_section"] = heading.group(1)
        return True
    announced = _WRITE_RESULT.search(line) if "write a" in line else None
    if announced:
        state.context["espnet_section"] = announced.group(1)
    path = _result_dir(line) if "/result" in line else None
    if path is not None:
        state.context["espnet_result"] = path
        # ESPnet1 scores words into result.wrd.txt (`--wer true`): a WER, whatever the section
        state.context["espnet_words"] = ".wrd.txt" in line
    wrapped = state.context.pop("espnet_wrapped", False)
    if "|" not in line:
        return False
    if path is not None and line.rstrip().endswith(":|"):
        state.context["espnet_wrapped"] = True
    row = _SCLITE_ROW.search(line) or (_WRAPPED_ROW.match(line) if wrapped else None)
    if not row:
        return path is not None and "SPKR" in line
    label = row.group(1)
    if label == "Sum/Avg":
        directory = path if path is not None else state.context.get("espnet_result", "")
        values = row.group(4).split()
        where, section = decode_set(directory), _section_of(directory, state)
        if state.context.get("espnet_words"):
            section = "WER"
        last = [p for p in directory.split("/") if p and not p.startswith("score")][-1:]
        if where and last and last[0].startswith("decode_"):
            where = f"decode_{where}"  # ESPnet1's decode_<set>_<config>: the set, as a decode
        _add(where, section, values[4], values[5], out, row=label)
        prefix = "".join(f"{p}/" if p == where else f"{p} " for p in (where, label) if p)
        for column, number in zip(_COMPONENTS, values[1:4], strict=True):
            out.add(f"{prefix}{column}", number, "espnet", running=False)
    return True  # speaker, Sum (counts), Mean, S.D. and Median rows: not the result
