"""Shared fixtures. moto is our AWS: tables are built from chalicelib/db/tables.py, the same
definitions the code and infra/ use."""

from __future__ import annotations

import importlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def nowhere() -> str:
    """A URL-fetch override to a local port nothing listens on: a URL log is then `unchecked`
    (connection refused), and no test ever reaches the internet. Tests that read URL logs
    point the fetcher at the `fake_hosts` server instead."""
    return f"https://127.0.0.1:{free_port()}"


# In-process moto: fake credentials, never a real endpoint (PLATFORM_NOTES: streams need this).
os.environ.update(
    {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled",
        "SOTAV_RESOURCE_PREFIX": "sotav-test",
        "SOTAV_UPLOADS_BUCKET": "sotav-test-uploads",
        "SOTAV_VALIDATOR_QUEUE": "sotav-test-validate",
        "POWERTOOLS_LOG_LEVEL": "WARNING",
        "SOTAV_URL_FETCH_OVERRIDE": nowhere(),
    }
)
os.environ.pop("SOTAV_AWS_ENDPOINT_URL", None)
os.environ.pop("SOTAV_URL_FETCH_CA_BUNDLE", None)


def _share_botocore_data_between_sessions() -> None:
    """Every test's moto starts with new boto3 sessions (`reset_settings` drops the cached
    clients), and each new botocore session parsed the service models again (S3's alone is
    ~0.15 s of JSON) — about a fifth of a second per test. botocore already shares what its
    loader returns between all the clients of a session (`instance_cache`); here the same
    objects are shared between the sessions of this test process, keyed by the search path
    too. Only how often the files are parsed changes, not what any client is built from."""
    from botocore import loaders

    shared: dict[tuple[Any, ...], Any] = {}

    def sharing(name: str) -> None:
        load = getattr(loaders.Loader, name)

        def shared_load(self: Any, *args: Any, **kwargs: Any) -> Any:
            key = (name, tuple(self.search_paths), args, tuple(sorted(kwargs.items())))
            if key not in shared:
                shared[key] = load(self, *args, **kwargs)
            return shared[key]

        setattr(loaders.Loader, name, shared_load)

    for name in ("load_service_model", "load_data_with_path"):
        sharing(name)


_share_botocore_data_between_sessions()


@dataclass
class AwsStack:
    resources: Any
    app: Any
    pump: Any


@dataclass(frozen=True)
class SavedState:
    """moto's backends pickled by chalicelib.local.persistence (what `make run` keeps between
    starts) and the event pump's stream checkpoints at that moment."""

    payload: bytes
    checkpoints: dict[str, dict[str, str]]


@contextmanager
def moto_stack(saved: SavedState | None = None) -> Iterator[AwsStack]:
    """Fresh in-process moto with every table, bucket and queue, plus the app wired to its
    streams and an event pump; with `saved`, moto starts from that state instead of empty (as
    `make run` restores its data folder) and the pump resumes where the saving one stopped."""
    from moto import mock_aws

    from chalicelib.local.bootstrap import create_resources
    from chalicelib.local.moto_state import install_state
    from chalicelib.local.pump import EventPump
    from chalicelib.settings import reset_settings

    with mock_aws():
        reset_settings()
        if saved is not None:
            install_state(saved.payload)
        resources = create_resources()  # creates only what a saved state lacks
        os.environ["SOTAV_PAPERS_STREAM_ARN"] = resources.papers_stream_arn
        os.environ["SOTAV_REPRODUCTIONS_STREAM_ARN"] = resources.reproductions_stream_arn
        reset_settings()
        app_module = (
            importlib.reload(sys.modules["app"])
            if "app" in sys.modules
            else (importlib.import_module("app"))
        )
        pump = EventPump(
            app_module.app,
            stream_failure_queue_url=resources.stream_failures_queue_url,
            checkpoints=saved.checkpoints if saved else None,
        )
        yield AwsStack(resources=resources, app=app_module.app, pump=pump)
    reset_settings()


def load_sample(stack: AwsStack) -> AwsStack:
    from chalicelib.services.ingest import ingest_files

    ingest_files(evaluation_tables=sorted(SAMPLE.glob("*.json")))
    stack.pump.drain(timeout=300)  # generous: the 2 cores are shared with other test runs
    return stack


_sample_state: list[SavedState] = []


def sample_state() -> SavedState:
    """The bundled sample ingested and recomputed, once per test process (about 40 s of moto
    work); every later sample stack starts from a copy of it in about a second."""
    if not _sample_state:
        from chalicelib.local.moto_state import capture_state

        with moto_stack() as stack:
            load_sample(stack)
            _sample_state.append(SavedState(capture_state(), stack.pump.checkpoints()))
    return _sample_state[0]


@pytest.fixture
def aws(request: pytest.FixtureRequest) -> Iterator[AwsStack]:
    """A fresh moto; for a test that also asks for `sample_loaded`, one holding the sample."""
    saved = sample_state() if "sample_loaded" in request.fixturenames else None
    with moto_stack(saved) as stack:
        yield stack


@pytest.fixture(scope="module")
def sample_stack() -> Iterator[AwsStack]:
    """Read-only tests share one moto with the bundled sample ingested and recomputed."""
    with moto_stack(sample_state()) as stack:
        yield stack


class CallCounter:
    """Counts AWS API calls per service/operation through a botocore event hook."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()

    def __call__(self, event_name: str, **_: Any) -> None:
        # event_name: before-call.<service>.<Operation>
        _, service, operation = event_name.split(".", 2)
        self.calls[f"{service}.{operation}"] += 1

    def total(self, service: str) -> int:
        return sum(n for key, n in self.calls.items() if key.startswith(service + "."))

    def reset(self) -> None:
        self.calls.clear()


@pytest.fixture
def aws_calls(aws: AwsStack) -> Iterator[CallCounter]:
    from chalicelib.db import aws as clients

    counter = CallCounter()
    hooked = [clients.client(name) for name in ("dynamodb", "s3", "sqs")]
    for client in hooked:
        client.meta.events.register("before-call", counter)
    yield counter
    for client in hooked:
        client.meta.events.unregister("before-call", counter)


@pytest.fixture
def sample_loaded(aws: AwsStack) -> AwsStack:
    """The bundled Papers-with-Code sample ingested and recomputed, in the test's own moto
    (`aws` starts from the sample state when a test asks for this fixture)."""
    return aws


@contextmanager
def test_client(stack: AwsStack) -> Iterator[Any]:
    from chalice.test import Client

    from chalicelib.settings import get_settings

    get_settings()  # cached before the test client swaps os.environ for the stage config
    with Client(stack.app, stage_name="dev") as client:
        yield client


@pytest.fixture
def api(aws: AwsStack) -> Iterator[Any]:
    with test_client(aws) as client:
        yield client


@pytest.fixture(scope="module")
def sample_api(sample_stack: AwsStack) -> Iterator[Any]:
    with test_client(sample_stack) as client:
        yield client


def imagenet_table(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An evaluation-tables.json document (Papers-with-Code TaskDB format) with one task,
    Image Classification, and one dataset, ImageNet, ranked by Top-1 Accuracy."""
    dataset = {
        "dataset": "ImageNet",
        "dataset_citations": [],
        "dataset_links": [],
        "description": "",
        "sota": {"metrics": ["Top-1 Accuracy", "Top-5 Accuracy"], "rows": rows},
        "subdatasets": [],
    }
    return [
        {
            "categories": [],
            "datasets": [dataset],
            "description": "",
            "source_link": None,
            "subtasks": [],
            "synonyms": [],
            "task": "Image Classification",
        }
    ]


# --- hosts of URL run logs, locally -----------------------------------------------------------


@pytest.fixture(scope="session")
def fake_hosts_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One local HTTPS server per test process standing in for GitHub raw, Hugging Face and
    W&B (tests/fake_hosts.py); tests add the files and runs they read."""
    from tests.fake_hosts import fake_hosts

    with fake_hosts(tmp_path_factory.mktemp("fake-hosts")) as hosts:
        yield hosts


@pytest.fixture
def fake_hosts(fake_hosts_server: Any) -> Iterator[Any]:
    """The in-process fetcher pointed at the fake hosts for one test."""
    from chalicelib.settings import reset_settings

    before = {var: os.environ.get(var) for var in fake_hosts_server.env()}
    os.environ.update(fake_hosts_server.env())
    reset_settings()
    try:
        yield fake_hosts_server
    finally:
        for var, value in before.items():
            if value is None:
                os.environ.pop(var, None)
            else:
                os.environ[var] = value
        reset_settings()


# --- the real local stack over HTTP (end-to-end) -------------------------------------------


@dataclass
class LocalStack:
    url: str
    moto_port: int
    process: subprocess.Popen[str]
    output: list[str]

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "MOTO_PORT": str(self.moto_port)}
        for var in ("SOTAV_RESOURCE_PREFIX", "SOTAV_UPLOADS_BUCKET", "SOTAV_VALIDATOR_QUEUE"):
            env.pop(var, None)
        return subprocess.run(
            [sys.executable, "-m", "chalicelib.cli", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=check,
            timeout=120,
        )


@contextmanager
def spawn_stack(
    *args: str, env: dict[str, str] | None = None, sample: bool = False, ready_timeout: float = 60
) -> Iterator[LocalStack]:
    """`python -m chalicelib.local [--no-sample] *args` on free ports, with extra environment;
    stopped with SIGTERM, which it handles like Ctrl-C (a background job, such as a CI step,
    may inherit SIGINT ignored)."""
    port, moto_port = free_port(), free_port()
    child_env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("SOTAV_") and k != "AWS_ACCOUNT_ID_ENDPOINT_MODE"
    }
    child_env.update(
        {
            "PORT": str(port),
            "MOTO_PORT": str(moto_port),
            "PYTHONUNBUFFERED": "1",
            "SOTAV_URL_FETCH_OVERRIDE": nowhere(),  # URL logs: never the internet
            **(env or {}),
        }
    )
    command = [sys.executable, "-m", "chalicelib.local", *([] if sample else ["--no-sample"])]
    process = subprocess.Popen(
        [*command, *args],
        cwd=ROOT,
        env=child_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    output: list[str] = []
    assert process.stdout is not None
    deadline = time.monotonic() + ready_timeout
    try:
        while True:
            line = process.stdout.readline()
            if not line and process.poll() is not None:
                raise RuntimeError("local stack exited early:\n" + "".join(output))
            output.append(line)
            if line.startswith("Ready."):
                break
            if time.monotonic() > deadline:
                raise RuntimeError("local stack did not get ready:\n" + "".join(output))

        def keep_reading() -> None:  # a full pipe would block the server
            assert process.stdout is not None
            for rest in process.stdout:
                output.append(rest)

        threading.Thread(target=keep_reading, daemon=True).start()
        yield LocalStack(f"http://127.0.0.1:{port}", moto_port, process, output)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            print("local stack did not stop within 20 s; killed. Its last lines:", file=sys.stderr)
            print("".join(output[-30:]), file=sys.stderr)
            process.kill()
            process.wait(timeout=5)


def wait_for(fetch: Callable[[], Any], done: Callable[[Any], bool], timeout: float = 20) -> Any:
    """fetch() until done(value) or the timeout; the last value either way."""
    deadline = time.monotonic() + timeout
    while True:
        value = fetch()
        if done(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def validated(stack: LocalStack, reproduction_id: str) -> dict[str, Any]:
    """The reproduction once its validator has run (within about a second)."""
    import requests

    return dict(
        wait_for(
            lambda: requests.get(
                f"{stack.url}/api/v1/reproductions/{reproduction_id}", timeout=10
            ).json(),
            lambda r: r["validation"]["state"] != "pending",
        )
    )


@pytest.fixture(scope="session")
def local_stack(fake_hosts_server: Any) -> Iterator[LocalStack]:
    """`python -m chalicelib.local` on free ports, with the sample data, as `make run` runs it;
    its validator reads URL logs from the fake hosts (the stack reads its settings from the
    environment it starts with)."""
    with spawn_stack(sample=True, ready_timeout=180, env=fake_hosts_server.env()) as stack:
        yield stack
