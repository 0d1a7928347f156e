"""The API's index, its health and its documentation page.

`/docs` is Swagger UI (the `swagger-ui-bundle-v2` package, pinned in requirements.txt, ships
its built files; the Lambda serves them, no CDN) over `/api/v1/openapi.json`. Every URL on the
page is relative, so it works locally (`/docs`) and under API Gateway's stage prefix
(`/api/docs`). Its Content-Security-Policy allows exactly what the page loads: scripts and
styles from this origin, SVG icons inlined as data: URLs by Swagger UI's stylesheet, and
fetches to this origin (the document, "Try it out").
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from chalice import Blueprint, Response

from chalicelib.api.errors import error_response
from chalicelib.api.registry import endpoint, json_response
from chalicelib.errors import NotFound
from chalicelib.lazy import LazyModule

if TYPE_CHECKING:
    from chalicelib.api import models
else:  # pydantic and the models load with the first request (chalicelib/lazy.py)
    models = LazyModule("chalicelib.api.models")

meta_api = Blueprint(__name__)

STATIC = Path(__file__).resolve().parents[1] / "web" / "static"
DOCS_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
DOCS_HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": DOCS_CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
ASSET_CACHE = "public, max-age=3600"


@endpoint(
    meta_api,
    "GET",
    "/api/v1",
    summary="Where to start: links to the OpenAPI document, the documentation page, the "
    "health check and example requests.",
    response_model="IndexView",
    tags=("meta",),
)
def index() -> Response:
    return json_response(
        models.IndexView(
            name="SOTAVerified",
            openapi="/api/v1/openapi.json",
            docs="/docs",
            health="/api/v1/health",
            examples=[
                "/api/v1/papers/2104.09376",
                "/api/v1/sota?task=node-property-prediction",
                "/api/v1/tasks",
                "/api/v1/papers?q=FLAG",
            ],
        )
    )


@endpoint(
    meta_api,
    "GET",
    "/api/v1/health",
    summary="Whether the storage the API depends on answers: DynamoDB and the uploads "
    "bucket. 503 (with each check in the error's details) when one does not.",
    response_model="HealthView",
    errors=(503,),
    cache="no-store",
    tags=("meta",),
)
def health() -> Response:
    from chalicelib.services.health import check_storage

    results = check_storage()
    checks = [
        {"name": c.name, "ok": c.ok, "detail": c.detail, "latency_ms": c.latency_ms}
        for c in results
    ]
    failed = [c.name for c in results if not c.ok]
    if failed:
        return error_response(
            503,
            "storage_unavailable",
            f"{' and '.join(failed)} did not answer; retry shortly",
            checks,
            headers={"Retry-After": "5", "Cache-Control": "no-store"},
        )
    return json_response(models.HealthView.model_validate({"status": "ok", "checks": checks}))


_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation · SOTAVerified</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
<link rel="stylesheet" href="docs/assets/docs.css">
</head>
<body>
<header class="docs"><strong>SOTAVerified API</strong>
<a href=".">SOTA table</a> <a href="api/v1/openapi.json">OpenAPI document (JSON)</a>
<a href="api/v1">API index</a></header>
<main><div id="swagger-ui" data-openapi-url="api/v1/openapi.json"></div></main>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/assets/docs-init.js"></script>
</body>
</html>
"""


@endpoint(
    meta_api,
    "GET",
    "/docs",
    summary="Interactive documentation of this API (Swagger UI over /api/v1/openapi.json).",
    response_model=None,
    content_types=("text/html",),
    cache="public, max-age=300",
    tags=("meta",),
)
def docs_page() -> Response:
    return Response(body=_PAGE, status_code=200, headers=dict(DOCS_HEADERS))


# name -> (where, content type): Swagger UI's files from the pinned package, ours from STATIC.
ASSETS = {
    "swagger-ui-bundle.js": ("swagger-ui", "text/javascript; charset=utf-8"),
    "swagger-ui.css": ("swagger-ui", "text/css; charset=utf-8"),
    "docs-init.js": ("static", "text/javascript; charset=utf-8"),
    "docs.css": ("static", "text/css; charset=utf-8"),
}


@cache
def asset_text(name: str) -> str:
    where, _ = ASSETS[name]
    if where == "static":
        return (STATIC / name).read_text(encoding="utf-8")
    from swagger_ui_bundle import swagger_ui_path  # the pinned swagger-ui-bundle-v2

    return (swagger_ui_path / name).read_text(encoding="utf-8")


@endpoint(
    meta_api,
    "GET",
    "/docs/assets/{name}",
    summary="The documentation page's scripts and stylesheets.",
    response_model=None,
    content_types=("text/javascript", "text/css"),
    errors=(404,),
    cache=ASSET_CACHE,
    tags=("meta",),
)
def docs_asset(name: str) -> Response:
    if name not in ASSETS:
        raise NotFound(f"no asset '{name[:100]}'; the page uses {', '.join(sorted(ASSETS))}")
    return Response(
        body=asset_text(name),
        status_code=200,
        headers={"Content-Type": ASSETS[name][1], "X-Content-Type-Options": "nosniff"},
    )
