"""Lazily created, cached boto3 clients (nothing touches AWS at import time).

`boto3` itself is imported on first use so that importing `app` stays cheap.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from chalicelib.settings import get_settings


@cache
def _session() -> Any:
    import boto3

    return boto3.session.Session(region_name=get_settings().region)


@cache
def client(service: str) -> Any:
    """A cached low-level client for `service` ("dynamodb", "s3", "sqs", "dynamodbstreams")."""
    from botocore.config import Config

    settings = get_settings()
    config = Config(retries={"max_attempts": 3, "mode": "standard"}, connect_timeout=3)
    return _session().client(service, endpoint_url=settings.aws_endpoint_url, config=config)


def reset_clients() -> None:
    client.cache_clear()
    _session.cache_clear()
