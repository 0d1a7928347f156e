"""Kaldi scoring: compute-wer's `%WER 4.32 [ 2275 / 52576, 180 ins, 265 del, 1830 sub ]` and
`%SER 80.00 [ 8 / 10 ]` (the bracket holds counts, never values), and the `utils/best_wer.sh`
lines that append the scored file, `... exp/tri4b/decode_fglarge_test_clean/wer_17_0.5`: the
value is named by the decode directory's test set (`fglarge_test_clean/%WER`; the LM or
config words beside the set stay in the name, so dev and test, clean and other stay apart;
an SAT system's speaker-independent first pass, `decode_devtest.si`, is `devtest.si/%WER`,
never the set's final WER),
a subset sclite scored is named by its file (`eval2000.ctm.swbd.filt.sys` -> `swbd/%WER`; the
whole set's `eval2000.ctm.filt.sys` names none), and a `cer_*` file's line is a character
error rate (`%CER`; compute-wer prints `%WER` for it). A README that shortens the scored
file to the set's name alone (`%WER 19.6 | 400 15057 | ... | -0.880 | dev`, one line per set)
names the value by that set (`dev/%WER`), as the decode directory would; so does a set's name
leading the line, as thu-spmi/CAT's pipeline prints it (`dev_clean  %SER 27.64 | %WER 2.18
[ ... ]` -> `dev_clean/%WER`).
`local/chain/compare_wer.sh` tables (`# System tdnn_1a ...`, `# WER on dev(fglarge) 3.29 ...`)
name each value `<set>/<lm>/<system>/WER` (the table pasted as a pull request's diff, every
line led by `+`, `+#System tdnn_7h tdnn_7j`, is read the same); their `Final train prob` rows
and the `gmm_dir_info` / `chain_dir_info` lines (`exp/mono0a: nj=10 align prob=-95.82 ...`) are
diagnostics, not results.

Format source: kaldi-asr/kaldi src/bin/compute-wer.cc (`std::cout << "%WER " << std::fixed <<
std::setprecision(2) << percent_wer << " [ " << word_errs << " / " << num_words << ", " <<
num_ins << " ins, " << num_del << " del, " << num_sub << " sub ]" << (num_absent_sents != 0 ?
" [PARTIAL]" : "")`, then `"%SER " << percent_ser << " [ " << sent_errs << " / " << num_sent
<< " ]"`, `"Scored " << num_sent << " sentences, " ...`); egs/wsj/s5/utils/best_wer.sh (the
best `%WER` line, then the file it came from); egs/*/s5/local/chain/compare_wer.sh
(`echo -n "# WER on $set($lm)"` / `printf "% 10s" $wer` per system); steps/info/gmm_dir_info.pl;
thu-spmi/CAT cat/utils/wer.py (`f"%SER {_ser*100:.2f} | %{prefix} {_wer*100:.2f} [ {_err} /
{_sum}, {_ins} ins, {_del} del, {_sub} sub ]"`); speechbrain/utils/edit_distance.py and
dataio/wer.py (`print_wer_summary` mirrors compute-wer's line; `_print_alignment_header` prints
one utterance's `"{key}, %WER {WER:.2f} [ ... ]"` above its alignment: a sample's error rate,
never the corpus WER).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import NUM

_SCORE = re.compile(
    r"(?<![\w%])%(WER|CER|SER|TER)\s*+(" + NUM + r")%?+\s++\[\s*+\d++\s*+/\s*+\d++"
    r"(?:,\s*+\d++\s++ins,\s*+\d++\s++del,\s*+\d++\s++sub)?+\s*+\]"
    r"(?:\s*+\[PARTIAL\])?+(?:\s++(\S++))?+"
)
# thu-spmi/CAT's cat/utils/wer.py puts the sentence error rate first, on the same line:
# "%SER 13.60 | %WER 4.50 [ 2367 / 52576, 308 ins, 157 del, 1902 sub ]" (%CER / %PER with
# --cer / --per); the %WER part is read by `_SCORE`.
_SER_FIRST = re.compile(
    r"(?<![\w%])%SER\s*+(" + NUM + r")\s*+\|\s*+%(?:WER|CER|PER)\s*+" + NUM + r"\s*+\["
)
# sclite scoring through best_wer.sh: "%WER 15.1 | 1831 21395 | 86.7 9.4 3.9 1.8 15.1 50.7 |
# exp/tri4/decode_eval2000_sw1_tg/score_14_0.0/eval2000.ctm.swbd.filt.sys"
_SCLITE = re.compile(
    r"(?<![\w%])%(WER|CER)\s*+(" + NUM + r")\s++\|[^|\n]*+\|[^|\n]*+\|(?:[^|\n]*+\|)?+\s*+(\S++)"
)
# SpeechBrain's per-utterance alignment header, "672-122797-0033, %WER 50.00 [ 1 / 2, ... ]":
# the utterance id and a comma lead the score; one sample's error rate, not a result.
_UTTERANCE = re.compile(r"^\s*+[\w\-.]++,\s*+%(?:WER|CER)\s")
# `grep WER exp/*/decode*/wer_*` without best_wer.sh: "exp/.../wer_15:%WER 10.43 [ ... ]"
_GREP_PATH = re.compile(r"([^\s:]++):%(?:WER|CER)\s")
_DECODE_DIR = re.compile(r"^decode[_.\-]?+")
# A lattice rescoring pass after the first decode (`decode_test_rescore`): the same test set.
_RESCORED = re.compile(r"_rescore$")
# sclite's scored file names the subset of the test set it scored: `eval2000.ctm.swbd.filt.sys`
# is the Switchboard half of eval2000, `eval2000.ctm.callhm.filt.sys` the CallHome half and
# `eval2000.ctm.filt.sys` the whole set (egs/swbd/s5c/local/score_sclite.sh).
_SUBSET_FILE = re.compile(r"\.ctm\.([A-Za-z][\w\-]{0,20}+)\.filt\.(?:sys|dtl)$")
_SET_NOISE = re.compile(r"^\d*+$")
# A scored file shortened to a set's name: a word, no directory, no file suffix ("dev",
# "test_clean", "eval92"); a number or a path is no set's name.
_BARE_SET = re.compile(r"^[A-Za-z][A-Za-z0-9_\-]{1,30}+$")
# (a table added by a pull request is pasted as its diff: each line led by `+`, "+#System")
_SYSTEM = re.compile(r"^\+?+[#\s]*+System\s++(\S.*+)$")
_COMPARE = re.compile(
    r"^\+?+[#\s]*+(WER|CER)\s++(?:on\s++)?+([\w\-.]++)\s*+(?:\(([\w\-.]++)\))?+\s++("
    + NUM
    + r"(?:\s++"
    + NUM
    + r")*+)\s*+$"
)
# thu-spmi/CAT's pipeline prints each scored set's name before its line ("dev_clean  %SER 27.64 |
# %WER 2.18 [ ... ]", "test_en %SER 100.00 | %WER 411.75 [ ... ]"): the value is that set's,
# as a scored file's name would make it. A word with a letter, no path, no number alone.
_SET_LEAD = re.compile(r"^\s*+([A-Za-z][A-Za-z0-9_\-]{1,30}+)[ \t]++(?=%(?:SER|WER|CER)\s)")
_DIR_INFO = re.compile(r"^\s*+exp/[^\s:]*+:\s++(?:nj=|num-iters=|iters=|num-jobs=)")


def decode_set(path: str) -> str:
    """The test set (with the LM or config words beside it) of a scored file's decode
    directory: `exp/tri4b/decode_fglarge_dev_clean/wer_14_0.5` -> `fglarge_dev_clean`;
    "" when the directory names none (`exp/mono/decode/wer_10`, `decode.si`, `decode4`)."""
    parts = path.split("/")
    for part in reversed(parts[:-1]):
        if part.startswith("decode"):
            rest, _, suffix = _DECODE_DIR.sub("", part).partition(".")
            rest = _RESCORED.sub("", rest)
            if _SET_NOISE.match(rest):
                return ""
            # steps/decode_fmllr.sh's speaker-independent first pass (`decode_devtest.si`)
            # is another decode of the set than the final fMLLR one: it keeps its suffix
            return f"{rest}.si" if suffix == "si" else rest
    return ""


def _name(metric: str, path: str | None) -> str:
    if path and path.rsplit("/", 1)[-1].startswith("cer"):
        metric = "CER"  # compute-wer scores characters in cer_* files but prints %WER
    where = decode_set(path) if path and "/" in path else ""
    if path and not where and _BARE_SET.match(path):
        where = path  # "... | -0.880 | dev": the set's name in place of the scored file
    subset = _SUBSET_FILE.search(path) if path and ".ctm." in path else None
    parts = [where, subset.group(1) if subset else "", f"%{metric}"]
    return "/".join(p for p in parts if p)


@reader("kaldi", markers=("%WER", "%CER", "%SER", "%TER"), order=23)
def read_compute_wer(line: str, state: LogState, out: Sink) -> bool:
    if "," in line and _UTTERANCE.match(line):
        return True
    found = False
    grep = _GREP_PATH.search(line) if ":%" in line else None
    lead = _SET_LEAD.match(line) if line[:1] != "%" else None
    for match in _SCORE.finditer(line):
        metric, number, path = match.groups()
        if not path and grep:
            path = grep.group(1)
        name = _name(metric, path)
        if lead and name == f"%{metric}":
            # (as a scored file shortened to the set's name; a trailing "[0.53, 0.75]" of
            # decoding weights names nothing)
            name = _name(metric, lead.group(1))
        out.add(name, number, "kaldi", running=False)
        found = True
    if found and "%SER" in line and (first := _SER_FIRST.search(line)):
        where = lead.group(1) if lead else None
        out.add(_name("SER", where), first.group(1), "kaldi", running=False)
    if not found and "|" in line:
        for match in _SCLITE.finditer(line):
            metric, number, path = match.groups()
            out.add(_name(metric, path), number, "kaldi", running=False)
            found = True
    return found


def _in_compare(state: LogState) -> bool:
    return state.context.get("kaldi_systems") is not None


@reader("kaldi", markers=("System", "exp/"), order=24, open=_in_compare)
def read_compare_wer(line: str, state: LogState, out: Sink) -> bool:
    if "exp/" in line and _DIR_INFO.match(line):
        return True
    system = _SYSTEM.match(line) if "System" in line else None
    if system:
        state.context["kaldi_systems"] = system.group(1).split()
        return True
    systems = state.context.get("kaldi_systems")
    if systems is None:
        return False
    if not line.lstrip().removeprefix("+").startswith("#"):
        state.context["kaldi_systems"] = None
        return False
    row = _COMPARE.match(line)
    if row:
        metric, where, lm, values = row.groups()
        for system_name, value in zip(systems, values.split(), strict=False):
            parts = [where, lm, system_name, metric]
            out.add("/".join(p for p in parts if p), value, "kaldi", running=False)
    return True  # "# Final train prob", "# Num-params": diagnostics of the systems
