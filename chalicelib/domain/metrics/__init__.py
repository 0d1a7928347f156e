"""Metrics in run logs: extraction (`engine`, one reader per output family in `readers/`),
the metric vocabulary (`vocabulary`) and the claim check (`claims`). Pure, no I/O."""

from chalicelib.domain.metrics.claims import check_claimed_metric
from chalicelib.domain.metrics.engine import (
    Extraction,
    extract_metrics,
    extract_metrics_from_batches,
    extract_metrics_from_lines,
)
from chalicelib.domain.metrics.model import ExtractedMetric, MetricCheck

__all__ = [
    "ExtractedMetric",
    "Extraction",
    "MetricCheck",
    "check_claimed_metric",
    "extract_metrics",
    "extract_metrics_from_batches",
    "extract_metrics_from_lines",
]
