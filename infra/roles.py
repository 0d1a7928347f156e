"""Each Lambda function's part of the merge template: its environment, least-privilege role
(from what `infra.functions` says it touches), event-source settings and log group."""

from __future__ import annotations

from typing import Any

from chalicelib.db.tables import TableSpec
from chalicelib.domain.uploads import UPLOADS_PREFIX
from chalicelib.settings import _ENV
from infra.common import (
    BUCKET,
    FAILURES,
    LOG_RETENTION_DAYS,
    QUERY_ACTIONS,
    QUEUE,
    QUEUE_CONSUME_ACTIONS,
    READ_ACTIONS,
    SIZING,
    STREAM_MAX_RECORD_AGE_SECONDS,
    STREAM_MAX_RETRIES,
    STREAM_READ_ACTIONS,
    WRITE_ACTIONS,
    Json,
    get_att,
    log_group_id,
    role_id,
    sub,
)
from infra.functions import Function
from infra.stage import Stage, table_id
from infra.storage import queue_resource_id, replay_prefix, run_log_prefix

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
        log_prefixes = (run_log_prefix(), replay_prefix())
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
