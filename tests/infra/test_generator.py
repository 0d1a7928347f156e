"""The merge-template generator on small fake apps (no build): handlers are found generically,
SQS handlers are mapped to the queue infra/ creates, and mistakes fail the build clearly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from chalice.app import Chalice
from chalice.package import TemplateDeepMerger

from chalicelib.db.tables import PAPERS
from infra.check import structure_errors
from infra.functions import ACCESS, Access, functions_of
from infra.stage import BuildError, Stage, load_stage, read_config
from infra.template import merge_template


@pytest.fixture
def stage() -> Stage:
    return load_stage("prod")


def _app(stage: Stage) -> Chalice:
    app = Chalice(app_name="fake")

    @app.route("/")
    def index() -> dict[str, Any]:
        return {}

    @app.on_sqs_message(queue=stage.validator_queue, batch_size=10)
    def validate_upload(event: Any) -> None:
        return None

    @app.on_dynamodb_record(stream_arn=stage.inspection_stream_arn(PAPERS))
    def recompute_from_papers_stream(event: Any) -> None:
        return None

    return app


def test_an_sqs_handler_consumes_the_validator_queue_with_partial_batch_reporting(
    stage: Stage,
) -> None:
    # Given an app with a route, an SQS handler on the validator queue and a stream handler
    functions = functions_of(_app(stage), stage)
    # When the merge template is generated
    template = merge_template(stage, functions)
    # Then the SQS event reads the queue infra/ creates, with the same intrinsic chalice emits
    assert [(f.cfn_name, f.trigger) for f in functions] == [
        ("APIHandler", "api"),
        ("ValidateUpload", "sqs"),
        ("RecomputeFromPapersStream", "dynamodb"),
    ]
    event = template["Resources"]["ValidateUpload"]["Properties"]["Events"][
        "ValidateUploadSqsEventSource"
    ]["Properties"]
    assert event == {
        "Queue": {"Fn::Sub": "${ValidatorQueue.Arn}"},
        "FunctionResponseTypes": ["ReportBatchItemFailures"],
    }
    # and its role may consume that queue only
    statements = template["Resources"]["ValidateUploadRole"]["Properties"]["Policies"][0][
        "PolicyDocument"
    ]["Statement"]
    consume = next(s for s in statements if s["Sid"] == "ConsumeTriggerQueue")
    assert consume["Resource"] == [{"Fn::GetAtt": ["ValidatorQueue", "Arn"]}]
    queue = template["Resources"]["ValidatorQueue"]["Properties"]
    timeout = template["Resources"]["ValidateUpload"]["Properties"]["Timeout"]
    assert queue["VisibilityTimeout"] >= 6 * timeout


def test_deep_merge_onto_chalices_event_shapes_leaves_one_intrinsic_each(stage: Stage) -> None:
    # Given what chalice emits for these handlers (queue ARN as Fn::Sub, stream ARN a string)
    chalice_output = {
        "Resources": {
            "ValidateUpload": {
                "Type": "AWS::Serverless::Function",
                "Properties": {
                    "Handler": "app.validate_upload",
                    "Role": "arn:aws:iam::000000000000:role/replaced-by-infra-merge-template",
                    "Events": {
                        "ValidateUploadSqsEventSource": {
                            "Type": "SQS",
                            "Properties": {
                                "Queue": {
                                    "Fn::Sub": "arn:${AWS::Partition}:sqs:${AWS::Region}:"
                                    "${AWS::AccountId}:sotav-prod-validate"
                                },
                                "BatchSize": 10,
                            },
                        }
                    },
                },
            },
            "RecomputeFromPapersStream": {
                "Type": "AWS::Serverless::Function",
                "Properties": {
                    "Handler": "app.recompute_from_papers_stream",
                    "Role": "arn:aws:iam::000000000000:role/replaced-by-infra-merge-template",
                    "Events": {
                        "RecomputeFromPapersStreamDynamodbEventSource": {
                            "Type": "DynamoDB",
                            "Properties": {"Stream": "arn:aws:dynamodb:placeholder"},
                        }
                    },
                },
            },
            "APIHandler": {"Type": "AWS::Serverless::Function", "Properties": {}},
            "RestAPI": {"Type": "AWS::Serverless::Api", "Properties": {}},
        }
    }
    # When chalice's own deep merger applies the generated merge template
    merged = TemplateDeepMerger().merge(
        merge_template(stage, functions_of(_app(stage), stage)), chalice_output
    )
    # Then no intrinsic holds two keys and no placeholder is left
    assert structure_errors(merged) == []
    resources = merged["Resources"]
    stream_event = resources["RecomputeFromPapersStream"]["Properties"]["Events"][
        "RecomputeFromPapersStreamDynamodbEventSource"
    ]["Properties"]
    assert stream_event["Stream"] == {"Fn::GetAtt": ["PapersTable", "StreamArn"]}
    queue_event = resources["ValidateUpload"]["Properties"]["Events"][
        "ValidateUploadSqsEventSource"
    ]["Properties"]
    assert queue_event["Queue"] == {"Fn::Sub": "${ValidatorQueue.Arn}"}
    assert queue_event["BatchSize"] == 10  # chalice's settings are kept
    assert resources["ValidateUpload"]["Properties"]["Role"] == {
        "Fn::GetAtt": ["ValidateUploadRole", "Arn"]
    }


def test_an_sqs_handler_on_a_queue_infra_does_not_create_fails_the_build(stage: Stage) -> None:
    app = Chalice(app_name="fake")

    @app.on_sqs_message(queue="somebody-elses-queue")
    def validate_upload(event: Any) -> None:
        return None

    with pytest.raises(BuildError, match="somebody-elses-queue"):
        merge_template(stage, functions_of(app, stage))


def test_a_handler_without_declared_access_fails_the_build(stage: Stage) -> None:
    app = Chalice(app_name="fake")

    @app.on_sqs_message(queue=stage.validator_queue)
    def mystery_handler(event: Any) -> None:
        return None

    assert "mystery_handler" not in ACCESS
    with pytest.raises(BuildError, match=r"mystery_handler.*ACCESS"):
        functions_of(app, stage)


def test_a_stream_handler_on_an_arn_not_from_settings_fails_the_build(stage: Stage) -> None:
    app = Chalice(app_name="fake")

    @app.on_dynamodb_record(stream_arn="arn:aws:dynamodb:us-east-1:1:table/x/stream/y")
    def recompute_from_papers_stream(event: Any) -> None:
        return None

    with pytest.raises(BuildError, match="not a table stream ARN"):
        functions_of(app, stage)


def test_s3_handlers_are_refused_in_favour_of_s3_to_sqs(
    stage: Stage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ACCESS, "on_upload", Access())
    app = Chalice(app_name="fake")

    @app.on_s3_event(bucket="sotav-prod-uploads")
    def on_upload(event: Any) -> None:
        return None

    with pytest.raises(BuildError, match="S3 -> SQS"):
        functions_of(app, stage)


def test_unknown_stage_and_inconsistent_prefix_are_reported(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match=r"not in \.chalice/config\.json"):
        load_stage("staging")
    # Given a config whose prod stage would name resources after another prefix
    config = read_config()
    config["stages"]["prod"]["environment_variables"]["SOTAV_RESOURCE_PREFIX"] = "sotav-dev"
    (tmp_path / ".chalice").mkdir()
    (tmp_path / ".chalice" / "config.json").write_text(json.dumps(config))
    with pytest.raises(BuildError, match="SOTAV_RESOURCE_PREFIX=sotav-prod"):
        load_stage("prod", project_dir=tmp_path)
