"""The validator behind S3 -> SQS: test events, URL-encoded keys, duplicates, poison messages."""

from __future__ import annotations

import json
from typing import Any

from chalicelib.db import reproductions as reproductions_db
from chalicelib.local.pump import LambdaContext
from chalicelib.services.accounts import authenticate, create_account
from chalicelib.services.ingest import ingest_files
from chalicelib.services.submissions import submit_reproduction
from chalicelib.services.validation import reproduction_id_of, validate_reproduction
from tests.conftest import SAMPLE

PASTED = "Test: [10000/10000]\n * Acc@1 76.130 Acc@5 92.862\n"


def s3_message(message_id: str, key: str) -> dict[str, Any]:
    body = {
        "Records": [
            {
                "eventName": "ObjectCreated:Put",
                "s3": {"bucket": {"name": "b"}, "object": {"key": key}},
            }
        ]
    }
    return {
        "messageId": message_id,
        "receiptHandle": message_id,
        "body": json.dumps(body),
        "attributes": {},
        "messageAttributes": {},
        "md5OfBody": "",
        "eventSource": "aws:sqs",
        "eventSourceARN": "arn:aws:sqs:us-east-1:1:q",
        "awsRegion": "us-east-1",
    }


def submitted(**fields: Any) -> dict[str, Any]:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    agent = authenticate(f"Bearer {create_account('agent', 'v').key}")
    body = {
        "paper_id": "1711.03953",
        "tier_claimed": 1,
        "hardware_spec": "1x T4",
        "run_log_url": PASTED,
        "actual_metric_name": "acc@1",
        "actual_metric_value": 76.13,
        **fields,
    }
    return submit_reproduction(agent, body, None).item


def test_keys_map_to_reproductions_url_encoded_or_not() -> None:
    assert reproduction_id_of("runlogs/rabc123.txt") == "rabc123"
    assert reproduction_id_of("replays%2Frabc123.json") == "rabc123"
    assert reproduction_id_of("runlogs/rabc123.url") == "rabc123"
    assert reproduction_id_of("other/rabc123.txt") is None
    assert reproduction_id_of("runlogs/../x.txt") is None


def test_test_event_and_duplicates_are_harmless(aws: Any) -> None:
    item = submitted()
    handler = aws.app.handler_map["validate_upload"]
    key = item["run_log"]["s3_key"]
    test_event = {
        **s3_message("m0", key),
        "body": json.dumps({"Service": "Amazon S3", "Event": "s3:TestEvent", "Bucket": "b"}),
    }
    result = handler(
        {"Records": [test_event, s3_message("m1", key), s3_message("m2", key.replace("/", "%2F"))]},
        LambdaContext("validate_upload"),
    )
    assert result == {"batchItemFailures": []}
    stored = reproductions_db.get(item["reproduction_id"])
    assert stored is not None and stored["validation"]["state"] == "passed"
    # A duplicate event later recomputes the same verdict and writes nothing
    assert validate_reproduction(item["reproduction_id"]) is False


def test_a_poison_message_fails_only_itself(aws: Any) -> None:
    item = submitted()
    handler = aws.app.handler_map["validate_upload"]
    records = [
        s3_message("ok-1", item["run_log"]["s3_key"]),
        s3_message("poison", "runlogs/rdoesnotexist0001.txt"),
        s3_message("ok-2", item["run_log"]["s3_key"]),
    ]
    result = handler({"Records": records}, LambdaContext("validate_upload"))
    assert result == {"batchItemFailures": [{"itemIdentifier": "poison"}]}


def test_a_claimed_value_missing_from_the_log_fails_with_a_reason(aws: Any) -> None:
    item = submitted(actual_metric_value=80.5)
    validate_reproduction(item["reproduction_id"])
    stored = reproductions_db.get(item["reproduction_id"])
    assert stored is not None and stored["validation"]["state"] == "failed"
    failed = [c for c in stored["validation"]["checks"] if not c["ok"]]
    assert [c["name"] for c in failed] == ["metric_in_log"]
    assert "76.13" in failed[0]["detail"]


def test_url_logs_that_cannot_be_read_are_unchecked(aws: Any) -> None:
    # (tests/conftest.py points the fetcher at a closed local port; tests/integration/
    # test_url_logs.py reads logs from a local stand-in for the real hosts)
    item = submitted(
        run_log_url="https://wandb.ai/team/project/runs/abc?x=1#frag",
        actual_metric_name=None,
        actual_metric_value=None,
    )
    validate_reproduction(item["reproduction_id"])
    stored = reproductions_db.get(item["reproduction_id"])
    assert stored is not None and stored["validation"]["state"] == "unchecked"
    (check,) = stored["validation"]["checks"]
    assert (check["name"], check["ok"]) == ("run_log_read", False)
    assert check["detail"].startswith(
        "https://wandb.ai/team/project/runs/abc?x=1 was not read by the server: "
    )
