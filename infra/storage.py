"""The data resources of the merge template: DynamoDB tables (from `chalicelib.db.tables`),
the uploads bucket with its lifecycle rules and policy, the validator queue, its dead-letter
queue and the stream-failures queue."""

from __future__ import annotations

from typing import Any

from chalicelib.db.tables import TableSpec
from chalicelib.db.uploads import replay_log_key, run_log_key
from chalicelib.domain.uploads import LIFECYCLE_DAYS, UPLOADS_PREFIX
from infra.common import (
    BUCKET,
    BUCKET_POLICY,
    DLQ,
    FAILED_MESSAGE_RETENTION_SECONDS,
    FAILURES,
    IA_MIN_OBJECT_BYTES,
    QUEUE,
    QUEUE_MAX_RECEIVES,
    QUEUE_POLICY,
    REPLAY_LOGS_EXPIRE_DAYS,
    REPLAY_LOGS_TO_IA_DAYS,
    SIZING,
    VISIBILITY_TIMEOUT_FACTOR,
    Json,
    get_att,
    retain,
    sub,
)
from infra.functions import Function
from infra.stage import BuildError, Stage

# --- tables ----------------------------------------------------------------------------------

_PASSED_THROUGH = {
    "TableName",
    "BillingMode",
    "KeySchema",
    "AttributeDefinitions",
    "GlobalSecondaryIndexes",
    "LocalSecondaryIndexes",
}


def table_resource(spec: TableSpec, stage: Stage) -> Json:
    """AWS::DynamoDB::Table from the same CreateTable arguments the local stack uses."""
    kwargs = spec.create_table_kwargs(stage.settings)
    unknown = set(kwargs) - _PASSED_THROUGH - {"StreamSpecification"}
    if unknown:
        raise BuildError(f"infra/storage.py does not render CreateTable {sorted(unknown)}")
    props: Json = {key: value for key, value in kwargs.items() if key in _PASSED_THROUGH}
    if "StreamSpecification" in kwargs:  # CloudFormation has no StreamEnabled
        props["StreamSpecification"] = {
            "StreamViewType": kwargs["StreamSpecification"]["StreamViewType"]
        }
    props["PointInTimeRecoverySpecification"] = {"PointInTimeRecoveryEnabled": True}
    # AWS-managed KMS key (aws/dynamodb): no key to manage, no kms:* grant needed by callers.
    props["SSESpecification"] = {"SSEEnabled": True}
    if spec.ttl_attribute:
        props["TimeToLiveSpecification"] = {"AttributeName": spec.ttl_attribute, "Enabled": True}
    if stage.retained:
        props["DeletionProtectionEnabled"] = True
    return {"Type": "AWS::DynamoDB::Table", **retain(stage), "Properties": props}


# --- uploads bucket and queues ---------------------------------------------------------------


def replay_prefix() -> str:
    return replay_log_key("x").rsplit("/", 1)[0] + "/"


def run_log_prefix() -> str:
    return run_log_key("x").rsplit("/", 1)[0] + "/"


def bucket_resources(stage: Stage) -> Json:
    bucket_arn = get_att(BUCKET, "Arn")
    replays = replay_prefix()
    return {
        BUCKET: {
            "Type": "AWS::S3::Bucket",
            # S3 checks that it may send to the queue when the notification is configured.
            "DependsOn": [QUEUE_POLICY],
            **retain(stage),
            "Properties": {
                "BucketName": stage.settings.uploads_bucket,
                "PublicAccessBlockConfiguration": {
                    "BlockPublicAcls": True,
                    "BlockPublicPolicy": True,
                    "IgnorePublicAcls": True,
                    "RestrictPublicBuckets": True,
                },
                "OwnershipControls": {"Rules": [{"ObjectOwnership": "BucketOwnerEnforced"}]},
                "BucketEncryption": {
                    "ServerSideEncryptionConfiguration": [
                        {"ServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}
                    ]
                },
                "LifecycleConfiguration": {
                    "Rules": [
                        {
                            "Id": "abort-incomplete-multipart-uploads",
                            "Status": "Enabled",
                            "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 1},
                        },
                        {
                            "Id": "replay-logs-to-infrequent-access",
                            "Status": "Enabled",
                            "Prefix": replays,
                            "ObjectSizeGreaterThan": str(IA_MIN_OBJECT_BYTES),
                            "Transitions": [
                                {
                                    "StorageClass": "STANDARD_IA",
                                    "TransitionInDays": REPLAY_LOGS_TO_IA_DAYS,
                                }
                            ],
                        },
                        {
                            # Uploads no submission referenced; a referenced one was copied
                            # to its reproduction's key (chalicelib/services/uploads.py).
                            "Id": "expire-unreferenced-uploads",
                            "Status": "Enabled",
                            "Prefix": UPLOADS_PREFIX,
                            "ExpirationInDays": LIFECYCLE_DAYS,
                        },
                        {
                            "Id": "expire-old-replay-logs",
                            "Status": "Enabled",
                            "Prefix": replays,
                            "ExpirationInDays": REPLAY_LOGS_EXPIRE_DAYS,
                        },
                    ]
                },
                "NotificationConfiguration": {
                    "QueueConfigurations": [
                        {"Event": "s3:ObjectCreated:*", "Queue": get_att(QUEUE, "Arn")}
                    ]
                },
            },
        },
        BUCKET_POLICY: {
            "Type": "AWS::S3::BucketPolicy",
            "Properties": {
                "Bucket": {"Ref": BUCKET},
                "PolicyDocument": {
                    "Version": "2012-10-17",
                    "Statement": [
                        {
                            "Sid": "DenyInsecureTransport",
                            "Effect": "Deny",
                            "Principal": "*",
                            "Action": "s3:*",
                            "Resource": [bucket_arn, sub(f"${{{BUCKET}.Arn}}/*")],
                            "Condition": {"Bool": {"aws:SecureTransport": "false"}},
                        }
                    ],
                },
            },
        },
    }


def _queue(name: str, **properties: Any) -> Json:
    return {
        "Type": "AWS::SQS::Queue",
        "Properties": {"QueueName": name, "SqsManagedSseEnabled": True, **properties},
    }


def queue_resources(stage: Stage, functions: list[Function]) -> Json:
    consumers = [
        fn for fn in functions if fn.trigger == "sqs" and fn.queue == stage.validator_queue
    ]
    consumer_timeout = max([SIZING["sqs"][0]] + [SIZING[fn.trigger][0] for fn in consumers])
    return {
        DLQ: _queue(stage.validator_dlq, MessageRetentionPeriod=FAILED_MESSAGE_RETENTION_SECONDS),
        QUEUE: _queue(
            stage.validator_queue,
            VisibilityTimeout=VISIBILITY_TIMEOUT_FACTOR * consumer_timeout,
            RedrivePolicy={
                "deadLetterTargetArn": get_att(DLQ, "Arn"),
                "maxReceiveCount": QUEUE_MAX_RECEIVES,
            },
        ),
        QUEUE_POLICY: {
            "Type": "AWS::SQS::QueuePolicy",
            "Properties": {
                "Queues": [{"Ref": QUEUE}],
                "PolicyDocument": {
                    "Version": "2012-10-17",
                    "Statement": [
                        {
                            "Sid": "UploadsBucketNotifications",
                            "Effect": "Allow",
                            "Principal": {"Service": "s3.amazonaws.com"},
                            "Action": "sqs:SendMessage",
                            "Resource": get_att(QUEUE, "Arn"),
                            "Condition": {
                                # The bucket's ARN by name: a GetAtt would make a cycle
                                # (the bucket waits for this policy).
                                "ArnEquals": {
                                    "aws:SourceArn": sub(
                                        "arn:${AWS::Partition}:s3:::"
                                        + stage.settings.uploads_bucket
                                    )
                                },
                                "StringEquals": {"aws:SourceAccount": {"Ref": "AWS::AccountId"}},
                            },
                        }
                    ],
                },
            },
        },
        FAILURES: _queue(
            stage.stream_failures_queue, MessageRetentionPeriod=FAILED_MESSAGE_RETENTION_SECONDS
        ),
    }


def queue_resource_id(stage: Stage, queue: str) -> str:
    queues = {stage.validator_queue: QUEUE}
    if queue not in queues:
        raise BuildError(
            f"an SQS handler reads queue {queue!r}, which infra/ does not create "
            f"(known: {sorted(queues)}); add it to infra/storage.py"
        )
    return queues[queue]
