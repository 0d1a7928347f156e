"""SOTAVerified: Chalice routes and event handlers. Each is a few lines; the work happens in
chalicelib/services. See README.md for the architecture."""

from __future__ import annotations

from functools import cache
from typing import Any

from chalice import Chalice, ConvertToMiddleware, Response

from chalicelib.api.discovery import discovery_api
from chalicelib.api.errors import error_response, unsupported_media_type
from chalicelib.api.me import me_api
from chalicelib.api.meta import meta_api
from chalicelib.api.openapi import docs_api
from chalicelib.api.read import read_api
from chalicelib.api.uploads import uploads_api
from chalicelib.api.write import write_api
from chalicelib.settings import get_settings
from chalicelib.web.pages import web_pages

settings = get_settings()
app = Chalice(app_name="sotaverified", configure_logs=False)
app.register_blueprint(read_api)
app.register_blueprint(docs_api)
app.register_blueprint(write_api)
app.register_blueprint(uploads_api)
app.register_blueprint(web_pages)
app.register_blueprint(meta_api)
app.register_blueprint(me_api)
app.register_blueprint(discovery_api)


@cache
def _lambda_context_logging() -> ConvertToMiddleware:
    """Powertools' Logger (service "sotaverified"), built by the first event rather than at
    import: importing Powertools costs ~50 ms, and the stream and queue functions never log
    through it."""
    from aws_lambda_powertools import Logger

    logger = Logger(service="sotaverified", level=settings.log_level)
    return ConvertToMiddleware(logger.inject_lambda_context)


@app.middleware("all")
def lambda_context_logging(event: Any, get_response: Any) -> Any:
    return _lambda_context_logging()(event, get_response)


@app.middleware("http")
def unexpected_errors(event: Any, get_response: Any) -> Response:
    """Domain errors are mapped where endpoints are declared (chalicelib/api/registry.py);
    Chalice's own error bodies (500; 415 for a non-JSON Content-Type; 405) are replaced by
    our error shape here."""
    response = get_response(event)
    if response.status_code == 500 and "error" not in (response.body or {}):
        cors = {k: v for k, v in response.headers.items() if k.startswith("Access-Control-")}
        return error_response(
            500,
            "internal_error",
            "unexpected server error; retry, and report it if it persists",
            headers=cors,
        )
    body = response.body
    if response.status_code >= 400 and isinstance(body, dict) and "Code" in body:
        headers = {k: v for k, v in (response.headers or {}).items() if k.lower() != "content-type"}
        if response.status_code == 415:
            route = app.routes.get(event.path, {}).get(event.method)
            takes = route.content_types if route else ["application/json"]
            refused = unsupported_media_type(event.headers.get("content-type"), takes[0])
            return error_response(415, refused.code, refused.message, headers=headers)
        code = {405: "method_not_allowed"}
        return error_response(
            response.status_code,
            code.get(response.status_code, "bad_request"),
            str(body.get("Message", "")),
            headers=headers,
        )
    return response


@app.on_sqs_message(queue=settings.validator_queue_name, batch_size=10)
def validate_upload(event: Any) -> dict[str, Any]:
    from chalicelib.services.validation_batch import handle_validation_batch

    return handle_validation_batch(event.to_dict(), event.context)


@app.on_dynamodb_record(
    stream_arn=settings.papers_stream_arn, batch_size=100, starting_position="TRIM_HORIZON"
)
def recompute_from_papers_stream(event: Any) -> dict[str, Any]:
    from chalicelib.services.stream_recompute import handle_stream_batch

    return handle_stream_batch(event.to_dict(), table="papers")


@app.on_dynamodb_record(
    stream_arn=settings.reproductions_stream_arn, batch_size=100, starting_position="TRIM_HORIZON"
)
def recompute_from_reproductions_stream(event: Any) -> dict[str, Any]:
    from chalicelib.services.stream_recompute import handle_stream_batch

    return handle_stream_batch(event.to_dict(), table="reproductions")
