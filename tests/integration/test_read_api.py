"""Read API through Chalice's test client over moto, with the sample data loaded."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chalicelib.db.papers import put_papers

PAPER_KEYS = {
    "paper_id",
    "arxiv_id",
    "title",
    "verification",
    "verification_score",
    "tasks",
    "leaderboard",
    "code_links",
    "score_breakdown",
    "updated_at",
    "gpu_hours",  # issue 18: what its counted reproductions cost
}
LEADERBOARD_ENTRY_KEYS = {
    "task",
    "dataset",
    "metric",
    "value",
    "reproductions",
    "reproduced_values",
    "within_5pct",
    "status",
}
SOTA_KEYS = {
    "paper_id",
    "arxiv_id",
    "title",
    "task",
    "dataset",
    "metric",
    "value",
    "verification",
    "verification_score",
    "reproductions",
    "reproduced_values",
    "within_5pct",
    "status",
    "published",
}


def get(api: Any, path: str) -> tuple[int, Any]:
    response = api.http.get(path)
    return response.status_code, json.loads(response.body)


@pytest.fixture
def loaded(sample_api: Any) -> Any:
    return sample_api


@pytest.mark.parametrize(
    "spelling",
    ["2104.09376", "2104.09376v2", "arXiv:2104.09376", "arxiv:2104.09376v1", "p20de8b69951e796a"],
)
def test_paper_in_the_seed_shape_under_any_id_spelling(loaded: Any, spelling: str) -> None:
    status, body = get(loaded, f"/api/v1/papers/{spelling}")
    assert status == 200
    assert set(body) == PAPER_KEYS
    assert body["paper_id"] == "p20de8b69951e796a"
    assert body["arxiv_id"] == "2104.09376"
    assert body["verification"] == "unverified"
    assert body["verification_score"] == 5
    assert body["score_breakdown"] == [
        {
            "rule": "official_code",
            "points": 5,
            "detail": "an official code link is listed",
            "reproduction_id": None,
        }
    ]
    assert body["tasks"] == ["Node Property Prediction"]
    assert {
        "task": "Node Property Prediction",
        "dataset": "ogbn-products",
        "metric": "Test Accuracy",
        "value": 0.8428,
        "reproductions": 0,
        "reproduced_values": None,
        "within_5pct": 0,
        "status": "untested",
    } in body["leaderboard"]
    assert body["code_links"] == [
        {"url": "https://github.com/skepsun/SAGN_with_SLE", "is_official": True, "stars": None}
    ]
    assert body["updated_at"]  # recomputed by the stream handler


def test_unknown_paper_is_404_and_malformed_id_is_400(loaded: Any) -> None:
    status, body = get(loaded, "/api/v1/papers/2401.99999")
    assert status == 404 and body["error"]["code"] == "not_found"
    status, body = get(loaded, "/api/v1/papers/not-an-id")
    assert status == 400
    assert set(body["error"]) == {"code", "message", "details"}
    assert "2104.09376" in body["error"]["message"]


def test_old_style_arxiv_ids_work_url_encoded(loaded: Any) -> None:
    from chalicelib.db.keys import paper_id_for_arxiv

    put_papers(
        [
            {
                "paper_id": paper_id_for_arxiv("hep-th/9901001"),
                "arxiv_id": "hep-th/9901001",
                "title": "Old",
                "source_rev": 1,
            }
        ]
    )
    status, body = get(loaded, "/api/v1/papers/hep-th%2F9901001v2")
    assert status == 200 and body["arxiv_id"] == "hep-th/9901001"


def test_sota_by_task_slug_or_name_sorted_by_score_then_date(loaded: Any) -> None:
    status, by_slug = get(loaded, "/api/v1/sota?task=node-property-prediction&sort=score&limit=100")
    assert status == 200
    _, by_name = get(loaded, "/api/v1/sota?task=Node%20Property%20Prediction&limit=100")
    assert by_slug == by_name
    rows = by_slug["results"]
    assert rows and all(set(r) == SOTA_KEYS for r in rows)
    assert all(r["task"] == "Node Property Prediction" for r in rows)
    keys = [(r["verification_score"], r["published"] or "") for r in rows]
    assert keys == sorted(keys, reverse=True)


def test_sota_by_date_newest_first_and_dataset_filter(loaded: Any) -> None:
    _, body = get(
        loaded,
        "/api/v1/sota?task=node-property-prediction&dataset=OGBN-Products&sort=date&limit=100",
    )
    rows = body["results"]
    assert rows and {r["dataset"] for r in rows} == {"ogbn-products"}
    dates = [r["published"] or "" for r in rows]
    assert dates == sorted(dates, reverse=True)


def test_min_score_filters(loaded: Any) -> None:
    # SNLI rows carry no code links (score 0); OGB rows all have official code (score 5)
    _, snli = get(loaded, "/api/v1/sota?task=natural-language-inference&limit=100")
    _, snli_5 = get(loaded, "/api/v1/sota?task=natural-language-inference&min_score=5")
    _, ogb = get(loaded, "/api/v1/sota?task=node-property-prediction&limit=100")
    _, ogb_5 = get(loaded, "/api/v1/sota?task=node-property-prediction&min_score=5&limit=100")
    _, ogb_6 = get(loaded, "/api/v1/sota?task=node-property-prediction&min_score=6")
    _, ogb_date_6 = get(loaded, "/api/v1/sota?task=node-property-prediction&sort=date&min_score=6")
    assert snli["results"] and {r["verification_score"] for r in snli["results"]} == {0}
    assert snli_5 == {"results": [], "next_cursor": None}
    assert ogb["results"] and ogb_5["results"] == ogb["results"]
    assert ogb_6["results"] == [] and ogb_date_6["results"] == []


def test_cursor_pages_through_every_row_once(loaded: Any) -> None:
    _, whole = get(loaded, "/api/v1/sota?task=node-property-prediction&limit=100")
    seen, cursor, pages = [], None, 0
    while True:
        path = "/api/v1/sota?task=node-property-prediction&limit=7"
        status, page = get(loaded, path + (f"&cursor={cursor}" if cursor else ""))
        assert status == 200
        seen += page["results"]
        pages += 1
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert seen == whole["results"]
    assert pages >= len(seen) // 7


@pytest.mark.parametrize(
    "query",
    [
        "",
        "task=",
        "task=x&sort=stars",
        "task=x&limit=0",
        "task=x&limit=101",
        "task=x&limit=ten",
        "task=x&min_score=-1",
        "task=x&trust_tier=3",
        "task=x&color=red",
        "task=x&task=y",
        "task=x&cursor=garbage",
    ],
)
def test_bad_sota_parameters_get_400_with_the_error_shape(loaded: Any, query: str) -> None:
    status, body = get(loaded, f"/api/v1/sota?{query}")
    assert status == 400
    assert set(body) == {"error"} and body["error"]["message"]


@pytest.mark.parametrize(
    "path",
    [
        # pydantic's lax parsing read these as 10, 5, 5, 3 and 10.0 (Python's int()/float())
        "/api/v1/sota?task=node-property-prediction&limit=1_0",
        "/api/v1/sota?task=node-property-prediction&min_score=%2B5",
        "/api/v1/papers/2104.09376/reproductions?limit=%205%20",
        "/api/v1/agents?limit=3&trust_tier=%2B1",
        "/api/v1/queue?max_gpu_hours=1_0",
        "/api/v1/queue?max_gpu_hours=.5",
    ],
)
def test_a_query_number_is_written_in_plain_digits(loaded: Any, path: str) -> None:
    status, body = get(loaded, path)
    assert status == 400, body
    assert body["error"]["code"] == "invalid_parameter"
    assert "write the number in ASCII digits as JSON does" in body["error"]["message"]
    # the same numbers written plainly are accepted
    plain = (
        path.replace("1_0", "10").replace("%2B", "").replace("%205%20", "5").replace("=.5", "=0.5")
    )
    assert get(loaded, plain)[0] == 200


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("task=!!!", "unknown_task"),
        ("task=%20%20", "unknown_task"),
        ("task=node-property-prediction&dataset=---", "unknown_dataset"),
    ],
)
def test_a_name_without_letters_or_digits_names_nothing(loaded: Any, query: str, code: str) -> None:
    """Any text is a name to look up (the OpenAPI document says so: a string); one that
    slugs to nothing names no task or dataset, like any unknown name: a 404."""
    status, body = get(loaded, f"/api/v1/sota?{query}")
    assert status == 404 and body["error"]["code"] == code


def test_a_cursor_from_another_query_is_refused(loaded: Any) -> None:
    _, page = get(loaded, "/api/v1/sota?task=node-property-prediction&limit=2")
    status, body = get(
        loaded, f"/api/v1/sota?task=link-property-prediction&limit=2&cursor={page['next_cursor']}"
    )
    assert status == 400 and "cursor" in body["error"]["message"]


def test_openapi_document_describes_the_real_routes(loaded: Any) -> None:
    status, doc = get(loaded, "/api/v1/openapi.json")
    assert status == 200 and doc["openapi"] == "3.1.0"
    assert {"/api/v1/papers/{arxiv_id}", "/api/v1/sota", "/api/v1/openapi.json"} <= set(
        doc["paths"]
    )
    sota_params = {p["name"] for p in doc["paths"]["/api/v1/sota"]["get"]["parameters"]}
    assert sota_params == {
        "task",
        "dataset",
        "min_score",
        "sort",
        "trust_tier",
        "min_reproductions",
        "status",
        "limit",
        "cursor",
    }
    paper_schema = doc["components"]["schemas"]["PaperView"]
    assert set(paper_schema["properties"]) == PAPER_KEYS


def _every_sample_paper() -> list[dict[str, Any]]:
    from chalicelib.db import codec
    from chalicelib.db.dynamo import ddb
    from chalicelib.db.tables import PAPERS

    items: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"TableName": PAPERS.physical_name()}
    while True:
        page = ddb().scan(**kwargs)  # a test may scan; no request path does
        items += [codec.from_item(i) for i in page["Items"]]
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def test_every_sample_paper_reads_through_the_api_and_its_page(loaded: Any) -> None:
    # Given every paper of the bundled sample, including those whose claimed values could
    # not be parsed (kept as text, value null; e.g. 1710.10903)
    papers = _every_sample_paper()
    assert len(papers) >= 129  # the sample's 129, and any another test of the module added
    assert any(claim.get("value") is None for paper in papers for claim in paper.get("claims", []))
    from urllib.parse import quote

    failures = []
    for paper in papers:
        reference = quote(paper.get("arxiv_id") or paper["paper_id"], safe="")
        # When each is read through the API and its HTML page
        status, body = get(loaded, f"/api/v1/papers/{reference}")
        page = loaded.http.get(f"/papers/{reference}")
        # Then both answer 200, and an unparsed claim reads as a null value
        if status != 200 or page.status_code != 200:
            failures.append((reference, status, page.status_code))
        elif any(set(row) != LEADERBOARD_ENTRY_KEYS for row in body["leaderboard"]):
            failures.append((reference, "leaderboard row shape", body["leaderboard"][:1]))
    assert failures == []
    status, body = get(loaded, "/api/v1/papers/1710.10903")
    assert status == 200
    assert any(row["value"] is None for row in body["leaderboard"])
