"""The SDK against the real local stack over HTTP: typed reads, paging, the queue, the whole
reproduce() workflow up to trust tier 2, and the mapping of the server's errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import requests
from sotaverified import (
    AuthError,
    Client,
    NotFoundError,
    Paper,
    QueueEntry,
    ReplayTracker,
    Reproduction,
    Run,
    SotaRow,
    ValidationError,
    ValidationTimeout,
)

from tests.conftest import LocalStack

pytestmark = pytest.mark.e2e

FLAG = "2010.09891"  # claims Test Accuracy 0.8193 on ogbn-products, official code
TASK = "node-property-prediction"
WORKSPACE_FILES = {
    "README.md": "python main_products.py --flag",
    "main_products.py": "import torch  # DeeperGCN + FLAG",
    "configs/products.yaml": "epochs: 500",
}
WORKSPACE = {
    "repo_url": "https://github.com/devnkong/FLAG",
    "commit": "0d8a1f3",
    "files": sorted(WORKSPACE_FILES),
}


def flag_solver(run: Run, tracker: ReplayTracker) -> dict[str, Any]:
    @tracker.tool("read_file")
    def read_file(path: str) -> str:
        return WORKSPACE_FILES[path]

    for path in ("README.md", "main_products.py", "configs/products.yaml"):
        read_file(path)
    tracker.log_llm_call("planner", 900, 30, 120, response_text="run main_products.py --flag")
    output = tracker.wrap("bash", "python main_products.py --flag", lambda: "Test Accuracy: 0.8190")
    return {
        "tier_claimed": 2,
        "hardware_spec": "1x NVIDIA A100 80GB, Ubuntu 22.04",
        "run_log_url": output,
        "actual_metric_name": "Test Accuracy",
        "actual_metric_value": 0.819,
        "dataset": "ogbn-products",
    }


def test_paper_is_typed_and_keeps_the_raw_response(client: Client, local_stack: LocalStack) -> None:
    paper = client.paper(f"arXiv:{FLAG}v2")
    assert isinstance(paper, Paper) and paper.arxiv_id == FLAG
    assert paper.claim("test accuracy", "OGBN-products").value == pytest.approx(0.8193)
    assert paper.official_code is not None and paper.official_code.is_official
    assert paper.raw == requests.get(f"{local_stack.url}/api/v1/papers/{FLAG}", timeout=10).json()
    assert client.paper(paper.paper_id).paper_id == paper.paper_id  # a paper_id works too


def test_sota_pages_through_every_row(local_stack: LocalStack) -> None:
    client = Client(local_stack.url)  # reads need no key
    one_page = client.sota_page(TASK, limit=100)
    assert one_page.next_cursor is None and len(one_page.results) > 20

    rows = list(client.sota(TASK, page_size=7))
    assert all(isinstance(row, SotaRow) for row in rows)
    key = [(r.paper_id, r.task, r.dataset, r.metric) for r in rows]
    assert key == [(r.paper_id, r.task, r.dataset, r.metric) for r in one_page.results]
    assert len(set(key)) == len(key)  # no row twice across page boundaries

    assert len(list(client.sota(TASK, page_size=7, max_results=10))) == 10
    products = list(client.sota("Node Property Prediction", dataset="ogbn-products", sort="date"))
    assert products and {r.dataset for r in products} == {"ogbn-products"}
    dates = [r.published or "" for r in products]
    assert dates == sorted(dates, reverse=True)


def test_queue_lists_papers_that_need_reproduction(client: Client) -> None:
    entries = client.queue(limit=5)
    assert 1 <= len(entries) <= 5 and all(isinstance(e, QueueEntry) for e in entries)
    priorities = [e.priority or 0.0 for e in entries]
    assert priorities == sorted(priorities, reverse=True)
    assert all(e.paper_id and e.why and e.counted_reproductions < 2 for e in entries)

    node = client.queue(TASK, limit=30)
    assert node and all("Node Property Prediction" in e.tasks for e in node)
    assert client.paper(node[0].paper_id).paper_id == node[0].paper_id
    # max_gpu_hours keeps papers with no estimate yet; estimates are numbers or None
    cheap = client.queue(TASK, limit=30, max_gpu_hours=0.5)
    assert all(e.est_gpu_hours is None or e.est_gpu_hours <= 0.5 for e in cheap)
    with pytest.raises(ValueError, match="max_gpu_hours"):
        client.queue(TASK, max_gpu_hours=-1)


def test_reproduce_reaches_trust_tier_2(fresh_client: Client) -> None:
    paper = fresh_client.paper(FLAG)
    reproduction = fresh_client.reproduce(
        paper, flag_solver, memoryless=True, workspace=WORKSPACE, wait=True, wait_timeout=30
    )
    assert isinstance(reproduction, Reproduction)
    assert reproduction.validation.state == "passed", reproduction.explain()
    assert reproduction.trajectory is not None and reproduction.trajectory.state == "valid"
    assert reproduction.trust_tier == 2, reproduction.explain()
    assert reproduction.run_id and reproduction.paper_id == paper.paper_id
    assert {c.name for c in reproduction.trajectory.checks} == {
        "non_empty",
        "timestamp_bounds",
        "run_id_matches",
        "file_read_replay",
        "output_in_trajectory",
        "evaluator_untouched",
    }
    # the step that printed the number, and what the run cost (the server's clock)
    assert reproduction.trajectory.printed_by is not None
    assert reproduction.trajectory.printed_by["tool"] == "bash"
    assert reproduction.trajectory.eval_writes == []
    assert reproduction.compute is not None and reproduction.compute.gpu_model == "a100"
    assert reproduction.compute.gpu_hours is not None and reproduction.compute.gpu_hours >= 0
    assert reproduction.duplicate_of is None
    assert any(m.name == "Test Accuracy" for m in reproduction.validation.extracted_metrics)
    assert fresh_client.reproduction(reproduction.reproduction_id).raw == reproduction.raw
    mine = [r for r in fresh_client.paper_reproductions(FLAG) if r.run_id == reproduction.run_id]
    assert [r.reproduction_id for r in mine] == [reproduction.reproduction_id]


def test_a_second_attempt_gets_tier_1_and_an_arxiv_id_is_enough(fresh_client: Client) -> None:
    paper = "2004.11198"  # SIGN; this agent's first attempt, then its second
    first = fresh_client.reproduce(paper, sign_solver, workspace=SIGN_WORKSPACE, wait=True)
    second = fresh_client.reproduce(paper, sign_solver, workspace=SIGN_WORKSPACE, wait=True)
    assert (first.trust_tier, second.trust_tier) == (2, 1), second.explain()
    assert first.arxiv_id == paper and first.reproduction_id != second.reproduction_id


SIGN_WORKSPACE = {"files": ["sign.py"]}


def sign_solver(run: Run, tracker: ReplayTracker) -> dict[str, Any]:
    tracker.wrap("read_file", "sign.py", lambda: "# SIGN")
    output = tracker.wrap("bash", "python sign.py", lambda: "Test Accuracy: 0.8052")
    return {
        "tier_claimed": 1,
        "hardware_spec": "1x RTX 4090 24GB, Ubuntu 24.04",
        "run_log_url": output,
        "actual_metric_name": "Test Accuracy",
        "actual_metric_value": 0.8052,
        "dataset": "ogbn-products",
    }


def test_a_file_read_outside_the_workspace_is_reported(client: Client) -> None:
    def sloppy(run: Run, tracker: ReplayTracker) -> dict[str, Any]:
        tracker.wrap("read_file", "secret_notes.txt", lambda: "answers")
        return sign_solver(run, tracker)

    reproduction = client.reproduce("2009.03509", sloppy, workspace={"files": ["a.py"]}, wait=True)
    assert reproduction.trajectory is not None and reproduction.trajectory.state == "invalid"
    assert reproduction.trust_tier == 0
    (failed,) = reproduction.trajectory.failed_checks
    assert failed.name == "file_read_replay" and "secret_notes.txt" in failed.detail
    assert "FAILED" in reproduction.explain()


def test_the_solvers_mistakes_submit_nothing(fresh_client: Client) -> None:
    # (a fresh agent: the runs started here stay active, and an agent may have only a few)
    before = len(list(fresh_client.paper_reproductions(FLAG)))

    def crashes(run: Run, tracker: ReplayTracker) -> dict[str, Any]:
        raise RuntimeError("out of GPU memory")

    with pytest.raises(RuntimeError, match="out of GPU memory"):
        fresh_client.reproduce(FLAG, crashes)
    with pytest.raises(ValueError, match="status"):
        fresh_client.reproduce(
            FLAG, lambda run, tracker: {**flag_solver(run, tracker), "status": "x"}
        )
    with pytest.raises(ValueError, match="hardware_spec"):
        fresh_client.reproduce(
            FLAG, lambda run, tracker: {"tier_claimed": 1, "run_log_url": "a: 1"}
        )
    assert len(list(fresh_client.paper_reproductions(FLAG))) == before


def test_wait_for_validation_times_out_with_a_clear_message(
    client: Client, local_stack: LocalStack
) -> None:
    submitted = client.submit_reproduction(
        "2009.03509",
        tier_claimed=1,
        hardware_spec="1x T4 16GB, Debian 12",
        run_log_url="Test Accuracy: 0.81",
        replay_log={"steps": []},
    )
    assert submitted.validation.state == "pending" and not submitted.settled

    class Frozen(Client):
        """Sees the reproduction as it was at submission (as if the validators were stopped)."""

        def reproduction(self, reproduction_id: str) -> Reproduction:
            return Reproduction.from_dict(submitted.raw)

    frozen = Frozen(local_stack.url)
    with pytest.raises(TimeoutError) as caught:
        frozen.wait_for_validation(submitted.reproduction_id, timeout=0.3, poll=0.1)
    error = caught.value
    assert isinstance(error, ValidationTimeout)
    assert "validation and trajectory (replay log) still pending after 0.3 s" in str(error)
    assert error.reproduction is not None

    done = client.wait_for_validation(submitted, timeout=30, poll=0.1)
    assert done.settled and done.trajectory is not None and done.trajectory.state == "invalid"


# --- errors -----------------------------------------------------------------------------------


def expect(error: type[Exception], call: Callable[[], Any]) -> Any:
    with pytest.raises(error) as caught:
        call()
    return caught.value


def test_server_errors_become_typed_exceptions(client: Client, local_stack: LocalStack) -> None:
    missing = expect(NotFoundError, lambda: client.paper("2401.99999"))
    assert (missing.status, missing.code) == (404, "not_found")
    assert "2401.99999" in missing.message and "not_found" in str(missing)

    gone = expect(NotFoundError, lambda: client.reproduction("rnone"))
    assert gone.status == 404 and gone.code == "not_found"

    bad_id = expect(ValidationError, lambda: client.paper("not an id"))
    assert (bad_id.status, bad_id.code) == (400, "invalid_request")

    bad_query = expect(ValidationError, lambda: client.sota_page(TASK, sort="stars"))
    assert bad_query.status == 400 and bad_query.details

    invalid = expect(
        ValidationError,
        lambda: client.submit_reproduction(
            FLAG, tier_claimed=7, hardware_spec="x", run_log_url="Test Accuracy: 0.8"
        ),
    )
    assert (invalid.status, invalid.code) == (422, "invalid_body")
    assert any(d["field"] == "tier_claimed" for d in invalid.details)

    url = expect(
        ValidationError,
        lambda: client.submit_reproduction(
            FLAG, tier_claimed=1, hardware_spec="x", run_log_url="https://evil.example.com/log"
        ),
    )
    assert (url.status, url.code) == (422, "invalid_run_log")

    unknown_paper = expect(NotFoundError, lambda: client.start_run("2401.99999"))
    assert unknown_paper.status == 404

    wrong_key = Client(local_stack.url, "sotav_not-a-real-key")
    unauthorised = expect(AuthError, lambda: wrong_key.start_run(FLAG))
    assert unauthorised.status == 401 and unauthorised.code

    no_key = expect(AuthError, lambda: Client(local_stack.url).start_run(FLAG))
    assert no_key.status is None and no_key.code == "no_api_key"

    no_route = expect(NotFoundError, lambda: client._get("/api/v1/no-such-route"))
    assert no_route.code == "not_found" and no_route.status == 404
    assert "/api/v1/openapi.json" in str(no_route)  # where the routes are described

    nan = expect(
        ValidationError,
        lambda: client.submit_reproduction(
            FLAG,
            tier_claimed=1,
            hardware_spec="x",
            run_log_url="a",
            actual_metric_value=float("nan"),
        ),
    )
    assert "finite" in nan.message
