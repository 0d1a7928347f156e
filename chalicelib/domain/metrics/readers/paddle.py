"""PaddlePaddle toolkits.

- PaddleSeg 2.x: `[EVAL] #Images: 500 mIoU: 0.7678 Acc: 0.9597 Kappa: 0.9477 Dice: 0.8603`
  (`#Images` is a count; `[EVAL]` is the validation set), `[EVAL] Class IoU:` arrays (per
  class, not read), and during training `[EVAL] The model with the best validation mIoU
  (0.7251) was saved at iter 1000.`; evaluations after `[TRAIN]` lines are running values.
  Legacy static-graph PaddleSeg: `[EVAL]#image=500 acc=0.9529 IoU=0.7251`, where `IoU` is the
  mean IoU (read as `mean IoU`), and `[EVAL]Kappa:0.8661`.
- PaddleDetection: `mAP(0.50, 11point) = 99.03%` (VOC mAP at IoU 0.5, read as `mAP@0.50
  (11point)`), `Best test bbox ap is 0.000.`; COCO results are pycocotools output (`coco`).
- PaddleClas: `[Eval][Epoch 20][Avg]CELoss: 0.84, loss: 0.84, top1: 0.79, top5: 0.94`
  (validation, running) and `[Train][Epoch 20/120][Avg]...` (training); `[Iter: 10/32]` lines
  are per-batch values and are consumed with nothing read.
- PaddleOCR: `cur metric, precision: 0.71, recall: 0.62, hmean: 0.66, fps: 20.5` and `best
  metric, hmean: ...` during training (validation, running; the best ones named `best hmean`),
  and tools/eval.py's `metric eval ***************` followed by `precision:0.7256` lines.

Format source: PaddlePaddle/PaddleSeg paddleseg/core/val.py (`infor = "[EVAL] #Images: {}
mIoU: {:.4f} Acc: {:.4f} Kappa: {:.4f} Dice: {:.4f}".format(...)`, `logger.info("[EVAL] Class
IoU: \\n" + str(np.round(class_iou, 4)))`), paddleseg/core/train.py ('[EVAL] The model with the
best validation mIoU ({:.4f}) was saved at iter {}.'; "[TRAIN] epoch: {}, iter: {}/{}, loss:
..."); PaddlePaddle/PaddleDetection ppdet/metrics/metrics.py `VOCMetric.log` ("mAP({:.2f}, {})
= {:.2f}%"), ppdet/engine/callbacks.py ("Best test {} {} is {:0.3f}."); PaddlePaddle/PaddleClas
ppcls/engine/evaluation/classification.py ("[Eval][Epoch {}][Avg]{}", metrics "{}: {:.5f}"
joined by ", "; "[Eval][Epoch {}][Iter: {}/{}]{}"); PaddlePaddle/PaddleOCR tools/program.py
('cur metric, {}'.format(', '.join(['{}: {}'.format(k, v) ...])), 'best metric, {}') and
tools/eval.py (logger.info('metric eval ***************'); logger.info('{}:{}'.format(k, v))).
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM

_PAIR = re.compile(r"(?<![\w#])([A-Za-z][\w\-]{0,40}+)\s*+[:=]\s*+(" + NUM + r")" + END)
# ("#Images=76 mIoU=0.8526 ...": PaddleSeg 2.1 and 2.2 printed `=` where later versions `:`)
_SEG_EVAL = re.compile(r"\[EVAL\]\s*+#Images\s*+[:=]\s*+\d++\s++")
_SEG_BEST = re.compile(r"best validation (\w++) \((" + NUM + r")\)")
_SEG_LEGACY = re.compile(r"\[EVAL\]\s*+#image=\d++((?:\s++\w++=" + NUM + r")++)")
_LEGACY_PAIR = re.compile(r"(\w++)=(" + NUM + r")")
_SEG_KAPPA = re.compile(r"\[EVAL\]\s*+Kappa:\s*+(" + NUM + r")" + END)
_SEG_TRAIN = re.compile(r"\[TRAIN\]|^\s*+epoch=\d++\s++step=\d")
_VOC = re.compile(r"(?<!\w)mAP\(\s*+([\d.]++),\s*+(\w++)\)\s*+=\s*+(" + NUM + r")" + END)
_BEST = re.compile(r"(?<!\w)(Best test \w++ \w++) is (" + NUM + r")" + END)
_CLAS = re.compile(r"\[(Eval|Train)\]\[Epoch [\d/]++\]\[(Avg|Iter: \d++/\d++)\]")
_CLAS_SPLITS = {"Eval": "val", "Train": "train"}


@reader("paddle", markers=("[EVAL]", "[TRAIN]", "epoch=", "mAP(", "Best test "), order=24)
def read_paddleseg(line: str, state: LogState, out: Sink) -> bool:
    if _SEG_TRAIN.search(line):
        state.context["paddle_training"] = True
        return True
    running = bool(state.context.get("paddle_training"))
    if "[EVAL]" in line:
        return _paddleseg_eval(line, running, out)
    match = _VOC.search(line)
    if match is not None:
        threshold, kind, number = match.groups()
        out.add(f"mAP@{threshold} ({kind})", number, "paddle")
        return True
    match = _BEST.search(line)
    if match is not None:
        out.add(match.group(1), match.group(2), "paddle", running=True)
        return True
    return False


def _paddleseg_eval(line: str, running: bool, out: Sink) -> bool:
    head = _SEG_EVAL.search(line)
    if head is not None:
        for pair in _PAIR.finditer(line, head.end()):
            out.add(pair.group(1), pair.group(2), "paddle", split="val", running=running)
        return True
    best = _SEG_BEST.search(line)
    if best is not None:
        name = f"best validation {best.group(1)}"
        out.add(name, best.group(2), "paddle", split="val", running=True)
        return True
    legacy = _SEG_LEGACY.search(line)
    if legacy is not None:
        for pair in _LEGACY_PAIR.finditer(legacy.group(1)):
            name = "mean IoU" if pair.group(1) == "IoU" else pair.group(1)
            out.add(name, pair.group(2), "paddle", split="val", running=running)
        return True
    kappa = _SEG_KAPPA.search(line)
    if kappa is not None:
        out.add("Kappa", kappa.group(1), "paddle", split="val", running=running)
    return True  # class arrays and other [EVAL] lines carry no overall metric


@reader("paddle", markers=("[Eval][Epoch", "[Train][Epoch"), order=24)
def read_paddleclas(line: str, state: LogState, out: Sink) -> bool:
    head = _CLAS.search(line)
    if head is None:
        return False
    if head.group(2) != "Avg":
        return True  # per-batch values of one iteration
    split = _CLAS_SPLITS[head.group(1)]
    for pair in _PAIR.finditer(line, head.end()):
        out.add(pair.group(1), pair.group(2), "paddle", split=split, running=True)
    return True


_OCR_TRAINING = re.compile(r"(?<!\w)(cur|best) metric, ")
_OCR_EVAL_HEAD = re.compile(r"metric eval \*{3,}+")
_OCR_EVAL_LINE = re.compile(r"(?:INFO:\s*+|^\s*+)([A-Za-z][\w\-]{0,40}+):(" + NUM + r")\s*+$")


def _ocr_eval_open(state: LogState) -> bool:
    return bool(state.context.get("ppocr_eval"))


@reader("paddle", markers=(" metric, ", "metric eval *"), order=24, open=_ocr_eval_open)
def read_paddleocr(line: str, state: LogState, out: Sink) -> bool:
    if _OCR_EVAL_HEAD.search(line):
        state.context["ppocr_eval"] = True
        return True
    if state.context.get("ppocr_eval"):
        match = _OCR_EVAL_LINE.search(line)
        if match is not None:
            out.add(match.group(1), match.group(2), "paddle", split="val")
            return True
        state.context["ppocr_eval"] = False
    head = _OCR_TRAINING.search(line)
    if head is None:
        return False
    prefix = "best " if head.group(1) == "best" else ""
    for pair in _PAIR.finditer(line, head.end()):
        out.add(prefix + pair.group(1), pair.group(2), "paddle", split="val", running=True)
    return True
