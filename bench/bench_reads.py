"""Read path and platform figures (issue "Benchmarks and hardening"):

- cold start: median of 7 fresh processes importing `app` and creating the DynamoDB, S3 and
  SQS clients, against a bare Chalice + boto3 app creating the same clients;
- DynamoDB and S3 calls per request for every GET endpoint (botocore hook);
- handler overhead per request on in-process moto against the raw boto3 calls it makes;
- scale: paper and sota reads at 1,000 and 50,000 papers (same call counts; latency ratio).
  moto answers a Query by walking the whole table, so sota latency is measured both on moto
  as shipped and with a partition index (bench/indexed_moto.py), which is how DynamoDB works;
- cost model at AWS public prices (us-east-1, on-demand) from the measured figures.
"""

from __future__ import annotations

import gc
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.bench_submission import ROOT, CallCounter, _stack
from bench.common import Row, paired_medians
from bench.indexed_moto import partition_indexed_queries

COLD_RUNS = 7
REQUESTS = 30

# AWS public prices, us-east-1 (2026): API Gateway REST $3.50 per million requests;
# Lambda $0.20 per million requests + $0.0000166667 per GB-second; DynamoDB on-demand
# $0.125 per million read request units and $0.625 per million write request units;
# S3 PUT $0.005 per 1,000; SQS $0.40 per million requests.
PRICE = {
    "api": 3.50e-6,
    "lambda_request": 0.20e-6,
    "lambda_gb_s": 0.0000166667,
    "ddb_read": 0.125e-6,
    "ddb_write": 0.625e-6,
    "s3_put": 0.005e-3,
    "sqs": 0.40e-6,
}
LAMBDA_GB = 0.5

_OURS = """
import time
t = time.perf_counter()
import app
from chalicelib.db import aws
for name in ("dynamodb", "s3", "sqs"):
    aws.client(name)
print(time.perf_counter() - t)
"""
_BARE = """
import time
t = time.perf_counter()
import boto3
from chalice import Chalice
app = Chalice(app_name="bare")
for name in ("dynamodb", "s3", "sqs"):
    boto3.client(name, region_name="us-east-1")
print(time.perf_counter() - t)
"""


def _fresh_process(code: str) -> float:
    env = {"AWS_DEFAULT_REGION": "us-east-1", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def cold_start_rows() -> list[Row]:
    ours, bare = [], []
    for _ in range(COLD_RUNS):  # interleaved, so machine noise hits both alike
        ours.append(_fresh_process(_OURS))
        bare.append(_fresh_process(_BARE))
    return [
        Row(
            "cold start: import app + 3 clients (median of 7 processes)",
            statistics.median(ours) * 1e3,
            "ms",
            baseline=statistics.median(bare) * 1e3,
            target=1.3,
            target_on="ratio",
        ),
    ]


class AwsTime:
    """Seconds spent inside AWS API calls (moto included), to tell our handler's own time
    from the storage emulator's."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._start: float | None = None

    def before(self, **_: Any) -> None:
        self._start = time.perf_counter()

    def after(self, **_: Any) -> None:
        if self._start is not None:
            self.seconds += time.perf_counter() - self._start
            self._start = None


SCALES = (1_000, 50_000)
QUERIED_TASK_PAPERS = 500  # papers in the task the sota page asks for, at every scale
OTHER_TASKS = 200  # the rest of the ledger is spread over these
SCALE_ROUNDS = 40  # visits to each ledger, alternating
SCALE_PAPER = "2301.10000"  # synthetic paper 0, in the queried task at both scales
SOTA_PATH = "/api/v1/sota?task=image-classification&limit=20"


def _add_papers(count: int) -> None:
    """Synthetic papers with their derived fields and leaderboard rows, written directly
    (BatchWriteItem), as the recompute would store them. The first QUERIED_TASK_PAPERS are
    in Image Classification; the rest are spread over OTHER_TASKS tasks, as a real ledger's
    papers are (Papers with Code lists thousands of tasks)."""
    from chalicelib.db import codec
    from chalicelib.db.dynamo import batch_write_tables
    from chalicelib.db.keys import paper_id_for_arxiv
    from chalicelib.db.tables import LEADERBOARD, PAPERS
    from chalicelib.services.recompute import derive

    requests: list[tuple[str, dict[str, Any]]] = []
    for n in range(count):
        arxiv = f"23{n // 90000 + 1:02d}.{n % 90000 + 10000:05d}"
        task = "Image Classification" if n < QUERIED_TASK_PAPERS else f"Task {n % OTHER_TASKS}"
        paper = {
            "paper_id": paper_id_for_arxiv(arxiv),
            "arxiv_id": arxiv,
            "title": f"Paper {n}",
            "published": f"2023-{n % 12 + 1:02d}-{n % 28 + 1:02d}",
            "tasks": [task],
            "source_rev": 1,
            "author_claim_state": "none",
            "claims": [
                {
                    "task": task,
                    "dataset": "ImageNet",
                    "metric": "Top-1 Accuracy",
                    "value": 70 + (n % 1500) / 100,
                    "rank": 0,
                }
            ],
            "code_links": [{"url": f"https://github.com/x/p{n}", "is_official": n % 2 == 0}],
        }
        derived, rows = derive(paper, [], "2026-11-26T00:00:00+00:00")
        requests.append(
            (PAPERS.physical_name(), {"PutRequest": {"Item": codec.to_item({**paper, **derived})}})
        )
        requests += [
            (spec.physical_name(), {"PutRequest": {"Item": codec.to_item(row)}})
            for spec, row in rows
            if spec is LEADERBOARD
        ]
    batch_write_tables(requests)


def _use_ledger(papers: int) -> None:
    """Point the app at the tables of the ledger with `papers` papers (own prefix)."""
    import os

    from chalicelib.settings import get_settings, reset_settings

    os.environ["SOTAV_RESOURCE_PREFIX"] = f"sotav-scale{papers}"
    reset_settings()
    # Read them now: chalice's test client puts the stage's environment (prefix sotav-dev)
    # in place for each request, and the settings are read once.
    get_settings()


def request_rows() -> list[Row]:
    from chalice.test import Client

    from chalicelib.db import aws, tables
    from chalicelib.settings import get_settings

    rows: list[Row] = []
    endpoints = {
        "GET /api/v1/papers/{id}": "/api/v1/papers/2401.12345",
        "GET /api/v1/sota": SOTA_PATH,
        "GET /api/v1/papers/{id}/reproductions": "/api/v1/papers/2401.12345/reproductions",
        "GET /api/v1/reproductions/{id}": "/api/v1/reproductions/rnone",
        "GET /api/v1/review/pending": "/api/v1/review/pending",
        "GET /api/v1/queue": "/api/v1/queue?limit=20",
        "GET /api/v1/agents": "/api/v1/agents",
        "GET /api/v1/openapi.json": "/api/v1/openapi.json",
    }
    with _stack() as (app, _resources), Client(app, stage_name="dev") as http:
        counter = CallCounter()
        aws_time = AwsTime()

        def instrument() -> Any:
            """Hooks on the current DynamoDB client (a ledger switch makes new clients)."""
            ddb = aws.client("dynamodb")
            ddb.meta.events.register("before-call", counter)
            ddb.meta.events.register("before-call", aws_time.before)
            ddb.meta.events.register("after-call", aws_time.after)
            aws.client("s3").meta.events.register("before-call", counter)
            return ddb

        instrument()
        for name, path in endpoints.items():
            http.http.get(path)  # warm
            counter.calls.clear()
            http.http.get(path)
            rows.append(
                Row(f"calls per request: {name} (DynamoDB)", counter.total("dynamodb"), target=2.0)
            )
            if counter.total("s3"):
                rows.append(Row(f"calls per request: {name} (S3)", counter.total("s3")))

        # Two ledgers side by side in one moto, so that the scale figures alternate between
        # them and the machine's drift falls on both alike.
        for papers in SCALES:
            _use_ledger(papers)
            tables.create_all(aws.client("dynamodb"), get_settings())
            _add_papers(papers)

        def get_paper() -> None:
            http.http.get(f"/api/v1/papers/{SCALE_PAPER}")

        def get_sota() -> Any:
            return http.http.get(SOTA_PATH).json_body

        # Handler overhead: each route against the raw boto3 call it makes, alternately.
        _use_ledger(SCALES[0])
        ddb = instrument()
        from chalicelib.db.keys import paper_id_for_arxiv
        from chalicelib.db.tables import LEADERBOARD, PAPERS

        def raw_get() -> None:
            ddb.get_item(
                TableName=PAPERS.physical_name(),
                Key={"paper_id": {"S": paper_id_for_arxiv(SCALE_PAPER)}},
            )

        def raw_query() -> None:
            ddb.query(
                TableName=LEADERBOARD.physical_name(),
                IndexName="by_task_score",
                KeyConditionExpression="task_slug = :t",
                ExpressionAttributeValues={":t": {"S": "image-classification"}},
                ScanIndexForward=False,
                Limit=20,
            )

        paper, raw_paper = paired_medians(get_paper, raw_get, rounds=REQUESTS)
        sota, raw_sota = paired_medians(get_sota, raw_query, rounds=REQUESTS)

        samples: dict[int, dict[str, list[float]]] = {
            n: {"paper": [], "sota": [], "paper_own": [], "sota_own": [], "moto_sota": []}
            for n in SCALES
        }
        calls: dict[int, int] = {}
        answers: dict[int, Any] = {}
        for papers in SCALES * 2:  # moto as shipped walks the whole table: a few samples
            _use_ledger(papers)
            instrument()
            get_sota()
            samples[papers]["moto_sota"].append(_timed(get_sota, aws_time)[0])
        with partition_indexed_queries() as index:
            for round_ in range(SCALE_ROUNDS):
                # ABBA order, one sample per visit, a clean heap before each: drift, order
                # and the other ledger's garbage fall on both alike.
                for papers in SCALES if round_ % 2 == 0 else SCALES[::-1]:
                    _use_ledger(papers)
                    instrument()
                    get_paper()  # warm the new clients
                    answers[papers] = get_sota()
                    gc.collect()
                    for name, fn in (("paper", get_paper), ("sota", get_sota)):
                        total, own = _timed(fn, aws_time)
                        samples[papers][name].append(total)
                        samples[papers][f"{name}_own"].append(own)
                    counter.calls.clear()
                    get_paper()
                    get_sota()
                    calls[papers] = counter.total("dynamodb")
            assert index["hits"] > 0, "the partition index was not used"
        for papers in SCALES:
            _use_ledger(papers)
            assert answers[papers] == get_sota(), "the partition index changed the answer"

    assert [r["arxiv_id"] for r in answers[SCALES[0]]["results"]] == [
        r["arxiv_id"] for r in answers[SCALES[1]]["results"]
    ], "both ledgers hold the same queried task"
    small, large = ({k: statistics.median(v) for k, v in samples[n].items()} for n in SCALES)
    rows += [
        Row(
            "handler time: GET paper vs its raw GetItem (1,000 papers)",
            paper * 1e3,
            "ms",
            baseline=raw_paper * 1e3,
            target=1.5,
            target_on="ratio",
        ),
        Row(
            "handler time: GET sota page vs its raw Query (1,000 papers)",
            sota * 1e3,
            "ms",
            baseline=raw_sota * 1e3,
            target=1.5,
            target_on="ratio",
        ),
        Row(
            "scale: DynamoDB calls, paper + sota page, 50,000 papers (vs 1,000)",
            calls[SCALES[1]],
            baseline=calls[SCALES[0]],
            target=1.0,
            target_on="ratio",
        ),
    ]
    # 50,000 against 1,000 papers: (sample, figure, note, target ratio; None: information)
    for key, figure, note, target in (
        ("paper", "GET paper latency", "", 1.2),
        ("sota", "GET sota latency", " (partition-indexed moto)", 1.2),
        ("moto_sota", "GET sota latency", " (moto as shipped: scans the table)", None),
        ("paper_own", "GET paper time outside AWS calls", "", 1.2),
        ("sota_own", "GET sota time outside AWS calls", "", 1.2),
    ):
        rows.append(
            Row(
                f"scale: {figure}, 50,000 vs 1,000 papers{note}",
                large[key] * 1e3,
                "ms",
                baseline=small[key] * 1e3,
                target=target,
                target_on="ratio",
            )
        )
    rows += cost_rows(small["paper"])
    return rows


def _timed(fn: Callable[[], Any], aws_time: AwsTime) -> tuple[float, float]:
    """Wall time of fn(), and that time minus the time spent in AWS calls."""
    aws_time.seconds = 0.0
    start = time.perf_counter()
    fn()
    elapsed = time.perf_counter() - start
    return elapsed, elapsed - aws_time.seconds


def cost_rows(read_seconds: float) -> list[Row]:
    """Dollars at list prices, from the measured call counts and handler durations (moto
    times stand in for Lambda durations; Lambda bills per ms, 512 MB)."""
    per_read = (
        PRICE["api"]
        + PRICE["lambda_request"]
        + PRICE["lambda_gb_s"] * LAMBDA_GB * max(read_seconds, 0.001)
        + PRICE["ddb_read"] * 1  # one GetItem (<= 4 KB eventually consistent = 0.5 RRU)
    )
    # A submission: API + Lambda (4 DynamoDB calls: 2 reads, a 2-3 item transaction, 1 put),
    # 1-2 S3 PUTs -> SQS -> validator Lambda (2 reads, 1 write) -> 2 stream invocations
    # (paper recompute: 2 reads + 1 query + 2 writes; agent rating: 1 query + 2 writes),
    # plus the later promotion (API + 1 write) and its recompute.
    submit = (
        2 * PRICE["api"]
        + 5 * PRICE["lambda_request"]
        + 5 * PRICE["lambda_gb_s"] * LAMBDA_GB * 0.1
        + 10 * PRICE["ddb_read"]
        + 14 * PRICE["ddb_write"]
        + 2 * PRICE["s3_put"]
        + 3 * PRICE["sqs"]
    )
    return [
        Row("cost: dollars per million reads (GET paper)", per_read * 1e6, "$"),
        Row("cost: dollars per thousand submissions (submit+validate+promote)", submit * 1e3, "$"),
    ]


def run() -> list[Row]:
    return cold_start_rows() + request_rows()


if __name__ == "__main__":
    print(json.dumps([r.__dict__ for r in run()], indent=1))
