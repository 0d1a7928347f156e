"""verl's validation keys (volcengine/verl, `ray_trainer._validate` through
`metric_utils.process_validation_metrics`): `val-core/<data_source>/<variable>/mean@N` and
`val-aux/<data_source>/<variable>/mean@N`, printed on the console logger's `step:N - key:value`
lines. The variable is what was measured (`acc`, `reward`, `score`), `mean@N` its mean over the
N samples of each prompt. With one sample (`mean@1`) the value is simply the variable's: read
as `val-core/<data_source>/acc`, the accuracy on that data source's validation set, and never a
reward or a score answering an accuracy claim. (`std@N`, `best@N/mean`, `maj@N/mean` stay as
printed: statistics, not the variable's value.)"""

from __future__ import annotations

import re

_ONE_SAMPLE_MEAN = re.compile(r"^(val-(?:core|aux)/[^\s]+?/[^/@\s]++)/mean@1$")


def verl_validation_name(name: str) -> str:
    """`val-core/openai/gsm8k/acc/mean@1` -> `val-core/openai/gsm8k/acc`; other names as
    they are."""
    if name[:4] != "val-" or not name.endswith("/mean@1"):
        return name
    one = _ONE_SAMPLE_MEAN.match(name)
    return one.group(1) if one else name
