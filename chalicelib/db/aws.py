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


@cache
def s3_presigner() -> Any:
    """An S3 client that signs with SigV4, so that a presigned URL signs the headers it names
    (Content-Length); the default presigner may use SigV2, which signs no header."""
    from botocore.config import Config

    settings = get_settings()
    config = Config(signature_version="s3v4", region_name=settings.region)
    return _session().client("s3", endpoint_url=settings.aws_endpoint_url, config=config)


def reset_clients() -> None:
    client.cache_clear()
    s3_presigner.cache_clear()
    _session.cache_clear()
