"""A tiny HTTP proxy that sits in front of the real local stack and misbehaves on request.

Requests are forwarded to the upstream server unchanged, except those that match a scripted
fault (method + path prefix), which are consumed in order:

- ``Fault.answer(429, "quota_exceeded", retry_after="0")``: answer that status with a JSON
  error body, without forwarding;
- ``Fault.drop_response()``: forward the request, let the real server handle it, then close
  the connection without sending its response (a response lost on the way back);
- ``Fault.refuse()``: close the connection without forwarding.

Every request is recorded (method, path, headers, body, and what was done with it).
"""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

HOP_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}


@dataclass
class Fault:
    kind: str  # "status" | "drop_response" | "refuse"
    status: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    body: dict[str, Any] | None = None

    @classmethod
    def answer(
        cls, status: int, code: str, retry_after: str | None = None, message: str = "stub"
    ) -> Fault:
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        body = {"error": {"code": code, "message": message, "details": []}}
        return cls("status", status, headers, body)

    @classmethod
    def drop_response(cls) -> Fault:
        return cls("drop_response")

    @classmethod
    def refuse(cls) -> Fault:
        return cls("refuse")


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    action: str
    upstream_status: int | None = None

    def json(self) -> Any:
        return json.loads(self.body)


class StubProxy:
    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self.upstream_host = parts.hostname or "127.0.0.1"
        self.upstream_port = parts.port or 80
        self.faults: list[tuple[str, str, Fault]] = []
        self.requests: list[Seen] = []
        self.lock = threading.Lock()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # one request per connection

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                proxy.handle(self)

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = _handle

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def fail(self, method: str, path_prefix: str, *faults: Fault) -> None:
        """The next requests matching method and path prefix get these faults, in order."""
        with self.lock:
            self.faults.extend((method.upper(), path_prefix, f) for f in faults)

    def seen(self, method: str, path_prefix: str) -> list[Seen]:
        with self.lock:
            return [
                r for r in self.requests if r.method == method and r.path.startswith(path_prefix)
            ]

    def _take_fault(self, method: str, path: str) -> Fault | None:
        with self.lock:
            for index, (m, prefix, fault) in enumerate(self.faults):
                if m == method and path.startswith(prefix):
                    del self.faults[index]
                    return fault
        return None

    def handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        method, path = handler.command, handler.path
        headers = {k: v for k, v in handler.headers.items()}
        fault = self._take_fault(method, path)
        seen = Seen(method, path, headers, body, fault.kind if fault else "forward")
        with self.lock:
            self.requests.append(seen)

        if fault is not None and fault.kind == "refuse":
            handler.close_connection = True
            return
        if fault is not None and fault.kind == "status":
            payload = json.dumps(fault.body).encode()
            handler.send_response(fault.status)
            for name, value in fault.headers.items():
                handler.send_header(name, value)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(payload)))
            handler.end_headers()
            handler.wfile.write(payload)
            return

        upstream = http.client.HTTPConnection(self.upstream_host, self.upstream_port, timeout=60)
        try:
            forwarded = {k: v for k, v in headers.items() if k.lower() not in HOP_HEADERS}
            upstream.request(method, path, body=body or None, headers=forwarded)
            response = upstream.getresponse()
            data = response.read()
            seen.upstream_status = response.status
            response_headers = [
                (k, v) for k, v in response.getheaders() if k.lower() not in HOP_HEADERS
            ]
        finally:
            upstream.close()

        if fault is not None and fault.kind == "drop_response":
            handler.close_connection = True  # the server did the work; the client hears nothing
            return
        handler.send_response(response.status)
        for name, value in response_headers:
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def start(self) -> StubProxy:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@contextmanager
def stub_proxy(upstream: str) -> Iterator[StubProxy]:
    proxy = StubProxy(upstream).start()
    try:
        yield proxy
    finally:
        proxy.stop()
