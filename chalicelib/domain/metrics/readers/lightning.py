"""PyTorch Lightning evaluation results: the rich table (`┃ Test metric ┃ DataLoader 0 ┃`, read
by `tables`, whose rows come here) and the plain-text fallback (`─` rules around `Test metric
DataLoader 0 DataLoader 1` and centred cells). The header's stage says the split (`Test
metric`: test, `Validate metric`: validation) even when the logged keys carry no prefix; with
several dataloaders a value of dataloader i > 0 is named `<key> (DataLoader i)`, and blank cells
(a key a dataloader did not log) give nothing. Lightning < 1.6's `DATALOADER:0 TEST RESULTS`
dict is read by `python_dicts`.

During `fit`, the main progress bar's postfix carries the metrics logged with `prog_bar=True`
(`Epoch 99: 100%|...| 1100/1100 [12:02<00:00, 1.52it/s, loss=12.3, v_num=0, val_wer=0.0638]`):
the values of keys that name a split (`val_wer`, `valid/acc`, `test_loss`) are read as running
values (the last epoch's stand); the smoothed training loss and `v_num` are not. The
ModelCheckpoint callback's message (`Epoch 98, global step 108900: 'val_wer' reached 0.06310
(best 0.06310), saving model to ...`; Lightning 0.x: `Epoch 00098: val_wer reached ...`) gives
the monitored value, a running one, and the best so far, `best val_wer`; `... was not in top 3`
gives nothing.

Format source: Lightning-AI/pytorch-lightning src/lightning/pytorch/loops/evaluation_loop.py
`_print_results` (`headers = [f"DataLoader {i}" ...]`, `f"{stage} Metric".capitalize()`
prepended; rich `Table` or, without rich, `"─" * term_size` bars and `row_format =
f"{{:^{max_length}}}" * len(headers)`; at most `term_size // max_length` columns per table);
callbacks/progress/tqdm_progress.py (`set_description(f"Epoch {trainer.current_epoch}")`,
`set_postfix(self.get_metrics(trainer, pl_module))`, `Tqdm.format_num`); callbacks/
model_checkpoint.py `_update_best_and_save` (`f"Epoch {epoch:d}, global step {step:d}:
{self.monitor!r} reached {current:0.5f} (best {self.best_model_score:0.5f}), saving model to
{filepath!r} as top {k}"`, 1.x without `!r`, 0.x `f"Epoch {epoch:05d}: {self.monitor} reached
..."`) and `f"... {self.monitor!r} was not in top {self.save_top_k}"`.
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader
from chalicelib.domain.metrics.numbers import END, NUM, parse_number

_STAGES = {"test": "test", "validate": "val", "validation": "val", "val": "val"}
_BAR = re.compile(r"^\s*+─{10,}+\s*+$")
_HEAD = re.compile(r"^\s*+(\w++) metric\s{2,}+(DataLoader \d++(?:\s{2,}+DataLoader \d++)*+)\s*+$")
_CELL = re.compile(r"\S++(?: \S++)*+")


def _stage_split(header: list[str] | None) -> str | None:
    if not header:
        return None
    words = header[0].lower().split()
    return _STAGES.get(words[0]) if len(words) == 2 and words[1] == "metric" else None


def lightning_row(name: str, scores: list[str | None], header: list[str] | None, out: Sink) -> None:
    """One row of a results table: `name` and its value per dataloader column."""
    split = _stage_split(header)
    several = header is not None and len(header) > 2
    for index, score in enumerate(scores):
        if score is None:
            continue
        metric = f"{name} (DataLoader {index})" if several and index else name
        out.add(metric, score, "lightning", split=split, running=False)


def _in_table(state: LogState) -> bool:
    return state.context.get("pl_columns") is not None


@reader("lightning", markers=("─", " metric "), order=19, open=_in_table)
def read_plain_results(line: str, state: LogState, out: Sink) -> bool:
    if _BAR.match(line):
        return True
    head = _HEAD.match(line) if " metric " in line else None
    if head:
        # the centre of each dataloader column, for the centred cells below
        centres = [(m.start() + m.end()) / 2 for m in re.finditer(r"DataLoader \d++", line)]
        state.context["pl_columns"] = centres
        state.context["pl_header"] = [f"{head.group(1)} metric"] + [
            f"DataLoader {i}" for i in range(len(centres))
        ]
        state.context["pl_first"] = int(head.group(2).split()[1])
        return True
    columns = state.context.get("pl_columns")
    if columns is None:
        return False
    cells = list(_CELL.finditer(line))
    if len(cells) < 2:
        state.context["pl_columns"] = None
        return False
    scores: list[str | None] = [None] * len(columns)
    for cell in cells[1:]:
        centre = (cell.start() + cell.end()) / 2
        nearest = min(range(len(columns)), key=lambda i: abs(columns[i] - centre))
        if parse_number(cell.group()) is not None:
            scores[nearest] = cell.group()
    first = state.context.get("pl_first", 0)
    header = state.context["pl_header"]
    split = _stage_split(header)
    for offset, score in enumerate(scores):
        if score is None:
            continue
        index = first + offset
        name = cells[0].group()
        metric = f"{name} (DataLoader {index})" if index else name
        out.add(metric, score, "lightning", split=split, running=False)
    return True


# The fit loop's bar: "Epoch 99: 100%|####| 1100/1100 [12:02<00:00,  1.52it/s, k=v, k=v]".
_EPOCH_BAR = re.compile(
    r"(?<![\w.])Epoch \d++:\s*+\d++%\|[^|]*+\|\s*+\d++/\d++\s*+\[[^\],]*+,\s*+[^\],]*+(?=[,\]])"
)
_POSTFIX = re.compile(r",\s*+([A-Za-z][\w/.\-]{0,60}+)=(" + NUM + r")" + END)
# Keys that name the split they were computed on: the bar shows results of the last
# validation (or test) beside the running training loss.
_SPLIT_KEY = re.compile(r"(?i)^(?:val|valid|validation|test)[_/]")
_CHECKPOINT = re.compile(
    r"(?<![\w.])Epoch \d++(?:, global step \d++)?+:\s*+'?([A-Za-z][\w/.\-]{0,60}+)'?\s++"
    r"(?:reached\s++(" + NUM + r")\s*+\(best\s++(" + NUM + r")\)|was not in top \d++)"
)


@reader("lightning", markers=("it/s, ", "s/it, ", " (best ", " was not in top "), order=18)
def read_fit_progress(line: str, state: LogState, out: Sink) -> bool:
    if "top" in line:
        saved = _CHECKPOINT.search(line)
        if saved is not None:
            if saved.group(2) is not None:
                monitor = saved.group(1)
                out.add(monitor, saved.group(2), "lightning", running=True)
                out.add(f"best {monitor}", saved.group(3), "lightning", running=True)
            return True
    bar = _EPOCH_BAR.search(line)
    if bar is None:
        return False
    for pair in _POSTFIX.finditer(line, bar.end()):
        if _SPLIT_KEY.match(pair.group(1)):
            out.add(pair.group(1), pair.group(2), "lightning", running=True)
    return True
