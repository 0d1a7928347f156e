"""What the deployed API Gateway does about CORS and HEAD, read from the built prod template
(`chalice package` output): every JSON API resource answers a CORS preflight itself (a mock
OPTIONS integration allowing any origin), the cookie-session pages have no OPTIONS method
(API Gateway answers a preflight there without any Access-Control-* header), and every GET
has a HEAD. Plus the least privilege of the new tables."""

from __future__ import annotations

from typing import Any

from tests.infra.conftest import Built
from tests.infra.test_template import _statement, _tables

PAGE_PATHS = {
    "/",
    "/papers/{arxiv_id}",
    "/agents",
    "/review",
    "/review/decide",
    "/login",
    "/logout",
}


def _paths(built: Built) -> dict[str, dict[str, Any]]:
    api = built.sam["Resources"]["RestAPI"]["Properties"]["DefinitionBody"]
    return dict(api["paths"])


def test_every_api_path_answers_preflights_for_any_origin(built_prod: Built) -> None:
    paths = _paths(built_prod)
    api_paths = {p for p in paths if p.startswith(("/api/", "/docs"))}
    assert {"/api/v1/tasks", "/api/v1/papers", "/api/v1/me", "/api/v1/reproductions"} <= api_paths
    for path in api_paths:
        options = paths[path]["options"]
        integration = options["x-amazon-apigateway-integration"]
        assert integration["type"] == "mock", path
        headers = integration["responses"]["default"]["responseParameters"]
        assert headers["method.response.header.Access-Control-Allow-Origin"] == "'*'", path
        allowed = headers["method.response.header.Access-Control-Allow-Headers"].strip("'")
        assert {"Authorization", "Idempotency-Key", "If-None-Match"} <= set(allowed.split(","))
        methods = set(
            headers["method.response.header.Access-Control-Allow-Methods"].strip("'").split(",")
        )
        assert {m.upper() for m in paths[path] if m != "options"} | {"OPTIONS"} == methods, path
        assert "method.response.header.Access-Control-Allow-Credentials" not in headers


def test_the_cookie_pages_allow_no_origin(built_prod: Built) -> None:
    paths = _paths(built_prod)
    assert set(paths) >= PAGE_PATHS
    for path in PAGE_PATHS:
        assert "options" not in paths[path], path


def test_every_get_also_answers_head(built_prod: Built) -> None:
    for path, methods in _paths(built_prod).items():
        if "get" in methods:
            assert "head" in methods, path
            proxy = methods["head"]["x-amazon-apigateway-integration"]
            assert proxy["type"] == "aws_proxy", path


def test_the_index_tables_are_written_only_by_the_recomputes(built_prod: Built) -> None:
    api_writes = _tables(_statement(built_prod, "APIHandlerRole", "WriteTables"))
    assert not {"SearchTable", "TasksTable"} & api_writes
    assert {"SearchTable", "TasksTable"} <= _tables(
        _statement(built_prod, "APIHandlerRole", "ReadTables")
    )
    for role in ("RecomputeFromPapersStreamRole", "RecomputeFromReproductionsStreamRole"):
        assert {"SearchTable", "TasksTable"} <= _tables(_statement(built_prod, role, "WriteTables"))
        assert "TasksTable" in _tables(_statement(built_prod, role, "ReadTables"))
    assert _statement(built_prod, "ValidateUploadRole", "WriteTables")["Resource"] != []
