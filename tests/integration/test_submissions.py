"""The write path (SPEC 5) through the HTTP routes, on in-process moto: submissions and their
validation, authentication, idempotency, quotas, runs, review decisions, author claims, the
public reproduction views and how API keys are stored.

Refused requests are checked twice: each answers a 4xx with the one error shape and a message
a client can act on, and each leaves nothing behind (no reproduction, no S3 object, no
Idempotency-Key record, no quota consumed, no run used).

Speed: a fresh moto costs ~0.7 s with the app and accounts, so tests share one where that is
safe. `TestRefusedSubmissionsStoreNothing` shares one that must stay empty (each case checks
it). `TestOnOneLedger` shares one where each test looks only at what it creates itself (its
own accounts, papers, keys, and the difference in what is stored). Tests that need to see a
whole queue or change settings get a fresh moto each.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import unquote_plus

import pytest

from chalicelib.db import aws as clients
from chalicelib.db import tables
from chalicelib.domain.apikeys import hash_key
from chalicelib.services.accounts import NewKey, Principal, create_account
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

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
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


# --- hostile input tables -------------------------------------------------------------------

HOSTILE_RUN_LOG_URLS = [
    # (value, what the message must say)
    # characters that break out of an HTML attribute, a Markdown link or a template
    (
        'https://github.com/o/r/blob/main/log.txt"onmouseover="alert(1)',
        "contains '\"' at position 40",
    ),
    ("https://github.com/o/r/blob/main/log.txt'", 'contains "\'" at position 40'),
    ("https://github.com/o/r/<script>", "contains '<' at position 23"),
    ("https://github.com/o/r/log>x", "contains '>'"),
    ("https://gist.github.com/o/`id`", "contains '`'"),
    ("https://huggingface.co/{{7*7}}", "contains '{'"),
    ("https://wandb.ai/o/p/runs/x}", "contains '}'"),
    ("https://user@github.com/org/repo", "user information"),
    ("https://github.com@evil.com/x", "user information"),
    ("https://user:pass@github.com/x", "user information"),
    ("https://huggingface.co@evil.com", "user information"),
    ("https://github.com.evil.com/org/repo", "host 'github.com.evil.com' is not allowed"),
    ("https://GITHUB.COM.evil.com/", "host 'github.com.evil.com' is not allowed"),
    ("https://wandb.ai.evil.com/x", "not allowed"),
    ("https://evil.com/github.com", "host 'evil.com' is not allowed"),
    ("https://evil.com/?https://github.com/", "host 'evil.com' is not allowed"),
    ("https://www.github.com/org/repo", "host 'www.github.com' is not allowed"),
    ("https://api.github.com/x", "not allowed"),
    ("https://127.0.0.1/x", "not allowed"),
    ("https://[::1]/x", "IP address literal"),
    ("https://github.com\\@evil.com/", "backslash"),
    ("https:\\\\github.com\\org", "backslash"),
    ("https://github.com/x#\\@evil.com", "backslash"),
    ("https://gіthub.com/org/repo", "U+0456"),  # Cyrillic i
    ("https://ɡithub.com/x", "U+0261"),  # Latin script g
    ("https://ｇithub.com/x", "U+FF47"),  # fullwidth g
    ("https://github.com\u3002evil.com", "non-ASCII"),  # ideographic full stop
    ("\u200bhttps://evil.com", "non-ASCII"),  # zero-width space in front
    ("https://xn--gthub-n4a.com/x", "not allowed"),  # punycode look-alike
    ("http://github.com/org/repo", "only https"),
    ("hTTp://github.com/org/repo", "only https"),
    ("https://github.com:443/org/repo", "port"),
    ("https://github.com:8080/x", "port"),
    ("https://github.com:/x", "port"),
    ("https://github.com./org/repo", "ends with a dot"),
    (" https://github.com/org/repo", "whitespace"),
    ("https://github.com/org/repo ", "whitespace"),
    ("https://github.com/org/re po", "whitespace"),
    ("https://github.com/org/repo\n", "whitespace or a control character"),
    ("\thttps://github.com/x", "whitespace"),
    ("https://github.com/x\x00", "control character"),
    ("javascript:alert(1)", "scheme 'javascript' is not allowed"),
    ("JaVaScRiPt:alert(document.cookie)", "scheme 'javascript' is not allowed"),
    ("data:text/html,<script>alert(1)</script>", "scheme 'data' is not allowed"),
    ("file:///etc/passwd", "scheme 'file' is not allowed"),
    ("ftp://github.com/x", "scheme 'ftp' is not allowed"),
    ("s3://my-bucket/logs/run.txt", "must start with https://"),
    ("hxxps://github.com/x", "must start with https://"),
    ("//github.com/org/repo", "no scheme"),
    ("https:/github.com/x", "must start with https://"),
    ("https:github.com/x", "must start with https://"),
    ("github.com.evil.com/x", "must start with https://"),
    ("github.com/org/repo", "must start with https://"),
    ("www.github.com/x", "must start with https://"),
    ("evil.com", "must start with https://"),
    ("https://github%2ecom/x", "percent-encoded"),
    ("https://github.com%40evil.com/", "percent-encoded"),
    ("https://", "no host"),
    ("https://github.com/" + "a" * 3000, "over the 2,048 limit"),
]

VALID_LOG_URLS = [
    (
        "https://github.com/example/vtr/actions/runs/123",
        "https://github.com/example/vtr/actions/runs/123",
    ),
    ("https://gist.github.com/someone/0123abcd", "https://gist.github.com/someone/0123abcd"),
    ("https://wandb.ai/team/project/runs/3xk2p1", "https://wandb.ai/team/project/runs/3xk2p1"),
    (
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
    ),
    (
        "https://huggingface.co/org/model/blob/main/eval.log",
        "https://huggingface.co/org/model/blob/main/eval.log",
    ),
    ("HTTPS://GitHub.com/Org/Repo#L10", "https://github.com/Org/Repo"),  # canonical form
]


def _body(**changes: Any) -> str:
    return json.dumps({**VALID, **changes})


def _raw(fragment: str) -> str:
    """The valid body with `fragment` appended as raw JSON text (a duplicate key ...)."""
    return json.dumps(VALID)[:-1] + ", " + fragment + "}"


def _set_raw(name: str, raw_value: str) -> str:
    """The valid body with field `name` set to `raw_value`, written as raw JSON text."""
    return json.dumps({**VALID, name: "__RAW__"}).replace('"__RAW__"', raw_value)


def _without(name: str) -> str:
    return json.dumps({k: v for k, v in VALID.items() if k != name})


# (id, raw body, status, error code, what the message must say)
MALFORMED_BODIES: list[tuple[str, str | bytes, int, str | None, str]] = [
    ("tier-as-string", _body(tier_claimed="3"), 422, "invalid_body", "tier_claimed"),
    # 1.0 is an integer to JSON Schema (and to our OpenAPI document): accepted as 1.
    ("tier-as-fraction", _set_raw("tier_claimed", "1.5"), 422, "invalid_body", "tier_claimed"),
    ("tier-as-bool", _body(tier_claimed=True), 422, "invalid_body", "tier_claimed"),
    ("tier-zero", _body(tier_claimed=0), 422, "invalid_body", "greater than or equal to 1"),
    ("tier-four", _body(tier_claimed=4), 422, "invalid_body", "less than or equal to 3"),
    ("tier-null", _body(tier_claimed=None), 422, "invalid_body", "tier_claimed"),
    ("hardware-as-number", _body(hardware_spec=5), 422, "invalid_body", "hardware_spec"),
    ("hardware-empty", _body(hardware_spec=""), 422, "invalid_body", "hardware_spec"),
    ("hardware-501-chars", _body(hardware_spec="x" * 501), 422, "invalid_body", "at most 500"),
    ("metric-NaN", _set_raw("actual_metric_value", "NaN"), 400, "invalid_json", "NaN"),
    (
        "metric-Infinity",
        _set_raw("actual_metric_value", "Infinity"),
        400,
        "invalid_json",
        "Infinity",
    ),
    (
        "metric-minus-Infinity",
        _set_raw("actual_metric_value", "-Infinity"),
        400,
        "invalid_json",
        "Infinity",
    ),
    ("metric-1e400", _set_raw("actual_metric_value", "1e400"), 400, "invalid_json", "out of range"),
    (
        "metric-as-string",
        _body(actual_metric_value="84.02"),
        422,
        "invalid_body",
        "actual_metric_value",
    ),
    ("huge-integer", _body(tier_claimed=10**30), 400, "invalid_json", "too large"),
    (
        "integer-of-5000-digits",
        _set_raw("tier_claimed", "1" + "0" * 5000),
        400,
        "invalid_json",
        "not valid JSON",
    ),
    ("nesting-10000-brackets", "[" * 10_000, 400, "invalid_json", "nested deeper"),
    (
        "nesting-inside-a-field",
        _set_raw("replay_log", "[" * 200 + "]" * 200),
        400,
        "invalid_json",
        "nested deeper",
    ),
    (
        "duplicate-key",
        _raw('"tier_claimed": 1'),
        400,
        "invalid_json",
        "duplicate key 'tier_claimed'",
    ),
    (
        "lone-surrogate",
        _set_raw("hardware_spec", '"A100 \\ud800"'),
        400,
        "invalid_json",
        "lone surrogate",
    ),
    (
        "pasted-10001-emoji",
        _body(run_log_url="\U0001f600" * 10_001),
        422,
        "invalid_body",
        "at most 10000 characters",
    ),
    # Free text is NFKC-normalised; invisible and control characters are refused, naming the field
    (
        "hardware-zero-width",
        _body(hardware_spec="1x A100\u200b 80GB"),
        422,
        "invalid_body",
        "hardware_spec: Value error, contains a zero-width space (U+200B)",
    ),
    (
        "hardware-bidi-override",
        _body(hardware_spec="\u202e1x A100"),
        422,
        "invalid_body",
        "hardware_spec: Value error, contains a bidi override (U+202E)",
    ),
    ("hardware-NUL", _body(hardware_spec="A100\x00"), 422, "invalid_body", "hardware_spec"),
    ("hardware-bell", _body(hardware_spec="A100\x07"), 422, "invalid_body", "control character"),
    ("hardware-newline", _body(hardware_spec="A100\nH100"), 422, "invalid_body", "hardware_spec"),
    ("hardware-blank", _body(hardware_spec=" \u3000 "), 422, "invalid_body", "only whitespace"),
    (
        "metric-name-word-joiner",
        _body(actual_metric_name="Top-1\u2060Accuracy"),
        422,
        "invalid_body",
        "actual_metric_name: Value error, contains a word joiner",
    ),
    (
        "dataset-isolate",
        _body(dataset="ImageNet\u2066"),
        422,
        "invalid_body",
        "dataset: Value error, contains a bidi isolate",
    ),
    ("dataset-blank", _body(dataset="   "), 422, "invalid_body", "dataset"),
    ("run-id-with-space", _body(run_id="u 1"), 422, "invalid_body", "run_id"),
    ("pasted-only-whitespace", _body(run_log_url="  \n\t "), 422, "invalid_run_log", "empty"),
    ("pasted-with-NUL", _body(run_log_url="Acc@1 84.0\x00"), 422, "invalid_run_log", "NUL"),
    ("run-log-as-number", _body(run_log_url=84.02), 422, "invalid_body", "run_log_url"),
    (
        "unknown-field-status",
        _body(status="verified"),
        422,
        "invalid_body",
        "status: Extra inputs are not permitted",
    ),
    (
        "unknown-field-verification_score",
        _body(verification_score=100),
        422,
        "invalid_body",
        "verification_score",
    ),
    ("unknown-field-submitter_id", _body(submitter_id="a0"), 422, "invalid_body", "submitter_id"),
    ("unknown-field-trust_tier", _body(trust_tier=2), 422, "invalid_body", "trust_tier"),
    (
        "unknown-field-reproduction_id",
        _body(reproduction_id="r1"),
        422,
        "invalid_body",
        "reproduction_id",
    ),
    ("missing-paper_id", _without("paper_id"), 422, "invalid_body", "paper_id: Field required"),
    ("missing-tier_claimed", _without("tier_claimed"), 422, "invalid_body", "tier_claimed"),
    ("missing-hardware_spec", _without("hardware_spec"), 422, "invalid_body", "hardware_spec"),
    ("missing-run_log_url", _without("run_log_url"), 422, "invalid_body", "run_log_url"),
    (
        "metric-name-201-chars",
        _body(actual_metric_name="m" * 201),
        422,
        "invalid_body",
        "actual_metric_name",
    ),
    ("paper_id-201-chars", _body(paper_id="p" * 201), 422, "invalid_body", "paper_id"),
    ("paper_id-not-an-id", _body(paper_id="not a paper"), 400, None, "not a paper"),
    (
        "replay-log-not-a-trajectory",
        _body(replay_log={"steps": "all of them"}),
        422,
        "invalid_body",
        "replay_log.steps",
    ),
    (
        "replay-log-unknown-step",
        _body(replay_log={"steps": [{"type": "shell"}]}),
        422,
        "invalid_body",
        "replay_log",
    ),
    ("empty-body", "", 400, "invalid_json", "empty"),
    ("whitespace-body", "   ", 400, "invalid_json", "not valid JSON"),
    ("not-json", "paper_id=2401.12345&tier_claimed=3", 400, "invalid_json", "not valid JSON"),
    ("utf8-bom", "\ufeff" + json.dumps(VALID), 400, "invalid_json", "BOM"),
    ("not-utf8", b"\xff\xfe{}", 400, "invalid_json", "not UTF-8"),
    ("json-array", json.dumps([VALID]), 422, "invalid_body", "(body)"),
    ("json-null", "null", 422, "invalid_body", "(body)"),
    ("json-string", '"hello"', 422, "invalid_body", "(body)"),
    ("over-1-MB", _body(hardware_spec="x" * 1_000_001), 413, "body_too_large", "1,000,000"),
]


class TestRefusedSubmissionsStoreNothing:
    @pytest.mark.parametrize(
        ("value", "says"), HOSTILE_RUN_LOG_URLS, ids=[repr(v[:40]) for v, _ in HOSTILE_RUN_LOG_URLS]
    )
    def test_hostile_run_log_url_is_422_with_a_clear_message(
        self, shared: World, value: str, says: str
    ) -> None:
        # Given a valid submission whose run_log_url is a hostile URL-looking value
        # When it is sent (with an Idempotency-Key) through the HTTP route
        response = shared.submit(run_log_url=value, idempotency_key="hostile-1")
        # Then it is refused as a URL (not kept as pasted text), saying why and what to do
        assert_error(response, 422, "invalid_run_log", says)
        assert "use an https URL on github.com" in response.json_body["error"]["message"]
        # ... and nothing at all was stored
        assert stored() == NOTHING

    @pytest.mark.parametrize(
        ("raw", "status", "code", "says"),
        [pytest.param(*case[1:], id=case[0]) for case in MALFORMED_BODIES],
    )
    def test_malformed_body_is_4xx_with_one_error_shape(
        self, shared: World, raw: str | bytes, status: int, code: str | None, says: str
    ) -> None:
        for path in ("/api/v1/reproductions", "/api/reproductions"):
            response = shared.request(
                "POST", path, raw, key=shared.agent.key, headers={"Idempotency-Key": "bad-1"}
            )
            assert_error(response, status, code, says)
        assert stored() == NOTHING

    def test_unknown_paper_is_404(self, shared: World) -> None:
        for paper_id in ("2401.99999", "p0000000000000000"):
            assert_error(shared.submit(paper_id=paper_id), 404, "not_found", paper_id)
        assert stored() == NOTHING

    def test_a_bad_idempotency_key_or_content_type_is_refused(self, shared: World) -> None:
        for key in ("has space", "a" * 201, "ключ", "semi;colon"):
            assert_error(shared.submit(idempotency_key=key), 400, None, "Idempotency-Key")
        response = shared.request(
            "POST",
            "/api/v1/reproductions",
            json.dumps(VALID),
            key=shared.agent.key,
            headers={"Content-Type": "text/plain"},
        )
        assert_error(response, 415, "unsupported_media_type", "application/json")
        assert stored() == NOTHING

    def test_missing_unknown_or_revoked_keys_all_get_the_same_401(self, shared: World) -> None:
        from chalicelib.domain.apikeys import generate_key
        from chalicelib.services.accounts import revoke_account, revoke_key

        revoked = create_account("agent", "revoked-key")
        revoke_key(revoked.key)
        closed = create_account("agent", "revoked-account")
        assert revoke_account(closed.account_id) == 1
        good = shared.agent.key
        authorizations: list[str | None] = [
            None,
            "",
            "Bearer",
            "Bearer ",
            f"Basic {good}",
            f"Token {good}",
            good,  # no scheme
            "Bearer abc",  # malformed
            f"Bearer {good}x",  # malformed (too long)
            f"Bearer {good[:-1]}",  # malformed (too short)
            f"Bearer {generate_key()}",  # well formed, unknown
            f"Bearer {hash_key(good)}",  # the stored hash is not a key
            f"Bearer {revoked.key}",
            f"Bearer {closed.key}",
        ]
        bodies = set()
        for authorization in authorizations:
            headers = {} if authorization is None else {"Authorization": authorization}
            for path in ("/api/v1/reproductions", "/api/reproductions", "/api/v1/runs"):
                response = shared.request("POST", path, VALID, headers=headers)
                assert_error(response, 401, "unauthorized", "Authorization: Bearer")
                assert header(response, "WWW-Authenticate") == "Bearer"
                bodies.add(response.body)
        assert len(bodies) == 1  # the same body: nothing tells the cases apart
        assert stored() == NOTHING

    def test_agent_keys_cannot_promote_reject_or_verify_claims(self, shared: World) -> None:
        for action in ("promote", "reject"):
            response = shared.decide("rdoesnotexist", action, shared.agent.key)
            assert_error(response, 403, "forbidden", "reviewer")
        for action in ("verify", "reject"):
            path = f"/api/v1/admin/papers/{PAPER}/author-claims/{shared.agent.account_id}/{action}"
            for key in (shared.agent.key, shared.reviewer.key):
                assert_error(shared.request("POST", path, key=key), 403, "forbidden", "admin")
        assert stored() == NOTHING


# --- one ledger: tests that look only at what they create -----------------------------------


def claim_idempotency_key(world: World, key: str, in_progress_for: int) -> str:
    """Write the record the service writes while a first request with `key` is under way
    (claimed, nothing stored yet); return the reproduction id that request would create."""
    from chalicelib.api.models import ReproductionSubmission
    from chalicelib.db.idempotency import claim_put
    from chalicelib.db.transact import transact_write
    from chalicelib.services import submissions

    principal = Principal(account_id=world.agent.account_id, role="agent", name="bot-1")
    fields = ReproductionSubmission.model_validate(VALID).model_dump(mode="json")
    body_hash = submissions._body_hash(fields)
    reproduction_id = submissions._reproduction_id(principal, key, body_hash)
    now = int(time.time())
    transact_write(
        [
            claim_put(
                world.agent.account_id,
                key,
                body_hash,
                reproduction_id,
                now + in_progress_for,
                now + 86_400,
            )
        ]
    )
    return reproduction_id


VALID_LOG_URLS = [
    ("https://github.com/x/vtr/actions/runs/123", "https://github.com/x/vtr/actions/runs/123"),
    ("https://gist.github.com/someone/0123abcd", "https://gist.github.com/someone/0123abcd"),
    ("https://wandb.ai/team/project/runs/3xk2p1", "https://wandb.ai/team/project/runs/3xk2p1"),
    (
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
    ),
    (
        "https://huggingface.co/org/model/blob/main/eval.log",
        "https://huggingface.co/org/model/blob/main/eval.log",
    ),
    ("HTTPS://GitHub.com/Org/Repo#L10", "https://github.com/Org/Repo"),  # canonical form
    ("https://github.com", "https://github.com/"),
]


class TestOnOneLedger:
    # --- scores (first, while the pump has little to deliver) ------------------------------

    def test_a_promotion_changes_the_papers_score_after_the_stream_runs(
        self, ledger: World
    ) -> None:
        ledger.stack.pump.drain()
        assert ledger.score(SCORE_PAPER) == ("unverified", 5)
        rid = ledger.created(paper_id=SCORE_PAPER)["reproduction_id"]
        ledger.stack.pump.drain()
        assert ledger.score(SCORE_PAPER) == ("agent_pending", 5)
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200
        ledger.stack.pump.drain()
        # +10 counted reproduction, +5 within 5% of the claimed 84.1
        assert ledger.score(SCORE_PAPER) == ("community_verified", 20)
        paper = ledger.get(f"/api/v1/papers/{SCORE_PAPER}")[1]
        assert {r["rule"] for r in paper["score_breakdown"]} >= {"reproduction", "within_5pct"}

    # --- author claims ----------------------------------------------------------------------

    def test_an_author_claim_verified_by_an_admin_adds_10_points(self, ledger: World) -> None:
        ledger.stack.pump.drain()
        assert ledger.score(CLAIM_PAPER) == ("unverified", 5)
        claim_path = f"/api/v1/papers/{CLAIM_PAPER}/author-claim"
        evidence = {"evidence": "https://example.org/~me/publications"}
        response = ledger.request("POST", claim_path, evidence, key=ledger.agent.key)
        assert response.status_code == 201, response.body
        claim = response.json_body
        assert set(claim) == {"paper_id", "account_id", "state", "submitted_at"}
        assert (claim["state"], claim["account_id"]) == ("pending", ledger.agent.account_id)
        for bad in ({"evidence": ""}, {"evidence": "x", "state": "verified"}, {}):
            response = ledger.request("POST", claim_path, bad, key=ledger.agent.key)
            assert_error(response, 422, "invalid_body")
        verify = (
            f"/api/v1/admin/papers/{CLAIM_PAPER}/author-claims/{ledger.agent.account_id}/verify"
        )
        assert_error(ledger.request("POST", verify, key=ledger.agent.key), 403, "forbidden")
        assert_error(ledger.request("POST", verify, key=ledger.reviewer.key), 403, "forbidden")
        ledger.stack.pump.drain()
        assert ledger.score(CLAIM_PAPER) == ("unverified", 5)  # a pending claim counts nothing
        verified = ledger.request("POST", verify, key=ledger.admin.key)
        assert verified.status_code == 200 and verified.json_body["state"] == "verified"
        ledger.stack.pump.drain()
        assert ledger.score(CLAIM_PAPER) == ("unverified", 15)
        paper = ledger.get(f"/api/v1/papers/{CLAIM_PAPER}")[1]
        assert "author_claim" in {r["rule"] for r in paper["score_breakdown"]}
        unknown = f"/api/v1/admin/papers/{CLAIM_PAPER}/author-claims/anobody/verify"
        assert_error(ledger.request("POST", unknown, key=ledger.admin.key), 404, "not_found")

    def test_the_cli_verifies_author_claims(
        self, ledger: World, capsys: pytest.CaptureFixture[str]
    ) -> None:
        from chalicelib import cli

        claimant = ledger.new_account()
        response = ledger.request(
            "POST",
            f"/api/v1/papers/{CLI_PAPER}/author-claim",
            {"evidence": "I am the first author"},
            key=claimant.key,
        )
        assert response.status_code == 201
        # `--stage test` targets the sotav-test-* resources, which in-process moto serves here
        args = ["--stage", "test", "claims", "verify", "--paper", CLI_PAPER, "--account"]
        assert cli.main([*args, claimant.account_id, "--json"]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed["state"] == "verified" and printed["account_id"] == claimant.account_id
        assert cli.main([*args, "anobody"]) == 1
        assert "has not claimed" in capsys.readouterr().err
        ledger.stack.pump.drain()
        assert ledger.score(CLI_PAPER) == ("unverified", 15)

    # --- accepted submissions ---------------------------------------------------------------

    def test_a_submission_is_201_with_exactly_the_spec_shape(self, ledger: World) -> None:
        before = stored()
        paper_id = ledger.get(f"/api/v1/papers/{PAPER}")[1]["paper_id"]
        ids = []
        # Given an agent key and the paper named by its paper_id or arXiv id in any spelling
        for path, paper_ref in (
            ("/api/v1/reproductions", PAPER),
            ("/api/reproductions", f"arXiv:{PAPER}v2"),
            ("/api/v1/reproductions", f"https://arxiv.org/abs/{PAPER}"),
            ("/api/reproductions", paper_id),
        ):
            # When it submits
            response = ledger.submit(path=path, paper_id=paper_ref)
            # Then it gets 201 and the reproduction, waiting for review and validation
            assert response.status_code == 201, response.body
            body = response.json_body
            assert set(body) == REPRODUCTION_KEYS
            assert (body["paper_id"], body["arxiv_id"]) == (paper_id, PAPER)
            assert body["status"] == "agent_pending"
            assert body["validation"] == {
                "state": "pending",
                "checks": [],
                "extracted_metrics": [],
                "confirming_lines": [],
            }
            assert body["trust_tier"] == 0 and body["trajectory"] is None
            assert body["run_log"] == {"kind": "pasted", "url": None}
            assert (body["tier_claimed"], body["hardware_spec"]) == (3, VALID["hardware_spec"])
            metric = (body["actual_metric_name"], body["actual_metric_value"], body["dataset"])
            assert metric == ("Top-1 Accuracy", 84.02, "ImageNet")
            assert body["run_id"] is None
            assert datetime.fromisoformat(body["submitted_at"]).tzinfo is not None
            ids.append(body["reproduction_id"])
            # ... and GET returns the same shape
            assert ledger.get(f"/api/v1/reproductions/{ids[-1]}") == (200, body)
        assert stored().reproductions - before.reproductions == set(ids)
        # Optional fields may be left out
        minimal = {k: VALID[k] for k in ("paper_id", "tier_claimed", "hardware_spec")}
        minimal["run_log_url"] = "loss 0.1"
        response = ledger.request("POST", "/api/v1/reproductions", minimal, key=ledger.agent.key)
        assert response.status_code == 201, response.body
        assert response.json_body["actual_metric_value"] is None

    def test_only_agent_keys_submit_reproductions_and_start_runs(self, ledger: World) -> None:
        before = stored()
        for key in (ledger.reviewer.key, ledger.admin.key):
            # A person's reviewer or admin key is refused, with what to use instead
            response = ledger.submit(key)
            assert_error(response, 403, "agent_key_required", "needs an agent key")
            assert "agent key for their scripts" in response.json_body["error"]["message"]
            assert_error(ledger.start_run(key), 403, "agent_key_required", "agent key")
        assert stored() == before

    def test_valid_urls_on_every_allowed_host_are_accepted(self, ledger: World) -> None:
        before = stored()
        made = set()
        for value, canonical in VALID_LOG_URLS:
            response = ledger.submit(run_log_url=value)
            assert response.status_code == 201, (value, response.body)
            assert response.json_body["run_log"] == {"kind": "url", "url": canonical}
            # The canonical URL (never fetched) is recorded as an object for the validator
            rid = response.json_body["reproduction_id"]
            assert read_upload(f"runlogs/{rid}.url") == canonical
            made.add(f"runlogs/{rid}.url")
        assert stored().uploads - before.uploads == made

    def test_pasted_output_of_exactly_10000_emoji_is_accepted_verbatim(self, ledger: World) -> None:
        text = "😀" * 10_000  # 40,000 bytes of UTF-8: the limit counts characters
        body = ledger.created(run_log_url=text)
        assert body["run_log"] == {"kind": "pasted", "url": None}
        assert read_upload(f"runlogs/{body['reproduction_id']}.txt") == text

    # --- idempotency ------------------------------------------------------------------------

    def test_a_retry_with_the_same_idempotency_key_returns_the_first_response(
        self, ledger: World
    ) -> None:
        before = stored()
        first = ledger.submit(idempotency_key="retry-001")
        assert first.status_code == 201
        rid = first.json_body["reproduction_id"]
        # When the client retries (twice, on both routes)
        again = ledger.submit(idempotency_key="retry-001")
        third = ledger.submit(idempotency_key="retry-001", path="/api/reproductions")
        # Then it gets the identical first response and nothing new exists
        assert again.status_code == third.status_code == 201
        assert again.json_body == third.json_body == first.json_body
        after = stored()
        assert after.reproductions - before.reproductions == {rid}
        assert after.uploads - before.uploads == {f"runlogs/{rid}.txt"}
        assert after.idempotency - before.idempotency == {f"{ledger.agent.account_id}#retry-001"}
        assert after.quota == before.quota + 1  # retries are free

    def test_the_same_idempotency_key_with_a_different_body_is_422(self, ledger: World) -> None:
        ledger.created(idempotency_key="key-A")
        before = stored()
        response = ledger.submit(idempotency_key="key-A", hardware_spec="8x H100, Ubuntu 24.04")
        assert_error(response, 422, "idempotency_key_reused", "different body")
        assert stored() == before

    def test_idempotency_keys_are_scoped_per_account(self, ledger: World) -> None:
        mine = ledger.created(idempotency_key="shared-key")
        theirs = ledger.created(ledger.agent2.key, idempotency_key="shared-key")
        assert mine["reproduction_id"] != theirs["reproduction_id"]
        items = reproduction_items(mine["reproduction_id"], theirs["reproduction_id"])
        assert [i["submitter_id"] for i in items] == [
            ledger.agent.account_id,
            ledger.agent2.account_id,
        ]

    def test_a_duplicate_while_the_first_is_in_progress_is_409_with_retry_after(
        self, ledger: World
    ) -> None:
        # Given a first request with this key is under way (claimed, nothing stored yet)
        rid = claim_idempotency_key(ledger, "in-flight", in_progress_for=30)
        before = stored()
        # When a duplicate arrives
        response = ledger.submit(idempotency_key="in-flight")
        # Then it is told to retry shortly, and creates nothing
        assert_error(response, 409, "idempotency_in_progress", "still being processed")
        assert 1 <= int(header(response, "Retry-After") or "0") <= 30
        assert stored() == before and rid not in before.reproductions

    def test_a_key_reused_after_its_record_expired_never_returns_an_older_reproduction(
        self, ledger: World
    ) -> None:
        from chalicelib.db import idempotency as idempotency_db

        # Given a submission with a key and a run, whose Idempotency-Key record then expired
        # (DynamoDB TTL deletes it)
        run_id = ledger.start_run(ledger.agent.key).json_body["run_id"]
        first = ledger.created(idempotency_key="expires", run_id=run_id)
        clients.client("dynamodb").delete_item(
            TableName=tables.IDEMPOTENCY.physical_name(),
            Key={"id": {"S": idempotency_db.record_id(ledger.agent.account_id, "expires")}},
        )
        other_run = ledger.start_run(ledger.agent.key).json_body["run_id"]
        # When the key is reused with another body
        second = ledger.submit(
            idempotency_key="expires", run_id=other_run, hardware_spec="2x A100 80GB"
        )
        # Then it creates a new reproduction (on its own run): never the older one
        assert second.status_code == 201, second.body
        assert second.json_body["reproduction_id"] != first["reproduction_id"]
        assert second.json_body["hardware_spec"] == "2x A100 80GB"
        assert second.json_body["run_id"] == other_run
        # and the key now belongs to the new submission: the first body under it is a reuse
        again = ledger.submit(idempotency_key="expires", run_id=run_id)
        assert_error(again, 422, "idempotency_key_reused")
        (old,) = reproduction_items(first["reproduction_id"])
        assert old["hardware_spec"] == first["hardware_spec"]

    def test_a_stalled_first_attempt_is_taken_over_by_the_retry(self, ledger: World) -> None:
        # Given a first attempt claimed the key and crashed before storing anything
        rid = claim_idempotency_key(ledger, "stalled", in_progress_for=-5)
        # When the client retries after the in-progress window
        body = ledger.created(idempotency_key="stalled")
        # Then the retry completes the submission under the id the first attempt reserved
        assert body["reproduction_id"] == rid
        assert ledger.submit(idempotency_key="stalled").json_body == body

    @pytest.mark.usefixtures("atomic_dynamodb")
    def test_eight_concurrent_duplicates_create_one_reproduction(self, ledger: World) -> None:
        """Threads at the service the route calls (the chalice test client swaps os.environ
        per request, so it cannot be called from threads; tests/e2e fires this over HTTP)."""
        from chalicelib.api.models import ReproductionSubmission
        from chalicelib.errors import HttpError
        from chalicelib.services.submissions import Submitted, submit_reproduction

        principal = Principal(account_id=ledger.agent.account_id, role="agent", name="bot-1")
        fields = ReproductionSubmission.model_validate(VALID).model_dump(mode="json")
        before = stored()
        results = run_together(
            *(
                functools.partial(submit_reproduction, principal, fields, "burst-1")
                for _ in range(8)
            )
        )
        done = [r for r in results if isinstance(r, Submitted)]
        waiting = [r for r in results if not isinstance(r, Submitted)]
        assert len({r.item["reproduction_id"] for r in done}) == 1
        assert sum(r.created for r in done) == 1
        assert all(isinstance(r, HttpError) and r.status == 409 for r in waiting), waiting
        assert all(int(r.headers["Retry-After"]) >= 1 for r in waiting)
        after = stored()
        assert after.reproductions - before.reproductions == {done[0].item["reproduction_id"]}
        assert (after.quota - before.quota, len(after.uploads - before.uploads)) == (1, 1)

    # --- runs -------------------------------------------------------------------------------

    def test_starting_runs_stamps_attempts_per_account_and_paper(self, ledger: World) -> None:
        me, other = ledger.new_account(), ledger.new_account()
        workspace = {
            "repo_url": "https://GitHub.com/x/vtr",
            "commit": "a1b2c3d",
            "files": ["train.py", "configs/vit.yaml", "train.py"],
        }
        first = ledger.start_run(me.key, memoryless=True, workspace=workspace)
        assert first.status_code == 201, first.body
        run = first.json_body
        assert set(run) == {
            "run_id", "paper_id", "account_id", "started_at", "expires_at", "memoryless",
            "attempt", "workspace",
        }  # fmt: skip
        assert run["attempt"] == 1 and run["memoryless"] is True
        assert run["account_id"] == me.account_id
        assert run["workspace"] == {
            "repo_url": "https://github.com/x/vtr",
            "commit": "a1b2c3d",
            "files": ["configs/vit.yaml", "train.py"],  # fixed now: sorted, once each
            "eval_files": [],
        }
        started = datetime.fromisoformat(run["started_at"])
        expires = datetime.fromisoformat(run["expires_at"])
        assert abs((started - datetime.now(UTC)).total_seconds()) < 60
        assert expires - started > timedelta(hours=1)
        # The attempt counts this account's runs on this paper only
        assert ledger.start_run(me.key).json_body["attempt"] == 2
        assert ledger.start_run(other.key).json_body["attempt"] == 1
        assert ledger.start_run(me.key, OTHER_PAPER).json_body["attempt"] == 1
        assert ledger.start_run(me.key, f"arXiv:{PAPER}").json_body["attempt"] == 3
        # Bad requests
        assert_error(ledger.start_run(me.key, "2401.99999"), 404, "not_found")
        bad_repo = ledger.start_run(me.key, workspace={"repo_url": "https://evil.com/x"})
        assert_error(bad_repo, 422, "invalid_body", "workspace.repo_url")
        assert_error(ledger.start_run(me.key, memoryless="yes"), 422, "invalid_body")
        assert_error(ledger.start_run(me.key, attempt=1), 422, "invalid_body", "attempt")
        assert_error(ledger.start_run(None), 401, "unauthorized")  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("path", "says"),
        [
            ("/etc/passwd", "is absolute"),
            ("\\\\server\\share\\x.py", "is absolute"),
            ("..\\secrets.txt", "climbs out with '..'"),
            ("src/../../outside.py", "climbs out with '..'"),
            ("C:\\Users\\me\\x.py", "names a drive"),
            ("~/.ssh/id_rsa", "starts with '~'"),
            ("src/a\x00.py", "NUL character"),
            ("src/a\x1b.py", "control character"),
            ("\u200bsrc/model.py", "zero-width space"),
            ("   ", "only whitespace"),
        ],
    )
    def test_workspace_paths_must_be_relative_to_the_workspace(
        self, ledger: World, path: str, says: str
    ) -> None:
        # Given a workspace manifest with one path that is not workspace-relative
        response = ledger.start_run(ledger.new_account().key, workspace={"files": ["ok.py", path]})
        # Then the run is refused with 422 naming the path's place in the manifest
        assert_error(response, 422, "invalid_body", "workspace.files.1")
        assert says in response.json_body["error"]["message"]

    def test_free_text_is_stored_nfkc_normalised(self, ledger: World) -> None:
        # Given fullwidth and compatibility characters in free-text fields
        body = ledger.created(
            hardware_spec="  １x Ａ１００ ８０GB  ",
            actual_metric_name="Top-1 Ａｃｃｕｒａｃｙ",
            dataset="ＩｍａｇｅＮｅｔ",
        )
        # Then they are stored in their NFKC form, trimmed
        assert body["hardware_spec"] == "1x A100 80GB"
        assert body["actual_metric_name"] == "Top-1 Accuracy"
        assert body["dataset"] == "ImageNet"

    def test_a_reproduction_closes_its_run_once(self, ledger: World) -> None:
        run_id = ledger.start_run(ledger.agent.key).json_body["run_id"]
        before = stored()
        # The run's own account closes it, and an idempotent retry passes again
        first = ledger.created(run_id=run_id, idempotency_key="closes-run")
        assert first["run_id"] == run_id
        assert ledger.submit(run_id=run_id, idempotency_key="closes-run").json_body == first
        # A second reproduction on the same run is refused
        assert_error(ledger.submit(run_id=run_id), 409, "run_used", run_id)
        after = stored()
        assert after.reproductions - before.reproductions == {first["reproduction_id"]}
        assert after.used_runs - before.used_runs == {run_id}

    def test_a_run_of_another_account_another_paper_unknown_or_expired_is_refused(
        self, ledger: World
    ) -> None:
        from chalicelib.db import runs as runs_db
        from chalicelib.services.papers import resolve_paper_id

        theirs = ledger.start_run(ledger.agent2.key).json_body["run_id"]
        other_paper = ledger.start_run(ledger.agent.key, OTHER_PAPER).json_body["run_id"]
        past = datetime.now(UTC) - timedelta(hours=1)
        paper_id = resolve_paper_id(PAPER)
        runs_db.put(
            {
                "run_id": "uexpired",
                "paper_id": paper_id,
                "account_id": ledger.agent.account_id,
                "account_paper": runs_db.account_paper(ledger.agent.account_id, paper_id),
                "started_at": (past - timedelta(hours=24)).isoformat(),
                "expires_at": int(past.timestamp()),
                "expires_key": past.isoformat(timespec="seconds"),
                "memoryless": False,
                "attempt": 1,
                "workspace": {"files": []},
            }
        )
        before = stored()
        assert_error(ledger.submit(run_id=theirs), 403, "forbidden", "another account")
        assert_error(ledger.submit(run_id="unope"), 404, "not_found", "POST /api/v1/runs")
        assert_error(ledger.submit(run_id=other_paper), 422, "run_paper_mismatch", "started on")
        assert_error(ledger.submit(run_id="uexpired"), 409, "run_expired", "start a new run")
        assert stored() == before

    # --- review -----------------------------------------------------------------------------

    def test_promote_and_reject_need_a_reviewer_or_admin_and_are_final(self, ledger: World) -> None:
        a = ledger.created()["reproduction_id"]
        b = ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()  # validated
        for action in ("promote", "reject"):
            assert_error(ledger.decide(a, action, ledger.agent.key), 403, "forbidden", "reviewer")
            assert_error(ledger.decide(a, action, None), 401, "unauthorized")
        assert_error(ledger.decide("rnope", "promote", ledger.reviewer.key), 404, "not_found")
        # Promote twice: 200 both times, the first decision recorded and unchanged
        first = ledger.decide(a, "promote", ledger.reviewer.key)
        assert first.status_code == 200
        assert set(first.json_body) == {"reproduction_id", "status", "decided_by", "decided_at"}
        assert first.json_body["status"] == "verified"
        assert first.json_body["decided_by"] == ledger.reviewer.account_id
        again = ledger.decide(a, "promote", ledger.reviewer2.key)
        assert again.status_code == 200 and again.json_body == first.json_body
        # Reject after promote: the decision stands
        late = ledger.decide(a, "reject", ledger.admin.key)
        assert_error(late, 409, "already_decided", "verified")
        (item,) = reproduction_items(a)
        assert (item["decided_by"], item["decided_at"]) == (
            first.json_body["decided_by"],
            first.json_body["decided_at"],
        )
        # An admin can reject; rejecting twice is idempotent; promote after reject is 409
        rejected = ledger.decide(b, "reject", ledger.admin.key)
        assert rejected.status_code == 200 and rejected.json_body["status"] == "rejected"
        assert ledger.decide(b, "reject", ledger.reviewer.key).json_body == rejected.json_body
        assert_error(ledger.decide(b, "promote", ledger.reviewer.key), 409, "already_decided")
        assert ledger.get(f"/api/v1/reproductions/{a}")[1]["status"] == "verified"
        assert ledger.get(f"/api/v1/reproductions/{b}")[1]["status"] == "rejected"

    def test_a_reviewer_cannot_promote_their_own_accounts_submission(self, ledger: World) -> None:
        # Given submissions whose submitter is a reviewer's or an admin's own account (stored
        # before only agent keys could submit)
        own, admins = ledger.created()["reproduction_id"], ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()
        for rid, who in ((own, ledger.reviewer), (admins, ledger.admin)):
            clients.client("dynamodb").update_item(
                TableName=tables.REPRODUCTIONS.physical_name(),
                Key={"reproduction_id": {"S": rid}},
                UpdateExpression="SET submitter_id = :me",
                ExpressionAttributeValues={":me": {"S": who.account_id}},
            )
            # Then its own account cannot promote it
            response = ledger.decide(rid, "promote", who.key)
            assert_error(response, 403, "forbidden", "your account")
        # Someone else may
        assert ledger.decide(own, "promote", ledger.reviewer2.key).status_code == 200

    def test_promoting_while_validation_is_pending_is_409_with_retry_after(
        self, ledger: World
    ) -> None:
        # Given a submission the validator has not read yet
        rid = ledger.created()["reproduction_id"]
        # When a reviewer promotes it at once
        response = ledger.decide(rid, "promote", ledger.reviewer.key)
        # Then it is refused until the validation settles, with a time to retry
        assert_error(response, 409, "validation_pending", "still being validated")
        assert int(header(response, "Retry-After") or "0") >= 1
        assert ledger.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "agent_pending"
        # And once validated (passed), the same promotion succeeds
        ledger.stack.pump.drain()
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200

    def test_a_promotion_that_loses_to_the_validator_is_tried_again(self, ledger: World) -> None:
        # Given a passed submission that the validator re-validates (pending, then passed
        # again) exactly while a reviewer's conditional write is in flight
        rid = ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()
        writes: list[str] = []

        def validator_rewrites(params: dict[str, Any], **_: Any) -> None:
            if "validation.#state" in params.get("ConditionExpression", "") and not writes:
                writes.append("pending")
                set_validation_state(rid, "pending")

        def validator_settles(parsed: dict[str, Any], **_: Any) -> None:
            failed = parsed.get("Error", {}).get("Code") == "ConditionalCheckFailedException"
            if failed and writes == ["pending"]:
                writes.append("passed")
                set_validation_state(rid, "passed")

        events = clients.client("dynamodb").meta.events
        hooks = (
            ("before-parameter-build.dynamodb.UpdateItem", validator_rewrites),
            ("after-call.dynamodb.UpdateItem", validator_settles),
        )
        for event, hook in hooks:
            events.register(event, hook)
        try:
            response = ledger.decide(rid, "promote", ledger.reviewer.key)
        finally:
            for event, hook in hooks:
                events.unregister(event, hook)
        # Then the first write was refused (pending), and the promotion, re-reading a settled
        # validation, is written: not answered "already decided"
        assert writes == ["pending", "passed"]
        assert response.status_code == 200, response.text
        assert ledger.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "verified"

    def test_an_unchecked_validation_may_be_promoted(self, ledger: World) -> None:
        # Given a URL log the server could not read: validation `unchecked`
        rid = ledger.created(paper_id=SCORE_PAPER)["reproduction_id"]
        ledger.stack.pump.drain()
        set_validation_state(rid, "unchecked")
        # Then a reviewer may promote it (the page says nobody read the log)
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200

    def test_the_validator_never_fails_a_verified_reproduction(self, ledger: World) -> None:
        from chalicelib.db import uploads
        from chalicelib.services.validation import validate_reproduction

        # Given a promoted reproduction whose validation passed
        rid = ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200
        # When its log changes and the validator runs again (a re-delivered event)
        uploads.put_text(f"runlogs/{rid}.txt", "nothing to see here")
        stored_anew = validate_reproduction(rid)
        # Then the verdict the reviewer decided on stands: never verified + failed
        (item,) = reproduction_items(rid)
        assert stored_anew is False
        assert (item["status"], item["validation"]["state"]) == ("verified", "passed")

    def test_promoting_a_reproduction_that_failed_validation_is_409(self, ledger: World) -> None:
        rid = ledger.created()["reproduction_id"]
        clients.client("dynamodb").update_item(
            TableName=tables.REPRODUCTIONS.physical_name(),
            Key={"reproduction_id": {"S": rid}},
            UpdateExpression="SET validation.#s = :f",
            ExpressionAttributeNames={"#s": "state"},
            ExpressionAttributeValues={":f": {"S": "failed"}},
        )
        response = ledger.decide(rid, "promote", ledger.reviewer.key)
        assert_error(response, 409, "validation_failed", "reject it instead")
        assert ledger.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "agent_pending"
        assert ledger.decide(rid, "reject", ledger.reviewer.key).status_code == 200

    @pytest.mark.usefixtures("atomic_dynamodb")
    def test_two_reviewers_promoting_at_once_both_get_200_and_one_decision(
        self, ledger: World
    ) -> None:
        """Threads at the service the route calls (tests/e2e does it over HTTP)."""
        from chalicelib.services import review

        reviewers = [
            Principal(account_id=ledger.reviewer.account_id, role="reviewer", name="rita"),
            Principal(account_id=ledger.reviewer2.account_id, role="reviewer", name="rob"),
        ]
        for _ in range(5):
            rid = ledger.created()["reproduction_id"]
            ledger.stack.pump.drain()
            results = run_together(
                *(functools.partial(review.decide, who, rid, "promote") for who in reviewers)
            )
            # Both answers are the one decision (made, or given back idempotently)
            assert all(isinstance(r, dict) and r["status"] == "verified" for r in results), results
            assert results[0]["decided_by"] == results[1]["decided_by"]
            assert results[0]["decided_at"] == results[1]["decided_at"]
            assert results[0]["decided_by"] in {p.account_id for p in reviewers}
            (item,) = reproduction_items(rid)
            assert (item["status"], item["decided_by"]) == ("verified", results[0]["decided_by"])

    # --- public views and key storage -------------------------------------------------------

    def test_public_reproduction_views_carry_no_private_fields(self, ledger: World) -> None:
        replay = {"steps": [{"type": "llm_call", "ts": datetime.now(UTC).isoformat(),
                             "model": "m", "input_tokens": 1, "output_tokens": 1,
                             "duration_ms": 1}]}  # fmt: skip
        rid = ledger.created(replay_log=replay, paper_id=VIEWS_PAPER)["reproduction_id"]
        other = ledger.created(
            ledger.agent2.key,
            paper_id=VIEWS_PAPER,
            run_log_url="https://github.com/x/vtr/runs/1",
        )["reproduction_id"]
        items = reproduction_items(rid, other)
        assert all(item["submitter_id"] and item["body_hash"] for item in items)
        secrets = [ledger.agent.key, ledger.agent2.key, hash_key(ledger.agent.key),
                   hash_key(ledger.agent2.key), ledger.agent.account_id,
                   ledger.agent2.account_id, *(item["body_hash"] for item in items)]  # fmt: skip
        views = [
            ledger.client.http.get(f"/api/v1/reproductions/{rid}"),
            ledger.client.http.get(f"/api/v1/reproductions/{other}"),
            ledger.client.http.get(f"/api/v1/papers/{VIEWS_PAPER}/reproductions"),
            ledger.client.http.get(f"/api/v1/papers/{VIEWS_PAPER}/reproductions?limit=1"),
            ledger.client.http.get("/api/v1/review/pending?limit=100"),
        ]
        for response in views:
            assert response.status_code == 200
            text = response.body.decode()
            for name in PRIVATE_NAMES:
                assert name not in text
            for secret in secrets:
                assert secret not in text
        listed = views[2].json_body
        assert [r["reproduction_id"] for r in listed["results"]] == [other, rid]  # newest first
        assert listed["next_cursor"] is None
        assert all(set(r) == REPRODUCTION_KEYS for r in listed["results"])
        assert listed["results"][1] == views[0].json_body
        assert len(views[3].json_body["results"]) == 1 and views[3].json_body["next_cursor"]
        assert_error(ledger.client.http.get("/api/v1/reproductions/rnope"), 404, "not_found")
        missing = ledger.client.http.get("/api/v1/papers/2401.99999/reproductions")
        assert_error(missing, 404, "not_found")


# --- tests that need a fresh moto -----------------------------------------------------------


def peek_validator_queue(stack: AwsStack) -> list[dict[str, Any]]:
    """The S3 notifications waiting on the validator queue, left in place (visibility 0)."""
    sqs = clients.client("sqs")
    seen: dict[str, dict[str, Any]] = {}
    for _ in range(5):
        messages = sqs.receive_message(
            QueueUrl=stack.resources.validator_queue_url,
            MaxNumberOfMessages=10,
            VisibilityTimeout=0,
            WaitTimeSeconds=0,
        ).get("Messages", [])
        for message in messages:
            seen[message["MessageId"]] = json.loads(message["Body"])
    return list(seen.values())


def test_pasted_output_and_replay_log_go_to_s3_and_notify_the_validator(world: World) -> None:
    # Given a run, a pasted log and a replay log
    run = world.start_run(world.agent.key, memoryless=True)
    assert run.status_code == 201
    now = datetime.now(UTC).isoformat()
    replay = {
        "run_id": run.json_body["run_id"],
        "steps": [
            {"type": "tool_call", "ts": now, "tool": "read_file", "input": "train.py",
             "output": "import torch", "duration_ms": 3},
            {"type": "llm_call", "ts": now, "model": "m-1", "input_tokens": 10,
             "output_tokens": 5, "duration_ms": 400, "response_text": "ok"},
        ],
    }  # fmt: skip
    # When the agent submits both
    body = world.created(run_id=run.json_body["run_id"], replay_log=replay)
    rid = body["reproduction_id"]
    # Then the response promises both checks, pending
    assert body["trajectory"] == {"state": "pending", "checks": [], "evidence": None}
    assert body["run_id"] == run.json_body["run_id"]
    # ... the pasted output and the replay log are in the bucket under the documented keys
    assert upload_keys() == {f"replays/{rid}.json", f"runlogs/{rid}.txt"}
    assert read_upload(f"runlogs/{rid}.txt") == PASTED_LOG
    stored_replay = json.loads(read_upload(f"replays/{rid}.json"))
    assert [s["type"] for s in stored_replay["steps"]] == ["tool_call", "llm_call"]
    # ... the item points at them, privately
    (item,) = scan(tables.REPRODUCTIONS)
    assert item["run_log"]["s3_key"] == f"runlogs/{rid}.txt"
    assert item["replay_s3_key"] == f"replays/{rid}.json"
    # ... and S3 told the validator queue about each object (moto also sends an s3:TestEvent)
    messages = peek_validator_queue(world.stack)
    notified = [
        unquote_plus(record["s3"]["object"]["key"])  # keys arrive URL-encoded, as from S3
        for message in messages
        for record in message.get("Records", [])
        if record["eventName"].startswith("ObjectCreated")
    ]
    assert sorted(notified) == [f"replays/{rid}.json", f"runlogs/{rid}.txt"]
    assert any(message.get("Event") == "s3:TestEvent" for message in messages)


def test_the_review_queue_is_oldest_first_and_paged(world: World) -> None:
    ids = [world.created(hardware_spec=f"rig {n}")["reproduction_id"] for n in range(5)]
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        status, page = world.get(
            "/api/v1/review/pending?limit=2" + (f"&cursor={cursor}" if cursor else "")
        )
        assert status == 200 and len(page["results"]) <= 2
        assert all(set(r) == REPRODUCTION_KEYS for r in page["results"])
        seen += [r["reproduction_id"] for r in page["results"]]
        pages += 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == ids and pages >= 3
    # A decided one leaves the queue
    world.stack.pump.drain()
    assert world.decide(ids[0], "reject", world.reviewer.key).status_code == 200
    assert world.decide(ids[1], "promote", world.reviewer.key).status_code == 200
    _, page = world.get("/api/v1/review/pending?limit=100")
    assert [r["reproduction_id"] for r in page["results"]] == ids[2:]
    # Bad paging parameters are 400s with the one error shape
    for query in ("limit=0", "limit=101", "cursor=garbage", "sort=newest"):
        assert_error(world.client.http.get(f"/api/v1/review/pending?{query}"), 400)


def test_the_hourly_quota_answers_429_with_retry_after_and_retries_are_free(
    aws: AwsStack, tmp_path: Path
) -> None:
    with setting("SOTAV_SUBMISSIONS_PER_HOUR", "3"), client_for(aws) as client:
        world = build_world(aws, client, tmp_path)
        # Given three submissions this hour, with idempotent retries in between
        first = world.created(idempotency_key="q-1")
        world.created(idempotency_key="q-2")
        assert world.submit(idempotency_key="q-1").json_body == first  # a retry: free
        world.created(idempotency_key="q-3")
        before = stored()
        assert before.quota == 3
        # When the fourth new one arrives (with or without a key)
        for key in ("q-4", None):
            response = world.submit(idempotency_key=key)
            # Then it is refused until the hour turns, and nothing is stored for it
            assert_error(response, 429, "quota_exceeded", "at most 3 submissions per hour")
            retry_after = int(header(response, "Retry-After") or "0")
            assert 1 <= retry_after <= 3600
        assert stored() == before
        # ... a retry of an accepted one still gets its first response
        assert world.submit(idempotency_key="q-1").json_body == first
        # ... and the quota is per account
        assert world.submit(world.agent2.key).status_code == 201


def test_plaintext_keys_are_never_stored_or_logged(
    world: World, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    from chalicelib import cli
    from chalicelib.services.accounts import create_key, revoke_key

    caplog.set_level(logging.DEBUG, logger="sotaverified")
    caplog.set_level(logging.INFO)
    # Given keys made by the service and by the CLI
    extra = create_key(world.agent.account_id)
    assert cli.main(["--stage", "test", "accounts", "create", "--role", "agent",
                     "--name", "cli-bot", "--json"]) == 0  # fmt: skip
    out = capsys.readouterr()
    made = json.loads(out.out)
    assert set(made) >= {"account_id", "key"} and made["key"] not in out.err
    keys = [world.agent.key, world.agent2.key, world.reviewer.key, world.reviewer2.key,
            world.admin.key, extra.key, made["key"]]  # fmt: skip
    # ... used for every kind of request, accepted and refused
    rid = world.created(extra.key, idempotency_key="k-1")["reproduction_id"]
    world.created(made["key"], replay_log={"steps": []})
    world.start_run(world.agent.key)
    world.decide(rid, "promote", world.reviewer.key)
    world.decide(rid, "reject", world.agent2.key)
    world.submit(world.admin.key, tier_claimed=9)
    revoke_key(extra.key)
    assert world.submit(extra.key).status_code == 401
    world.stack.pump.drain()
    # Then no table item, upload or log line holds a plaintext key
    everything = json.dumps([scan(spec) for spec in tables.ALL_TABLES], default=str)
    everything += "".join(read_upload(k) for k in sorted(upload_keys()))
    captured = capsys.readouterr()
    logs = caplog.text + captured.out + captured.err
    key_items = {i["pk"]: i for i in scan(tables.ACCOUNTS) if i["pk"].startswith("KEY#")}
    for key in keys:
        assert key not in everything
        assert key not in logs
        # ... the key item is found by the key's SHA-256 alone
        item = key_items[f"KEY#{hash_key(key)}"]
        assert set(item) <= {"pk", "account_id", "role", "name", "key_id", "created_at",
                             "revoked_at"}  # fmt: skip
    assert key_items[f"KEY#{hash_key(extra.key)}"]["revoked_at"]


# --- integrity rules (issue: integrity) -----------------------------------------------------


def test_an_admin_cannot_decide_their_own_author_claim(world: World) -> None:
    # Given an admin who claims authorship of a paper
    path = f"/api/v1/papers/{PAPER}/author-claim"
    response = world.request("POST", path, {"evidence": "my paper"}, key=world.admin.key)
    assert response.status_code == 201, response.body
    for action in ("verify", "reject"):
        decide = f"/api/v1/admin/papers/{PAPER}/author-claims/{world.admin.account_id}/{action}"
        # When the same admin decides it, then it is refused and the claim stays pending
        assert_error(world.request("POST", decide, key=world.admin.key), 403, "forbidden", "own")
    from chalicelib.db import author_claims
    from chalicelib.services.papers import resolve_paper_id

    claim = author_claims.get(resolve_paper_id(PAPER), world.admin.account_id)
    assert claim is not None and claim["state"] == "pending"


def test_one_pending_claim_per_account_and_a_bounded_number_per_paper(world: World) -> None:
    from chalicelib.db import author_claims
    from chalicelib.db.author_claims import MAX_PENDING_PER_PAPER
    from chalicelib.services.papers import resolve_paper_id

    path = f"/api/v1/papers/{PAPER}/author-claim"
    claimants = [world.new_account() for _ in range(MAX_PENDING_PER_PAPER)]
    for claimant in claimants:
        response = world.request("POST", path, {"evidence": "me"}, key=claimant.key)
        assert response.status_code == 201, response.body
    # A second claim by the same account: 409, it already has a pending one
    again = world.request("POST", path, {"evidence": "me again"}, key=claimants[0].key)
    assert_error(again, 409, "claim_exists", "pending")
    # One more account past the cap: 409 that says what to do, never a 5xx
    late = world.new_account()
    refused = world.request("POST", path, {"evidence": "me"}, key=late.key)
    assert_error(refused, 409, "too_many_pending_claims", "try again once they are decided")
    # Deciding one frees a place; a rejected claimant may claim again
    reject = f"/api/v1/admin/papers/{PAPER}/author-claims/{claimants[0].account_id}/reject"
    assert world.request("POST", reject, key=world.admin.key).status_code == 200
    assert world.request("POST", path, {"evidence": "me"}, key=late.key).status_code == 201
    paper_id = resolve_paper_id(PAPER)
    assert len(author_claims.list_for_paper(paper_id)) == MAX_PENDING_PER_PAPER + 1
    # ... and the paper item holds none of them: claims never make it unwritable
    status, _ = world.get(f"/api/v1/papers/{PAPER}")
    from chalicelib.db import papers as papers_db

    assert status == 200 and "author_claims" not in (papers_db.get_paper(paper_id) or {})


def test_author_claim_evidence_is_normalised_text(world: World) -> None:
    path = f"/api/v1/papers/{PAPER}/author-claim"
    for evidence, says in (
        ("me\u200b", "zero-width"),
        ("\u202eme", "bidi"),
        (" \n ", "whitespace"),
    ):
        response = world.request("POST", path, {"evidence": evidence}, key=world.agent.key)
        assert_error(response, 422, "invalid_body", says)


def test_a_metric_claimed_on_several_datasets_needs_the_dataset(
    world: World, tmp_path: Path
) -> None:
    from chalicelib.services.ingest import ingest_files

    # Given the paper also claims Top-1 Accuracy on a second dataset
    table = imagenet_table(
        [
            {
                "paper_url": f"https://arxiv.org/abs/{PAPER}",
                "paper_title": "P",
                "metrics": {"Top-1 Accuracy": "88.0"},
                "code_links": [],
            }
        ]
    )
    table[0]["datasets"][0]["dataset"] = "ImageNet ReaL"
    path = tmp_path / "real.json"
    path.write_text(json.dumps(table))
    ingest_files(evaluation_tables=[path])
    before = stored()
    # When a submission reports that metric without naming a dataset
    response = world.submit(dataset=None)
    # Then it is refused, listing the datasets to choose from, and nothing is stored
    assert_error(response, 422, "dataset_required", "ImageNet, ImageNet ReaL")
    assert response.json_body["error"]["details"] == [
        {"field": "dataset", "choices": ["ImageNet", "ImageNet ReaL"]}
    ]
    assert stored() == before
    # Naming one, or reporting no metric, is accepted
    assert world.submit(dataset="ImageNet ReaL").status_code == 201
    assert (
        world.submit(actual_metric_name=None, actual_metric_value=None, dataset=None).status_code
        == 201
    )
