"""The world the write-path tests run in (`test_submission*.py`, `test_http_*.py`,
`test_uploads.py`, ...): papers that claim a result, accounts of every role, fixtures for a fresh
or shared moto, test-only scans of what is stored, and the assertions on the error shape.

Speed: a fresh moto costs ~0.7 s with the app and accounts, so tests share one where that is
safe. `shared` is for a class whose requests must all be refused (it stays empty; each case
checks it), `ledger` for a class whose tests look only at what they create themselves (their
own accounts, papers, keys, and the difference in what is stored). Tests that need to see a
whole queue or change settings take `world`, a fresh moto each.
"""

from __future__ import annotations

import functools
import json
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from chalicelib.db import aws as clients
from chalicelib.db import tables
from chalicelib.services.accounts import NewKey, create_account
from tests.conftest import AwsStack, imagenet_table, moto_stack
from tests.conftest import test_client as client_for

# --- the world the tests run in -------------------------------------------------------------

PAPER = "2401.12345"  # the default paper of a submission
OTHER_PAPER = "2402.00001"  # the only paper without official code
SCORE_PAPER = "2403.00002"  # one test each, so their scores are exact
CLAIM_PAPER = "2403.00003"
CLI_PAPER = "2403.00004"
VIEWS_PAPER = "2403.00005"
ALL_PAPERS = (PAPER, OTHER_PAPER, SCORE_PAPER, CLAIM_PAPER, CLI_PAPER, VIEWS_PAPER)
# Every paper claims Top-1 Accuracy 84.1 on ImageNet; all but OTHER_PAPER have official code.
EVALUATION_TABLES = imagenet_table(
    [
        {
            "paper_url": f"https://arxiv.org/abs/{arxiv_id}",
            "paper_title": f"Paper {arxiv_id}",
            "paper_date": "2024-01-20",
            "metrics": {"Top-1 Accuracy": "84.1"},
            "code_links": []
            if arxiv_id == OTHER_PAPER
            else [{"title": "PyTorch", "url": f"https://github.com/x/{arxiv_id}"}],
        }
        for arxiv_id in ALL_PAPERS
    ]
)
PASTED_LOG = (
    "Epoch: [89][5000/5005] Time 0.210 Loss 1.02\n"
    " * Acc@1 84.020 Acc@5 96.880\n"
    "\x1b[32mdone\x1b[0m\r\n"
)
VALID = {
    "paper_id": PAPER,
    "tier_claimed": 3,
    "hardware_spec": "1x NVIDIA A100 80GB, Ubuntu 22.04",
    "run_log_url": PASTED_LOG,
    "actual_metric_name": "Top-1 Accuracy",
    "actual_metric_value": 84.02,
    "dataset": "ImageNet",
}
REPRODUCTION_KEYS = {
    "reproduction_id",
    "paper_id",
    "arxiv_id",
    "status",
    "tier_claimed",
    "hardware_spec",
    "run_log",
    "actual_metric_name",
    "actual_metric_value",
    "dataset",
    "run_id",
    "submitted_at",
    "validation",
    "trajectory",
    "trust_tier",
    "duplicate_of",  # issue 18: an earlier copy of its output, by another account
    "copy_of_earlier",  # promoted before an earlier submission of its output was read
    "compute",  # issue 18: GPU hours of a run
}
PRIVATE_NAMES = (
    "submitter_id",
    "body_hash",
    "pending_queue",
    "replay_s3_key",
    "s3_key",
    "content_hash",
)


@dataclass
class World:
    stack: AwsStack
    client: Any
    agent: NewKey
    agent2: NewKey
    reviewer: NewKey
    reviewer2: NewKey
    admin: NewKey

    def new_account(self, role: str = "agent") -> NewKey:
        return create_account(role, f"{role}-{time.monotonic_ns()}")

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        key: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        if key is not None:
            all_headers["Authorization"] = f"Bearer {key}"
        if body is None:
            raw: str | bytes = b""
        elif isinstance(body, str | bytes):
            raw = body
        else:
            raw = json.dumps(body)
        return self.client.http.request(method, path, headers=all_headers, body=raw)

    def submit(
        self,
        key: str | None = None,
        idempotency_key: str | None = None,
        path: str = "/api/v1/reproductions",
        **changes: Any,
    ) -> Any:
        body = {**VALID, **changes}
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        return self.request("POST", path, body, key=key or self.agent.key, headers=headers)

    def created(self, key: str | None = None, **changes: Any) -> dict[str, Any]:
        response = self.submit(key, **changes)
        assert response.status_code == 201, response.body
        return dict(response.json_body)

    def get(self, path: str) -> tuple[int, Any]:
        response = self.client.http.get(path)
        return response.status_code, response.json_body

    def score(self, arxiv_id: str) -> tuple[str, int]:
        status, paper = self.get(f"/api/v1/papers/{arxiv_id}")
        assert status == 200
        return paper["verification"], paper["verification_score"]

    def decide(self, reproduction_id: str, action: str, key: str | None) -> Any:
        return self.request("POST", f"/api/v1/reproductions/{reproduction_id}/{action}", key=key)

    def start_run(self, key: str, paper: str = PAPER, **extra: Any) -> Any:
        return self.request("POST", "/api/v1/runs", {"paper_id": paper, **extra}, key=key)


def build_world(stack: AwsStack, client: Any, tmp: Path) -> World:
    from chalicelib.services.ingest import ingest_files

    path = tmp / "evaluation-tables.json"
    path.write_text(json.dumps(EVALUATION_TABLES))
    ingest_files(evaluation_tables=[path])
    return World(
        stack=stack,
        client=client,
        agent=create_account("agent", "bot-1"),
        agent2=create_account("agent", "bot-2"),
        reviewer=create_account("reviewer", "rita"),
        reviewer2=create_account("reviewer", "rob"),
        admin=create_account("admin", "ada"),
    )


@pytest.fixture
def world(aws: AwsStack, api: Any, tmp_path: Path) -> World:
    """A fresh moto of its own."""
    return build_world(aws, api, tmp_path)


@contextmanager
def shared_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with moto_stack() as stack, client_for(stack) as client:
        yield build_world(stack, client, tmp_path_factory.mktemp("papers"))


@pytest.fixture(scope="class")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """One moto for a class whose requests must all be refused (it stays empty)."""
    with shared_world(tmp_path_factory) as world:
        yield world


@pytest.fixture(scope="class")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """One moto for a class whose tests look only at what they create themselves."""
    with shared_world(tmp_path_factory) as world:
        yield world


@contextmanager
def setting(variable: str, value: str) -> Iterator[None]:
    """Settings are cached: change the environment, forget the cache, restore both after."""
    from chalicelib.settings import reset_settings

    before = os.environ.get(variable)
    os.environ[variable] = value
    reset_settings()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(variable, None)
        else:
            os.environ[variable] = before
        reset_settings()


# --- what is stored (test-only scans; no request path scans) --------------------------------


def set_validation_state(reproduction_id: str, state: str) -> None:
    """Put a validation in a state the test needs (as the validator would store it)."""
    clients.client("dynamodb").update_item(
        TableName=tables.REPRODUCTIONS.physical_name(),
        Key={"reproduction_id": {"S": reproduction_id}},
        UpdateExpression="SET validation.#s = :state",
        ExpressionAttributeNames={"#s": "state"},
        ExpressionAttributeValues={":state": {"S": state}},
    )


def scan(spec: tables.TableSpec) -> list[dict[str, Any]]:
    from chalicelib.db import codec

    items: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"TableName": spec.physical_name()}
    while True:
        page = clients.client("dynamodb").scan(**kwargs)
        items += [codec.from_item(i) for i in page["Items"]]
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def reproduction_items(*ids: str) -> list[dict[str, Any]]:
    by_id = {i["reproduction_id"]: i for i in scan(tables.REPRODUCTIONS)}
    return [by_id[i] for i in ids]


def upload_keys() -> set[str]:
    from chalicelib.settings import get_settings

    s3 = clients.client("s3")
    keys: set[str] = set()
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=get_settings().uploads_bucket):
        keys |= {o["Key"] for o in page.get("Contents", [])}
    return keys


def read_upload(key: str) -> str:
    from chalicelib.db.uploads import get_text

    text = get_text(key)
    assert text is not None, key
    return text


@dataclass(frozen=True)
class Stored:
    """Everything a submission can leave behind."""

    reproductions: frozenset[str]
    uploads: frozenset[str]
    idempotency: frozenset[str]
    quota: int
    used_runs: frozenset[str]


def stored() -> Stored:
    accounts = scan(tables.ACCOUNTS)
    return Stored(
        reproductions=frozenset(i["reproduction_id"] for i in scan(tables.REPRODUCTIONS)),
        uploads=frozenset(upload_keys()),
        idempotency=frozenset(i["id"] for i in scan(tables.IDEMPOTENCY)),
        quota=sum(int(i["n"]) for i in accounts if i["pk"].startswith("QUOTA#")),
        used_runs=frozenset(r["run_id"] for r in scan(tables.RUNS) if r.get("used_by")),
    )


NOTHING = Stored(frozenset(), frozenset(), frozenset(), 0, frozenset())


def header(response: Any, name: str) -> str | None:
    return next((v for k, v in response.headers.items() if k.lower() == name.lower()), None)


def assert_error(response: Any, status: int, code: str | None = None, says: str = "") -> None:
    """The one error shape, the expected status and code, a message that says what to fix."""
    assert response.status_code == status, response.body
    body = response.json_body
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "details"}
    assert isinstance(body["error"]["details"], list)
    message = body["error"]["message"]
    assert isinstance(message, str) and len(message) >= 10
    if code is not None:
        assert body["error"]["code"] == code, body
    assert says.lower() in message.lower(), message


def run_together(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls on threads released at the same moment; their results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        try:
            results[index] = calls[index]()
        except Exception as exc:
            results[index] = exc

    # chalice's test client swaps os.environ for the stage's config around each request and
    # puts back the object it found: requests on several threads can leave a swapped copy in
    # place, which the next settings reset would read. Put the original back.
    environ = os.environ
    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    os.environ = environ  # noqa: B003 - the object itself, as chalice.test swaps it
    return results


@pytest.fixture
def atomic_dynamodb(monkeypatch: pytest.MonkeyPatch) -> None:
    """DynamoDB applies each request atomically; in-process moto does not when threads call
    it (a conditional update then succeeds twice in about 1 race of 10). Serialise moto's
    item operations so threads interleave between requests only, as on the real service."""
    from moto.dynamodb.models import DynamoDBBackend

    lock = threading.RLock()

    def locked(operation: Any) -> Any:
        @functools.wraps(operation)
        def call(*args: Any, **kwargs: Any) -> Any:
            with lock:
                return operation(*args, **kwargs)

        return call

    for name in ("get_item", "put_item", "update_item", "delete_item", "transact_write_items",
                 "query", "scan"):  # fmt: skip
        monkeypatch.setattr(DynamoDBBackend, name, locked(getattr(DynamoDBBackend, name)))


def _cookies(response: Any) -> str:
    header = next((v for k, v in response.headers.items() if k.lower() == "set-cookie"), [])
    cookies = header if isinstance(header, list) else [header]
    return "; ".join(cookie.split(";", 1)[0] for cookie in cookies)


def signed_in_cookie(world: World, key: str) -> str:
    """A session cookie from the sign-in form, as a browser would get it."""
    form = world.client.http.get("/login")
    found = re.search(r'name="login_token" value="([^"]*)"', form.body.decode())
    assert found is not None
    response = world.client.http.post(
        "/login",
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": _cookies(form),
        },
        body=f"api_key={key}&login_token={found.group(1)}".encode(),
    )
    assert response.status_code == 303, response.body
    return _cookies(response)
