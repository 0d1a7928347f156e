"""The merge template: everything `chalice package` does not create, and the settings it cannot
express, generated from the code (tables from `chalicelib.db.tables`, names from the stage's
settings, functions and triggers from the app).

`chalice package --merge-template` deep-merges this into its SAM template: dicts merge key by
key, anything else (strings, lists) is replaced. So an override of an intrinsic must use the
same intrinsic as chalice's value, or the result holds both keys (PLATFORM_NOTES);
`infra.check.intrinsic_errors` verifies that on the merged template.
"""

from __future__ import annotations

from typing import Any

from chalicelib.db.tables import ALL_TABLES, TableSpec
from chalicelib.db.uploads import replay_log_key, run_log_key
from chalicelib.domain.uploads import LIFECYCLE_DAYS, UPLOADS_PREFIX
from chalicelib.settings import _ENV
from infra.functions import API_HANDLER, Function, Trigger
from infra.stage import BuildError, Stage, table_id

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


def _retain(stage: Stage) -> Json:
    policy = "Retain" if stage.retained else "Delete"
    return {"DeletionPolicy": policy, "UpdateReplacePolicy": policy}


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
        raise BuildError(f"infra/template.py does not render CreateTable {sorted(unknown)}")
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
    return {"Type": "AWS::DynamoDB::Table", **_retain(stage), "Properties": props}


# --- uploads bucket and queues ---------------------------------------------------------------


def _replay_prefix() -> str:
    return replay_log_key("x").rsplit("/", 1)[0] + "/"


def _run_log_prefix() -> str:
    return run_log_key("x").rsplit("/", 1)[0] + "/"


def bucket_resources(stage: Stage) -> Json:
    bucket_arn = get_att(BUCKET, "Arn")
    replays = _replay_prefix()
    return {
        BUCKET: {
            "Type": "AWS::S3::Bucket",
            # S3 checks that it may send to the queue when the notification is configured.
            "DependsOn": [QUEUE_POLICY],
            **_retain(stage),
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
            f"(known: {sorted(queues)}); add it to infra/template.py"
        )
    return queues[queue]


# --- functions -------------------------------------------------------------------------------


def function_environment(stage: Stage) -> Json:
    """What every function reads through chalicelib/settings.py; resource references also make
    CloudFormation create the resources before the functions."""
    env: Json = {
        _ENV["stage"]: stage.name,
        _ENV["resource_prefix"]: stage.prefix,
        _ENV["uploads_bucket"]: {"Ref": BUCKET},
        _ENV["validator_queue_name"]: get_att(QUEUE, "QueueName"),
        "POWERTOOLS_SERVICE_NAME": stage.config_env.get("POWERTOOLS_SERVICE_NAME", "sotaverified"),
    }
    for field, spec in stage.stream_tables().items():
        env[_ENV[field]] = get_att(table_id(spec), "StreamArn")
    return env


def _statement(sid: str, actions: list[str], resources: list[Any]) -> Json:
    return {"Sid": sid, "Effect": "Allow", "Action": actions, "Resource": resources}


def policy_statements(fn: Function, stage: Stage) -> list[Json]:
    access = fn.access
    statements = [
        _statement(
            "WriteOwnLogs",
            ["logs:CreateLogStream", "logs:PutLogEvents"],
            [get_att(log_group_id(fn), "Arn")],
        )
    ]
    if access.read:
        statements.append(
            _statement("ReadTables", READ_ACTIONS + QUERY_ACTIONS, [_arn(t) for t in access.read])
        )
        indexed = [t for t in access.read if t.indexes]
        if indexed:
            statements.append(
                _statement(
                    "QueryIndexes",
                    QUERY_ACTIONS,
                    [sub(f"${{{table_id(t)}.Arn}}/index/*") for t in indexed],
                )
            )
    if access.write:
        statements.append(_statement("WriteTables", WRITE_ACTIONS, [_arn(t) for t in access.write]))
    if access.read_uploads:
        statements.append(
            _statement("ReadUploads", ["s3:GetObject"], [sub(f"${{{BUCKET}.Arn}}/*")])
        )
        # Without ListBucket, S3 answers 403 instead of 404 for a missing key.
        statements.append(_statement("ListUploads", ["s3:ListBucket"], [get_att(BUCKET, "Arn")]))
    if access.write_uploads:
        log_prefixes = (_run_log_prefix(), _replay_prefix())
        statements.append(
            _statement(
                "WriteUploads",
                ["s3:PutObject"],
                [sub(f"${{{BUCKET}.Arn}}/{prefix}*") for prefix in log_prefixes],
            )
        )
    if access.presign_uploads:
        statements.append(
            _statement(
                "PresignUploads", ["s3:PutObject"], [sub(f"${{{BUCKET}.Arn}}/{UPLOADS_PREFIX}*")]
            )
        )
    if fn.trigger == "dynamodb":
        assert fn.table is not None
        table = table_id(fn.table)
        statements += [
            _statement("ReadTriggerStream", STREAM_READ_ACTIONS, [get_att(table, "StreamArn")]),
            _statement(
                "ListTriggerStreams", ["dynamodb:ListStreams"], [sub(f"${{{table}.Arn}}/stream/*")]
            ),
            # Lambda sends on-failure records with the function's role.
            _statement("SendFailedBatches", ["sqs:SendMessage"], [get_att(FAILURES, "Arn")]),
        ]
    if fn.trigger == "sqs":
        assert fn.queue is not None
        queue = queue_resource_id(stage, fn.queue)
        statements.append(
            _statement("ConsumeTriggerQueue", QUEUE_CONSUME_ACTIONS, [get_att(queue, "Arn")])
        )
    return statements


def _arn(spec: TableSpec) -> Json:
    return get_att(table_id(spec), "Arn")


def role_resource(fn: Function, stage: Stage) -> Json:
    return {
        "Type": "AWS::IAM::Role",
        "Properties": {
            "Description": f"{stage.function_name(fn.name)}: least privilege, from infra/",
            "AssumeRolePolicyDocument": {
                "Version": "2012-10-17",
                "Statement": [
                    {
                        "Effect": "Allow",
                        "Principal": {"Service": "lambda.amazonaws.com"},
                        "Action": "sts:AssumeRole",
                    }
                ],
            },
            "Policies": [
                {
                    "PolicyName": "least-privilege",
                    "PolicyDocument": {
                        "Version": "2012-10-17",
                        "Statement": policy_statements(fn, stage),
                    },
                }
            ],
        },
    }


def event_override(fn: Function, stage: Stage) -> Json:
    """Properties merged into chalice's SAM event (which the SAM transform turns into an
    AWS::Lambda::EventSourceMapping). Chalice emits the stream ARN as a plain string (replaced
    by a GetAtt) and the queue ARN as {"Fn::Sub": ...} (replaced by another Fn::Sub)."""
    if fn.trigger == "dynamodb":
        assert fn.table is not None
        return {
            "Stream": get_att(table_id(fn.table), "StreamArn"),
            "StartingPosition": "TRIM_HORIZON",
            "FunctionResponseTypes": ["ReportBatchItemFailures"],
            "BisectBatchOnFunctionError": True,
            "MaximumRetryAttempts": STREAM_MAX_RETRIES,
            "MaximumRecordAgeInSeconds": STREAM_MAX_RECORD_AGE_SECONDS,
            "DestinationConfig": {
                "OnFailure": {"Type": "SQS", "Destination": get_att(FAILURES, "Arn")}
            },
        }
    if fn.trigger == "sqs":
        assert fn.queue is not None
        return {
            "Queue": sub(f"${{{queue_resource_id(stage, fn.queue)}.Arn}}"),
            "FunctionResponseTypes": ["ReportBatchItemFailures"],
        }
    return {}


def function_override(fn: Function, stage: Stage) -> Json:
    timeout, memory = SIZING[fn.trigger]
    props: Json = {
        "FunctionName": stage.function_name(fn.name),
        "Role": get_att(role_id(fn), "Arn"),
        "Timeout": timeout,
        "MemorySize": memory,
        "Environment": {"Variables": function_environment(stage)},
    }
    if fn.event_name:
        props["Events"] = {fn.event_name: {"Properties": event_override(fn, stage)}}
    # The log group exists (with its retention) before the function can write to it.
    return {"DependsOn": [log_group_id(fn)], "Properties": props}


def log_group_resource(fn: Function, stage: Stage) -> Json:
    return {
        "Type": "AWS::Logs::LogGroup",
        "DeletionPolicy": "Delete",
        "UpdateReplacePolicy": "Delete",
        "Properties": {
            "LogGroupName": f"/aws/lambda/{stage.function_name(fn.name)}",
            "RetentionInDays": LOG_RETENTION_DAYS,
        },
    }


# --- alarms ----------------------------------------------------------------------------------


def _alarm(
    description: str,
    namespace: str,
    metric: str,
    dimensions: list[Json],
    statistic: str,
    threshold: float,
) -> Json:
    return {
        "Type": "AWS::CloudWatch::Alarm",
        "Properties": {
            "AlarmDescription": description,
            "Namespace": namespace,
            "MetricName": metric,
            "Dimensions": dimensions,
            "Statistic": statistic,
            "Period": 300,
            "EvaluationPeriods": 1,
            "Threshold": threshold,
            "ComparisonOperator": "GreaterThanThreshold",
            "TreatMissingData": "notBreaching",
            "AlarmActions": [{"Ref": TOPIC}],
            "OKActions": [{"Ref": TOPIC}],
        },
    }


def _queue_dimension(queue: str) -> list[Json]:
    return [{"Name": "QueueName", "Value": get_att(queue, "QueueName")}]


def alarm_resources(stage: Stage, functions: list[Function]) -> Json:
    alarms: Json = {
        f"{DLQ}Alarm": _alarm(
            "Validator messages were dead-lettered: inspect, fix, then redrive them",
            "AWS/SQS",
            "ApproximateNumberOfMessagesVisible",
            _queue_dimension(DLQ),
            "Maximum",
            0,
        ),
        f"{FAILURES}Alarm": _alarm(
            "Stream batches failed after all retries: their papers may show stale scores",
            "AWS/SQS",
            "ApproximateNumberOfMessagesVisible",
            _queue_dimension(FAILURES),
            "Maximum",
            0,
        ),
        f"{QUEUE}AgeAlarm": _alarm(
            "Uploads wait for validation longer than expected",
            "AWS/SQS",
            "ApproximateAgeOfOldestMessage",
            _queue_dimension(QUEUE),
            "Maximum",
            QUEUE_AGE_ALARM_SECONDS,
        ),
    }
    for fn in functions:
        dimension = [{"Name": "FunctionName", "Value": {"Ref": fn.cfn_name}}]
        alarms[f"{fn.cfn_name}ErrorsAlarm"] = _alarm(
            f"{stage.function_name(fn.name)} raised errors",
            "AWS/Lambda",
            "Errors",
            dimension,
            "Sum",
            0,
        )
        if fn.trigger == "dynamodb":
            alarms[f"{fn.cfn_name}IteratorAgeAlarm"] = _alarm(
                f"{stage.function_name(fn.name)} lags behind its stream",
                "AWS/Lambda",
                "IteratorAge",
                dimension,
                "Maximum",
                ITERATOR_AGE_ALARM_MS,
            )
    if any(fn.name == API_HANDLER for fn in functions):
        alarms["Api5xxAlarm"] = _alarm(
            "The API answered 5xx",
            "AWS/ApiGateway",
            "5XXError",
            [
                {"Name": "ApiName", "Value": stage.api_name},
                {"Name": "Stage", "Value": stage.api_gateway_stage},
            ],
            "Sum",
            0,
        )
    return alarms


# --- the template ----------------------------------------------------------------------------


# API Gateway answers a path no route matches with 403 MISSING_AUTHENTICATION_TOKEN: make it the
# 404 of our error shape, as the local stack does (chalicelib/local/stack.py).
UNKNOWN_ROUTE_BODY = (
    '{"error": {"code": "not_found", "message": "no endpoint $context.httpMethod '
    '$context.path; the API is described at /api/v1/openapi.json", "details": []}}'
)


def gateway_responses() -> Json:
    """API Gateway's own answers, in the API definition (`x-amazon-apigateway-gateway-responses`,
    not GatewayResponse resources beside a Body, which drift): a path no route matches is a 404
    in our error shape, not 403 "Missing Authentication Token"."""
    return {
        "MISSING_AUTHENTICATION_TOKEN": {
            "statusCode": 404,
            "responseParameters": {"gatewayresponse.header.Content-Type": "'application/json'"},
            "responseTemplates": {"application/json": UNKNOWN_ROUTE_BODY},
        }
    }


def merge_template(stage: Stage, functions: list[Function]) -> Json:
    resources: Json = {table_id(spec): table_resource(spec, stage) for spec in ALL_TABLES}
    resources |= bucket_resources(stage)
    resources |= queue_resources(stage, functions)
    resources[TOPIC] = {
        "Type": "AWS::SNS::Topic",
        "Properties": {"TopicName": stage.alarm_topic},
    }
    resources["AlarmEmailSubscription"] = {
        "Type": "AWS::SNS::Subscription",
        "Condition": HAS_EMAIL,
        "Properties": {
            "TopicArn": {"Ref": TOPIC},
            "Protocol": "email",
            "Endpoint": {"Ref": "AlarmEmail"},
        },
    }
    for fn in functions:
        resources[role_id(fn)] = role_resource(fn, stage)
        resources[log_group_id(fn)] = log_group_resource(fn, stage)
    resources |= alarm_resources(stage, functions)

    clashes = set(resources) & {fn.cfn_name for fn in functions}
    if clashes:
        raise BuildError(f"handler names clash with infra/ resource ids: {sorted(clashes)}")

    # Overrides of resources chalice generates (merged key by key).
    for fn in functions:
        resources[fn.cfn_name] = function_override(fn, stage)
    if any(fn.name == API_HANDLER for fn in functions):
        resources["RestAPI"] = {
            "Properties": {
                "Name": stage.api_name,
                "MethodSettings": [
                    {
                        "ResourcePath": "/*",
                        "HttpMethod": "*",
                        "ThrottlingRateLimit": API_THROTTLE_RATE,
                        "ThrottlingBurstLimit": API_THROTTLE_BURST,
                    }
                ],
                "DefinitionBody": {"x-amazon-apigateway-gateway-responses": gateway_responses()},
            }
        }

    outputs: Json = {
        "UploadsBucketName": {"Value": {"Ref": BUCKET}},
        "ValidatorQueueUrl": {"Value": {"Ref": QUEUE}},
        "ValidatorDeadLetterQueueUrl": {"Value": {"Ref": DLQ}},
        "StreamFailuresQueueUrl": {"Value": {"Ref": FAILURES}},
        "AlarmTopicArn": {"Value": {"Ref": TOPIC}},
    }
    for spec in ALL_TABLES:
        outputs[f"{table_id(spec)}Name"] = {"Value": {"Ref": table_id(spec)}}

    return {
        "Description": f"SOTAVerified stage {stage.name}: generated by infra/build.py",
        "Parameters": {
            "AlarmEmail": {
                "Type": "String",
                "Default": "",
                "Description": "Email address subscribed to the alarm topic (empty: none)",
            }
        },
        "Conditions": {HAS_EMAIL: {"Fn::Not": [{"Fn::Equals": [{"Ref": "AlarmEmail"}, ""]}]}},
        "Resources": resources,
        "Outputs": outputs,
    }
