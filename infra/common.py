"""What every part of the merge template shares: the tunables (README "Deployment"), the
ids of the resources `infra/` creates, the IAM action groups and small CloudFormation helpers."""

from __future__ import annotations

from typing import Any

from infra.functions import Function, Trigger
from infra.stage import Stage

Json = dict[str, Any]

# --- tunables (documented in README "Deployment") -------------------------------------------
LOG_RETENTION_DAYS = 30
# (timeout seconds, memory MB) per trigger. API Gateway gives up after 29 s.
SIZING: dict[Trigger, tuple[int, int]] = {
    "api": (29, 512),
    "authorizer": (10, 512),
    "lambda": (60, 512),
    "dynamodb": (60, 512),
    # The validator streams uploaded logs of up to 50 MiB (run output) and 200 MiB / 1,000,000
    # steps (replay logs) in bounded memory, and reads URL logs (services/url_logs.py: at most
    # 25 s each); at 512 MB's share of a vCPU that takes up to a few tens of seconds
    # (bench/bench_uploads.py times it on a full core). The queue's visibility timeout is 6x.
    "sqs": (300, 512),
}
STREAM_MAX_RETRIES = 5
STREAM_MAX_RECORD_AGE_SECONDS = 3600
QUEUE_MAX_RECEIVES = 5  # deliveries before a validator message goes to the dead-letter queue
VISIBILITY_TIMEOUT_FACTOR = 6  # AWS: queue visibility timeout >= 6x the consumer's timeout
FAILED_MESSAGE_RETENTION_SECONDS = 14 * 24 * 3600  # SQS maximum
API_THROTTLE_RATE, API_THROTTLE_BURST = 50, 100  # requests/s per stage: a cap on the bill
REPLAY_LOGS_TO_IA_DAYS = 30
REPLAY_LOGS_EXPIRE_DAYS = 365
IA_MIN_OBJECT_BYTES = 128 * 1024  # smaller objects cost more in STANDARD_IA than STANDARD
ITERATOR_AGE_ALARM_MS = 15 * 60 * 1000
# a message retried once waits out the visibility timeout (6 x 300 s = 30 min) first
QUEUE_AGE_ALARM_SECONDS = 40 * 60

# --- resource ids ----------------------------------------------------------------------------
BUCKET = "UploadsBucket"
BUCKET_POLICY = "UploadsBucketPolicy"
QUEUE = "ValidatorQueue"
DLQ = "ValidatorDeadLetterQueue"
QUEUE_POLICY = "ValidatorQueuePolicy"
FAILURES = "StreamFailuresQueue"
TOPIC = "AlarmTopic"
HAS_EMAIL = "HasAlarmEmail"

READ_ACTIONS = ["dynamodb:BatchGetItem", "dynamodb:ConditionCheckItem", "dynamodb:GetItem"]
QUERY_ACTIONS = ["dynamodb:Query"]
# TransactWriteItems has no IAM action of its own: IAM checks PutItem/UpdateItem/DeleteItem/
# ConditionCheckItem on each table the transaction touches.
WRITE_ACTIONS = [
    "dynamodb:BatchWriteItem",
    "dynamodb:DeleteItem",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
]
STREAM_READ_ACTIONS = [
    "dynamodb:DescribeStream",
    "dynamodb:GetRecords",
    "dynamodb:GetShardIterator",
]
QUEUE_CONSUME_ACTIONS = [
    "sqs:ChangeMessageVisibility",
    "sqs:DeleteMessage",
    "sqs:GetQueueAttributes",
    "sqs:ReceiveMessage",
]


def role_id(fn: Function) -> str:
    return f"{fn.cfn_name}Role"


def log_group_id(fn: Function) -> str:
    return f"{fn.cfn_name}LogGroup"


def get_att(resource: str, attribute: str) -> Json:
    return {"Fn::GetAtt": [resource, attribute]}


def sub(text: str) -> Json:
    return {"Fn::Sub": text}


def retain(stage: Stage) -> Json:
    policy = "Retain" if stage.retained else "Delete"
    return {"DeletionPolicy": policy, "UpdateReplacePolicy": policy}
