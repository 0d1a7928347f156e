"""detectron2 and cvpods log lines that are not results (their results are read by `coco`:
copypaste lines, the COCO tables and pycocotools output):

- the YAML config printed at start (`Running with full config:` or `Contents of
  args.config_file=...:` then `SOLVER:` / `  BASE_LR: 0.02` / `  FOCAL_LOSS_GAMMA: 2.0` ...),
  whose numbers are settings, up to the next log line;
- the training events (`[04/22 18:40:00 d2.utils.events]:  eta: 10:00:00  iter: 19
  total_loss: 2.1  loss_cls: 0.5 ...  lr: 0.0004  max_mem: 3000M`): per-iteration training
  values, not results.

Format source: facebookresearch/detectron2 detectron2/engine/defaults.py `default_setup`
(logger.info("Running with full config:\\n{}".format(_highlight(cfg.dump(), ".yaml"))),
logger.info("Contents of args.config_file={}:\\n{}".format(...))) and detectron2/utils/
events.py `CommonMetricPrinter.write` (" {eta}iter: {iter}  {losses}  {avg_time}{last_time}
{avg_data_time}{last_data_time} lr: {lr}  {memory}").
"""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_CONFIG_START = re.compile(r"Running with full config:|Contents of args\.config_file=")
_YAML_LINE = re.compile(r"^\s*+(?:[A-Za-z_][\w.\-]*+:(?:\s|$)|-\s)")
_EVENTS = re.compile(r"(?:^|\s)iter:\s*+\d++\s++(?:total_loss|loss\w*+):")


def _in_config(state: LogState) -> bool:
    return bool(state.context.get("d2_config"))


@reader(
    "detectron2",
    markers=("Running with full config", "args.config_file=", "iter: "),
    order=3,
    open=_in_config,
)
def read_detectron2_noise(line: str, state: LogState, out: Sink) -> bool:
    if _CONFIG_START.search(line):
        state.context["d2_config"] = True
        return True
    if state.context.get("d2_config"):
        if not line.strip() or _YAML_LINE.match(line):
            return True
        state.context["d2_config"] = False
    return "iter:" in line and _EVENTS.search(line) is not None
