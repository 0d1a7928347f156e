"""Endpoints are declared once: the same declaration registers the Chalice route and
describes it in the OpenAPI document, so the two cannot drift apart."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from chalice import Blueprint, Response
from pydantic import BaseModel, ValidationError

from chalicelib.api.errors import ApiError, response_for
from chalicelib.errors import DomainError


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str
    summary: str
    response_model: type[BaseModel] | None
    status: int = 200
    query_model: type[BaseModel] | None = None
    body_model: type[BaseModel] | None = None
    auth: str | None = None  # None | "agent" | "reviewer" | "admin" | "any"
    errors: tuple[int, ...] = ()
    tags: tuple[str, ...] = field(default_factory=tuple)


ENDPOINTS: list[Endpoint] = []
Q = TypeVar("Q", bound=BaseModel)


def endpoint(
    blueprint: Blueprint, method: str, path: str, **spec: Any
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register `fn` as a Chalice route on `blueprint` and record it for OpenAPI."""

    def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
        ENDPOINTS.append(Endpoint(method=method, path=path, **spec))

        @functools.wraps(fn)
        def view(*args: Any, **kwargs: Any) -> Any:
            # Chalice turns exceptions escaping a view into its own 500 before any
            # middleware sees them, so domain errors are mapped here, for every endpoint.
            try:
                return fn(*args, **kwargs)
            except DomainError as exc:
                return response_for(exc)

        blueprint.route(path, methods=[method], cors=False)(view)
        return view

    return decorator


def validation_details(exc: ValidationError) -> list[dict[str, Any]]:
    return [
        {"field": ".".join(str(p) for p in err["loc"]) or "(body)", "message": err["msg"]}
        for err in exc.errors(include_url=False, include_input=False)
    ]


def parse_query(blueprint: Blueprint, model: type[Q]) -> Q:
    request = blueprint.current_request
    params: Any = request.query_params or {}
    values: dict[str, str] = {}
    for name in params:
        given = params.getlist(name)
        if len(given) > 1:
            raise ApiError(400, "invalid_parameter", f"query parameter '{name}' is repeated")
        values[name] = given[0]
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        details = validation_details(exc)
        first = details[0]
        raise ApiError(
            400,
            "invalid_parameter",
            f"query parameter '{first['field']}': {first['message']}",
            details,
        ) from exc


def json_response(model: BaseModel | dict[str, Any], status: int = 200) -> Response:
    body = model.model_dump(mode="json") if isinstance(model, BaseModel) else model
    return Response(body=body, status_code=status, headers={"Content-Type": "application/json"})
