"""The local stack's saved state (chalicelib/local/persistence.py) on in-process moto: a
snapshot brings back exactly what was saved, a pump started from saved checkpoints does not
deliver handled records again, and tables that no longer match chalicelib/db/tables.py are
named. The restarts themselves are end-to-end tests (tests/e2e/test_persistence.py)."""

from __future__ import annotations

import json
import threading
from datetime import timedelta
from pathlib import Path

from chalicelib.db import aws as clients
from chalicelib.db import tables
from chalicelib.local.moto_state import capture_state, install_state, trim_stream_records
from chalicelib.local.persistence import table_differences
from chalicelib.local.pump import EventPump
from chalicelib.local.request_gate import RequestGate, changes_state
from chalicelib.services.ingest import ingest_files
from tests.conftest import AwsStack, imagenet_table


def row(arxiv_id: str, top1: float) -> dict[str, object]:
    return {
        "code_links": [{"title": "", "url": f"https://github.com/example/{arxiv_id}"}],
        "metrics": {"Top-1 Accuracy": str(top1)},
        "model_links": [],
        "model_name": arxiv_id,
        "paper_date": "2024-01-15",
        "paper_title": f"Paper {arxiv_id}",
        "paper_url": f"https://arxiv.org/abs/{arxiv_id}",
        "uses_additional_data": False,
    }


def ingest(tmp_path: Path, *arxiv_ids: str) -> None:
    path = tmp_path / f"tables-{'-'.join(arxiv_ids)}.json"
    path.write_text(json.dumps(imagenet_table([row(a, 80.0) for a in arxiv_ids])))
    ingest_files(evaluation_tables=[path])


def papers_count() -> int:
    table = tables.PAPERS.physical_name()
    return int(clients.client("dynamodb").scan(TableName=table, Select="COUNT")["Count"])


def test_a_snapshot_brings_back_what_was_saved(aws: AwsStack, tmp_path: Path) -> None:
    # Given one paper, a log in S3 and a message on the validator queue, saved
    ingest(tmp_path, "2403.00001")
    s3, sqs = clients.client("s3"), clients.client("sqs")
    bucket = "sotav-test-uploads"
    s3.put_object(Bucket=bucket, Key="logs/one.txt", Body=b"Top-1 Accuracy: 80.0")
    saved = capture_state()
    # When more is written, then the snapshot is installed
    ingest(tmp_path, "2403.00002")
    s3.put_object(Bucket=bucket, Key="logs/two.txt", Body=b"later")
    install_state(saved)
    # Then the state is the saved one, byte for byte
    assert papers_count() == 1
    keys = [o["Key"] for o in s3.list_objects_v2(Bucket=bucket)["Contents"]]
    assert keys == ["logs/one.txt"]
    body = s3.get_object(Bucket=bucket, Key="logs/one.txt")["Body"].read()
    assert body == b"Top-1 Accuracy: 80.0"
    attributes = sqs.get_queue_attributes(
        QueueUrl=aws.resources.validator_queue_url, AttributeNames=["All"]
    )["Attributes"]
    assert int(attributes["ApproximateNumberOfMessages"]) >= 1  # the upload's notification
    # and it keeps working: writes go through as before
    ingest(tmp_path, "2403.00003")
    assert papers_count() == 2


def test_a_pump_from_saved_checkpoints_resumes_where_the_saved_one_stopped(
    aws: AwsStack, tmp_path: Path
) -> None:
    # Given records that a pump has handled, and its checkpoints saved with the state
    ingest(tmp_path, "2403.00011", "2403.00012")
    assert aws.pump.drain(timeout=60) > 0
    checkpoints = aws.pump.checkpoints()
    assert any(c["type"] == "AFTER_SEQUENCE_NUMBER" for c in checkpoints.values())
    install_state(capture_state())
    # When a new pump starts from those checkpoints
    resumed = EventPump(aws.app, checkpoints=checkpoints)
    # Then it delivers nothing that was handled, and what comes next
    assert resumed.drain(timeout=60) == 0
    ingest(tmp_path, "2403.00013")
    assert resumed.drain(timeout=60) > 0
    # while a pump without them starts from the trim horizon again
    assert EventPump(aws.app).drain(timeout=60) > 0


def stream_start(aws: AwsStack) -> int:
    streams = clients.client("dynamodbstreams")
    shard = streams.describe_stream(StreamArn=aws.resources.papers_stream_arn)["StreamDescription"][
        "Shards"
    ][0]
    return int(shard["SequenceNumberRange"]["StartingSequenceNumber"])


def test_handled_stream_records_past_the_retention_are_trimmed(
    aws: AwsStack, tmp_path: Path
) -> None:
    # Given stream records a pump has handled, and one it has not
    ingest(tmp_path, "2403.00021", "2403.00022")
    assert aws.pump.drain(timeout=60) > 0
    checkpoints = aws.pump.checkpoints()
    start = stream_start(aws)
    # When records are trimmed (nothing yet older than 24 h, then with no retention at all)
    assert trim_stream_records(checkpoints) == 0
    ingest(tmp_path, "2403.00023")  # not handled yet: must stay
    dropped = trim_stream_records(checkpoints, retention=timedelta(0))
    # Then only the handled ones are gone, and the stream starts after them
    assert dropped > 0
    assert stream_start(aws) == start + dropped
    # and readers carry on: the pump, a pump from the checkpoints, one from the trim horizon
    assert EventPump(aws.app, checkpoints=checkpoints).drain(timeout=60) > 0
    assert aws.pump.drain(timeout=60) > 0
    assert EventPump(aws.app).drain(timeout=60) > 0
    ingest(tmp_path, "2403.00024")
    assert aws.pump.drain(timeout=60) > 0


def test_tables_that_differ_from_the_definitions_are_named(aws: AwsStack) -> None:
    dynamodb = clients.client("dynamodb")
    # Given the tables as chalicelib/db/tables.py defines them: no difference
    assert table_differences(dynamodb) == []
    # When a table lacks an index the code now queries
    name = tables.REPRODUCTIONS.physical_name()
    dynamodb.update_table(
        TableName=name, GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "pending"}}]
    )
    # Then the difference names the table and the index
    assert table_differences(dynamodb) == [f"{name}: index pending is missing"]


def test_only_requests_that_can_change_state_count() -> None:
    def request(method: str = "POST", target: str = "") -> dict[str, str]:
        return {"REQUEST_METHOD": method, "HTTP_X_AMZ_TARGET": target}

    assert not changes_state(request(target="DynamoDB_20120810.GetItem"))
    assert not changes_state(request(target="DynamoDB_20120810.Query"))
    assert changes_state(request(target="DynamoDB_20120810.PutItem"))
    assert changes_state(request(target="DynamoDB_20120810.TransactWriteItems"))
    assert not changes_state(request(target="DynamoDBStreams_20120810.GetRecords"))
    assert not changes_state(request(target="AmazonSQS.ReceiveMessage"))
    assert changes_state(request(target="AmazonSQS.DeleteMessageBatch"))
    assert not changes_state(request("GET"))  # S3 GetObject, ListObjects
    assert changes_state(request("PUT"))  # S3 PutObject
    assert changes_state(request(target="SomethingNew.Operation"))  # unknown: assume a change


def test_a_snapshot_waits_for_requests_in_progress_and_holds_new_ones() -> None:
    gate = RequestGate()
    inside, release = threading.Event(), threading.Event()
    order: list[str] = []

    def slow_app(environ: dict[str, str], start_response: object) -> list[bytes]:
        inside.set()
        release.wait(5)
        order.append("request")
        return [b""]

    app = gate.wrap(slow_app)
    put = {"REQUEST_METHOD": "PUT"}
    # Given a request in progress
    worker = threading.Thread(target=app, args=(put, None))
    worker.start()
    assert inside.wait(5)
    # When a snapshot asks for the gate, it does not get it while the request runs
    with gate.exclusive(timeout=0.2) as quiet:
        assert not quiet
    # Then, once the request is done, it does, and the change was counted
    release.set()
    worker.join(5)
    with gate.exclusive(timeout=5) as quiet:
        assert quiet
        order.append("snapshot")
        # and a request arriving meanwhile waits for the snapshot
        late = threading.Thread(target=app, args=(put, None))
        late.start()
        late.join(0.3)
        assert late.is_alive()
    late.join(5)
    assert order == ["request", "snapshot", "request"]
    assert gate.generation == 2
