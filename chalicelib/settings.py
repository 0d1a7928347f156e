"""The one place that reads the environment.

Every other module asks `get_settings()`. Tests and the local stack override values by
setting the environment *before* the first call and calling `reset_settings()`; nothing
else reads `os.environ`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

# Placeholder used at import time by `on_dynamodb_record(stream_arn=...)`; the deployed
# template and the local stack set the real ARNs (PLATFORM_NOTES: Chalice needs them early).
PLACEHOLDER_STREAM_ARN = (
    "arn:aws:dynamodb:us-east-1:123456789012:table/placeholder/stream/2000-01-01T00:00:00.000"
)


class SettingsError(ValueError):
    """An environment variable holds a value the service cannot run with."""


@dataclass(frozen=True)
class Settings:
    """Checked in `__post_init__`. A plain dataclass rather than a pydantic model: every Lambda
    reads the settings while importing `app`, and building a pydantic validator there (plus
    pydantic's plugin discovery) cost ~25 ms of each cold start for a few simple checks."""

    stage: str = "dev"
    region: str = "us-east-1"
    # Every table, bucket and queue name is derived from this prefix (see chalicelib/db/tables.py).
    resource_prefix: str = "sotav-dev"
    uploads_bucket: str = "sotav-dev-uploads"
    validator_queue_name: str = "sotav-dev-validate"
    # Endpoint of a moto server for the local stack; None means real AWS (or in-process moto).
    aws_endpoint_url: str | None = None
    papers_stream_arn: str = PLACEHOLDER_STREAM_ARN
    reproductions_stream_arn: str = PLACEHOLDER_STREAM_ARN
    log_level: str = "INFO"

    # Write-path limits (SPEC 5); configurable per stage.
    max_body_bytes: int = 1_000_000
    submissions_per_hour: int = 60
    run_ttl_hours: int = 24
    max_active_runs: int = 5
    # Bytes of upload grants per agent account per clock hour (POST /api/v1/uploads): what one
    # key can make S3 hold for a day; 4 GiB is twenty 200 MiB replay logs an hour.
    upload_bytes_per_hour: int = 4 * 1024**3

    # Reading URL run logs (chalicelib/services/url_logs.py). For tests only: connect to this
    # local HTTPS server (https://127.0.0.1:PORT, https://localhost:PORT or https://[::1]:PORT)
    # instead of the real host of each fetch. The request is otherwise unchanged: TLS SNI, the
    # certificate check and the Host header still use the real host name. Never set in a
    # deployed stage (infra/ does not pass it).
    url_fetch_override: str | None = None
    # A PEM file of CA certificates that the fetcher trusts instead of the system's (tests: the
    # CA that signed the local server's certificate).
    url_fetch_ca_bundle: str | None = None

    def __post_init__(self) -> None:
        for name, pattern in _PATTERNS.items():
            value = getattr(self, name)
            if not isinstance(value, str) or not re.fullmatch(pattern, value):
                raise SettingsError(f"{_ENV[name]}={value!r} must match {pattern}")
        for name in _INTEGERS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SettingsError(f"{_ENV[name]}={value!r} must be a whole number >= 1")
        override = self.url_fetch_override
        if override is not None and not re.fullmatch(_LOOPBACK_HTTPS, override):
            raise SettingsError(
                f"{_ENV['url_fetch_override']}={override!r} must be https://127.0.0.1:PORT, "
                "https://localhost:PORT or https://[::1]:PORT (a local test server)"
            )


_PATTERNS = {"stage": r"[a-z][a-z0-9-]{0,20}", "resource_prefix": r"[a-z][a-z0-9-]{0,40}"}
_LOOPBACK_HTTPS = r"https://(?:127\.0\.0\.1|localhost|\[::1\]):[0-9]{1,5}"
_INTEGERS = (
    "max_body_bytes",
    "submissions_per_hour",
    "run_ttl_hours",
    "max_active_runs",
    "upload_bytes_per_hour",
)


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
    "upload_bytes_per_hour": "SOTAV_UPLOAD_BYTES_PER_HOUR",
    "url_fetch_override": "SOTAV_URL_FETCH_OVERRIDE",
    "url_fetch_ca_bundle": "SOTAV_URL_FETCH_CA_BUNDLE",
}


def settings_from_env(env: Mapping[str, str]) -> Settings:
    """The settings an environment (os.environ, or a stage of .chalice/config.json) gives."""
    values: dict[str, str | int] = {field: env[var] for field, var in _ENV.items() if env.get(var)}
    for name in _INTEGERS:
        if name in values:
            try:
                values[name] = int(str(values[name]).strip())
            except ValueError:
                raise SettingsError(
                    f"{_ENV[name]}={values[name]!r} must be a whole number >= 1"
                ) from None
    return Settings(**values)  # type: ignore[arg-type]


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return settings_from_env(os.environ)


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
