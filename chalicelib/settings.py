"""The one place that reads the environment.

Every other module asks `get_settings()`. Tests and the local stack override values by
setting the environment *before* the first call and calling `reset_settings()`; nothing
else reads `os.environ`.
"""

from __future__ import annotations

import os
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

# Placeholder used at import time by `on_dynamodb_record(stream_arn=...)`; the deployed
# template and the local stack set the real ARNs (PLATFORM_NOTES: Chalice needs them early).
PLACEHOLDER_STREAM_ARN = (
    "arn:aws:dynamodb:us-east-1:123456789012:table/placeholder/stream/2000-01-01T00:00:00.000"
)


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    stage: str = Field(default="dev", pattern=r"^[a-z][a-z0-9-]{0,20}$")
    region: str = "us-east-1"
    # Every table, bucket and queue name is derived from this prefix (see chalicelib/db/tables.py).
    resource_prefix: str = Field(default="sotav-dev", pattern=r"^[a-z][a-z0-9-]{0,40}$")
    uploads_bucket: str = "sotav-dev-uploads"
    validator_queue_name: str = "sotav-dev-validate"
    # Endpoint of a moto server for the local stack; None means real AWS (or in-process moto).
    aws_endpoint_url: str | None = None
    papers_stream_arn: str = PLACEHOLDER_STREAM_ARN
    reproductions_stream_arn: str = PLACEHOLDER_STREAM_ARN
    log_level: str = "INFO"

    # Write-path limits (SPEC 5); configurable per stage.
    max_body_bytes: int = 1_000_000
    submissions_per_hour: int = Field(default=60, ge=1)
    run_ttl_hours: int = Field(default=24, ge=1)
    max_active_runs: int = Field(default=5, ge=1)


_ENV = {
    "stage": "SOTAV_STAGE",
    "region": "AWS_DEFAULT_REGION",
    "resource_prefix": "SOTAV_RESOURCE_PREFIX",
    "uploads_bucket": "SOTAV_UPLOADS_BUCKET",
    "validator_queue_name": "SOTAV_VALIDATOR_QUEUE",
    "aws_endpoint_url": "SOTAV_AWS_ENDPOINT_URL",
    "papers_stream_arn": "SOTAV_PAPERS_STREAM_ARN",
    "reproductions_stream_arn": "SOTAV_REPRODUCTIONS_STREAM_ARN",
    "log_level": "POWERTOOLS_LOG_LEVEL",
    "max_body_bytes": "SOTAV_MAX_BODY_BYTES",
    "submissions_per_hour": "SOTAV_SUBMISSIONS_PER_HOUR",
    "run_ttl_hours": "SOTAV_RUN_TTL_HOURS",
    "max_active_runs": "SOTAV_MAX_ACTIVE_RUNS",
}


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    values = {field: os.environ[var] for field, var in _ENV.items() if os.environ.get(var)}
    return Settings.model_validate(values)


def reset_settings() -> None:
    """Forget the cached settings (and the clients built from them)."""
    get_settings.cache_clear()
    from chalicelib.db import aws

    aws.reset_clients()


def env_for(settings: Settings) -> dict[str, str]:
    """The environment variables that reproduce `settings` in another process."""
    out = {}
    for field, var in _ENV.items():
        value = getattr(settings, field)
        if value is not None:
            out[var] = str(value)
    return out
