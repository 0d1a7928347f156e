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
