"""The two servers of the local stack, made to behave as AWS does where Chalice's and moto's
local servers do not: moto with one DynamoDB request at a time (each request atomic, as in
DynamoDB), and Chalice's local HTTP server with API Gateway's body framing and limits, every
HTTP method, a request per thread (as one Lambda instance per request) and a deeper backlog.
Used by `chalicelib/local/stack.py`."""

from __future__ import annotations

import json
import threading
from typing import Any

from chalicelib.local.request_gate import RequestGate


def atomic_moto_server(gate: RequestGate | None = None) -> Any:
    """moto's server handles requests on concurrent threads, and its DynamoDB backend checks
    a condition and writes without a lock: two concurrent conditional writes could both
    succeed (two reviewers promoting one reproduction at once both "won"). DynamoDB applies
    each request atomically; so does this server, by handling one DynamoDB request at a time
    (other services, such as SQS long polls, are not held up). With a `gate`, every request
    also passes the snapshot gate (chalicelib/local/persistence.py)."""
    from moto.moto_server.threaded_moto_server import ThreadedMotoServer
    from moto.moto_server.werkzeug_app import (
        DomainDispatcherApplication,
        MotoRequestHandler,
        create_backend_app,
    )
    from werkzeug.serving import make_server

    class AtomicMotoServer(ThreadedMotoServer):  # type: ignore[misc]
        def _server_entry(self) -> None:
            backends = DomainDispatcherApplication(create_backend_app)
            lock = threading.Lock()

            def one_at_a_time(environ: Any, start_response: Any) -> Any:
                if not environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB_"):
                    return backends(environ, start_response)
                with lock:
                    return list(backends(environ, start_response))

            self._server = make_server(
                self._ip_address,
                self._port,
                gate.wrap(one_at_a_time) if gate else one_at_a_time,
                True,
                request_handler=MotoRequestHandler,
            )
            self._server_ready_event.set()
            self._server.serve_forever()

    return AtomicMotoServer


def per_thread_requests(app: Any) -> None:
    """Chalice keeps the request being handled on the app object (`app.current_request`,
    which every Blueprint reads). Lambda runs one request per instance at a time, but the
    local server handles requests on concurrent threads, and two requests at once read each
    other's body and headers (a submission saw a promote's empty body). Make the request
    and the Lambda context per thread."""
    state = threading.local()

    def per_thread(name: str) -> property:
        return property(
            lambda _: getattr(state, name, None), lambda _, value: setattr(state, name, value)
        )

    base = type(app)
    app.__class__ = type(
        base.__name__,
        (base,),
        {
            "current_request": per_thread("current_request"),
            "lambda_context": per_thread("lambda_context"),
        },
    )


def request_handler() -> Any:
    """Chalice's local request handler serves GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS;
    any other method (TRACE, QUERY ...) got http.server's HTML 501 page. Send every method
    through the app, which answers our JSON 405 as for any method a route does not define."""
    from chalice.local import ChaliceRequestHandler, ForbiddenError

    class RequestHandler(ChaliceRequestHandler):
        _chunked_body: bytes | None = None

        def __getattr__(self, name: str) -> Any:
            if name.startswith("do_"):  # http.server looks up do_<METHOD>
                return self._framed_handle
            raise AttributeError(name)

        def _framed_handle(self) -> None:
            """Chalice's server read the body by Content-Length alone: a Content-Length that
            is not a number crashed the handler thread (the client got no response at all),
            a chunked body reached the app with its chunk framing (API Gateway decodes it),
            and any length was read into memory (API Gateway refuses over 10 MiB)."""
            problem = self._framing_problem()
            if problem is None:
                super()._generic_handle()
                return
            status, code, message = problem
            body = {"error": {"code": code, "message": message, "details": []}}
            self.close_connection = True  # the rest of the body, if any, is not read
            headers = {"Content-Type": "application/json", "Connection": "close"}
            self._send_http_response(status, headers, json.dumps(body).encode())

        # Chalice binds its do_GET, do_POST ... to its own _generic_handle
        do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _framed_handle

        def _framing_problem(self) -> tuple[int, str, str] | None:
            if "chunked" in (self.headers.get("transfer-encoding") or "").lower():
                try:
                    self._chunked_body = read_chunked(self.rfile, MAX_LOCAL_BODY)
                except ValueError as exc:
                    return 400, "bad_request", f"the chunked request body is malformed: {exc}"
                return None
            self._chunked_body = None
            length = self.headers.get("content-length")
            if length is None:
                return None
            if not length.strip().isascii() or not length.strip().isdigit():
                shown = repr(length[:40])
                return 400, "bad_request", f"Content-Length {shown} is not a number of bytes"
            if int(length) > MAX_LOCAL_BODY:
                return 413, "body_too_large", f"the request body is over {MAX_LOCAL_BODY:,} bytes"
            return None

        def _parse_payload(self) -> Any:
            if self._chunked_body is None:
                return super()._parse_payload()
            headers = {k: v for k, v in self.headers.items() if k.lower() != "transfer-encoding"}
            headers["Content-Length"] = str(len(self._chunked_body))
            return headers, self._chunked_body or None

        def _send_error_response(self, error: Any) -> None:
            """A path no route matches: chalice local (like API Gateway) answers 403 "Missing
            Authentication Token"; answer the 404 of our error shape, as the deployed API
            does through its GatewayResponse (infra/template.py)."""
            sent = (error.body or b"") if isinstance(error, ForbiddenError) else b""
            if b"Missing Authentication Token" in sent or b"Authorization header requires" in sent:
                body = {
                    "error": {
                        "code": "not_found",
                        "message": f"no endpoint {self.command} {self.path.split('?')[0]}; "
                        "the API is described at /api/v1/openapi.json",
                        "details": [],
                    }
                }
                payload = json.dumps(body).encode()
                self._send_http_response(404, {"Content-Type": "application/json"}, payload)
                return
            super()._send_error_response(error)

        def _send_http_response(self, code: int, headers: Any, body: Any) -> None:
            """A HEAD response or a 304 has no content: Chalice's server wrote
            `Content-Length: 0` (a HEAD's must be the GET's, which the app sends) and a
            default JSON Content-Type on a 304."""
            if self.command != "HEAD" and code != 304:
                super()._send_http_response(code, headers, body)
                return
            self.send_response(code)
            self._send_headers(dict(headers))

    return RequestHandler


MAX_LOCAL_BODY = 10 * 1024 * 1024  # API Gateway's payload limit


def read_chunked(stream: Any, limit: int) -> bytes:
    """An HTTP/1.1 chunked body (RFC 9112 7.1), at most `limit` bytes; ValueError if it is
    malformed or longer."""
    body = bytearray()
    while True:
        size_line = stream.readline(1024)
        if not size_line.endswith(b"\n"):
            raise ValueError("a chunk size line is missing or too long")
        size_text = size_line.split(b";", 1)[0].strip()
        if not size_text or any(c not in b"0123456789abcdefABCDEF" for c in size_text):
            raise ValueError(f"{size_text[:20]!r} is not a chunk size")
        size = int(size_text, 16)
        if size == 0:
            while stream.readline(1024) not in (b"\r\n", b"\n", b""):
                pass  # trailer fields
            return bytes(body)
        if len(body) + size > limit:
            raise ValueError(f"it is over {limit:,} bytes")
        chunk = stream.read(size)
        if len(chunk) != size or stream.readline(1024) not in (b"\r\n", b"\n"):
            raise ValueError("a chunk is shorter than its size")
        body += chunk


def http_server() -> Any:
    """Chalice's threaded local server keeps http.server's listen backlog of 5: a burst of
    concurrent clients (agents submitting at once) got connection resets. Allow 128."""
    from chalice.local import ThreadedHTTPServer

    class HTTPServer(ThreadedHTTPServer):
        request_queue_size = 128

    return HTTPServer
