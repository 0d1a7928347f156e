"""OpenAPI 3.1 document generated from the endpoint registry and the pydantic models."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from chalice import Blueprint, Response

from chalicelib.api.registry import ENDPOINTS, Endpoint, endpoint
from chalicelib.lazy import LazyModule

if TYPE_CHECKING:
    from pydantic import BaseModel

    from chalicelib.api import models
else:  # loaded when the document is first built (chalicelib/lazy.py)
    models = LazyModule("chalicelib.api.models")

docs_api = Blueprint(__name__)
_REF = "#/components/schemas/{model}"


def _model(name: str) -> type[BaseModel]:
    model: type[BaseModel] = getattr(models, name)
    return model


def _schema(model: type[BaseModel], components: dict[str, Any]) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template=_REF, mode="serialization")
    for name, definition in schema.pop("$defs", {}).items():
        components[name] = definition
    components[model.__name__] = schema
    return {"$ref": _REF.format(model=model.__name__)}


def _query_parameters(model: type[BaseModel], components: dict[str, Any]) -> list[dict[str, Any]]:
    schema = model.model_json_schema(ref_template=_REF, mode="validation")
    for name, definition in schema.pop("$defs", {}).items():
        components[name] = definition
    required = set(schema.get("required", []))
    return [
        {
            "name": name,
            "in": "query",
            "required": name in required,
            "schema": {k: v for k, v in prop.items() if k not in ("title", "description")},
            **({"description": prop["description"]} if "description" in prop else {}),
        }
        for name, prop in schema.get("properties", {}).items()
    ]


def _path_parameter(name: str) -> dict[str, Any]:
    """Path parameters whose values the server checks beyond "a string" say so; others are
    any string (an unknown id is a 404)."""
    spec: dict[str, Any] = {"schema": {"type": "string"}}
    if name == "arxiv_id":
        spec = {
            "schema": {"type": "string", "pattern": models.PAPER_REFERENCE_PATTERN},
            "description": "An arXiv id (2104.09376, 2104.09376v2, arXiv:2104.09376; an "
            "old-style id with its slash URL-encoded, hep-th%2F9901001) or a paper_id; arxiv.org "
            "abs/pdf URLs are accepted as well. Anything else is a 400.",
        }
    return {"name": name, "in": "path", "required": True, **spec}


def _operation(ep: Endpoint, components: dict[str, Any]) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operationId": _operation_id(ep),
        "summary": ep.summary,
        "tags": list(ep.tags),
        "responses": {},
    }
    params = [_path_parameter(name) for name in re.findall(r"{(\w+)}", ep.path)]
    if ep.query_model:
        params += _query_parameters(_model(ep.query_model), components)
    if params:
        op["parameters"] = params
    if ep.body_model:
        op["requestBody"] = {
            "required": ep.body_required,
            "content": {"application/json": {"schema": _schema(_model(ep.body_model), components)}},
        }
    if ep.auth:
        op["security"] = [{"bearer": []}]
    ok: dict[str, Any] = {"description": "OK"}
    if ep.response_model:
        schema = _schema(_model(ep.response_model), components)
        ok["content"] = {"application/json": {"schema": schema}}
    elif ep.content_types != ("application/json",):
        ok["content"] = {kind: {"schema": {"type": "string"}} for kind in ep.content_types}
    if ep.method == "GET":
        ok["headers"] = {
            "ETag": {
                "description": "Send it back as If-None-Match: 304 if unchanged",
                "schema": {"type": "string"},
            },
            "Cache-Control": {"schema": {"type": "string", "const": ep.cache_control}},
        }
        op["responses"]["304"] = {
            "description": "Not modified (If-None-Match named the current ETag)"
        }
    op["responses"][str(ep.status)] = ok
    error_ref = {"application/json": {"schema": _schema(models.ErrorResponse, components)}}
    # 415: a body that is not declared as JSON (any route that takes one)
    implied = {*((401,) if ep.auth else ()), *((415,) if ep.method != "GET" else ())}
    for status in sorted({*ep.errors, *implied}):
        op["responses"][str(status)] = {"description": "Error", "content": error_ref}
    return op


def _operation_id(ep: Endpoint) -> str:
    return re.sub(r"[^a-zA-Z0-9]+", "_", f"{ep.method} {ep.path}").strip("_")


def _links(ep: Endpoint) -> dict[str, Any]:
    """OpenAPI links from `ep`'s success response to every other operation whose path
    parameters are all top-level fields of that response, by name (a submitted
    reproduction's `reproduction_id` -> get / promote / reject it; a paper's `arxiv_id` ->
    its reproductions ...). Clients and stateful testers follow them."""
    if ep.response_model is None:
        return {}
    fields = set(_model(ep.response_model).model_fields)
    links: dict[str, Any] = {}
    for target in ENDPOINTS:
        shared = re.findall(r"{(\w+)}", target.path)
        if target is ep or not shared or not set(shared) <= fields:
            continue
        links[_operation_id(target)] = {
            "operationId": _operation_id(target),
            "parameters": {name: f"$response.body#/{name}" for name in shared},
            "description": f"{target.method} {target.path} with this response's "
            + ", ".join(shared),
        }
    return links


DESCRIPTION = """An open verification ledger for machine-learning benchmark claims.

HTTP conventions: every JSON endpoint allows any origin (CORS, no credentials; preflight
answered). Every GET also answers HEAD. Successful reads carry a strong `ETag` and a short
`Cache-Control`; send the ETag back as `If-None-Match` to get `304 Not Modified` with no body.
Submissions answer with `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and
`RateLimit-Policy` for the hourly submission quota. Errors are always
`{"error": {"code", "message", "details"}}`; unknown query parameters are a 400."""


def build_openapi(server_url: str | None = None) -> dict[str, Any]:
    components: dict[str, Any] = {}
    paths: dict[str, Any] = {}
    for ep in ENDPOINTS:
        operation = _operation(ep, components)
        links = _links(ep)
        if links:
            operation["responses"][str(ep.status)]["links"] = links
        paths.setdefault(ep.path, {})[ep.method.lower()] = operation
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "SOTAVerified",
            "version": "1.0.0",
            "description": DESCRIPTION,
        },
        "servers": [
            {
                "url": server_url or "/",
                "description": "this deployment (the URL this document was served from)",
            }
        ],
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


@endpoint(
    docs_api,
    "GET",
    "/api/v1/openapi.json",
    summary="This OpenAPI 3.1 document.",
    response_model=None,
    tags=("meta",),
)
def get_openapi() -> Response:
    document = {**_document(), "servers": build_servers(docs_api.current_request)}
    return Response(body=document, status_code=200, headers={"Content-Type": "application/json"})


def build_servers(request: Any) -> list[dict[str, str]]:
    """The deployment's root as the client reached it: scheme (API Gateway's
    X-Forwarded-Proto), host, and API Gateway's stage prefix ("/api" on an execute-api URL,
    none under `chalice local`). Without a Host header: "/" (relative to the document)."""
    headers = request.headers
    host = headers.get("host")
    if not host or not re.fullmatch(r"[A-Za-z0-9.\-]+(:\d{1,5})?", host):
        return [{"url": "/", "description": "this deployment"}]
    proto = (headers.get("x-forwarded-proto") or "http").split(",")[0].strip().lower()
    scheme = "https" if proto == "https" else "http"
    full = str(request.context.get("path") or "")
    route = str(request.to_original_event().get("path") or "")
    stage = full[: len(full) - len(route)] if route and full.endswith(route) else ""
    return [{"url": f"{scheme}://{host}{stage}", "description": "this deployment"}]


@cache
def _document() -> dict[str, Any]:
    """Built once per process (~60 ms of JSON-schema generation): the routes are all
    registered by the time a request arrives, and the document never changes after that."""
    return build_openapi()
