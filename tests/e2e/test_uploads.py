"""Uploads end to end over HTTP on the local stack (issue #16): grants, PUTs to the presigned
URL on the stack's moto server, submissions that reference them, the streaming validator, and
every refusal (a 422 with its reason). moto does not enforce a presigned PUT's signed length,
so "larger than granted" sends more bytes than granted and is refused by our own check."""

from __future__ import annotations

import gzip
import json
import threading
from datetime import datetime, timedelta
from typing import Any

import pytest
import requests

from tests.conftest import LocalStack, wait_for

pytestmark = pytest.mark.e2e
PAPER = "2012.15024"  # used by no other end-to-end test
FILES = ["train.py", "configs/products.yaml", "README.md"]


def agent(stack: LocalStack, name: str) -> str:
    out = stack.cli("accounts", "create", "--role", "agent", "--name", name, "--json")
    return f"Bearer {json.loads(out.stdout)['key']}"


def grant(stack: LocalStack, key: str, kind: str, size: int, **extra: Any) -> requests.Response:
    return requests.post(
        f"{stack.url}/api/v1/uploads",
        json={"kind": kind, "bytes": size, **extra},
        headers={"Authorization": key},
        timeout=30,
    )


def upload(stack: LocalStack, key: str, kind: str, data: bytes, **extra: Any) -> str:
    response = grant(stack, key, kind, len(data), **extra)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["url"].startswith(f"http://127.0.0.1:{stack.moto_port}/")  # the local moto
    sent = requests.put(body["url"], data=data, headers=body["headers"], timeout=120)
    assert sent.status_code == 200, sent.text
    return str(body["upload_id"])


def submit(stack: LocalStack, key: str, **fields: Any) -> requests.Response:
    body = {
        "paper_id": PAPER,
        "tier_claimed": 2,
        "hardware_spec": "1x NVIDIA A100 80GB, Ubuntu 22.04",
        **fields,
    }
    return requests.post(
        f"{stack.url}/api/v1/reproductions", json=body, headers={"Authorization": key}, timeout=60
    )


def reproduction(stack: LocalStack, rid: str) -> dict[str, Any]:
    return dict(requests.get(f"{stack.url}/api/v1/reproductions/{rid}", timeout=30).json())


def settled(stack: LocalStack, rid: str, timeout: float = 120) -> dict[str, Any]:
    def done(r: dict[str, Any]) -> bool:
        trajectory = r["trajectory"]
        return r["validation"]["state"] != "pending" and (
            trajectory is None or trajectory["state"] != "pending"
        )

    return dict(wait_for(lambda: reproduction(stack, rid), done, timeout=timeout))


def test_a_20_mb_log_with_its_result_on_the_last_line_validates(local_stack: LocalStack) -> None:
    key = agent(local_stack, "big-log")
    # Given 20 MB of training output whose result is printed on the very last line
    line = "Epoch: [12][ 340/5005]\tTime  0.412 ( 0.398)\tData 0.001\tLoss 1.2345e+00\n"
    lines = 20_000_000 // len(line) + 1
    log = (line * lines + "Test Accuracy: 0.8105\n").encode()
    assert len(log) > 20_000_000
    upload_id = upload(local_stack, key, "run_log", log)
    # When it is submitted by reference
    response = submit(
        local_stack,
        key,
        run_log_upload=upload_id,
        actual_metric_name="Test Accuracy",
        actual_metric_value=0.8105,
        dataset="ogbn-products",
    )
    assert response.status_code == 201, response.text
    assert response.json()["run_log"]["kind"] == "upload"
    # Then the validator streams it and finds the claimed value on the last line
    verdict = settled(local_stack, response.json()["reproduction_id"])
    validation = verdict["validation"]
    assert validation["state"] == "passed", validation
    assert [c["name"] for c in validation["checks"]] == [
        "run_log_upload",
        "metrics_extracted",
        "metric_in_log",
    ]
    assert f"{lines + 1:,} lines" in validation["checks"][0]["detail"]
    assert {"name": "Test Accuracy", "value": 0.8105} in validation["extracted_metrics"]


def test_a_100000_step_gzip_replay_log_reaches_trust_tier_2(local_stack: LocalStack) -> None:
    key = agent(local_stack, "long-run")
    # Given a memoryless first run whose workspace lists the files the agent reads
    run = requests.post(
        f"{local_stack.url}/api/v1/runs",
        json={
            "paper_id": PAPER,
            "memoryless": True,
            "workspace": {
                "repo_url": "https://github.com/x/y",
                "commit": "a1b2c3d",
                "files": FILES,
            },
        },
        headers={"Authorization": key},
        timeout=30,
    ).json()
    assert run["attempt"] == 1
    # And a 100,000-step trajectory recorded after it started, gzip-compressed
    start = datetime.fromisoformat(run["started_at"]) + timedelta(milliseconds=1)
    steps = []
    for n in range(100_000):
        ts = (start + timedelta(microseconds=n * 10)).isoformat()
        if n % 2:
            steps.append(
                {
                    "type": "tool_call",
                    "ts": ts,
                    "tool": "read_file",
                    "input": FILES[n % 3],
                    "output": "x" * 40,
                    "duration_ms": 2,
                }
            )
        else:
            steps.append(
                {
                    "type": "llm_call",
                    "ts": ts,
                    "model": "m",
                    "input_tokens": 900,
                    "output_tokens": 120,
                    "duration_ms": 700,
                }
            )
    # the last step ran the evaluation and printed the reported line (output_in_trajectory)
    steps[-1] = {**steps[-1], "type": "tool_call", "tool": "bash", "input": "python eval.py",
                 "output": "Test Accuracy: 0.8101\n", "duration_ms": 2}  # fmt: skip
    for field in ("model", "input_tokens", "output_tokens", "response_text"):
        steps[-1].pop(field, None)
    document = json.dumps({"run_id": run["run_id"], "steps": steps}).encode()
    replay_id = upload(
        local_stack, key, "replay_log", gzip.compress(document, 6), content_encoding="gzip"
    )
    log_id = upload(local_stack, key, "run_log", b"Test Accuracy: 0.8101\n")
    # When it is submitted with the run
    response = submit(
        local_stack,
        key,
        run_id=run["run_id"],
        run_log_upload=log_id,
        replay_log_upload=replay_id,
    )
    assert response.status_code == 201, response.text
    # Then every trajectory check passes and the reproduction is trust tier 2
    verdict = settled(local_stack, response.json()["reproduction_id"])
    assert verdict["trajectory"]["state"] == "valid", verdict["trajectory"]
    details = {c["name"]: c["detail"] for c in verdict["trajectory"]["checks"]}
    assert "100,000 steps" in details["replay_log_format"]
    assert "All 49999 file read(s)" in details["file_read_replay"]  # the last step ran eval.py
    assert verdict["trust_tier"] == 2


def refused(response: requests.Response, code: str) -> str:
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    return str(error["message"])


def test_every_refusal_is_a_422_with_its_reason(local_stack: LocalStack) -> None:
    me, other = agent(local_stack, "careful"), agent(local_stack, "other")
    log = b"Test Accuracy: 0.81\n"
    # another account's upload
    theirs = upload(local_stack, other, "run_log", log)
    assert "another account" in refused(
        submit(local_stack, me, run_log_upload=theirs), "upload_not_yours"
    )
    # granted, never received
    never = grant(local_stack, me, "run_log", len(log)).json()["upload_id"]
    assert "PUT the bytes" in refused(
        submit(local_stack, me, run_log_upload=never), "upload_not_received"
    )
    # more bytes than granted (moto lets them through; our HeadObject check does not)
    small = grant(local_stack, me, "run_log", 5).json()
    assert requests.put(small["url"], data=log, timeout=30).status_code == 200
    assert "more than the 5 granted" in refused(
        submit(local_stack, me, run_log_upload=small["upload_id"]), "upload_too_large"
    )
    # the wrong kind
    replay = upload(local_stack, me, "replay_log", b'{"steps": []}')
    refused(submit(local_stack, me, run_log_upload=replay), "upload_wrong_kind")
    # used twice
    once = upload(local_stack, me, "run_log", log)
    first = submit(local_stack, me, run_log_upload=once)
    assert first.status_code == 201, first.text
    assert first.json()["reproduction_id"] in refused(
        submit(local_stack, me, run_log_upload=once), "upload_used"
    )
    # over the limit, at the grant
    assert "50 MiB" in refused(
        grant(local_stack, me, "run_log", 50 * 1024 * 1024 + 1), "upload_too_large"
    )
    assert "200 MiB" in refused(
        grant(local_stack, me, "replay_log", 200 * 1024 * 1024 + 1), "upload_too_large"
    )
    # and none of the refused submissions was stored
    mine = requests.get(f"{local_stack.url}/api/v1/papers/{PAPER}/reproductions", timeout=30)
    ids = [r["reproduction_id"] for r in mine.json()["results"]]
    assert first.json()["reproduction_id"] in ids


def test_parallel_submissions_of_one_upload_store_exactly_one(local_stack: LocalStack) -> None:
    key = agent(local_stack, "racer")
    upload_id = upload(local_stack, key, "run_log", b"Test Accuracy: 0.8102\n")
    barrier = threading.Barrier(8)
    answers: list[requests.Response] = []
    lock = threading.Lock()

    def race() -> None:
        barrier.wait()
        response = submit(local_stack, key, run_log_upload=upload_id)
        with lock:
            answers.append(response)

    threads = [threading.Thread(target=race) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    statuses = sorted(r.status_code for r in answers)
    assert statuses == [201] + [422] * 7, [r.text for r in answers]
    winner = next(r for r in answers if r.status_code == 201).json()["reproduction_id"]
    for loser in (r for r in answers if r.status_code == 422):
        assert loser.json()["error"]["code"] == "upload_used"
        assert winner in loser.json()["error"]["message"]
