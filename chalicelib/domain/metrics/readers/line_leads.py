"""What leads a line of `name: value` pairs and scopes them (read by the generic reader):

- a label with a number, then a colon ("pred_len 96: mse:0.38, mae:0.40", "fold 3: acc:
  0.91", "Horizon 15mins: mae: 14.23, mape: 12.99, rmse: 21.99"): one part of the run (a
  forecast horizon, a fold), also behind a logger's prefix ("2021-09-23 02:36:48,472 - INFO -
  Horizon 60mins: ..."). Format source: the traffic-forecasting code derived from DCRNN
  (GTS, STSSL, ST-SSL: `logger.info("Horizon {:d}mins: mae: {:.4f}, mape: {:.4f}, rmse:
  {:.4f}")` under `"Horizon overall: ..."`; the overall line is the run's aggregate, no part).
- a clause naming the data set the line's pairs are on ("Best results on Cora after 4 trials:
  ACC=74.89, NMI=55.76", "Results for Citeseer: ACC=..."): one line per data set.
"""

from __future__ import annotations

import re

# (A progress counter, "Epoch 3: loss: ...", is no such label: the generic reader asks only
# off progress lines.)
LINE_LABEL = re.compile(
    r"^\s*+([A-Za-z][\w\-]{0,30}+[ \t]++\d{1,6}+(?:[ \t]?+(?:mins?+|minutes|steps?+|h|hours?+))?+)"
    r"\s*+:[ \t]++"
    r"(?=[A-Za-z][\w@\-]*+[ \t]*+[:=][ \t]*+[-+]?+\.?+\d)"
)
# A logger's prefix up to its level ("2021-09-23 02:36:48,472 - INFO - ", "[12:00:01] INFO: ").
_LOGGER_PREFIX = re.compile(
    r"^[^A-Za-z]{0,40}+(?:[\w.\[\]]{1,40}+\s*+[-:|]\s*+)?INFO\b[\s\-:|\]]*+"
)
_RESULTS_ON = re.compile(
    r"(?i)^[\s*\-]*+(?:[a-z]++\s++){0,2}?(?:results?+|scores?+|performance|metrics)\s++(?:on|for)"
    r"\s++(?:the\s++)?+([A-Za-z][\w.\-+]{1,30}+)(?:\s++data[ -]?+set)?+(?:\s++[^:=\d]{0,30}+\d*+"
    r"[^:=\d]{0,20}+)?+:[ \t]++(?=[A-Za-z][\w@\-]*+[ \t]*+[:=][ \t]*+[-+]?+\.?+\d)"
)


def numbered_label(line: str) -> re.Match[str] | None:
    """The numbered label leading `line` (`LINE_LABEL`), behind a logger's prefix or not."""
    logged = _LOGGER_PREFIX.match(line) if "INFO" in line else None
    return LINE_LABEL.match(line[logged.end() :] if logged else line)


def results_on(line: str) -> str | None:
    """The word a "results on <data set> ...:" lead names (a data set's name, to be checked by
    the caller), or None."""
    on = _RESULTS_ON.match(line)
    return on.group(1) if on else None
