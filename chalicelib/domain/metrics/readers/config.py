"""Configuration dumps are never metrics: argparse `Namespace(...)`, `args = {...}`, config
and hyper-parameter printouts. Their lines are consumed with nothing extracted."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.engine import LogState, Sink, reader

_CONFIG_LINE = re.compile(
    r"(?i)(?:^|[\s:\]])(?:Namespace\(|args\s*+[:=]|arguments\s*+[:=]|hparams\s*+[:=]|"
    r"hyper-?parameters\s*+[:=]|config\s*+[:=]|training arguments|TrainingArguments\()"
)


@reader("config", markers=("Namespace(", "rgs", "config", "Config", "param", "Argument"), order=5)
def read_config_dump(line: str, state: LogState, out: Sink) -> bool:
    return _CONFIG_LINE.search(line) is not None
