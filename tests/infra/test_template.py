"""The synthesised prod template (built once per session by `python -m infra.build`), checked
offline: cfn-lint, the SAM transform, and what each resource must guarantee."""

from __future__ import annotations

import re
import zipfile
from typing import Any

from chalicelib.db.tables import ALL_TABLES
from chalicelib.settings import _ENV
from infra.check import lint, structure_errors
from infra.stage import table_id
from tests.infra.conftest import Built

DATA_SERVICES = ("dynamodb:", "s3:", "sqs:")


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _stream_mappings(built: Built) -> dict[str, dict[str, Any]]:
    return {
        name: esm["Properties"]
        for name, esm in built.resources("AWS::Lambda::EventSourceMapping", "expanded").items()
        if "StreamArn" in str(esm["Properties"]["EventSourceArn"])
    }


def _queue_mappings(built: Built) -> dict[str, dict[str, Any]]:
    return {
        name: esm["Properties"]
        for name, esm in built.resources("AWS::Lambda::EventSourceMapping", "expanded").items()
        if "StreamArn" not in str(esm["Properties"]["EventSourceArn"])
    }


def _referenced_resource(value: Any) -> str:
    """The resource behind {"Fn::GetAtt": [R, "Arn"]} or {"Fn::Sub": "${R.Arn}"}."""
    if "Fn::GetAtt" in value:
        return str(value["Fn::GetAtt"][0])
    match = re.fullmatch(r"\$\{(\w+)\.Arn\}", value["Fn::Sub"])
    assert match, value
    return match.group(1)


def test_template_passes_cfn_lint_before_and_after_the_sam_transform(built_prod: Built) -> None:
    # Given the built prod template and the CloudFormation the SAM transform makes of it
    # When cfn-lint checks both (warnings are accepted only if infra/check.py justifies them)
    sam, expanded = (
        lint(built_prod.sam, "us-east-1", "sam.json"),
        lint(built_prod.expanded, "us-east-1", "expanded.json"),
    )
    # Then there are no errors, and the merge left no placeholder or mixed intrinsic
    assert sam.errors == [] and expanded.errors == []
    assert structure_errors(built_prod.sam) == []
    assert "000000000000" not in str(built_prod.sam)


def test_every_table_is_on_demand_with_pitr_encryption_and_its_streams_and_ttl(
    built_prod: Built,
) -> None:
    tables = built_prod.resources("AWS::DynamoDB::Table")
    assert len(tables) == len(ALL_TABLES)
    for spec in ALL_TABLES:
        table = tables[table_id(spec)]
        props = table["Properties"]
        assert props["TableName"] == f"sotav-prod-{spec.logical_name}"
        assert props["BillingMode"] == "PAY_PER_REQUEST"
        assert props["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}
        assert props["SSESpecification"] == {"SSEEnabled": True}
        assert [i["IndexName"] for i in props.get("GlobalSecondaryIndexes", [])] == [
            i.name for i in spec.indexes
        ]
        if spec.stream:
            assert props["StreamSpecification"] == {"StreamViewType": "NEW_AND_OLD_IMAGES"}
        else:
            assert "StreamSpecification" not in props
        if spec.ttl_attribute:
            assert props["TimeToLiveSpecification"] == {
                "AttributeName": spec.ttl_attribute,
                "Enabled": True,
            }
        else:
            assert "TimeToLiveSpecification" not in props
        # prod data outlives the stack
        assert table["DeletionPolicy"] == table["UpdateReplacePolicy"] == "Retain"
        assert props["DeletionProtectionEnabled"] is True


def test_stream_mappings_report_partial_failures_bisect_retry_boundedly_and_dead_letter(
    built_prod: Built,
) -> None:
    mappings = _stream_mappings(built_prod)
    stream_functions = [f for f in built_prod.functions if f["trigger"] == "dynamodb"]
    assert len(mappings) == len(stream_functions) >= 2
    for props in mappings.values():
        assert props["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
        assert props["BisectBatchOnFunctionError"] is True
        assert 0 <= props["MaximumRetryAttempts"] <= 10
        assert 60 <= props["MaximumRecordAgeInSeconds"] <= 24 * 3600
        assert props["StartingPosition"] == "TRIM_HORIZON"
        assert props["DestinationConfig"]["OnFailure"]["Destination"] == {
            "Fn::GetAtt": ["StreamFailuresQueue", "Arn"]
        }


def test_each_stream_handler_reads_the_stream_of_its_own_table(built_prod: Built) -> None:
    # Given the functions chalice packaged and the table each handler is declared on
    table_of = {f["resource"]: f["table"] for f in built_prod.functions if f["table"]}
    assert table_of["RecomputeFromPapersStream"] == "papers"
    assert table_of["RecomputeFromReproductionsStream"] == "reproductions"
    specs = {spec.logical_name: spec for spec in ALL_TABLES}
    # Then each mapping's EventSourceArn is that table's StreamArn (not chalice's placeholder)
    for props in _stream_mappings(built_prod).values():
        function = props["FunctionName"]["Ref"]
        assert props["EventSourceArn"] == {
            "Fn::GetAtt": [table_id(specs[table_of[function]]), "StreamArn"]
        }


def test_queue_mappings_report_partial_failures_on_queues_with_dead_letter_queues(
    built_prod: Built,
) -> None:
    queues = built_prod.resources("AWS::SQS::Queue")
    functions = built_prod.resources("AWS::Lambda::Function", "expanded")
    mappings = _queue_mappings(built_prod)
    assert len(mappings) == len([f for f in built_prod.functions if f["trigger"] == "sqs"])
    for props in mappings.values():
        assert props["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
        queue = queues[_referenced_resource(props["EventSourceArn"])]["Properties"]
        redrive = queue["RedrivePolicy"]
        assert 1 <= int(redrive["maxReceiveCount"]) <= 10
        assert _referenced_resource(redrive["deadLetterTargetArn"]) in queues
        timeout = functions[props["FunctionName"]["Ref"]]["Properties"]["Timeout"]
        assert queue["VisibilityTimeout"] >= 6 * timeout


def test_failure_queues_are_named_after_the_stage_encrypted_and_redriven(
    built_prod: Built,
) -> None:
    queues = built_prod.resources("AWS::SQS::Queue")
    validator = queues["ValidatorQueue"]["Properties"]
    assert validator["QueueName"] == "sotav-prod-validate"
    assert validator["RedrivePolicy"]["maxReceiveCount"] == 5
    assert validator["RedrivePolicy"]["deadLetterTargetArn"] == {
        "Fn::GetAtt": ["ValidatorDeadLetterQueue", "Arn"]
    }
    assert validator["VisibilityTimeout"] >= 6 * 60
    assert queues["StreamFailuresQueue"]["Properties"]["QueueName"] == "sotav-prod-stream-failures"
    assert all(q["Properties"]["SqsManagedSseEnabled"] for q in queues.values())


def test_uploads_bucket_is_private_encrypted_and_notifies_the_validator_queue(
    built_prod: Built,
) -> None:
    bucket = built_prod.sam["Resources"]["UploadsBucket"]
    props = bucket["Properties"]
    assert props["BucketName"] == "sotav-prod-uploads"
    assert set(props["PublicAccessBlockConfiguration"].values()) == {True}
    assert len(props["PublicAccessBlockConfiguration"]) == 4
    (rule,) = props["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert rule["ServerSideEncryptionByDefault"]["SSEAlgorithm"] in ("AES256", "aws:kms")
    assert props["NotificationConfiguration"]["QueueConfigurations"] == [
        {"Event": "s3:ObjectCreated:*", "Queue": {"Fn::GetAtt": ["ValidatorQueue", "Arn"]}}
    ]
    rules = {r["Id"]: r for r in props["LifecycleConfiguration"]["Rules"]}
    assert rules["abort-incomplete-multipart-uploads"]["AbortIncompleteMultipartUpload"] == {
        "DaysAfterInitiation": 1
    }
    assert bucket["DeletionPolicy"] == "Retain"
    # S3 may send to the queue only from this bucket (the policy exists before the bucket)
    assert "ValidatorQueuePolicy" in bucket["DependsOn"]
    policy = built_prod.sam["Resources"]["ValidatorQueuePolicy"]["Properties"]
    (statement,) = policy["PolicyDocument"]["Statement"]
    assert statement["Principal"] == {"Service": "s3.amazonaws.com"}
    assert statement["Action"] == "sqs:SendMessage"
    assert statement["Condition"]["ArnEquals"]["aws:SourceArn"] == {
        "Fn::Sub": "arn:${AWS::Partition}:s3:::sotav-prod-uploads"
    }


def _specific(resource: Any, template: dict[str, Any]) -> bool:
    """An ARN of one resource of this template (or objects/indexes/streams under it)."""
    if isinstance(resource, str):
        return "*" not in resource
    if "Fn::GetAtt" in resource:
        return resource["Fn::GetAtt"][0] in template["Resources"]
    match = re.fullmatch(
        r"\$\{(\w+)\.Arn\}(/\*|/index/\*|/stream/\*|/[a-z]+/\*)?", resource["Fn::Sub"]
    )
    return match is not None and match.group(1) in template["Resources"]


def test_iam_grants_no_wildcard_actions_and_data_access_only_on_named_resources(
    built_prod: Built,
) -> None:
    template = built_prod.expanded
    roles = built_prod.resources("AWS::IAM::Role", "expanded")
    functions = built_prod.resources("AWS::Lambda::Function", "expanded")
    # one role per function, written out in the template (no managed policies)
    assert sorted(f["Properties"]["Role"]["Fn::GetAtt"][0] for f in functions.values()) == sorted(
        roles
    )
    for name, role in roles.items():
        assert "ManagedPolicyArns" not in role["Properties"], name
        for policy in role["Properties"]["Policies"]:
            for statement in policy["PolicyDocument"]["Statement"]:
                actions = _as_list(statement["Action"])
                assert not any(a == "*" or a.endswith(":*") for a in actions), (name, actions)
                if any(a.startswith(DATA_SERVICES) for a in actions):
                    for resource in _as_list(statement["Resource"]):
                        assert _specific(resource, template), (name, statement["Sid"], resource)


def _statement(built: Built, role: str, sid: str) -> dict[str, Any]:
    statements = built.sam["Resources"][role]["Properties"]["Policies"][0]["PolicyDocument"]
    return next((s for s in statements["Statement"] if s["Sid"] == sid), {"Resource": []})


def _tables(statement: dict[str, Any]) -> set[str]:
    return {r["Fn::GetAtt"][0] for r in statement["Resource"]}


def test_each_function_may_touch_only_the_data_it_works_on(built_prod: Built) -> None:
    # the API never writes derived leaderboard rows; the papers-stream recompute never reads
    # accounts; the validator writes only its verdicts on reproductions and the content claims
    # that flag copies (idempotency table, content# keys)
    assert "LeaderboardTable" not in _tables(
        _statement(built_prod, "APIHandlerRole", "WriteTables")
    )
    assert "AccountsTable" not in _tables(
        _statement(built_prod, "RecomputeFromPapersStreamRole", "ReadTables")
    )
    assert _tables(_statement(built_prod, "ValidateUploadRole", "WriteTables")) == {
        "ReproductionsTable",
        "IdempotencyTable",
    }
    assert _statement(built_prod, "ValidateUploadRole", "ReadUploads")["Action"] == ["s3:GetObject"]
    assert _statement(built_prod, "APIHandlerRole", "WriteUploads")["Action"] == ["s3:PutObject"]


def test_uploads_expire_unless_referenced_and_the_api_presigns_only_under_uploads(
    built_prod: Built,
) -> None:
    bucket = built_prod.sam["Resources"]["UploadsBucket"]["Properties"]
    rules = {r["Id"]: r for r in bucket["LifecycleConfiguration"]["Rules"]}
    assert rules["expire-unreferenced-uploads"] == {
        "Id": "expire-unreferenced-uploads",
        "Status": "Enabled",
        "Prefix": "uploads/",
        "ExpirationInDays": 1,
    }
    presign = _statement(built_prod, "APIHandlerRole", "PresignUploads")
    assert presign["Action"] == ["s3:PutObject"]
    assert presign["Resource"] == [{"Fn::Sub": "${UploadsBucket.Arn}/uploads/*"}]
    # the API's other writes go to the logs' own keys, never under uploads/
    write = _statement(built_prod, "APIHandlerRole", "WriteUploads")["Resource"]
    assert write == [
        {"Fn::Sub": "${UploadsBucket.Arn}/runlogs/*"},
        {"Fn::Sub": "${UploadsBucket.Arn}/replays/*"},
    ]
    # the validator only reads; grants are the API's alone
    assert "PresignUploads" not in {
        s["Sid"]
        for s in built_prod.sam["Resources"]["ValidateUploadRole"]["Properties"]["Policies"][0][
            "PolicyDocument"
        ]["Statement"]
    }
    assert "UploadsTable" in _tables(_statement(built_prod, "APIHandlerRole", "WriteTables"))
    assert "UploadsTable" not in _tables(_statement(built_prod, "ValidateUploadRole", "ReadTables"))
    table = built_prod.sam["Resources"]["UploadsTable"]["Properties"]
    assert table["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}


def test_alarms_watch_both_failure_queues_and_every_functions_errors(built_prod: Built) -> None:
    alarms = [a["Properties"] for a in built_prod.resources("AWS::CloudWatch::Alarm").values()]
    queue_depth = {
        a["Dimensions"][0]["Value"]["Fn::GetAtt"][0]
        for a in alarms
        if a["MetricName"] == "ApproximateNumberOfMessagesVisible"
    }
    assert queue_depth == {"ValidatorDeadLetterQueue", "StreamFailuresQueue"}
    errors = {
        a["Dimensions"][0]["Value"]["Ref"]
        for a in alarms
        if a["Namespace"] == "AWS/Lambda" and a["MetricName"] == "Errors"
    }
    assert errors == {f["resource"] for f in built_prod.functions}
    for alarm in alarms:
        assert alarm["Threshold"] >= 0 and alarm["ComparisonOperator"] == "GreaterThanThreshold"
        assert alarm["AlarmActions"] == [{"Ref": "AlarmTopic"}]


def test_every_function_logs_to_its_own_group_with_retention(built_prod: Built) -> None:
    groups = built_prod.resources("AWS::Logs::LogGroup")
    functions = built_prod.resources("AWS::Serverless::Function")
    assert len(functions) == len(built_prod.functions) >= 4
    for name, function in functions.items():
        function_name = function["Properties"]["FunctionName"]
        assert function_name.startswith("sotav-prod-")
        (group_id,) = function["DependsOn"]
        group = groups[group_id]["Properties"]
        assert group["LogGroupName"] == f"/aws/lambda/{function_name}", name
        assert 1 <= group["RetentionInDays"] <= 365


def test_every_function_gets_the_stage_settings_and_real_resource_names(built_prod: Built) -> None:
    for function in built_prod.resources("AWS::Serverless::Function").values():
        env = function["Properties"]["Environment"]["Variables"]
        assert env[_ENV["stage"]] == "prod"
        assert env[_ENV["resource_prefix"]] == "sotav-prod"
        assert env[_ENV["uploads_bucket"]] == {"Ref": "UploadsBucket"}
        assert env[_ENV["validator_queue_name"]] == {"Fn::GetAtt": ["ValidatorQueue", "QueueName"]}
        assert env[_ENV["papers_stream_arn"]] == {"Fn::GetAtt": ["PapersTable", "StreamArn"]}
        assert env[_ENV["reproductions_stream_arn"]] == {
            "Fn::GetAtt": ["ReproductionsTable", "StreamArn"]
        }
        assert env["POWERTOOLS_SERVICE_NAME"] == "sotaverified"
        # The fetcher's test-only settings never reach a deployed function
        assert _ENV["url_fetch_override"] not in env
        assert _ENV["url_fetch_ca_bundle"] not in env


def test_the_validator_has_time_for_url_logs_and_retries_before_the_age_alarm(
    built_prod: Built,
) -> None:
    from chalicelib.services.url_logs import DEFAULT_LIMITS, MIN_TIME_TO_READ, SAFETY_MARGIN
    from infra.common import QUEUE_AGE_ALARM_SECONDS

    functions = built_prod.resources("AWS::Lambda::Function", "expanded")
    queues = built_prod.resources("AWS::SQS::Queue")
    (mapping,) = _queue_mappings(built_prod).values()
    timeout = functions[mapping["FunctionName"]["Ref"]]["Properties"]["Timeout"]
    # At least one URL log read to its limit fits in an invocation, with the margin kept
    assert timeout >= DEFAULT_LIMITS.check_deadline + SAFETY_MARGIN + MIN_TIME_TO_READ
    # ... and a message left for a later delivery comes back before the queue-age alarm fires
    assert queues["ValidatorQueue"]["Properties"]["VisibilityTimeout"] < QUEUE_AGE_ALARM_SECONDS


def test_code_package_holds_the_app_and_linux_wheels(built_prod: Built) -> None:
    with zipfile.ZipFile(built_prod.out / "deployment.zip") as archive:
        names = set(archive.namelist())
    assert {"app.py", "chalicelib/settings.py", "chalice/app.py"} <= names
    assert any(n.startswith("pydantic_core/") and n.endswith("x86_64-linux-gnu.so") for n in names)
    assert not any("__pycache__" in n for n in names)


def test_an_unknown_route_answers_404_in_the_error_shape(built_prod: Built) -> None:
    # Given the deployed API (API Gateway answers unmatched paths with 403 "Missing
    # Authentication Token" unless told otherwise)
    (api,) = built_prod.resources("AWS::ApiGateway::RestApi", "expanded").values()
    responses = api["Properties"]["Body"]["x-amazon-apigateway-gateway-responses"]
    response = responses["MISSING_AUTHENTICATION_TOKEN"]
    # Then that response is a 404 in our one JSON error shape, declared in the API definition
    # (no GatewayResponse resource beside it to drift)
    assert response["statusCode"] == 404
    body = response["responseTemplates"]["application/json"]
    assert body.startswith('{"error": {"code": "not_found"') and '"details": []' in body
    assert response["responseParameters"] == {
        "gatewayresponse.header.Content-Type": "'application/json'"
    }
    assert built_prod.resources("AWS::ApiGateway::GatewayResponse", "expanded") == {}
    assert set(api["Properties"]["Body"]["paths"]) >= {"/api/v1/papers/{arxiv_id}"}
