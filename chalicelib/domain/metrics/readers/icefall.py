"""icefall (k2) decoding results: the logged `[test-clean-greedy_search] %WER 2.25% [1183 / 52576,
... ]` lines named `<set-method>/%WER` (`test-clean-greedy_search/%WER`), the `For test-clean,
WER of different settings are:` blocks whose `<setting>\\t<value>[\\tbest for <set>]` lines are
named `<set>/<setting>/WER` (CER blocks likewise; `WER/CER` blocks give both; a setting name
too long for a metric name is dropped from it), the best lines of those files found by grep
(`<exp>/49_10.txt:<setting>\t2.62\tbest for test-clean`, named `<set>/<setting>/WER`, CER
when the file name says so), the `wer-summary-<set>-<suffix>.txt` files (`settings\tWER`,
then `<setting>\t<value>` per decoding setting, best first; named `<set>/<setting>/WER` when a
`cat` or `head` line just above names the file, `<setting>/WER` otherwise), and the errs file's
`%WER = 3.26`. The
`params` dict logged at start (`{'exp_dir': PosixPath(...), 'epoch': 25, ...}`) is config.
RESULTS.md tables (`| | test-clean | test-other | comment |`, a row per decoding method) give
the WER of each method on each set, `test-other/greedy search/WER`; so do the rows of a table
of other sets that names no metric when their label is a decoding method (`| | dev | test |`
over `| modified_beam_search | 13.47 | 15.02 |`, `test/modified_beam_search/WER`). The
bracket holds counts, never values; setting names carry hyper-parameters (`beam_4`,
`lm_scale_0.8`), never values.

Format source: k2-fsa/icefall icefall/utils.py `write_error_stats` (`logging.info(f"[{
test_set_name}] %WER {tot_errs / ref_len:.2%} [{tot_errs} / {ref_len}, {ins_errs} ins,
{del_errs} del, {sub_errs} sub ]")`, `print(f"%WER = {tot_err_rate}", file=f)`,
`Errors: {ins} insertions, ...`); egs/*/ASR/*/decode.py `save_results` (`s = "\\nFor {}, WER
of different settings are:\\n".format(test_set_name)`, `s += "{}\\t{}{}\\n".format(key, val,
note)` with `note = "\\tbest for {}"` on the first line only; aishell and libriheavy use CER,
`"{} CER\\t{}{}\\n"` and `WER/CER` with `"{}\\t{}\\t{}{}\\n"`); the same function writes
`params.res_dir / f"wer-summary-{test_set_name}-{key}-{params.suffix}.txt"` with
`print("settings\\tWER", file=f)` (`CER`, `PER`, `WER\\tCER` in other recipes) and
`print("{}\\t{}".format(key, val), file=f)`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number
from chalicelib.domain.metrics.sink import MAX_NAME_CHARS

_LOGGED = re.compile(
    r"\[([^\[\]\s]++)\]\s++%(WER|CER)\s++(" + NUM + r")%?+\s++\[\s*+\d++\s*+/\s*+\d++"
)
_ERRS_FILE = re.compile(r"^\s*+%(WER|CER)\s*+=\s*+(" + NUM + r")" + END)
_BLOCK = re.compile(r"\bFor ([^\s,]++), (WER|CER|WER/CER) of different settings are:")
# A wer-summary file: its header, and the file's name where a command or `head` shows it
# (`wer-summary-test-clean-greedy_search-epoch-30-avg-9.txt`: the set before the suffix).
_SUMMARY_HEAD = re.compile(r"^\s*+settings\s++(WER|CER|PER)(?:\s++(CER))?+\s*+$", re.IGNORECASE)
_SUMMARY_FILE = re.compile(r"(?<![\w-])(?:wer|cer)-summary-([^\s/]+?)\.txt\b")
# The set's name is the file name's first part and the plain words after it (`test-clean`,
# `TEST_NET`); the decoding setting and the suffix follow (`beam_size_4`, `epoch-30-avg-9`).
_NOT_SET_WORDS = frozenset({"epoch", "iter", "avg", "greedy", "beam", "modified", "fast", "ctc"})


def summary_set(name: str) -> str:
    first, *rest = name.split("-")
    words = [first]
    for word in rest:
        if not word.isalpha() or word.lower() in _NOT_SET_WORDS:
            break
        words.append(word)
    return "-".join(words)


_SETTING = re.compile(
    r"^[\s$>#]*+(\S++)(?:\s++(?:WER|CER))?+\s++(" + NUM + r")(?:\s++(" + NUM + r"))?+"
    r"(?:\s++best for \S++)?+\s*+$"
)

# grep's hit of a `best for` line: `<file>:<setting>\t<value>[\t<value>]\tbest for <set>`
_GREP_BEST = re.compile(
    r"^[\s$>#]*+([^\s:]*+:)?+(\S++)\s++(" + NUM + r")(?:\s++(" + NUM + r"))?+"
    r"\s++best for (\S++)\s*+$"
)


def _in_params(state: LogState) -> bool:
    return bool(state.context.get("icefall_params"))


@reader("icefall", markers=("PosixPath(", "'env_info'"), order=7, open=_in_params)
def read_params_dump(line: str, state: LogState, out: Sink) -> bool:
    """The `params` dict icefall logs when training or decoding starts (`{'exp_dir':
    PosixPath('...'), 'epoch': 25, 'beam_size': 4, ..., 'env_info': {...}}`), printed on one
    line or wrapped over several: configuration, consumed until its braces close."""
    depth = state.context.get("icefall_params", 0)
    if not depth and "PosixPath(" not in line and "'env_info'" not in line:
        return False
    if depth and "':" not in line and "PosixPath(" not in line:
        state.context["icefall_params"] = 0  # a cut-off dump: this line is something else
        return False
    state.context["icefall_params"] = max(depth + line.count("{") - line.count("}"), 0)
    return True


_TRAIN_BATCH = re.compile(r"\bEpoch \d++, batch \d++, loss\[")
_VALIDATION = re.compile(r"\bEpoch \d++, validation: (.*)$")
_PAIR = re.compile(r"(?:^|[\s,])([A-Za-z_]\w*+)=(" + NUM + r")" + END)


@reader("icefall", markers=(", batch ", ", validation: "), order=23)
def read_icefall_training(line: str, state: LogState, out: Sink) -> bool:
    """train.py's `Epoch 3, batch 500, loss[loss=0.18, ...], tot_loss[...], batch size: 500,
    lr: 1.2e-02` (per-batch running values: none is a result) and `Epoch 3, validation:
    loss=0.1877, simple_loss=0.2296, ...` (the epoch's validation losses, named `validation
    loss`; running: the last epoch's stand)."""
    if _TRAIN_BATCH.search(line):
        return True
    validation = _VALIDATION.search(line)
    if not validation:
        return False
    for pair in _PAIR.finditer(validation.group(1)):
        out.add(f"validation {pair.group(1)}", pair.group(2), "icefall", running=True)
    return True


def _in_block(state: LogState) -> bool:
    return state.context.get("icefall_block") is not None


@reader(
    "icefall",
    markers=(
        "] %WER",
        "] %CER",
        "of different settings",
        "%WER =",
        "%CER =",
        "Errors: ",
        "best for ",
        "settings\t",
        "settings WER",
        "settings CER",
    ),
    order=22,
    open=_in_block,
)
def read_icefall(line: str, state: LogState, out: Sink) -> bool:
    block = state.context.get("icefall_block")
    if "settings" in line:
        summary = _SUMMARY_HEAD.match(line)
        if summary:
            metrics = [m.upper() for m in summary.groups() if m]
            # the line above may name the file: `cat <file>`, head's `==> <file> <==`
            named = _SUMMARY_FILE.search(state.previous_line)
            where = summary_set(named.group(1)) if named else ""
            state.context["icefall_block"] = (where, metrics)
            return True
    if "of different settings" in line:
        head = _BLOCK.search(line)
        if head:
            state.context["icefall_block"] = (head.group(1), head.group(2).split("/"))
            return True
    if block is not None:
        setting = _SETTING.match(line) if line.strip() else None
        if setting:
            _setting(block, setting, out)
            return True
        state.context["icefall_block"] = None  # a blank or other line ends the block
    if "best for " in line:
        best = _GREP_BEST.match(line)
        if best:
            where, metric = best.group(5), "CER" if "cer" in (best.group(1) or "") else "WER"
            _setting((where, [metric]), best, out, first=2)
            return True
    found = False
    if "%" in line:
        for match in _LOGGED.finditer(line):
            where, metric, number = match.groups()
            out.add(f"{where}/%{metric}", number, "icefall", running=False)
            found = True
        errs = _ERRS_FILE.match(line) if not found else None
        if errs:
            out.add(f"%{errs.group(1)}", errs.group(2), "icefall", running=False)
            found = True
    # "Errors: 163 insertions, 128 deletions, 1424 substitutions, over 52576 reference words"
    return found or line.lstrip().startswith("Errors: ")


def _setting(
    block: tuple[str, list[str]], setting: re.Match[str], out: Sink, first: int = 1
) -> None:
    where, metrics = block
    key = setting.group(first)
    numbers = (setting.group(first + 1), setting.group(first + 2))
    for metric, number in zip(metrics, numbers, strict=False):
        if number is None:
            continue
        name = f"{where}/{key}/{metric}" if where else f"{key}/{metric}"
        if len(name) > MAX_NAME_CHARS:
            name = f"{where}/{metric}" if where else metric
        out.add(name, number, "icefall", running=False)


# RESULTS.md tables: `| | test-clean | test-other | comment |`, one row per decoding method.
_RESULT_SETS = re.compile(r"^(?:test|dev)[-_](?:clean|other)$")


def results_table_header(lowered: list[str], state: LogState) -> bool:
    """A Markdown table whose columns are LibriSpeech test sets (`test-clean`, `test-other`):
    icefall's and k2's RESULTS.md tables, whose values are the WER of each decoding method
    (the row) on each set (the column). Read by `tables`."""
    columns = [i for i, cell in enumerate(lowered) if i and _RESULT_SETS.match(cell)]
    if not columns or any("wer" in c or "cer" in c for c in lowered):
        return False
    state.context["md_mode"] = "icefall"
    state.context["icefall_cols"] = columns
    return True


def results_table_row(cells: list[str], header: list[str], state: LogState, out: Sink) -> None:
    label = cells[0].strip("*` ") if cells else ""
    if parse_number(label) is not None or len(label) > 40:
        label = ""
    for i in state.context.get("icefall_cols", []):
        if i < len(cells) and i < len(header) and parse_number(cells[i]) is not None:
            # (a method label the vocabulary refuses as a name, "... (max sym per frame 1)",
            # leaves the value its set's WER)
            value = cells[i]
            if not label or not out.add(
                f"{header[i]}/{label}/WER", value, "icefall", running=False
            ):
                out.add(f"{header[i]}/WER", value, "icefall", running=False)


# icefall's decoding methods (decode.py `--decoding-method`), written with `_`, `-` or spaces.
_DECODING_METHOD = re.compile(
    r"(?i)^(?:(?:modified|fast)[ _\-])?+beam[ _\-]search(?:[ _\-]\w++)*+"
    r"|^greedy[ _\-]search(?:[ _\-]\w++)*+"
    r"|^ctc[ _\-](?:decoding|greedy[ _\-]search|prefix[ _\-]beam[ _\-]search)$"
    r"|^(?:whole[ _\-]lattice|nbest|attention[ _\-]decoder)(?:[ _\-]rescoring\S*+)?+$"
)


def decoding_method_row(label: str, sets: list[str], values: list[str], out: Sink) -> bool:
    """A row of a table of icefall decoding methods by test set that names no metric (`| |
    dev | test |` over `| greedy_search | 10.58 | 11.76 |`, a RESULTS.md table of a recipe
    whose sets are not LibriSpeech's): each value is the WER of that method on that set,
    `test/greedy_search/WER`, as in the LibriSpeech tables above. False when the label is no
    decoding method (the row is then any table's)."""
    if not _DECODING_METHOD.match(label):
        return False
    found = False
    for where, value in zip(sets, values, strict=True):
        found = out.add(f"{where}/{label}/WER", value, "icefall", running=False) or found
    return found
