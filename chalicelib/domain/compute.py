"""The compute ledger (issue 18): what a reproduction made through a run cost, as the server
witnessed it, and what reproducing a paper costs.

- A reproduction's `compute`: the GPU model and count of its normalised hardware
  (`chalicelib.domain.hardware`), the wall time from the run's server-stamped start to the
  server's submission time, and `gpu_hours` = GPU count x wall hours (absent when the machine
  has no recognised GPU: a CPU, or a spec the normaliser cannot read). The hardware is the
  agent's statement; the time is the server's. A TPU slice counts its chips (`v4-32`: 32).
- A paper's `gpu_hours`: min, median and max over its counted reproductions that have them.
- A queue entry's `est_gpu_hours`: that median, or null when no counted reproduction has one.

Pure; numbers keep 4 significant digits.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from chalicelib.domain.hardware import normalise_hardware


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _significant(value: float) -> float:
    return float(f"{value:.4g}")


def compute_of(hardware_spec: str, started_at: datetime, submitted_at: datetime) -> dict[str, Any]:
    """A reproduction's `compute` (absent values left out, as storage leaves them out)."""
    hardware = normalise_hardware(hardware_spec)
    gpu = hardware.gpu_model if hardware.gpu_model not in (None, "cpu") else None
    wall = round(max(0.0, (_utc(submitted_at) - _utc(started_at)).total_seconds()), 3)
    compute: dict[str, Any] = {
        "gpu_count": hardware.gpu_count if gpu else 0,
        "wall_seconds": wall,
        "run_started_at": _utc(started_at).isoformat(),
    }
    if gpu:
        compute["gpu_model"] = gpu
        compute["gpu_hours"] = _significant(hardware.gpu_count * wall / 3600)
    return compute


def gpu_hours_spread(values: Iterable[float | None]) -> dict[str, Any] | None:
    """min, median and max of the known GPU hours, and how many there were; None if none."""
    known = sorted(float(v) for v in values if v is not None)
    if not known:
        return None
    return {
        "min": known[0],
        "median": _significant(statistics.median(known)),
        "max": known[-1],
        "reproductions": len(known),
    }
