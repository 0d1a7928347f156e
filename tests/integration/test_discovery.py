"""Discovery on the bundled sample (in-process moto): the task catalogue, paper search and
"did you mean" for unknown names, with the DynamoDB calls each read makes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.integration.cursor_forgeries import forgeries
from tests.integration.submission_world import assert_error


def get(api: Any, path: str) -> tuple[int, Any]:
    response = api.http.get(path)
    return response.status_code, response.json_body


def pages(api: Any, path: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    cursor = None
    while True:
        status, page = get(api, path + (f"&cursor={cursor}" if cursor else ""))
        assert status == 200, page
        rows += page["results"]
        cursor = page["next_cursor"]
        if not cursor:
            return rows


def test_tasks_are_listed_by_name_with_their_counts(sample_api: Any) -> None:
    # When every page of the task list is read, two tasks at a time
    rows = pages(sample_api, "/api/v1/tasks?limit=2")
    # Then each task appears once, by slug, with its datasets, papers and reproductions
    slugs = [r["slug"] for r in rows]
    assert slugs == sorted(slugs) and len(slugs) == len(set(slugs)) == 10
    node = next(r for r in rows if r["slug"] == "node-property-prediction")
    assert node == {
        "task": "Node Property Prediction",
        "slug": "node-property-prediction",
        "datasets": 5,
        "papers": 38,
        "counted_reproductions": 0,
    }
    assert get(sample_api, "/api/v1/tasks?limit=100")[1]["results"] == rows


def test_tasks_by_number_of_papers(sample_api: Any) -> None:
    rows = get(sample_api, "/api/v1/tasks?sort=papers&limit=100")[1]["results"]
    counts = [(r["papers"], r["slug"]) for r in rows]
    assert counts == sorted(counts, reverse=True)
    assert rows[0]["slug"] == "natural-language-inference"


@pytest.mark.parametrize(
    "name", ["node-property-prediction", "Node%20Property%20Prediction", "NODE-property-PREDICTION"]
)
def test_a_task_with_its_datasets_metrics_and_paper_counts(sample_api: Any, name: str) -> None:
    status, task = get(sample_api, f"/api/v1/tasks/{name}")
    assert status == 200
    assert (task["task"], task["slug"], task["papers"]) == (
        "Node Property Prediction",
        "node-property-prediction",
        38,
    )
    datasets = {d["slug"]: d for d in task["datasets"]}
    assert set(datasets) == {
        "ogbn-arxiv",
        "ogbn-products",
        "ogbn-proteins",
        "ogbn-mag",
        "ogbn-papers100m",
    }
    assert "Test Accuracy" in datasets["ogbn-products"]["metrics"]
    assert datasets["ogbn-products"]["papers"] == 16
    papers = [d["papers"] for d in task["datasets"]]
    assert papers == sorted(papers, reverse=True)


def test_an_unknown_task_is_a_404_naming_the_closest_ones(sample_api: Any) -> None:
    response = sample_api.http.get("/api/v1/tasks/node-property-predictoin")
    assert_error(response, 404, "unknown_task", "did you mean 'Node Property Prediction'")
    closest = response.json_body["error"]["details"][0]["did_you_mean"]
    assert closest[0] == "Node Property Prediction"


def test_sota_names_the_closest_task_or_dataset_instead_of_an_empty_page(sample_api: Any) -> None:
    # A misspelt task
    response = sample_api.http.get("/api/v1/sota?task=Node%20Property%20Predictin")
    assert_error(response, 404, "unknown_task", "did you mean 'Node Property Prediction'")
    # A known task with a dataset it does not have
    path = "/api/v1/sota?task=node-property-prediction&dataset=ogbn-product"
    response = sample_api.http.get(path)
    assert_error(response, 404, "unknown_dataset", "did you mean 'ogbn-products'")
    assert response.json_body["error"]["details"][0]["did_you_mean"][0] == "ogbn-products"
    # A part of a name finds the names that contain it
    response = sample_api.http.get("/api/v1/sota?task=property")
    names = response.json_body["error"]["details"][0]["did_you_mean"]
    assert response.status_code == 404 and "Node Property Prediction" in names
    # Nothing close: still a 404, with an empty list
    response = sample_api.http.get("/api/v1/sota?task=zzzzqqqq")
    assert_error(response, 404, "unknown_task")
    assert response.json_body["error"]["details"][0]["did_you_mean"] == []
    # ... whose message still reads as two clauses (it ran "is recorded GET /api/v1/tasks")
    expected = "no task 'zzzzqqqq' is recorded; GET /api/v1/tasks lists every task"
    assert response.json_body["error"]["message"] == expected
    response = sample_api.http.get("/api/v1/sota?task=node-property-prediction&dataset=zzzzqqqq")
    assert response.json_body["error"]["message"] == (
        "task 'node-property-prediction' has no dataset 'zzzzqqqq'; "
        "GET /api/v1/tasks/node-property-prediction lists its datasets"
    )
    # A known task whose filters leave nothing is still an empty 200
    status, page = get(sample_api, "/api/v1/sota?task=natural-language-inference&min_score=5")
    assert (status, page) == (200, {"results": [], "next_cursor": None})
    status, page = get(
        sample_api, "/api/v1/sota?task=node-property-prediction&dataset=ogbn-products&trust_tier=2"
    )
    assert (status, page) == (200, {"results": [], "next_cursor": None})


@pytest.mark.parametrize("query", ["FLAG", "flag", "Flag", "FLAG!", "deepergcn%20flag"])
def test_papers_are_found_by_words_of_their_model_names(sample_api: Any, query: str) -> None:
    status, page = get(sample_api, f"/api/v1/papers?q={query}")
    assert status == 200
    hits = {r["arxiv_id"]: r for r in page["results"]}
    assert "2010.09891" in hits
    flag = hits["2010.09891"]
    assert set(flag) == {
        "paper_id",
        "arxiv_id",
        "title",
        "tasks",
        "models",
        "verification",
        "verification_score",
        "published",
    }
    assert any("FLAG" in m for m in flag["models"])


def test_every_word_must_match_and_results_come_best_first(sample_api: Any) -> None:
    _, gcn = get(sample_api, "/api/v1/papers?q=gcn&limit=100")
    _, both = get(sample_api, "/api/v1/papers?q=gcn%20flag&limit=100")
    assert len(both["results"]) < len(gcn["results"])
    assert {r["paper_id"] for r in both["results"]} <= {r["paper_id"] for r in gcn["results"]}
    keys = [(r["verification_score"], r["published"] or "") for r in gcn["results"]]
    assert keys == sorted(keys, reverse=True)
    assert get(sample_api, "/api/v1/papers?q=gcn%20zzzzqqqq")[1]["results"] == []


def test_search_pages_follow_their_cursor(sample_api: Any) -> None:
    whole = get(sample_api, "/api/v1/papers?q=gcn&limit=100")[1]["results"]
    assert pages(sample_api, "/api/v1/papers?q=gcn&limit=3") == whole
    _, page = get(sample_api, "/api/v1/papers?q=gcn&limit=3")
    response = sample_api.http.get(f"/api/v1/papers?q=flag&limit=3&cursor={page['next_cursor']}")
    assert_error(response, 400, None, "cursor")


# (before the call-count test below: its fresh app re-points the routes' blueprints)
@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/tasks?limit=2",
        "/api/v1/tasks?limit=2&sort=papers",
        "/api/v1/papers?q=gcn&limit=1",
    ],
)
def test_forged_discovery_cursors_answer_400(sample_api: Any, path: str) -> None:
    # Given a real cursor of this query
    status, page = get(sample_api, path)
    assert status == 200 and page["next_cursor"], page
    failures = []
    for what, forged in forgeries(page["next_cursor"]):
        if what == "task_slug in another partition" and "/tasks" in path:
            continue  # the task list's partition is `listed`; task_slug is its sort key
        # When it is edited or forged, then the answer is 400 invalid_cursor
        response = sample_api.http.get(f"{path}&cursor={forged}")
        code = (response.json_body or {}).get("error", {}).get("code")
        if response.status_code != 400 or code != "invalid_cursor":
            failures.append((what, response.status_code))
    assert failures == []


def test_discovery_reads_are_one_query_each(sample_loaded: Any, api: Any, aws_calls: Any) -> None:
    def calls(path: str) -> dict[str, int]:
        aws_calls.reset()
        assert api.http.get(path).status_code == 200, path
        return dict(aws_calls.calls)

    one_query = {"dynamodb.Query": 1}
    assert calls("/api/v1/tasks?limit=5") == one_query
    assert calls("/api/v1/tasks?sort=papers&limit=5") == one_query
    assert calls("/api/v1/tasks/node-property-prediction") == one_query
    assert calls("/api/v1/papers?q=FLAG") == one_query
    assert calls("/api/v1/papers?q=gcn%20flag&limit=5") == one_query
    # an empty sota page costs one more Query only to tell "unknown" from "filtered out"
    assert calls("/api/v1/sota?task=natural-language-inference&min_score=5") == {
        "dynamodb.Query": 2
    }
