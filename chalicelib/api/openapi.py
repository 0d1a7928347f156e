"""OpenAPI 3.1 document generated from the endpoint registry and the pydantic models."""

from __future__ import annotations

import re
from typing import Any

from chalice import Blueprint, Response
from pydantic import BaseModel

from chalicelib.api.models import ErrorResponse
from chalicelib.api.registry import ENDPOINTS, Endpoint, endpoint

docs_api = Blueprint(__name__)
_REF = "#/components/schemas/{model}"


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


def _operation(ep: Endpoint, components: dict[str, Any]) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operationId": re.sub(r"[^a-zA-Z0-9]+", "_", f"{ep.method} {ep.path}").strip("_"),
        "summary": ep.summary,
        "tags": list(ep.tags),
        "responses": {},
    }
    params = [
        {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
        for name in re.findall(r"{(\w+)}", ep.path)
    ]
    if ep.query_model:
        params += _query_parameters(ep.query_model, components)
    if params:
        op["parameters"] = params
    if ep.body_model:
        op["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _schema(ep.body_model, components)}},
        }
    if ep.auth:
        op["security"] = [{"bearer": []}]
    ok: dict[str, Any] = {"description": "OK"}
    if ep.response_model:
        ok["content"] = {"application/json": {"schema": _schema(ep.response_model, components)}}
    op["responses"][str(ep.status)] = ok
    error_ref = {"application/json": {"schema": _schema(ErrorResponse, components)}}
    for status in sorted({*ep.errors, *((401,) if ep.auth else ())}):
        op["responses"][str(status)] = {"description": "Error", "content": error_ref}
    return op


def build_openapi() -> dict[str, Any]:
    components: dict[str, Any] = {}
    paths: dict[str, Any] = {}
    for ep in ENDPOINTS:
        paths.setdefault(ep.path, {})[ep.method.lower()] = _operation(ep, components)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "SOTAVerified",
            "version": "1.0.0",
            "description": "An open verification ledger for machine-learning benchmark claims.",
        },
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
    return Response(
        body=build_openapi(), status_code=200, headers={"Content-Type": "application/json"}
    )
