"""The local stack keeps its data (`make run` = `python -m chalicelib.local --data-dir
.local-data`): stopped with SIGTERM or killed with `kill -9`, then started again on the same
folder, it has its keys, accounts, runs, reproductions, scores, uploaded logs and queued
messages. Each stack here has a temporary folder and a short snapshot interval."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import requests

from chalicelib.local.moto_state import moto_version
from chalicelib.local.persistence import FORMAT, MAGIC, SNAPSHOT_NAME, LocalData
from tests.conftest import ROOT, LocalStack, free_port, spawn_stack, validated, wait_for
from tests.e2e.own_stack import account, ingest, paper_row, write_tables

pytestmark = pytest.mark.e2e

INTERVAL = 0.5  # seconds between snapshots in these tests (make run: 2)
FLAG = "2010.09891"  # sample paper: claims Test Accuracy 0.8193 on ogbn-products; score 5


def kept_in(folder: Path) -> tuple[str, ...]:
    return ("--data-dir", str(folder), "--snapshot-interval", str(INTERVAL))


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def get(stack: LocalStack, path: str) -> Any:
    response = requests.get(stack.url + path, timeout=10)
    assert response.status_code == 200, (path, response.text)
    return response.json()


def submit(stack: LocalStack, key: str, **fields: Any) -> dict[str, Any]:
    response = requests.post(
        f"{stack.url}/api/v1/reproductions", json=fields, headers=auth(key), timeout=10
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def start_run(stack: LocalStack, key: str, paper: str) -> dict[str, Any]:
    response = requests.post(
        f"{stack.url}/api/v1/runs",
        json={"paper_id": paper, "memoryless": True},
        headers=auth(key),
        timeout=10,
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def promote(stack: LocalStack, key: str, reproduction_id: str) -> None:
    response = requests.post(
        f"{stack.url}/api/v1/reproductions/{reproduction_id}/promote",
        headers=auth(key),
        timeout=10,
    )
    assert response.status_code == 200, response.text


def aws(stack: LocalStack, service: str) -> Any:
    import boto3

    return boto3.client(
        service,
        endpoint_url=f"http://127.0.0.1:{stack.moto_port}",
        region_name="us-east-1",
        aws_access_key_id="local",
        aws_secret_access_key="local",
    )


def uploaded_logs(stack: LocalStack) -> dict[str, bytes]:
    s3 = aws(stack, "s3")
    listed = s3.list_objects_v2(Bucket="sotav-local-uploads").get("Contents", [])
    return {
        o["Key"]: s3.get_object(Bucket="sotav-local-uploads", Key=o["Key"])["Body"].read()
        for o in listed
    }


def start_failing(folder: Path) -> subprocess.CompletedProcess[str]:
    """`python -m chalicelib.local` on `folder`, expected to stop at once; its output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOTAV_")}
    ports = ("--port", str(free_port()), "--moto-port", str(free_port()))
    return subprocess.run(
        [sys.executable, "-m", "chalicelib.local", "--no-sample", *kept_in(folder), *ports],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_everything_is_there_after_sigterm_and_a_new_start(tmp_path: Path) -> None:
    folder = tmp_path / "local-data"
    # Given a stack with the sample, keeping its data in a folder
    with spawn_stack(*kept_in(folder), sample=True, ready_timeout=300) as first:
        agent = account(first, "agent", "keeper")
        reviewer = account(first, "reviewer", "rita")
        # and an agent's run, a reproduction (its pasted log in S3), promoted and scored
        run = start_run(first, agent["key"], FLAG)
        assert run["attempt"] == 1
        created = submit(
            first,
            agent["key"],
            paper_id=FLAG,
            tier_claimed=2,
            hardware_spec="1x A100 80GB, Ubuntu 22.04",
            run_log_url="epoch 99\nTest Accuracy: 0.8190\n",
            actual_metric_name="Test Accuracy",
            actual_metric_value=0.819,
            dataset="ogbn-products",
        )
        reproduction_id = created["reproduction_id"]
        assert validated(first, reproduction_id)["validation"]["state"] == "passed"
        promote(first, reviewer["key"], reproduction_id)
        paper = wait_for(
            lambda: get(first, f"/api/v1/papers/{FLAG}"), lambda p: p["verification_score"] == 20
        )
        assert paper["verification_score"] == 20
        reproduction = get(first, f"/api/v1/reproductions/{reproduction_id}")
        logs = uploaded_logs(first)
        assert len(logs) == 1
        # and queued messages: one waiting, one in flight (received, not yet deleted)
        sqs = aws(first, "sqs")
        probe = sqs.create_queue(QueueName="sotav-local-probe")["QueueUrl"]
        sqs.send_message(QueueUrl=probe, MessageBody="in flight")
        # (in flight for 5 s: past the last snapshot, over before the restart is done)
        received = sqs.receive_message(QueueUrl=probe, VisibilityTimeout=5)["Messages"]
        assert [m["Body"] for m in received] == ["in flight"]
        sqs.send_message(QueueUrl=probe, MessageBody="waiting")
        # When it is stopped with SIGTERM (spawn_stack's way out, like Ctrl-C)
    assert first.process.returncode == 0
    assert any(line.startswith("Data saved in") for line in first.output)

    # And started again on the same folder
    with spawn_stack(*kept_in(folder), sample=True, ready_timeout=120) as second:
        output = "".join(second.output)
        # Then it restored the data instead of loading the sample over it
        assert "restored the data saved at" in output
        assert "sample data: already in the restored data" in output
        assert "ingest" not in output
        # the reproduction, the paper's score and the uploaded log are as they were
        assert get(second, f"/api/v1/reproductions/{reproduction_id}") == reproduction
        assert get(second, f"/api/v1/papers/{FLAG}") == paper
        assert uploaded_logs(second) == logs
        # the agent's key still authenticates, and its first run is remembered (attempt 2)
        assert start_run(second, agent["key"], FLAG)["attempt"] == 2
        # both messages are there; the one that was in flight was received once before
        sqs = aws(second, "sqs")
        probe = sqs.get_queue_url(QueueName="sotav-local-probe")["QueueUrl"]
        messages: dict[str, dict[str, Any]] = {}
        deadline = time.monotonic() + 20
        while len(messages) < 2 and time.monotonic() < deadline:
            for m in sqs.receive_message(
                QueueUrl=probe, MaxNumberOfMessages=10, AttributeNames=["All"]
            ).get("Messages", []):
                messages[m["Body"]] = m["Attributes"]
            time.sleep(0.2)
        assert set(messages) == {"in flight", "waiting"}
        assert messages["in flight"]["ApproximateReceiveCount"] == "2"
        assert messages["waiting"]["ApproximateReceiveCount"] == "1"
        # and the pipeline goes on: a new agent's submission is validated (S3 -> SQS ->
        # validator) and its promotion rescored (the stream, read on from its checkpoint)
        other = account(second, "agent", "newcomer")
        more = submit(
            second,
            other["key"],
            paper_id=FLAG,
            tier_claimed=3,
            hardware_spec="2x RTX 4090 24GB, Debian 12",
            run_log_url="Test Accuracy: 0.8201\n",
            actual_metric_name="Test Accuracy",
            actual_metric_value=0.8201,
            dataset="ogbn-products",
        )
        assert validated(second, more["reproduction_id"])["validation"]["state"] == "passed"
        promote(second, reviewer["key"], more["reproduction_id"])
        rescored = wait_for(
            lambda: get(second, f"/api/v1/papers/{FLAG}"), lambda p: p["verification_score"] > 20
        )
        assert rescored["verification_score"] == 38  # + 10 reproduction, + 5 within, + 3 hardware
        dry_run = json.loads(second.cli("recompute", "--paper", FLAG, "--dry-run", "--json").stdout)
        assert dry_run["papers"][0]["matches_stored"] is True


def test_after_kill_9_data_older_than_the_snapshot_interval_is_there(tmp_path: Path) -> None:
    folder = tmp_path / "local-data"
    table = write_tables(
        tmp_path / "tables.json",
        [paper_row("2402.00017", "KillNet", 80.0, "https://github.com/example/killnet")],
    )
    # Given a stack keeping its data, with a paper, an agent and its reproduction
    with spawn_stack(*kept_in(folder)) as first:
        ingest(first, table)
        agent = account(first, "agent", "survivor")
        created = submit(
            first,
            agent["key"],
            paper_id="2402.00017",
            tier_claimed=1,
            hardware_spec="1x A100 80GB",
            run_log_url="Top-1 Accuracy: 80.0",
            actual_metric_name="Top-1 Accuracy",
            actual_metric_value=80.0,
            dataset="ImageNet",
        )
        assert validated(first, created["reproduction_id"])["validation"]["state"] == "passed"
        written = datetime.now(UTC)
        # When a snapshot interval has passed (a periodic snapshot was written after that) ...
        started = time.monotonic()
        header = wait_for(
            lambda: LocalData(folder).read()[0],  # type: ignore[index]
            lambda h: datetime.fromisoformat(h["saved_at"]) > written,
            timeout=10,
        )
        assert datetime.fromisoformat(header["saved_at"]) > written
        assert time.monotonic() - started < INTERVAL + 3
        # (meanwhile, a second stack on the same folder is refused)
        second_stack = start_failing(folder)
        assert second_stack.returncode == 1
        assert "is in use by another local stack" in second_stack.stderr
        # ... and the stack is killed with no chance to save
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait(timeout=10)
    assert first.process.returncode == -signal.SIGKILL
    assert not any(line.startswith("Data saved in") for line in first.output)

    # Then a new start on the folder has the paper, the key and the reproduction
    with spawn_stack(*kept_in(folder)) as second:
        assert "restored the data saved at" in "".join(second.output)
        assert get(second, "/api/v1/papers/2402.00017")["title"] == "KillNet"
        reproduction = get(second, f"/api/v1/reproductions/{created['reproduction_id']}")
        assert reproduction["validation"]["state"] == "passed"
        # and the agent's attempt counter too (its run-less submission used up attempt 1)
        assert start_run(second, agent["key"], "2402.00017")["attempt"] == 2


def test_an_unusable_snapshot_is_refused_with_what_to_do(tmp_path: Path) -> None:
    folder = tmp_path / "local-data"
    folder.mkdir()
    snapshot = folder / SNAPSHOT_NAME

    def header(**fields: Any) -> bytes:
        base = {"format": FORMAT, "moto": moto_version(), "payload_bytes": 4}
        return MAGIC + json.dumps(base | fields).encode() + b"\n"

    cases = [
        # saved by another moto version: moto's objects cannot be carried across
        (header(moto="4.0.0") + b"junk", "moto 4.0.0"),
        # not a snapshot at all
        (b"not a snapshot\n", "is not a snapshot of the local stack"),
        # cut short
        (header(payload_bytes=4000) + b"junk", "is incomplete"),
        # the right version, but the state cannot be loaded
        (header() + b"junk", "could not be loaded"),
    ]
    for content, problem in cases:
        # Given a folder whose snapshot cannot be used
        snapshot.write_bytes(content)
        # When the stack starts on it
        done = start_failing(folder)
        # Then it stops at once and says what happened and how to start over
        assert done.returncode == 1, done.stdout + done.stderr
        assert problem in done.stderr
        assert "make run FRESH=1" in done.stderr
        assert "Traceback" not in done.stderr
        assert snapshot.read_bytes() == content  # nothing deleted without being asked

    # When it is started with --fresh (make run FRESH=1)
    with spawn_stack("--data-dir", str(folder), "--fresh") as stack:
        # Then it starts empty and saves a usable snapshot
        response = requests.get(f"{stack.url}/api/v1/papers/{FLAG}", timeout=10)
        assert response.status_code == 404
        saved, _ = LocalData(folder).read() or ({}, b"")
        assert saved["moto"] == moto_version() and saved["format"] == FORMAT
