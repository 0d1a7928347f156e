"""Forged or edited page cursors answer 400 `invalid_cursor` on every paged endpoint and page,
never a 5xx (issue: integrity, point 15).

A cursor is base64 of `{"k": <start key>, "f": <query fingerprint>}`. The fingerprint is
derivable by anyone who reads the source, so the tests forge cursors that carry the right
fingerprint and change only the start key: the server must check every key attribute itself.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest

from chalicelib.services.accounts import create_account
from tests.conftest import AwsStack, imagenet_table, moto_stack
from tests.conftest import test_client as client_for
from tests.integration.cursor_forgeries import decode as _decode
from tests.integration.cursor_forgeries import encode as _encode
from tests.integration.cursor_forgeries import forgeries as _forgeries

PAPERS = ("2401.20001", "2401.20002", "2401.20003")


@pytest.fixture(scope="module")
def world() -> Iterator[tuple[AwsStack, Any, str]]:
    """Three ImageNet papers with official code; two agents with submissions on the first
    (one promoted, the others pending or failed), so that every list has two pages."""
    import tempfile
    from pathlib import Path

    from chalicelib.services.ingest import ingest_files

    rows = [
        {
            "paper_url": f"https://arxiv.org/abs/{arxiv_id}",
            "paper_title": f"Paper {arxiv_id}",
            "paper_date": f"2024-01-{10 + i}",
            "metrics": {"Top-1 Accuracy": "84.1"},
            "code_links": [{"title": "code", "url": f"https://github.com/x/{arxiv_id}"}],
        }
        for i, arxiv_id in enumerate(PAPERS)
    ]
    with moto_stack() as stack, tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tables.json"
        path.write_text(json.dumps(imagenet_table(rows)))
        ingest_files(evaluation_tables=[path])
        stack.pump.drain(timeout=60)
        reviewer = create_account("reviewer", "rita").key
        agents = [create_account("agent", f"agent-{i}").key for i in range(2)]
        with client_for(stack) as api:
            ids = []
            # (key, printed, claimed): the third claims a value its log does not show, so its
            # validation fails and it counts as a decided (lost) match for the agents board
            submissions = (
                (agents[0], 84.02, 84.02),
                (agents[1], 84.0, 84.0),
                (agents[1], 84.0, 50),
            )
            for n, (key, printed, claimed) in enumerate(submissions):
                body = {
                    "paper_id": PAPERS[0],
                    "tier_claimed": 3,
                    "hardware_spec": f"{n + 1}x A100 80GB",
                    "run_log_url": f" * Acc@1 {printed:.3f} Acc@5 96.880",
                    "actual_metric_name": "Top-1 Accuracy",
                    "actual_metric_value": claimed,
                }
                response = api.http.post(
                    "/api/v1/reproductions",
                    body=json.dumps(body),
                    headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
                )
                assert response.status_code == 201, response.body
                ids.append(json.loads(response.body)["reproduction_id"])
            stack.pump.drain(timeout=60)
            promoted = api.http.post(
                f"/api/v1/reproductions/{ids[0]}/promote",
                headers={"Authorization": f"Bearer {reviewer}"},
            )
            assert promoted.status_code == 200, promoted.body
            stack.pump.drain(timeout=60)
            yield stack, api, reviewer


PAGED = [
    "/api/v1/sota?task=image-classification&limit=1",
    "/api/v1/sota?task=image-classification&limit=1&sort=date",
    "/api/v1/sota?task=image-classification&dataset=imagenet&limit=1",
    "/api/v1/sota?task=image-classification&dataset=imagenet&limit=1&sort=date",
    "/api/v1/sota?task=image-classification&limit=1&min_score=5",
    "/api/v1/sota?task=image-classification&limit=1&sort=date&min_score=5&trust_tier=0",
    f"/api/v1/papers/{PAPERS[0]}/reproductions?limit=1",
    "/api/v1/review/pending?limit=1",
    "/api/v1/queue?limit=1",
    "/api/v1/queue?task=image-classification&limit=1",
    "/api/v1/agents?limit=1",
]


def _real_cursor(api: Any, path: str) -> str:
    response = api.http.get(path)
    assert response.status_code == 200, (path, response.body)
    cursor = json.loads(response.body)["next_cursor"]
    assert cursor, f"{path} has a single page; the world needs more rows"
    return str(cursor)


@pytest.mark.parametrize("path", PAGED)
def test_forged_cursors_answer_400_invalid_cursor(
    world: tuple[AwsStack, Any, str], path: str
) -> None:
    _, api, _ = world
    # Given a real cursor of this query
    real = _real_cursor(api, path)
    assert api.http.get(f"{path}&cursor={real}").status_code == 200
    failures = []
    for what, forged in _forgeries(real):
        # When the cursor is edited or forged
        response = api.http.get(f"{path}&cursor={forged}")
        body = json.loads(response.body)
        # Then the answer is 400 invalid_cursor, never a 5xx or a page of results
        if response.status_code != 400 or body.get("error", {}).get("code") != "invalid_cursor":
            failures.append((what, response.status_code, body))
    assert failures == [], [f[:2] for f in failures]


def test_a_sort_key_below_the_min_score_floor_is_refused(world: tuple[AwsStack, Any, str]) -> None:
    _, api, _ = world
    path = "/api/v1/sota?task=image-classification&limit=1&min_score=5"
    payload = _decode(_real_cursor(api, path))
    # Given the real cursor with a score key under the query's floor of 5 points
    payload["k"]["score_key"] = "000001" + payload["k"]["score_key"][6:]
    # Then it is refused, not passed to DynamoDB (which would refuse it with a 400-class error)
    response = api.http.get(f"{path}&cursor={_encode(payload)}")
    assert response.status_code == 400
    assert json.loads(response.body)["error"]["code"] == "invalid_cursor"


@pytest.mark.parametrize(
    "page",
    [
        "/?task=image-classification",
        f"/papers/{PAPERS[0]}",
        "/agents",
    ],
)
def test_pages_answer_400_to_a_forged_cursor(world: tuple[AwsStack, Any, str], page: str) -> None:
    _, api, _ = world
    sep = "&" if "?" in page else "?"
    forged = _encode({"k": {"row_id": "x"}, "f": "0" * 12})
    # When a page is asked for with a forged cursor, then it answers 400 (an HTML page)
    response = api.http.get(f"{page}{sep}cursor={forged}")
    assert response.status_code == 400
    assert "cursor" in response.body.decode()
    # and so with a cursor of JSON nested deeper than the decoder's recursion limit
    response = api.http.get(f"{page}{sep}cursor={NESTED}")
    assert response.status_code == 400, response.body


# a cursor of JSON nested deeper than json.loads' recursion limit (a 500 before)
NESTED = base64.urlsafe_b64encode(b"[" * 1500).decode().rstrip("=")


@pytest.mark.parametrize("path", ["/api/v1/me/reproductions", "/api/v1/me/runs"])
def test_keyed_pages_answer_400_to_a_deeply_nested_cursor(
    world: tuple[AwsStack, Any, str], path: str
) -> None:
    _, api, _ = world
    key = create_account("agent", "nested-cursor").key
    response = api.http.get(f"{path}?cursor={NESTED}", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 400, response.body
    assert json.loads(response.body)["error"]["code"] == "invalid_cursor"
