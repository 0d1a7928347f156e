"""Find metric values in run logs and check a claimed value against them.

The extractor lives in `chalicelib/domain/metrics/` (one reader per output family behind a
registry, the metric vocabulary, the claim check); this module is its stable entry point.
"""

from chalicelib.domain.metrics import (
    ExtractedMetric,
    MetricCheck,
    check_claimed_metric,
    extract_metrics,
    extract_metrics_from_batches,
    extract_metrics_from_lines,
)

__all__ = [
    "ExtractedMetric",
    "MetricCheck",
    "check_claimed_metric",
    "extract_metrics",
    "extract_metrics_from_batches",
    "extract_metrics_from_lines",
]
