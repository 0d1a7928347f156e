"""End-to-end over HTTP against the real local stack (`python -m chalicelib.local`), started
by the test session on free ports with the bundled sample data."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
import requests

from tests.conftest import ROOT, LocalStack, free_port

pytestmark = pytest.mark.e2e


def test_paper_from_real_ogb_data(local_stack: LocalStack) -> None:
    response = requests.get(f"{local_stack.url}/api/v1/papers/2104.09376", timeout=10)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/json"
    paper = response.json()
    assert paper["arxiv_id"] == "2104.09376"
    assert paper["verification"] == "unverified" and paper["verification_score"] == 5
    assert any(row["dataset"] == "ogbn-papers100M" for row in paper["leaderboard"])


def test_sota_by_task_slug_over_http(local_stack: LocalStack) -> None:
    response = requests.get(
        f"{local_stack.url}/api/v1/sota",
        params={"task": "node-property-prediction", "sort": "score"},
        timeout=10,
    )
    assert response.status_code == 200
    body = response.json()
    assert len(body["results"]) == 20 and body["next_cursor"]
    assert {r["task"] for r in body["results"]} == {"Node Property Prediction"}


def test_errors_over_http_have_one_shape(local_stack: LocalStack) -> None:
    for path, status in [
        ("/api/v1/papers/2401.99999", 404),
        ("/api/v1/sota?limit=5", 400),
        ("/api/v1/sota?task=x&bogus=1", 400),
    ]:
        response = requests.get(local_stack.url + path, timeout=10)
        assert response.status_code == status
        assert set(response.json()["error"]) == {"code", "message", "details"}


def test_unknown_routes_answer_404_in_the_error_shape(local_stack: LocalStack) -> None:
    # Given paths no route matches, with and without an Authorization header (API Gateway and
    # chalice local answer those differently), by several methods
    for method, path, headers in [
        ("GET", "/api/v1/nope", {}),
        ("GET", "/api/v2/papers/2104.09376", {}),
        ("POST", "/api/v1/reproductions/x/y/z", {"Authorization": "Bearer sotav_x"}),
        ("DELETE", "/nothing/here?x=1", {}),
    ]:
        response = requests.request(method, local_stack.url + path, headers=headers, timeout=10)
        # Then each is a 404 in the one error shape that says where the API is described
        assert response.status_code == 404, (method, path, response.text)
        error = response.json()["error"]
        assert error["code"] == "not_found" and "/api/v1/openapi.json" in error["message"]
        assert set(error) == {"code", "message", "details"}


def test_every_documented_get_route_answers(local_stack: LocalStack) -> None:
    doc = requests.get(f"{local_stack.url}/api/v1/openapi.json", timeout=10).json()
    samples: dict[str, Any] = {
        "arxiv_id": "2104.09376",
        "reproduction_id": "rnone",
        "task": "node-property-prediction",
        "name": "docs.css",
    }
    for path, operations in doc["paths"].items():
        if "get" not in operations:
            continue
        url = local_stack.url + path.format(**samples)
        params = {
            p["name"]: "node-property-prediction"
            for p in operations["get"].get("parameters", [])
            if p["required"] and p["in"] == "query"
        }
        response = requests.get(url, params=params, timeout=10)
        expected = 404 if "{reproduction_id}" in path else 200  # no such reproduction yet
        if operations["get"].get("security"):
            expected = 401  # asked without a key
        assert response.status_code == expected, (path, response.text)


def test_the_stack_stops_cleanly_on_ctrl_c_and_starts_again() -> None:
    port, moto_port = free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOTAV_")}
    env.update({"PORT": str(port), "MOTO_PORT": str(moto_port)})
    for _ in range(2):  # the second run proves the ports were released
        process = subprocess.Popen(
            [sys.executable, "-m", "chalicelib.local", "--no-sample"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            # as in a terminal: a job started in the background inherits SIGINT ignored
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert process.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if line.startswith("Ready.") or not line:
                break
        assert requests.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
        assert process.returncode == 0, out
        assert "Stopped." in out
