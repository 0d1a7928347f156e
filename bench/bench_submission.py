"""The write path's cost per submission (SPEC 5; issue "Write path").

On in-process moto (mock_aws + the same resources as the local stack), N submissions go
through the real HTTP route with chalice.test.Client, in several variants (pasted output,
with an Idempotency-Key, closing a run, a log URL, with a replay log). A botocore
`before-call` hook on the app's cached clients counts:

- DynamoDB calls per submission (target <= 4: key GetItem, one BatchGetItem of the paper and
  this hour's quota counter (for the RateLimit headers), one TransactWriteItems for quota +
  Idempotency-Key + run + content claim, reproduction PutItem; <= 5 when it closes a run: an
  UpdateItem then takes the run off the queue's per-paper record of active runs. It cannot
  join the transaction: the record may lack the run (the write that added it is best effort),
  and a failed condition there would cancel the submission);
- S3 PutObject calls per uploaded object (target 1: nothing is written twice).

Time per request is the median wall time of one POST through the route; its baseline is the
median time of the raw boto3 calls the submission makes (GetItem, BatchGetItem,
TransactWriteItems, PutObject, PutItem with items of the same shape) on the same moto, so
the ratio is what the handler adds on top of its storage calls.
"""

from __future__ import annotations

import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.common import Row
from tests.conftest import CallCounter, imagenet_table  # shared with the tests

ROOT = Path(__file__).resolve().parents[1]
N = 50
WARMUP = 5
MAX_DYNAMODB_CALLS = 4
HANDLER_OVERHEAD_RATIO = 3.0  # handler time / raw storage calls time, on in-process moto

ARXIV_ID = "2401.12345"
PASTED = "Epoch: [89][5000/5005] Time 0.210 Loss 1.02\n * Acc@1 84.020 Acc@5 96.880\n" * 20
BODY = {
    "paper_id": ARXIV_ID,
    "tier_claimed": 3,
    "hardware_spec": "1x NVIDIA A100 80GB, Ubuntu 22.04",
    "run_log_url": PASTED,
    "actual_metric_name": "Top-1 Accuracy",
    "actual_metric_value": 84.02,
    "dataset": "ImageNet",
}
EVALUATION_TABLES = imagenet_table(
    [
        {
            "paper_url": f"https://arxiv.org/abs/{ARXIV_ID}",
            "paper_title": "Benchmark paper",
            "paper_date": "2024-01-20",
            "metrics": {"Top-1 Accuracy": "84.1"},
            "code_links": [{"title": "PyTorch", "url": "https://github.com/x/y"}],
        }
    ]
)
ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled",
    "SOTAV_RESOURCE_PREFIX": "sotav-bench",
    "SOTAV_UPLOADS_BUCKET": "sotav-bench-uploads",
    "SOTAV_VALIDATOR_QUEUE": "sotav-bench-validate",
    "SOTAV_SUBMISSIONS_PER_HOUR": "1000000",  # measure the path, not the quota refusal
    "SOTAV_MAX_ACTIVE_RUNS": "1000000",
    "POWERTOOLS_LOG_LEVEL": "WARNING",
}


@contextmanager
def _environment() -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.update(ENVIRONMENT)
    os.environ.pop("SOTAV_AWS_ENDPOINT_URL", None)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


@contextmanager
def _stack() -> Iterator[tuple[Any, Any]]:
    """In-process moto with every resource, the app imported against it, one paper."""
    from moto import mock_aws

    from chalicelib.local.bootstrap import create_resources
    from chalicelib.settings import reset_settings

    with _environment(), mock_aws():
        reset_settings()
        resources = create_resources()
        os.environ["SOTAV_PAPERS_STREAM_ARN"] = resources.papers_stream_arn
        os.environ["SOTAV_REPRODUCTIONS_STREAM_ARN"] = resources.reproductions_stream_arn
        reset_settings()
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        app_module = (
            importlib.reload(sys.modules["app"])
            if "app" in sys.modules
            else importlib.import_module("app")
        )
        from chalicelib.services.ingest import ingest_files

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "evaluation-tables.json"
            path.write_text(json.dumps(EVALUATION_TABLES))
            ingest_files(evaluation_tables=[path])
        try:
            yield app_module.app, resources
        finally:
            reset_settings()
    reset_settings()


def _objects() -> int:
    """Objects the route uploaded (the raw baseline writes under raw/)."""
    from chalicelib.db import aws
    from chalicelib.settings import get_settings

    s3 = aws.client("s3")
    total = 0
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=get_settings().uploads_bucket):
        total += sum(1 for o in page.get("Contents", []) if not o["Key"].startswith("raw/"))
    return total


def _replay_log() -> dict[str, Any]:
    from datetime import UTC, datetime

    now = datetime.now(UTC).isoformat()
    return {
        "steps": [
            {"type": "tool_call", "ts": now, "tool": "read_file", "input": "train.py",
             "output": "import torch", "duration_ms": 3},
            {"type": "llm_call", "ts": now, "model": "m-1", "input_tokens": 120,
             "output_tokens": 40, "duration_ms": 800, "response_text": "looks right"},
        ]
    }  # fmt: skip


def _own_output(i: int, variant: str) -> dict[str, Any]:
    """Submission i's body in a variant, with an output of its own: the same output again
    would be a copy of an earlier submission, whose content claim makes the transaction go
    twice (README "Copies")."""
    return {**BODY, "run_log_url": f"{variant} run {i}\n{PASTED}"}


VARIANTS: list[tuple[str, Callable[[int, list[str]], dict[str, Any]], bool, int]] = [
    # (label, body of request i, send an Idempotency-Key, objects uploaded per submission)
    ("pasted", lambda i, run_ids: _own_output(i, "pasted"), False, 1),
    ("pasted+key", lambda i, run_ids: _own_output(i, "key"), True, 1),
    ("pasted+run+key", lambda i, run_ids: {**_own_output(i, "run"), "run_id": run_ids[i]}, True, 1),
    (
        "url+key",
        lambda i, run_ids: {**BODY, "run_log_url": f"https://wandb.ai/t/p/runs/{i}"},
        True,
        1,
    ),
    (
        "pasted+replay+key",
        lambda i, run_ids: {**_own_output(i, "replay"), "replay_log": _replay_log()},
        True,
        2,
    ),
]
TIMED = {"pasted": False, "pasted+key": True}  # variant -> its raw sequence has the key claim


def run() -> list[Row]:
    from chalice.test import Client

    from chalicelib.db import aws
    from chalicelib.services import runs
    from chalicelib.services.accounts import authenticate, create_account
    from chalicelib.settings import get_settings

    rows: list[Row] = []
    with _stack() as (app, _resources):
        get_settings()  # cached before the test client swaps os.environ for the stage config
        counter = CallCounter()
        for service in ("dynamodb", "s3"):
            aws.client(service).meta.events.register("before-call", counter)
        with Client(app, stage_name="dev", project_dir=str(ROOT)) as client:

            def post(key: str, body: dict[str, Any], idempotency_key: str | None) -> float:
                headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
                if idempotency_key:
                    headers["Idempotency-Key"] = idempotency_key
                raw = json.dumps(body)
                started = time.perf_counter()
                response = client.http.post("/api/v1/reproductions", headers=headers, body=raw)
                elapsed = time.perf_counter() - started
                if response.status_code != 201:
                    raise RuntimeError(f"refused: {response.status_code} {response.body!r}")
                return elapsed

            warm = create_account("agent", "bench-warmup")
            for i in range(WARMUP):
                post(warm.key, BODY, f"warm-{i}")

            for number, (label, body_for, with_key, objects_each) in enumerate(VARIANTS):
                account = create_account("agent", f"bench {label}")
                run_ids: list[str] = []
                if "run" in label:
                    principal = authenticate(f"Bearer {account.key}")
                    for _ in range(N):
                        run_ids.append(runs.start_run(principal, {"paper_id": ARXIV_ID})["run_id"])
                raw = RawSequence(with_claim=TIMED.get(label, False))
                handler_times: list[float] = []
                raw_times: list[float] = []
                objects_before = _objects()
                dynamodb_calls = puts = 0
                for i in range(N):
                    counter.calls.clear()
                    key = f"v{number}-{i}" if with_key else None
                    handler_times.append(post(account.key, body_for(i, run_ids), key))
                    dynamodb_calls += counter.total("dynamodb")
                    puts += counter.calls["s3.PutObject"]
                    if label in TIMED:  # interleaved, so both see tables of the same size
                        raw_times.append(raw.once())
                objects = _objects() - objects_before
                if objects != N * objects_each:
                    raise RuntimeError(f"{label}: {objects} objects stored, not {N * objects_each}")
                calls_target = 5 if "run" in label else 4  # + the queue's run record, see above
                rows.append(
                    Row(
                        f"submit [{label}]: DynamoDB calls", dynamodb_calls / N, target=calls_target
                    )
                )
                rows.append(Row(f"submit [{label}]: S3 puts per object", puts / objects, target=1))
                if label in TIMED:
                    rows.append(
                        Row(
                            f"submit [{label}]: ms per request vs raw boto3 calls",
                            statistics.median(handler_times) * 1000,
                            "ms",
                            baseline=statistics.median(raw_times) * 1000,
                            target=HANDLER_OVERHEAD_RATIO,
                            target_on="ratio",
                        )
                    )
                if label == "pasted+key":
                    counter.calls.clear()
                    for i in range(N):  # the retries of the same N requests
                        post(account.key, body_for(i, run_ids), f"v{number}-{i}")
                    rows.append(
                        Row(
                            "retry [pasted+key] (first response): DynamoDB calls",
                            counter.total("dynamodb") / N,
                        )
                    )
                    rows.append(
                        Row(
                            "retry [pasted+key]: S3 puts",
                            counter.calls["s3.PutObject"] / N,
                            target=0,
                        )
                    )
        for service in ("dynamodb", "s3"):
            aws.client(service).meta.events.unregister("before-call", counter)
    return rows


class RawSequence:
    """The storage calls of one submission made directly with boto3: GetItem (key),
    BatchGetItem (paper and quota counter), TransactWriteItems (quota [+ Idempotency-Key
    claim]), PutObject (pasted output), PutItem (the reproduction, conditional), with items
    shaped like the real ones."""

    def __init__(self, *, with_claim: bool) -> None:
        from chalicelib.db import aws, codec
        from chalicelib.db.keys import paper_id_for_arxiv
        from chalicelib.db.tables import REPRODUCTIONS
        from chalicelib.domain.apikeys import hash_key
        from chalicelib.services.accounts import create_account

        self.with_claim = with_claim
        self.account = create_account("agent", "bench raw")
        self.key_pk = {"pk": {"S": f"KEY#{hash_key(self.account.key)}"}}
        self.paper_key = {"paper_id": {"S": paper_id_for_arxiv(ARXIV_ID)}}
        sample = aws.client("dynamodb").scan(TableName=REPRODUCTIONS.physical_name(), Limit=1)
        self.item = codec.from_item(sample["Items"][0])
        self.body = PASTED.encode("utf-8")
        self.count = 0

    def once(self) -> float:
        from chalicelib.db import aws, codec
        from chalicelib.db.accounts import quota_update
        from chalicelib.db.idempotency import claim_put
        from chalicelib.db.tables import ACCOUNTS, PAPERS, REPRODUCTIONS
        from chalicelib.settings import get_settings

        ddb, s3 = aws.client("dynamodb"), aws.client("s3")
        self.count += 1
        rid = f"rraw{self.with_claim:d}{self.count:08d}"
        now = int(time.time())
        account_id = self.account.account_id
        transaction = [quota_update(account_id, "raw", 10**9, now + 7200)]
        if self.with_claim:
            claim = claim_put(account_id, rid, "0" * 64, rid, now + 30, now + 86400)
            transaction.insert(0, claim)
        stored = codec.to_item({**self.item, "reproduction_id": rid, "submitted_key": f"x#{rid}"})
        started = time.perf_counter()
        ddb.get_item(TableName=ACCOUNTS.physical_name(), Key=self.key_pk)
        ddb.batch_get_item(
            RequestItems={
                PAPERS.physical_name(): {"Keys": [self.paper_key]},
                ACCOUNTS.physical_name(): {"Keys": [{"pk": {"S": f"QUOTA#{account_id}#raw"}}]},
            }
        )
        ddb.transact_write_items(TransactItems=transaction)
        s3.put_object(
            Bucket=get_settings().uploads_bucket,
            Key=f"raw/{rid}.txt",  # not counted as an upload of the route
            Body=self.body,
            ContentType="text/plain; charset=utf-8",
        )
        ddb.put_item(
            TableName=REPRODUCTIONS.physical_name(),
            Item=stored,
            ConditionExpression="attribute_not_exists(reproduction_id)",
        )
        return time.perf_counter() - started
