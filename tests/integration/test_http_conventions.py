"""HTTP conventions of the whole API (README "HTTP conventions"), through the routes on
in-process moto: ETag / Cache-Control / 304, HEAD, CORS on the API and none on the cookie
pages, the submission quota's RateLimit headers, the health check, the OpenAPI document's
servers and the documentation page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chalicelib.api.meta import DOCS_CSP
from chalicelib.api.registry import ENDPOINTS
from tests.integration.submission_world import (  # noqa: F401  (the world fixture)
    World,
    assert_error,
    build_world,
    header,
    setting,
    world,
)

READS = [
    "/api/v1",
    "/api/v1/papers/2104.09376",
    "/api/v1/sota?task=node-property-prediction&limit=5",
    "/api/v1/tasks",
    "/api/v1/tasks/node-property-prediction",
    "/api/v1/papers?q=FLAG",
    "/api/v1/queue?limit=3",
    "/api/v1/agents",
    "/api/v1/review/pending",
    "/api/v1/openapi.json",
]
PAGES = ["/", "/?task=node-property-prediction", "/agents", "/login", "/review"]


def test_reads_carry_an_etag_and_a_short_cache_control_and_304_when_unchanged(
    sample_api: Any,
) -> None:
    for path in READS:
        # Given a read
        first = sample_api.http.get(path)
        assert first.status_code == 200, path
        etag = header(first, "ETag")
        assert etag and etag.startswith('"') and etag.endswith('"'), path
        assert header(first, "Cache-Control") == "public, max-age=30", path
        # When it is asked again with its ETag (alone, in a list, or weak)
        for sent in (etag, f'"other", {etag}', f"W/{etag}", "*"):
            again = sample_api.http.get(path, headers={"If-None-Match": sent})
            # Then the answer is 304 with no body and the same validators
            assert again.status_code == 304, (path, sent)
            assert again.body == b""
            assert header(again, "ETag") == etag
        # ... and another ETag gets the whole body again
        other = sample_api.http.get(path, headers={"If-None-Match": '"stale"'})
        assert other.status_code == 200 and other.body == first.body


@pytest.mark.parametrize(
    "path", [*READS, "/api/v1/papers/2401.99999", "/api/v1/sota?task=nope", "/docs", *PAGES]
)
def test_head_answers_where_get_does_with_the_same_headers_and_no_body(
    sample_api: Any, path: str
) -> None:
    got = sample_api.http.get(path)
    head = sample_api.http.head(path)
    assert head.status_code == got.status_code
    assert head.body == b""
    if path.startswith(("/api/", "/docs")):
        assert header(head, "Content-Length") == str(len(got.body))
        assert header(head, "ETag") == header(got, "ETag")
        assert header(head, "Content-Type") == header(got, "Content-Type")


def test_openapi_lists_every_endpoint_with_its_servers_and_conventions(sample_api: Any) -> None:
    doc = sample_api.http.get("/api/v1/openapi.json", headers={"Host": "api.example.org"}).json_body
    assert doc["servers"][0]["url"] == "http://api.example.org"
    https = sample_api.http.get(
        "/api/v1/openapi.json", headers={"Host": "x.example", "X-Forwarded-Proto": "https"}
    ).json_body
    assert https["servers"][0]["url"] == "https://x.example"
    for ep in ENDPOINTS:
        operation = doc["paths"][ep.path][ep.method.lower()]
        if ep.method == "GET":
            ok = operation["responses"]["200"]
            assert set(ok["headers"]) == {"ETag", "Cache-Control"}, ep.path
            assert "304" in operation["responses"]
    for path in (
        "/api/v1/tasks",
        "/api/v1/tasks/{task}",
        "/api/v1/papers",
        "/api/v1/me",
        "/api/v1/me/reproductions",
        "/api/v1/me/runs",
        "/api/v1/health",
        "/docs",
    ):
        assert "get" in doc["paths"][path], path
    assert {p["name"] for p in doc["paths"]["/api/v1/papers"]["get"]["parameters"]} == {
        "q",
        "limit",
        "cursor",
    }
    assert doc["paths"]["/api/v1/me"]["get"]["security"] == [{"bearer": []}]


def test_the_docs_page_loads_only_pinned_assets_from_this_origin(sample_api: Any) -> None:
    page = sample_api.http.get("/docs")
    assert page.status_code == 200
    assert header(page, "Content-Type") == "text/html; charset=utf-8"
    assert header(page, "Content-Security-Policy") == DOCS_CSP
    html = page.body.decode()
    assert 'data-openapi-url="api/v1/openapi.json"' in html
    assert "<script>" not in html and "http" not in html.split("<body>")[1]  # no inline, no CDN
    for name, kind in (
        ("swagger-ui-bundle.js", "text/javascript"),
        ("swagger-ui.css", "text/css"),
        ("docs-init.js", "text/javascript"),
        ("docs.css", "text/css"),
    ):
        assert f"docs/assets/{name}" in html
        asset = sample_api.http.get(f"/docs/assets/{name}")
        assert asset.status_code == 200 and (header(asset, "Content-Type") or "").startswith(kind)
        assert header(asset, "Cache-Control") == "public, max-age=3600"
    assert_error(sample_api.http.get("/docs/assets/..%2Fapp.py"), 404, "not_found")
    index = sample_api.http.get("/api/v1").json_body
    assert index["docs"] == "/docs"


def test_unknown_query_parameters_and_bad_values_are_400_on_the_new_reads(sample_api: Any) -> None:
    for path in (
        "/api/v1/tasks?color=red",
        "/api/v1/tasks?sort=stars",
        "/api/v1/tasks?limit=0",
        "/api/v1/tasks?cursor=garbage",
        "/api/v1/papers",
        "/api/v1/papers?q=",
        "/api/v1/papers?q=flag&q=gcn",
        "/api/v1/papers?q=flag&limit=101",
        "/api/v1/papers?q=flag&cursor=garbage",
        "/api/v1/papers?q=" + "x" * 201,
    ):
        assert_error(sample_api.http.get(path), 400)
    for q in ("zzzz", "the%20of", "a"):  # no match; only ignored words
        assert json.loads(sample_api.http.get(f"/api/v1/papers?q={q}").body) == {
            "results": [],
            "next_cursor": None,
        }
