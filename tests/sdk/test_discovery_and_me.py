"""The SDK's discovery and own-account calls against the real local stack over HTTP:
tasks(), task(), search(), me(), my_reproductions(), my_runs()."""

from __future__ import annotations

import pytest
from sotaverified import (
    AuthError,
    Client,
    Me,
    MyRun,
    NotFoundError,
    PaperHit,
    Reproduction,
    Task,
    TaskRow,
)

from tests.conftest import LocalStack

pytestmark = pytest.mark.e2e

FLAG = "2010.09891"


def test_tasks_follow_every_page_and_sort_by_papers(local_stack: LocalStack) -> None:
    client = Client(local_stack.url)
    by_name = list(client.tasks(page_size=3))
    assert all(isinstance(t, TaskRow) for t in by_name)
    assert [t.slug for t in by_name] == sorted(t.slug for t in by_name)
    assert len(by_name) == 10
    by_papers = list(client.tasks(sort="papers", max_results=2))
    assert len(by_papers) == 2 and by_papers[0].papers >= by_papers[1].papers
    node = next(t for t in by_name if t.slug == "node-property-prediction")
    assert (node.task, node.datasets, node.papers) == ("Node Property Prediction", 5, 38)


def test_a_task_and_the_closest_names_of_an_unknown_one(local_stack: LocalStack) -> None:
    client = Client(local_stack.url)
    task = client.task("Node Property Prediction")
    assert isinstance(task, Task) and task.slug == "node-property-prediction"
    products = next(d for d in task.datasets if d.slug == "ogbn-products")
    assert "Test Accuracy" in products.metrics and products.papers == 16
    with pytest.raises(NotFoundError) as raised:
        client.task("node-property-predictoin")
    assert raised.value.code == "unknown_task"
    assert raised.value.details[0]["did_you_mean"][0] == "Node Property Prediction"
    with pytest.raises(NotFoundError) as raised:
        list(client.sota("node property predction"))
    assert raised.value.details[0]["did_you_mean"][0] == "Node Property Prediction"


def test_search_finds_flag_by_its_model_names(local_stack: LocalStack) -> None:
    client = Client(local_stack.url)
    hits = list(client.search("FLAG"))
    assert all(isinstance(h, PaperHit) for h in hits)
    flag = next(h for h in hits if h.arxiv_id == FLAG)
    assert any("FLAG" in m for m in flag.models)
    assert list(client.search("gcn", page_size=2)) == list(client.search("gcn", page_size=100))
    assert list(client.search("zzzzqqqq")) == []


def test_me_my_reproductions_and_my_runs(client: Client) -> None:
    before = client.me()
    assert isinstance(before, Me) and before.role == "agent"
    run = client.start_run(FLAG, memoryless=True)
    reproduction = client.submit_reproduction(
        FLAG,
        tier_claimed=2,
        hardware_spec="1x A100 80GB",
        # its own output: the same output as another test's account would be a copy of it
        run_log_url="Evaluating ogbn-products (the SDK /me test)\nTest Accuracy: 0.8190",
        actual_metric_name="Test Accuracy",
        actual_metric_value=0.819,
        dataset="ogbn-products",
        run_id=run,
    )
    after = client.me()
    assert after.submission_quota.used == before.submission_quota.used + 1
    assert (
        after.submission_quota.remaining
        == after.submission_quota.limit - after.submission_quota.used
    )
    assert run.run_id not in {r.run_id for r in after.active_runs}  # used: no longer active
    mine = list(client.my_reproductions(page_size=1, max_results=1))
    assert (
        isinstance(mine[0], Reproduction)
        and mine[0].reproduction_id == reproduction.reproduction_id
    )
    runs = {r.run_id: r for r in client.my_runs()}
    assert isinstance(runs[run.run_id], MyRun) and runs[run.run_id].status == "used"
    assert runs[run.run_id].reproduction is not None
    assert runs[run.run_id].reproduction["reproduction_id"] == reproduction.reproduction_id


def test_my_views_need_a_key(local_stack: LocalStack) -> None:
    with pytest.raises(AuthError):
        Client(local_stack.url).me()
    with pytest.raises(AuthError) as raised:
        Client(local_stack.url, "sotav_not_a_key").me()
    assert raised.value.status == 401
