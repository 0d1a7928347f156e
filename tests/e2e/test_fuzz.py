"""Schemathesis against the local stack's own OpenAPI document: every operation with all
default checks (no 5xx, status codes, content types, headers and bodies as documented, valid
data accepted, invalid data rejected, auth not ignored ...), then stateful sequences that
follow the document's links (submit -> get / promote / reject ...).

Its own stack (tests/e2e/own_stack.py) with quotas high enough for a fuzzer. Bounded: a few
examples per operation by default, many more with SOTAV_LONG_TESTS=1.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from chalicelib.api.models import (
    LOG_URL_PATTERN,
    PAPER_REFERENCE_PATTERN,
    RUN_LOG_PATTERN,
    WHITESPACE,
)
from chalicelib.domain.urls import RunLogError, canonical_log_url, parse_run_log
from chalicelib.services.papers import resolve_paper_id
from tests.conftest import LocalStack, spawn_stack
from tests.e2e import regex_strategy_cache
from tests.e2e.own_stack import (
    LONG,
    account,
    ingest,
    paper_row,
    wait_recomputed,
    write_tables,
)

pytestmark = pytest.mark.e2e

MAX_EXAMPLES = 200 if LONG else 10
STATEFUL_EXAMPLES = 100 if LONG else 8
PAPERS = ["2401.00001", "2401.00002"]
REVIEW_PATHS = ("/promote", "/reject")


@dataclass
class FuzzEnv:
    stack: LocalStack


@pytest.fixture(scope="module")
def fuzz_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FuzzEnv]:
    quotas = {"SOTAV_SUBMISSIONS_PER_HOUR": "1000000", "SOTAV_MAX_ACTIVE_RUNS": "1000000"}
    with spawn_stack(env=quotas) as stack:
        tables = write_tables(
            Path(tmp_path_factory.mktemp("fuzz")) / "evaluation-tables.json",
            [
                paper_row(PAPERS[0], "Fuzz Net A", 84.1, "https://github.com/example/fuzz-a"),
                paper_row(PAPERS[1], "Fuzz Net B", 80.5, "https://github.com/example/fuzz-b"),
            ],
        )
        with ThreadPoolExecutor(4) as pool:  # CLI processes: ~2 s each, run side by side
            ingested = pool.submit(ingest, stack, tables)
            roles = ("agent", "reviewer", "admin")
            created = pool.map(lambda role: account(stack, role, f"fuzz-{role}"), roles)
            KEYS.update({role: new["key"] for role, new in zip(roles, created, strict=True)})
            ingested.result()
        wait_recomputed(stack, PAPERS)
        yield FuzzEnv(stack)
        KEYS.clear()


def _document() -> dict[str, Any]:
    """The OpenAPI document, generated as the server generates it. The schema must exist at
    collection time (schemathesis' `from_fixture` does not work with pytest 9.2), so it is
    built here and `test_served_document_is_the_tested_one` proves the live stack serves
    exactly this document."""
    import app  # noqa: F401  (registers every endpoint)
    from chalicelib.api.openapi import build_openapi

    return build_openapi()


KEYS: dict[str, str] = {}  # role -> key, filled by the `fuzz_env` fixture
regex_strategy_cache.install()  # before Schemathesis builds its strategies, at collection
schema = schemathesis.openapi.from_dict(_document())


@schema.auth.auth(refresh_interval=None)
class BearerKeys:
    """The agent key in general, a reviewer key for promote/reject, the admin key for admin
    operations."""

    def get(self, case: Any, context: Any) -> str:
        if "/admin/" in case.path:
            return KEYS.get("admin", "")
        return KEYS.get("reviewer" if case.path.endswith(REVIEW_PATHS) else "agent", "")

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


def test_served_document_is_the_tested_one(fuzz_env: FuzzEnv) -> None:
    served = requests.get(f"{fuzz_env.stack.url}/api/v1/openapi.json", timeout=10)
    assert served.status_code == 200
    # the same document, with the URL it was served from as its server
    servers = [{"url": fuzz_env.stack.url, "description": "this deployment"}]
    assert served.json() == {**_document(), "servers": servers}


def _excused(case: Any, response: Any) -> list[Any]:
    """Page cursors are opaque tokens the server issues (README: "a cursor is valid only for
    the query that produced it"); no schema can describe which strings are live cursors, so
    a generated one is refused with the documented 400. For that response only,
    `positive_data_acceptance` is not asked; every other check still runs."""
    from schemathesis.specs.openapi.checks import positive_data_acceptance

    if (
        response.status_code == 400
        and "cursor" in (case.query or {})
        and "cursor is not valid" in response.json()["error"]["message"]
    ):
        return [positive_data_acceptance]
    return []


def _rng_for(case: Any) -> random.Random:
    return random.Random(repr(case.body) + repr(case.path_parameters))


def _known_papers(case: Any, rng: random.Random) -> None:
    """Most generated paper ids do not exist (404, fine); in positive cases, point some at
    real papers so that the write paths behind the 404 get exercised too."""
    if case.meta is None or case.meta.generation.mode != GenerationMode.POSITIVE:
        return
    if isinstance(case.body, dict) and "paper_id" in case.body and rng.random() < 0.7:
        case.body["paper_id"] = rng.choice(PAPERS)
    if case.path_parameters and "arxiv_id" in case.path_parameters and rng.random() < 0.5:
        case.path_parameters["arxiv_id"] = rng.choice(PAPERS)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Give each operation's test its own node id. pytest 9.2 derives a node id from the
    function's original name and its parameters only, so the items schemathesis makes per
    operation all had the same id, and pytest-xdist (`make test` runs on 2 workers) ran just
    one of them. Schemathesis calls this hook for each operation it makes a test of."""
    from schemathesis.generation.hypothesis.builder import ApiOperationMark

    operation = ApiOperationMark.get(metafunc.function)
    if operation is not None and "operation_label" in metafunc.fixturenames:
        metafunc.parametrize("operation_label", [operation.label], ids=[operation.label])


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=not LONG,
)
def test_every_operation_meets_its_documentation(
    case: Any, fuzz_env: FuzzEnv, operation_label: str
) -> None:
    assert case.operation.label == operation_label
    _known_papers(case, _rng_for(case))
    response = case.call(base_url=fuzz_env.stack.url)
    case.validate_response(
        response,
        excluded_checks=_excused(case, response),
        transport_kwargs={"base_url": fuzz_env.stack.url},
    )


STATEFUL_OPERATIONS = (
    "/api/v1/reproductions",
    "/api/v1/reproductions/{reproduction_id}",
    "/api/v1/reproductions/{reproduction_id}/promote",
    "/api/v1/reproductions/{reproduction_id}/reject",
)


def _review_workflow_schema(base_url: str) -> Any:
    """The document narrowed to submit, get, promote and reject, for the stateful run.

    Schemathesis starts its sequences at "root" operations. It takes POSTs whose outputs
    feed links as roots, preferring those whose inputs look producible (by its naming
    heuristics a submission's `paper_id` is not: no operation creates papers), so with the
    full document it started at promote/reject with random ids. Here promote and reject keep
    their incoming links but lose their outgoing ones, so the sequences start at a submission
    and follow its links: submit -> get / promote / reject, get -> promote / reject."""
    document = _document()
    paths = {path: document["paths"][path] for path in STATEFUL_OPERATIONS}
    kept = {op["operationId"] for ops in paths.values() for op in ops.values()}
    for path, operations in paths.items():
        for operation in operations.values():
            for response in operation["responses"].values():
                links = {
                    name: link
                    for name, link in response.pop("links", {}).items()
                    if link["operationId"] in kept and path in STATEFUL_OPERATIONS[:2]
                }
                if links:
                    response["links"] = links
    narrowed = schemathesis.openapi.from_dict({**document, "paths": paths})
    narrowed.config.update(base_url=base_url)
    narrowed.auth.auth(refresh_interval=None)(BearerKeys)
    return narrowed


def test_stateful_links_submit_get_promote(fuzz_env: FuzzEnv) -> None:
    state_machine = _review_workflow_schema(fuzz_env.stack.url).as_state_machine()
    calls: Counter[tuple[str, int]] = Counter()

    class Machine(state_machine):  # type: ignore[misc,valid-type]
        def before_call(self, case: Any) -> None:
            _known_papers(case, _rng_for(case))  # the same case, the same paper: replayable

        def after_call(self, response: Any, case: Any) -> None:
            super().after_call(response, case)
            calls[(f"{case.method} {case.operation.path}", response.status_code)] += 1

        def validate_response(
            self, response: Any, case: Any, additional_checks: Any = None, **kwargs: Any
        ) -> None:
            case.validate_response(
                response,
                additional_checks=additional_checks,
                excluded_checks=_excused(case, response),
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )

    Machine.run(
        settings=settings(
            max_examples=STATEFUL_EXAMPLES,
            stateful_step_count=8,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=not LONG,
        )
    )
    # The sequences really went through the links: created, read back, decided.
    assert calls[("POST /api/v1/reproductions", 201)] > 0, calls
    assert calls[("GET /api/v1/reproductions/{reproduction_id}", 200)] > 0, calls
    decided = [(op, status) for (op, status) in calls if op.endswith(("/promote", "/reject"))]
    assert {200, 409} & {status for _, status in decided}, calls


# --- what the document promises, checked without a stack ------------------------------------


@given(st.from_regex(PAPER_REFERENCE_PATTERN, fullmatch=True))
@settings(max_examples=100, deadline=None)
def test_every_documented_paper_reference_is_accepted(reference: str) -> None:
    """The `arxiv_id` path parameter's and the `paper_id` fields' pattern (OpenAPI) never
    describes an id the server refuses as malformed (which would be a 400)."""
    assert resolve_paper_id(reference)


@given(st.from_regex(LOG_URL_PATTERN, fullmatch=True).filter(lambda url: len(url) <= 2048))
@settings(max_examples=100, deadline=None)
def test_every_documented_workspace_url_is_accepted(url: str) -> None:
    """`workspace.repo_url`'s pattern (OpenAPI) describes only URLs the server accepts."""
    assert canonical_log_url(url)


@given(st.from_regex(RUN_LOG_PATTERN, fullmatch=True).filter(lambda text: len(text) <= 10_000))
@settings(max_examples=100, deadline=None)
def test_documented_pasted_output_is_never_refused_as_empty_or_binary(text: str) -> None:
    """`run_log_url`'s pattern: not only whitespace, no NUL. (A value that looks like a URL
    must also pass the URL rules, which no pattern describes: the fuzzer's strings do not
    look like URLs.)"""
    try:
        parse_run_log(text)
    except RunLogError as exc:
        assert "is empty" not in str(exc) and "NUL" not in str(exc)


def test_the_documented_whitespace_is_pythons() -> None:
    whitespace = re.compile(f"[{WHITESPACE}]")
    assert [c for c in map(chr, range(0x30000)) if bool(whitespace.match(c)) != c.isspace()] == []


@pytest.mark.parametrize("number", [1.0, 2.0, 3.0])
def test_integral_numbers_are_integers(number: float) -> None:
    """JSON Schema's `integer` (the document's type for tier_claimed and the replay log's
    counts) includes 1.0; the server takes it as 1. A fraction is still refused."""
    from chalicelib.api.models import ReproductionSubmission
    from chalicelib.domain.replay import ReplayLog

    body = {"paper_id": "2401.00001", "hardware_spec": "x", "run_log_url": "acc: 1"}
    assert ReproductionSubmission.model_validate(
        {**body, "tier_claimed": number}
    ).tier_claimed == int(number)
    step = {"type": "llm_call", "ts": "2024-05-01T12:00:00Z", "model": "m", "duration_ms": number}
    log = ReplayLog.model_validate({"steps": [{**step, "input_tokens": 5.0, "output_tokens": 0}]})
    assert log.steps[0]["duration_ms"] == int(number)
    with pytest.raises(ValueError, match="tier_claimed"):
        ReproductionSubmission.model_validate({**body, "tier_claimed": number + 0.5})
