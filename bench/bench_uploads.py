"""Uploads (issue #16): the streaming validator on a 50 MiB run log and a 200 MiB,
1,000,000-step replay log, against a plain streaming parse of the same S3 object.

A moto server runs in this process and holds the objects; every measurement runs in a fresh
child process (as a validator Lambda would), which reads the object from the server over
HTTP. Each child reports its time and its peak RSS growth (VmHWM after, minus VmRSS before,
its imports already done). Baselines, measured in the same run on the same object:
- replay log: ijson `items(..., "steps.item")` over the same bytes;
- run log: reading its lines (`StreamingBody.iter_lines`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bench.bench_submission import ENVIRONMENT, EVALUATION_TABLES
from bench.common import Row

ROOT = Path(__file__).resolve().parents[1]
MiB = 1024 * 1024
RUN_LOG_BYTES = 50 * MiB
REPLAY_STEPS = 1_000_000
REPLAY_BYTES = 200 * MiB
FILES = [f"src/m{n}.py" for n in range(50)]

CHILD = r"""
import json, os, sys, time
sys.path.insert(0, os.getcwd())

def rss(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1]) * 1024
mode, key, rid = sys.argv[1:4]
import ijson, pydantic, boto3  # imports first: a Lambda has them loaded before the event
from chalicelib.db import aws, uploads
from chalicelib.services import validation, log_streams
from chalicelib.domain import log_metrics, replay
log_streams._steps_adapter()
aws.client("s3"); aws.client("dynamodb")
before = rss("VmRSS:")
started = time.perf_counter()
if mode == "validate":
    validation.validate_reproduction(rid)
    from chalicelib.db import reproductions
    item = reproductions.get(rid)
    verdict = item["trajectory"] if item.get("replay_upload") else item["validation"]
elif mode == "ijson":
    body, _ = uploads.open_stream(key)
    verdict = {"steps": sum(1 for _ in ijson.items(body, "steps.item", use_float=True))}
elif mode == "extract":  # the extractor alone, on the lines already in memory
    body, _ = uploads.open_stream(key)
    lines = [line.decode() for line in body.iter_lines(chunk_size=256 * 1024)]
    before, started = rss("VmRSS:"), time.perf_counter()
    verdict = {"metrics": len(log_metrics.extract_metrics_from_lines(lines))}
else:  # lines
    body, _ = uploads.open_stream(key)
    verdict = {"lines": sum(1 for _ in body.iter_lines(chunk_size=256 * 1024))}
elapsed = time.perf_counter() - started
print(json.dumps({"seconds": elapsed, "growth": rss("VmHWM:") - before,
                  "peak": rss("VmHWM:"), "verdict": verdict}, default=str))
"""


def _run_log() -> bytes:
    line = "Epoch: [{e}][{b:4d}/5005]\tTime  0.412 ( 0.398)\tData 0.001\tLoss 1.2345e+00\n"
    parts, size, n = [], 0, 0
    while size < RUN_LOG_BYTES - 4096:
        n += 1
        text = line.format(e=n // 5005 % 90, b=n % 5005)
        if n % 500 == 0:
            text += f"{{'eval_loss': 0.41, 'eval_accuracy': 0.{9000 + n % 999}, 'epoch': 3.0}}\n"
        parts.append(text)
        size += len(text)
    parts.append("Test Accuracy: 0.8105\n")
    return "".join(parts).encode()


def _replay_log(run_id: str, started_at: datetime) -> bytes:
    start = started_at + timedelta(milliseconds=1)
    # ~209 bytes a step on average, so that 1,000,000 steps come to just under 200 MiB
    pad = "x" * 70
    chunks = [f'{{"run_id": "{run_id}", "steps": ['.encode()]
    for n in range(REPLAY_STEPS):
        ts = (start + timedelta(microseconds=n)).isoformat()
        if n == REPLAY_STEPS - 1:  # the evaluation, printing the result (output_in_trajectory)
            step = (
                f'{{"type": "tool_call", "ts": "{ts}", "tool": "bash", '
                '"input": "python evaluate.py", "output": "Test Accuracy: 0.8105", '
                '"duration_ms": 900}'
            )
        elif n % 2:
            step = (
                f'{{"type": "tool_call", "ts": "{ts}", "tool": "read_file", '
                f'"input": "{FILES[n % 50]}", "output": "{pad}", "duration_ms": 3}}'
            )
        else:
            step = (
                f'{{"type": "llm_call", "ts": "{ts}", "model": "m", "input_tokens": 900, '
                f'"output_tokens": 120, "duration_ms": 700, "response_text": "{pad[:36]}"}}'
            )
        chunks.append(((", " if n else "") + step).encode())
    chunks.append(b"]}")
    data = b"".join(chunks)
    assert len(data) <= REPLAY_BYTES, len(data)
    return data


@contextmanager
def _server() -> Iterator[dict[str, str]]:
    """A moto server with every resource and one paper; the environment to reach it."""
    import logging

    from moto.server import ThreadedMotoServer

    from chalicelib.local.bootstrap import create_resources
    from chalicelib.settings import env_for, get_settings, reset_settings
    from tests.conftest import free_port

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # a line per request otherwise
    saved = dict(os.environ)
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        os.environ.update(ENVIRONMENT)
        os.environ["SOTAV_AWS_ENDPOINT_URL"] = f"http://127.0.0.1:{port}"
        os.environ["SOTAV_RESOURCE_PREFIX"] = "sotav-bench-up"
        os.environ["SOTAV_UPLOADS_BUCKET"] = "sotav-bench-up-uploads"
        os.environ["SOTAV_VALIDATOR_QUEUE"] = "sotav-bench-up-validate"
        os.environ.pop("AWS_ACCOUNT_ID_ENDPOINT_MODE", None)
        reset_settings()
        create_resources()
        from chalicelib.services.ingest import ingest_files

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "evaluation-tables.json"
            path.write_text(json.dumps(EVALUATION_TABLES))
            ingest_files(evaluation_tables=[path])
        yield {**ENVIRONMENT, **env_for(get_settings())}
    finally:
        os.environ.clear()
        os.environ.update(saved)
        reset_settings()
        server.stop()


def _submit(run_log: bytes, replay: bool) -> tuple[str, str]:
    """Upload, submit; (reproduction id, the S3 key of the log under test)."""
    import requests

    from chalicelib.services import runs, submissions, uploads
    from chalicelib.services.accounts import authenticate, create_account

    principal = authenticate(f"Bearer {create_account('agent', 'bench').key}")

    def put(kind: str, data: bytes) -> str:
        grant = uploads.grant_upload(principal, {"kind": kind, "bytes": len(data)})
        response = requests.put(grant["url"], data=data, headers=grant["headers"], timeout=600)
        response.raise_for_status()
        return str(grant["upload_id"])

    fields: dict[str, Any] = {
        "paper_id": "2401.12345",
        "tier_claimed": 2,
        "hardware_spec": "1x A100",
        "run_log_upload": put("run_log", run_log),
        "actual_metric_name": "Test Accuracy",
        "actual_metric_value": 0.8105,
    }
    if replay:
        run = runs.start_run(
            principal, {"paper_id": "2401.12345", "memoryless": True, "workspace": {"files": FILES}}
        )
        started = datetime.fromisoformat(run["started_at"])
        fields["run_id"] = run["run_id"]
        fields["replay_log_upload"] = put("replay_log", _replay_log(run["run_id"], started))
    item = submissions.submit_reproduction(principal, fields, None).item
    key = item["replay_s3_key"] if replay else item["run_log"]["s3_key"]
    return str(item["reproduction_id"]), str(key)


def _child(env: dict[str, str], mode: str, key: str, rid: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, mode, key, rid],
        cwd=ROOT,
        env={**{k: v for k, v in os.environ.items() if not k.startswith("SOTAV_")}, **env},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"bench child {mode} failed:\n{out.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _measure(env: dict[str, str], baseline: str, key: str, rid: str) -> tuple[dict, dict]:
    """Validator and baseline in alternation (A B A B), each in a fresh process: the faster of
    two times, the larger of two memory peaks."""
    runs: dict[str, list[dict[str, Any]]] = {"validate": [], baseline: []}
    for _ in range(2):
        for mode in ("validate", baseline):
            runs[mode].append(_child(env, mode, key, rid))

    def best(results: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "seconds": min(r["seconds"] for r in results),
            "growth": max(r["growth"] for r in results),
            "peak": max(r["peak"] for r in results),
            "verdict": results[-1]["verdict"],
        }

    return best(runs["validate"]), best(runs[baseline])


def run() -> list[Row]:
    started = time.monotonic()
    rows: list[Row] = []
    with _server() as env:
        log = _run_log()
        rid, key = _submit(log, replay=False)
        validator, lines = _measure(env, "lines", key, rid)
        assert validator["verdict"]["state"] == "passed", validator["verdict"]
        rows += _rows(f"run log {len(log) / MiB:.0f} MiB", validator, lines, "reading its lines")
        extractor = _child(env, "extract", key, rid)
        rows.append(
            Row(
                "  where the run log's time goes: the validator vs the extractor alone on the "
                "same lines in memory",
                validator["seconds"],
                "s",
                baseline=extractor["seconds"],
            )
        )
        del log
        rid, key = _submit(b"Test Accuracy: 0.8105\n", replay=True)
        validator, items = _measure(env, "ijson", key, rid)
        assert validator["verdict"]["state"] == "valid", validator["verdict"]
        assert items["verdict"]["steps"] == REPLAY_STEPS
        rows += _rows("replay log 200 MiB, 1,000,000 steps", validator, items, "ijson items")
    print(f"  uploads bench: {time.monotonic() - started:.0f} s", file=sys.stderr)
    return rows


def _rows(what: str, validator: dict[str, Any], base: dict[str, Any], how: str) -> list[Row]:
    return [
        Row(
            f"validate an uploaded {what}: time (vs {how})",
            validator["seconds"],
            "s",
            baseline=base["seconds"],
            target=3.0,
            target_on="ratio",
        ),
        Row(
            f"validate an uploaded {what}: peak RSS growth (vs {how})",
            validator["growth"] / MiB,
            "MiB",
            baseline=base["growth"] / MiB,
            target=128,
        ),
        Row(
            f"validate an uploaded {what}: peak RSS of the process (Lambda: 512 MB)",
            validator["peak"] / 1e6,
            "MB",
            target=512,
        ),
    ]
