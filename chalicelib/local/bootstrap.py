"""Create every AWS resource the app needs on a moto server (or in-process moto): the tables
(from chalicelib/db/tables.py), the uploads bucket with notifications to the validator queue,
the queues with their dead-letter queues. Idempotent: running it twice changes nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from chalicelib.db import aws, tables
from chalicelib.settings import Settings, get_settings

MAX_RECEIVES = 3  # SQS deliveries before a message is dead-lettered
VISIBILITY_TIMEOUT_LOCAL = 2  # seconds; short so that local retries are quick


@dataclass(frozen=True)
class LocalResources:
    papers_stream_arn: str
    reproductions_stream_arn: str
    validator_queue_url: str
    validator_dlq_url: str
    stream_failures_queue_url: str


def _queue(sqs: Any, name: str, attributes: dict[str, str]) -> tuple[str, str]:
    url = sqs.create_queue(QueueName=name, Attributes=attributes)["QueueUrl"]
    arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"][
        "QueueArn"
    ]
    return url, arn


def create_resources(settings: Settings | None = None) -> LocalResources:
    settings = settings or get_settings()
    dynamodb, s3, sqs = aws.client("dynamodb"), aws.client("s3"), aws.client("sqs")
    tables.create_all(dynamodb, settings)

    dlq_url, dlq_arn = _queue(sqs, f"{settings.validator_queue_name}-dlq", {})
    queue_url, queue_arn = _queue(
        sqs,
        settings.validator_queue_name,
        {
            "VisibilityTimeout": str(VISIBILITY_TIMEOUT_LOCAL),
            "RedrivePolicy": json.dumps(
                {"deadLetterTargetArn": dlq_arn, "maxReceiveCount": str(MAX_RECEIVES)}
            ),
        },
    )
    failures_url, _ = _queue(sqs, f"{settings.resource_prefix}-stream-failures", {})

    existing = {b["Name"] for b in s3.list_buckets().get("Buckets", [])}
    if settings.uploads_bucket not in existing:
        s3.create_bucket(Bucket=settings.uploads_bucket)
    s3.put_bucket_notification_configuration(
        Bucket=settings.uploads_bucket,
        NotificationConfiguration={
            "QueueConfigurations": [
                {"QueueArn": queue_arn, "Events": ["s3:ObjectCreated:*"]},
            ]
        },
    )
    return LocalResources(
        papers_stream_arn=tables.stream_arn(dynamodb, tables.PAPERS, settings),
        reproductions_stream_arn=tables.stream_arn(dynamodb, tables.REPRODUCTIONS, settings),
        validator_queue_url=queue_url,
        validator_dlq_url=dlq_url,
        stream_failures_queue_url=failures_url,
    )
