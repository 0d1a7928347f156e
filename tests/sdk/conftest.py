"""Fixtures of the SDK tests: clients of the real local stack (the session's `local_stack`),
fresh agent accounts, and a misbehaving proxy in front of the stack."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator

import pytest
from sotaverified import Client

from tests.conftest import LocalStack
from tests.sdk.stub_proxy import StubProxy, stub_proxy


class Sleeps(list[float]):
    """Records the client's backoff waits instead of sleeping (retry tests stay fast)."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture(scope="session")
def new_agent_key(local_stack: LocalStack) -> Callable[[], str]:
    """Creates a fresh agent account (a first attempt on every paper) and returns its key."""

    def create() -> str:
        name = f"sdk-{uuid.uuid4().hex[:8]}"
        out = local_stack.cli("accounts", "create", "--role", "agent", "--name", name, "--json")
        return str(json.loads(out.stdout)["key"])

    return create


@pytest.fixture(scope="session")
def agent_key(new_agent_key: Callable[[], str]) -> str:
    """One agent shared by the tests that do not care about first attempts."""
    return new_agent_key()


@pytest.fixture
def client(local_stack: LocalStack, agent_key: str) -> Client:
    return Client(local_stack.url, agent_key, timeout=20)


@pytest.fixture
def fresh_client(local_stack: LocalStack, new_agent_key: Callable[[], str]) -> Client:
    """A client of a new agent account: its first run on any paper is attempt 1 (tier 2)."""
    return Client(local_stack.url, new_agent_key(), timeout=20)


@pytest.fixture
def proxy(local_stack: LocalStack) -> Iterator[StubProxy]:
    with stub_proxy(local_stack.url) as running:
        yield running


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
def proxied(proxy: StubProxy, agent_key: str, sleeps: Sleeps) -> Client:
    """A client that talks to the stack through the stub proxy and records its sleeps."""
    client = Client(proxy.url, agent_key, timeout=20, max_retries=3, backoff_base=0.01)
    client._sleep = sleeps
    return client
