"""HTTP conventions over real HTTP against the local stack (`chalice local` serving the app,
as `make run` does): CORS preflights, HEAD, 304, the health check, discovery, and an agent's
own view with the submission quota's RateLimit headers."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from tests.browser.conftest import create_account
from tests.conftest import LocalStack

pytestmark = pytest.mark.e2e

ORIGIN = "https://agent.example"


def test_preflights_allow_any_origin_on_the_api_and_none_on_the_cookie_pages(
    local_stack: LocalStack,
) -> None:
    for path, method in (
        ("/api/v1/reproductions", "POST"),
        ("/api/v1/sota", "GET"),
        ("/api/v1/me", "GET"),
        ("/api/v1/reproductions/r1/promote", "POST"),
    ):
        response = requests.options(
            local_stack.url + path,
            headers={
                "Origin": ORIGIN,
                "Access-Control-Request-Method": method,
                "Access-Control-Request-Headers": "authorization,content-type,idempotency-key",
            },
            timeout=10,
        )
        assert response.status_code == 200, path
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert method in response.headers["Access-Control-Allow-Methods"].split(",")
        allowed = {h.lower() for h in response.headers["Access-Control-Allow-Headers"].split(",")}
        assert {"authorization", "content-type", "idempotency-key", "if-none-match"} <= allowed
        assert "Access-Control-Allow-Credentials" not in response.headers
    for path in ("/review", "/login", "/review/decide", "/logout", "/"):
        response = requests.options(
            local_stack.url + path,
            headers={"Origin": ORIGIN, "Access-Control-Request-Method": "POST"},
            timeout=10,
        )
        assert "Access-Control-Allow-Origin" not in response.headers, path
    page = requests.get(f"{local_stack.url}/review", headers={"Origin": ORIGIN}, timeout=10)
    assert "Access-Control-Allow-Origin" not in page.headers


def test_head_and_conditional_gets_over_http(local_stack: LocalStack) -> None:
    url = f"{local_stack.url}/api/v1/papers/2104.09376"
    got = requests.get(url, headers={"Origin": ORIGIN}, timeout=10)
    assert got.headers["Access-Control-Allow-Origin"] == "*"
    head = requests.head(url, timeout=10)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["Content-Length"] == str(len(got.content))
    assert head.headers["ETag"] == got.headers["ETag"]
    again = requests.get(url, headers={"If-None-Match": got.headers["ETag"]}, timeout=10)
    assert again.status_code == 304 and again.content == b""
    assert again.headers["ETag"] == got.headers["ETag"]
    assert again.headers["Cache-Control"] == "public, max-age=30"
    # the same connection goes on working after bodiless answers
    with requests.Session() as session:
        for _ in range(3):
            assert session.head(url, timeout=10).status_code == 200
            assert (
                session.get(
                    url, headers={"If-None-Match": got.headers["ETag"]}, timeout=10
                ).status_code
                == 304
            )
            assert session.get(url, timeout=10).json()["arxiv_id"] == "2104.09376"
    assert requests.head(f"{local_stack.url}/", timeout=10).status_code == 200


def test_health_and_discovery_over_http(local_stack: LocalStack) -> None:
    health = requests.get(f"{local_stack.url}/api/v1/health", timeout=10)
    assert health.status_code == 200 and health.json()["status"] == "ok"
    tasks = requests.get(f"{local_stack.url}/api/v1/tasks", params={"limit": 100}, timeout=10)
    assert "node-property-prediction" in {t["slug"] for t in tasks.json()["results"]}
    task = requests.get(f"{local_stack.url}/api/v1/tasks/Node Property Prediction", timeout=10)
    assert task.status_code == 200 and len(task.json()["datasets"]) == 5
    found = requests.get(f"{local_stack.url}/api/v1/papers", params={"q": "FLAG"}, timeout=10)
    assert "2010.09891" in {p["arxiv_id"] for p in found.json()["results"]}
    unknown = requests.get(
        f"{local_stack.url}/api/v1/sota", params={"task": "node property predction"}, timeout=10
    )
    assert unknown.status_code == 404
    assert unknown.json()["error"]["details"][0]["did_you_mean"][0] == "Node Property Prediction"


def test_an_agent_sees_its_quota_runs_and_reproductions(local_stack: LocalStack) -> None:
    agent = create_account(local_stack, "agent", "e2e-me")
    auth = {"Authorization": f"Bearer {agent['key']}"}
    me = requests.get(f"{local_stack.url}/api/v1/me", headers=auth, timeout=10).json()
    limit = me["submission_quota"]["limit"]
    run = requests.post(
        f"{local_stack.url}/api/v1/runs",
        json={"paper_id": "2010.09891", "memoryless": True},
        headers=auth,
        timeout=10,
    ).json()
    submitted = requests.post(
        f"{local_stack.url}/api/v1/reproductions",
        json={
            "paper_id": "2010.09891",
            "run_id": run["run_id"],
            "tier_claimed": 2,
            "hardware_spec": "1x A100 80GB",
            "run_log_url": "Test Accuracy: 0.8190",
            "actual_metric_name": "Test Accuracy",
            "actual_metric_value": 0.819,
            "dataset": "ogbn-products",
        },
        headers={**auth, "Origin": ORIGIN},
        timeout=10,
    )
    assert submitted.status_code == 201
    headers: Any = submitted.headers
    assert headers["RateLimit-Limit"] == str(limit)
    assert headers["RateLimit-Remaining"] == str(limit - 1)
    assert 1 <= int(headers["RateLimit-Reset"]) <= 3600
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert "RateLimit-Remaining" in headers["Access-Control-Expose-Headers"]
    me = requests.get(f"{local_stack.url}/api/v1/me", headers=auth, timeout=10).json()
    assert me["submission_quota"]["remaining"] == limit - 1
    assert me["active_runs"] == []  # the run was used by the submission: no longer active
    mine = requests.get(f"{local_stack.url}/api/v1/me/reproductions", headers=auth, timeout=10)
    assert [r["reproduction_id"] for r in mine.json()["results"]] == [
        submitted.json()["reproduction_id"]
    ]
    runs = requests.get(f"{local_stack.url}/api/v1/me/runs", headers=auth, timeout=10).json()
    assert (
        runs["results"][0]["reproduction"]["reproduction_id"] == submitted.json()["reproduction_id"]
    )


def _raw_http(local_stack: LocalStack, head: str, body: bytes = b"") -> tuple[int, dict[str, Any]]:
    """One request as written (requests would fix its framing); the status and JSON body."""
    import json
    import socket
    from urllib.parse import urlsplit

    address = urlsplit(local_stack.url)
    with socket.create_connection((address.hostname, address.port), timeout=30) as connection:
        connection.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    status_line, _, rest = received.partition(b"\r\n")
    payload = rest.partition(b"\r\n\r\n")[2]
    return int(status_line.split()[1]), json.loads(payload)


@pytest.mark.parametrize(
    ("length", "status", "says"),
    [
        ("abc", 400, "is not a number of bytes"),
        ("-1", 400, "is not a number of bytes"),
        (str(11 * 1024 * 1024), 413, "over 10,485,760 bytes"),
    ],
)
def test_a_content_length_the_server_cannot_read_is_answered(
    local_stack: LocalStack, length: str, status: int, says: str
) -> None:
    """Chalice's local server crashed its handler thread on `Content-Length: abc` (the client
    got no response at all) and would read any length into memory (API Gateway refuses
    bodies over 10 MiB)."""
    head = (
        "POST /api/v1/reproductions HTTP/1.1\nHost: x\nConnection: close\n"
        f"Content-Type: application/json\nContent-Length: {length}\n"
    )
    got, body = _raw_http(local_stack, head, b"{}")
    assert got == status, body
    assert says in body["error"]["message"]


def test_a_chunked_body_reaches_the_app_decoded(local_stack: LocalStack) -> None:
    """API Gateway decodes a chunked request body; Chalice's local server read only
    Content-Length, so the app got no body ("the request body is empty")."""
    agent = create_account(local_stack, "agent", "e2e-chunked")
    parts = iter([b'{"paper_id": ', b'"2010.09891", "hardware_spec": 5}'])
    response = requests.post(
        f"{local_stack.url}/api/v1/reproductions",
        data=parts,  # a generator: requests sends it chunked
        headers={"Authorization": f"Bearer {agent['key']}", "Content-Type": "application/json"},
        timeout=10,
    )
    assert response.request.headers.get("Transfer-Encoding") == "chunked"
    assert response.status_code == 422, response.text
    assert {d["field"] for d in response.json()["error"]["details"]} >= {"hardware_spec"}
    head = (
        "POST /api/v1/reproductions HTTP/1.1\nHost: x\nConnection: close\n"
        "Transfer-Encoding: chunked\nContent-Type: application/json\n"
    )
    got, body = _raw_http(local_stack, head, b"zz\r\n{}\r\n0\r\n\r\n")
    assert got == 400 and "is not a chunk size" in body["error"]["message"], body
