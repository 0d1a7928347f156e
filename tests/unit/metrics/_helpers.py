"""Shared helpers for the per-family reader tests."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def found(text: str) -> dict[str, float]:
    """Extracted metrics as {name: value} (the last value of a name wins)."""
    return {m.name: m.value for m in extract_metrics(text)}


def splits(text: str) -> dict[str, str | None]:
    return {m.name: m.split for m in extract_metrics(text)}


def confirms(text: str, claim: str, value: float, dataset: str | None = None) -> bool:
    return check_claimed_metric(extract_metrics(text), claim, value, dataset).ok
