"""A local stack of one's own: `spawn_stack` (tests/conftest.py) without the sample, with
extra environment (quotas) and arguments (fault injection), plus a tiny Papers-with-Code
table ingested through the CLI. Used by the hardening tests (fuzz, faults,
concurrency), which need settings the shared `local_stack` fixture does not have.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import requests

from tests.conftest import LocalStack, imagenet_table

LONG = os.environ.get("SOTAV_LONG_TESTS") == "1"


def paper_row(arxiv_id: str, title: str, top1: float, code: str) -> dict[str, Any]:
    return {
        "code_links": [{"title": "", "url": code}],
        "metrics": {"Top-1 Accuracy": f"{top1}", "Top-5 Accuracy": "97.0"},
        "model_links": [],
        "model_name": title,
        "paper_date": "2024-01-15",
        "paper_title": title,
        "paper_url": f"https://arxiv.org/abs/{arxiv_id}",
        "uses_additional_data": False,
    }


def write_tables(path: Path, rows: list[dict[str, Any]]) -> Path:
    """An evaluation-tables.json (TaskDB format) with one task and dataset."""
    path.write_text(json.dumps(imagenet_table(rows)))
    return path


def account(stack: LocalStack, role: str, name: str) -> dict[str, str]:
    created = stack.cli("accounts", "create", "--role", role, "--name", name, "--json")
    return dict(json.loads(created.stdout))


def ingest(stack: LocalStack, tables: Path) -> None:
    stack.cli("ingest", "--evaluation-tables", str(tables))


def wait_recomputed(stack: LocalStack, arxiv_ids: list[str], timeout: float = 60) -> None:
    """Until the stream recompute has stored each paper's derived fields."""
    deadline = time.monotonic() + timeout
    pending = list(arxiv_ids)
    while pending:
        pending = [
            a
            for a in pending
            if requests.get(f"{stack.url}/api/v1/papers/{a}", timeout=10).json().get("updated_at")
            is None
        ]
        if pending and time.monotonic() > deadline:
            raise AssertionError(f"papers not recomputed within {timeout:.0f}s: {pending}")
        if pending:
            time.sleep(0.2)


def recompute_dry_run(
    stack: LocalStack,
    papers: Sequence[str],
    agents: Sequence[str] = (),
) -> dict[str, Any]:
    """The CLI's from-scratch recompute of papers and agents, writing nothing: for each, what
    it derives, what is stored and whether they match."""
    args = [arg for paper in papers for arg in ("--paper", paper)]
    args += [arg for agent in agents for arg in ("--agent", agent)]
    done = stack.cli("recompute", *args, "--dry-run", "--json")
    return dict(json.loads(done.stdout))


def sqs(stack: LocalStack) -> Any:
    return _client(stack, "sqs")


def dynamodb(stack: LocalStack) -> Any:
    """The stack's DynamoDB (moto), for tests that must store what the API no longer lets
    anyone write (data from before a rule)."""
    return _client(stack, "dynamodb")


def _client(stack: LocalStack, service: str) -> Any:
    import boto3

    return boto3.client(
        service,
        endpoint_url=f"http://127.0.0.1:{stack.moto_port}",
        region_name="us-east-1",
        aws_access_key_id="local",
        aws_secret_access_key="local",
    )


def queue_depth(stack: LocalStack, name: str) -> int:
    """Visible + in-flight + delayed messages of `sotav-local-<name>`."""
    client = sqs(stack)
    url = client.get_queue_url(QueueName=f"sotav-local-{name}")["QueueUrl"]
    attrs = client.get_queue_attributes(
        QueueUrl=url,
        AttributeNames=[
            "ApproximateNumberOfMessages",
            "ApproximateNumberOfMessagesNotVisible",
            "ApproximateNumberOfMessagesDelayed",
        ],
    )["Attributes"]
    return sum(int(v) for v in attrs.values())
