"""Other ASR evaluation prints: NeMo's speech_to_text_eval.py (`Dataset WER/CER 4.32%/1.86%`,
`Got wer of 0.0432. Tolerance was 1.0`: the tolerance is configuration) and `KEY:value%` fields
without spaces (gentaiscool/end2end-asr-pytorch: `(Epoch 20) TRAIN LOSS:0.1903 CER:6.53%
LR:0.0000167`, `VALID SET 0 LOSS:0.1780 CER:5.78%`), named by the words before the first field
(`TRAIN CER`, `VALID SET 0 CER`), which say the split; once a log has shown epoch lines, its
validation values are running ones too (the last stands). speechbrain's `train_log.txt` lines
(`epoch: 3, lr: ... - train loss: ... - valid loss: ..., valid WER: ...`), DeepSpeech's `Test -
WER: 0.21, CER: 0.05, loss: 25.1` and jiwer/evaluate prints (`WER: 0.2053`) are read by
`generic`.

Format source: NVIDIA/NeMo examples/asr/speech_to_text_eval.py (`logging.info(f'Got
{metric_name} of {metric_value}. Tolerance was {cfg.tolerance}')`, `logging.info(f'Dataset
WER/CER ' + str(round(100 * wer, 2)) + "%/" + str(round(100 * cer, 2)) + "%")`);
gentaiscool/end2end-asr-pytorch trainer (`logging.info("(Epoch {}) TRAIN LOSS:{:.4f} CER:{:.2f}%
LR:{:.7f}"...)`, `"VALID SET {} LOSS:{:.4f} CER:{:.2f}%"`); speechbrain/utils/train_logger.py
`FileTrainLogger`; mozilla/DeepSpeech evaluate.py (`'Test - WER: %f, CER: %f, loss: %f'`).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_NEMO_DATASET = re.compile(r"\bDataset WER/CER\s++(" + NUM + r")%/(" + NUM + r")%")
_NEMO_GOT = re.compile(r"\bGot (wer|cer|WER|CER) of (" + NUM + r")" + END)
_FIELDS = re.compile(r"(?<![\w:])([A-Z][A-Z_]*+):(" + NUM + r")%?+(?=\s|$)")
_PREFIX = re.compile(
    r"(?:^|\s-\s|\)\s)\s*+((?:TRAIN|VALID|VALIDATION|DEV|TEST|EVAL)\b[^:\n]{0,40}?)\s++[A-Z_]++:"
)


# WeNet's (and PaddleSpeech's) tools/compute-wer.py summary: `Overall -> 5.75 % N=104765 C=99035
# S=5587 D=143 I=294`, then one line per token cluster (`Mandarin -> ...`, `English -> ...`). The
# rate is a CER when the tokens are characters: a title or heading naming CER or WER just
# before says which (WER otherwise).
_CLUSTER = re.compile(
    r"^\s*+([A-Za-z][\w\- ]{0,30}?)\s++->\s++(" + NUM + r")\s*+%\s++N=\d++\s++C=\d++\s++S=\d++"
)
_RATE_TITLE = re.compile(r"^[\s#*>]*+(?:%|\b)(CER|WER)\b[\s*:]*+$", re.IGNORECASE)


@reader("speech_other", markers=(" -> ", "CER", "WER", "cer", "wer"), order=18)
def read_compute_wer(line: str, state: LogState, out: Sink) -> bool:
    if " -> " not in line:
        title = _RATE_TITLE.match(line) if len(line) < 40 else None
        if title:
            state.context["error_rate_title"] = title.group(1).upper()
        return False
    cluster = _CLUSTER.match(line)
    if cluster is None:
        return False
    rate = state.context.get("error_rate_title", "WER")
    label = cluster.group(1).strip()
    name = rate if label.lower() == "overall" else f"{label}/{rate}"
    out.add(name, cluster.group(2), "speech_other", running=False)
    return True


@reader(
    "speech_other",
    markers=("WER/CER", "Got ", "TRAIN", "VALID", "TEST", "DEV", "EVAL"),
    order=35,
)
def read_speech_other(line: str, state: LogState, out: Sink) -> bool:
    if "WER/CER" in line:
        nemo = _NEMO_DATASET.search(line)
        if nemo:
            out.add("WER", nemo.group(1), "speech_other", running=False)
            out.add("CER", nemo.group(2), "speech_other", running=False)
            return True
    if "Got " in line:
        got = _NEMO_GOT.search(line)
        if got:
            out.add(got.group(1).upper(), got.group(2), "speech_other", running=False)
            return True
    prefix = _PREFIX.search(line) if ":" in line else None
    if not prefix:
        return False
    fields = list(_FIELDS.finditer(line, prefix.end(1)))
    if not fields:
        return False
    if "(Epoch " in line or "Epoch " in line[: prefix.start(1)]:
        state.context["speech_epochs"] = True
    running = True if state.context.get("speech_epochs") else None
    for field in fields:
        out.add(
            f"{prefix.group(1)} {field.group(1)}", field.group(2), "speech_other", running=running
        )
    return True
