"""Endpoints are declared once: the same declaration registers the Chalice route and
describes it in the OpenAPI document, so the two cannot drift apart."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from chalice import Blueprint, CORSConfig, Response

from chalicelib.api.errors import ApiError, response_for, unsupported_media_type
from chalicelib.api.strict_json import parse_json_body
from chalicelib.errors import DomainError
from chalicelib.services.accounts import Principal, Unauthenticated, authenticate
from chalicelib.settings import get_settings

if TYPE_CHECKING:  # pydantic is imported where bodies are parsed (see chalicelib/lazy.py)
    from pydantic import BaseModel, ValidationError


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str
    summary: str
    # Models are named, not imported: classes of chalicelib/api/models/, loaded on first use.
    response_model: str | None
    status: int = 200
    query_model: str | None = None
    body_model: str | None = None
    body_required: bool = True  # False: an empty body means the model's defaults
    auth: str | None = None  # None | "agent" | "reviewer" | "admin" | "any"
    errors: tuple[int, ...] = ()
    tags: tuple[str, ...] = field(default_factory=tuple)
    # Cache-Control of a successful GET (README "HTTP conventions"); None: the default for
    # open reads (PUBLIC_READ) or keyed reads (PRIVATE_READ).
    cache: str | None = None
    # Of the success response (OpenAPI); JSON unless the endpoint serves a page or files.
    content_types: tuple[str, ...] = ("application/json",)
    vary: tuple[str, ...] = ()  # request headers the response depends on

    @property
    def cache_control(self) -> str:
        if self.cache is not None:
            return self.cache
        return PRIVATE_READ if self.auth else PUBLIC_READ


# HTTP conventions of every endpoint (README "HTTP conventions"):
# - CORS: any origin may call the JSON API, reads and Bearer-key writes alike (a Bearer key
#   is not an ambient credential, so there is nothing for another site to ride on; no
#   credentials are allowed). The cookie-session pages (chalicelib/web) allow no origin.
# - Reads: a strong ETag of the body and a short Cache-Control; If-None-Match -> 304 with
#   no body. HEAD answers wherever GET does, with the GET's headers and no body.
PUBLIC_READ = "public, max-age=30"
PRIVATE_READ = "private, no-cache"
API_CORS = CORSConfig(
    allow_origin="*",
    allow_headers=["Idempotency-Key", "If-None-Match"],
    expose_headers=[
        "ETag",
        "Retry-After",
        "RateLimit-Limit",
        "RateLimit-Remaining",
        "RateLimit-Reset",
        "RateLimit-Policy",
        "WWW-Authenticate",
    ],
    max_age=600,
)


ENDPOINTS: list[Endpoint] = []
Q = TypeVar("Q", bound="BaseModel")


def endpoint(
    blueprint: Blueprint, method: str, path: str, **spec: Any
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register `fn` as a Chalice route on `blueprint` and record it for OpenAPI."""

    def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
        ep = Endpoint(method=method, path=path, **spec)
        ENDPOINTS.append(ep)

        @functools.wraps(fn)
        def view(*args: Any, **kwargs: Any) -> Any:
            # Chalice turns exceptions escaping a view into its own 500 before any
            # middleware sees them, so domain errors are mapped here, for every endpoint.
            try:
                if ep.auth:
                    kwargs["principal"] = _authorise(blueprint, ep.auth)
                if method in ("POST", "PUT", "PATCH"):
                    _check_content_type(blueprint)
                    _check_body_size(blueprint)
                response = fn(*args, **kwargs)
            except DomainError as exc:
                response = response_for(exc)
            if method == "GET":
                return conditional_read(blueprint.current_request, response, ep)
            return response

        _add_route(blueprint, path, method, view)
        return view

    return decorator


def _add_route(blueprint: Blueprint, path: str, method: str, view: Callable[..., Any]) -> None:
    """`blueprint.route(path, methods=[method], cors=False)(view)`, except that the route
    options are built afresh each time the blueprint is registered on an app. Chalice pops
    them out of the one dict a Blueprint keeps, so registering the same blueprint on a second
    app (the tests and the local stack reload `app`) turned every route into GET-only."""

    methods = [method, "HEAD"] if method == "GET" else [method]

    def register(app: Any, options: dict[str, Any]) -> None:
        route = {"path": path, "kwargs": {"methods": list(methods), "cors": API_CORS}}
        app._register_handler("route", view.__name__, view, view, route, options)

    blueprint._deferred_registrations.append(register)


def conditional_read(request: Any, response: Response, ep: Endpoint) -> Response:
    """ETag, Cache-Control and Vary on a GET's success; 304 when If-None-Match names the
    current ETag; for HEAD, the same status and headers without the body (Content-Length is
    the GET's)."""
    body = response.body
    if not isinstance(body, str | bytes):
        body = json.dumps(body, separators=(",", ":"))  # what Chalice would send
    raw = body.encode("utf-8") if isinstance(body, str) else body
    headers = dict(response.headers or {})
    status = response.status_code
    if status == 200:
        etag = f'"{hashlib.sha256(raw).hexdigest()[:32]}"'
        headers.update({"ETag": etag, "Cache-Control": ep.cache_control})
        vary = ep.vary or (("Authorization",) if ep.auth else ())
        if vary:
            headers["Vary"] = ", ".join(vary)
        if etag_matches(request.headers.get("if-none-match"), etag):
            kept = ("ETag", "Cache-Control", "Vary")
            return Response(
                body="", status_code=304, headers={k: headers[k] for k in kept if k in headers}
            )
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(raw))
        return Response(body="", status_code=status, headers=headers)
    return Response(body=body, status_code=status, headers=headers)


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110 13.1.2: `*`, or any listed tag equal to ours by weak comparison."""
    if not if_none_match:
        return False
    tags = [tag.strip() for tag in if_none_match.split(",")]
    return any(tag == "*" or tag.removeprefix("W/") == etag for tag in tags)


UNAUTHORISED = ApiError(
    401,
    "unauthorized",
    "a valid API key is required: send 'Authorization: Bearer <key>'",
    headers={"WWW-Authenticate": "Bearer"},
)
ALLOWED_ROLES = {
    "agent": {"agent"},
    "any": {"agent", "reviewer", "admin"},
    "reviewer": {"reviewer", "admin"},
    "admin": {"admin"},
}


def _authorise(blueprint: Blueprint, auth: str) -> Principal:
    """Every write route passes here: missing/malformed/unknown/revoked keys get one 401."""
    headers = blueprint.current_request.headers
    try:
        principal = authenticate(headers.get("authorization"))
    except Unauthenticated:
        raise UNAUTHORISED from None
    if principal.role not in ALLOWED_ROLES[auth]:
        if auth == "agent":
            raise ApiError(
                403,
                "agent_key_required",
                f"submitting reproductions and starting runs needs an agent key; yours is a "
                f"{principal.role} key. A person who runs reproductions uses an agent key for "
                "their scripts: ask an admin for one (python -m chalicelib.cli accounts create "
                "--role agent --name NAME)",
            )
        raise ApiError(
            403, "forbidden", f"this action needs a {auth} key; yours is a {principal.role} key"
        )
    return principal


def optional_principal(blueprint: Blueprint) -> Principal | None:
    """Who is asking, on an open read endpoint: a valid key identifies, anything else is
    anonymous (never an error)."""
    header = blueprint.current_request.headers.get("authorization")
    if not header:
        return None
    try:
        return authenticate(header)
    except Unauthenticated:
        return None


def is_json_media_type(content_type: str) -> bool:
    """`application/json`, with no parameter but a UTF-8 charset (RFC 8259: JSON between
    systems is UTF-8), in any letter case."""
    media, _, parameters = content_type.partition(";")
    if media.strip().lower() != "application/json":
        return False
    for parameter in parameters.split(";"):
        if not parameter.strip():
            continue
        name, _, value = parameter.partition("=")
        if name.strip().lower() != "charset":
            return False
        if value.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


def _check_content_type(blueprint: Blueprint) -> None:
    """Chalice's own check (its 415) only asks whether `application/json` is one of the
    header's `;`- or `,`-separated parts: it took `text/plain; application/json`, `*/*` and
    any charset (a body labelled latin-1 was read as UTF-8). No header means JSON, as in
    Chalice."""
    headers = blueprint.current_request.headers
    given = headers.get("content-type")
    if given is not None and not is_json_media_type(given):
        raise unsupported_media_type(given)
    # Nothing decodes a compressed request body (API Gateway passes it as it is): gzip bytes
    # were refused as "not UTF-8" (RFC 9110 15.5.16: 415 names the coding).
    coding = (headers.get("content-encoding") or "identity").strip().lower()
    if coding != "identity":
        raise ApiError(
            415,
            "unsupported_media_type",
            f"Content-Encoding {coding[:40]!r} is not accepted; send the body uncompressed "
            "(a log too large for the body goes through POST /api/v1/uploads, which takes gzip)",
            headers={"Accept-Encoding": "identity"},
        )


def _check_body_size(blueprint: Blueprint) -> None:
    limit = get_settings().max_body_bytes
    if len(blueprint.current_request.raw_body or b"") > limit:
        raise ApiError(413, "body_too_large", f"the request body is over {limit:,} bytes")


def parse_body(blueprint: Blueprint, model: type[Q]) -> Q:
    """Strict JSON (no NaN/Infinity, no duplicate keys, bounded nesting), then the model:
    malformed JSON -> 400, a body that breaks the model (unknown fields too) -> 422."""
    from pydantic import ValidationError

    data = parse_json_body(blueprint.current_request.raw_body)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        details = validation_details(exc)
        first = details[0]
        raise ApiError(
            422, "invalid_body", f"{first['field']}: {first['message']}", details
        ) from exc


def parse_optional_body(blueprint: Blueprint, model: type[Q]) -> Q:
    """`parse_body`, except that an empty body (none, or only whitespace) means the model's
    defaults."""
    raw = blueprint.current_request.raw_body or b""
    if not raw.strip():
        return model()
    return parse_body(blueprint, model)


def validation_details(exc: ValidationError) -> list[dict[str, Any]]:
    return [
        {"field": ".".join(str(p) for p in err["loc"]) or "(body)", "message": err["msg"]}
        for err in exc.errors(include_url=False, include_input=False)
    ]


def parse_query(blueprint: Blueprint, model: type[Q]) -> Q:
    from pydantic import ValidationError

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
            # a cursor that is not even the right length is a forged one too
            "invalid_cursor" if first["field"] == "cursor" else "invalid_parameter",
            f"query parameter '{first['field']}': {first['message']}",
            details,
        ) from exc


def json_response(model: BaseModel | dict[str, Any], status: int = 200) -> Response:
    body = model if isinstance(model, dict) else model.model_dump(mode="json")
    return Response(body=body, status_code=status, headers={"Content-Type": "application/json"})
