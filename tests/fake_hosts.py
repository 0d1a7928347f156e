"""A local HTTPS server that stands in for the hosts URL run logs are read from, so that no test
reaches the internet.

It speaks each service's documented protocol on one port, told apart by the Host header (and
TLS SNI, which it records): raw file GETs on raw.githubusercontent.com and
gist.githubusercontent.com, Hugging Face `resolve` GETs (optionally redirected to a CDN host),
and W&B's GraphQL `POST /graphql` on api.wandb.ai. Its certificate is signed by a CA made in
the test (the `cryptography` package), valid for those real host names; the fetcher trusts that
CA through `SOTAV_URL_FETCH_CA_BUNDLE` and connects here through `SOTAV_URL_FETCH_OVERRIDE`
(see `FakeHosts.env`).
"""

from __future__ import annotations

import datetime as dt
import json
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

# Names the server's certificate is valid for: the real hosts, plus a host that is not on the
# fetch allow-list (to prove that a redirect there is refused before any connection).
CERT_NAMES = (
    "raw.githubusercontent.com",
    "gist.githubusercontent.com",
    "huggingface.co",
    "cdn-lfs.hf.co",
    "cas-bridge.xethub.hf.co",
    "api.wandb.ai",
    "evil.example.com",
)


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before the status line
    # Stream the body in pieces: (piece, seconds to wait before it); no Content-Length.
    pieces: Callable[[], Iterator[tuple[bytes, float]]] | None = None
    content_length: bool = True


@dataclass(frozen=True)
class Seen:
    host: str
    method: str
    path: str
    body: bytes


def make_certificates(directory: Path, names: tuple[str, ...] = CERT_NAMES) -> tuple[Path, Path]:
    """A CA (ca.pem) and a server certificate + key signed by it (server.pem)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "SOTAVerified test CA")])
    ca_cert = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=2))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names]), False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    directory.mkdir(parents=True, exist_ok=True)
    ca_path, server_path = directory / "ca.pem", directory / "server.pem"
    ca_path.write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    server_path.write_bytes(
        cert.public_bytes(serialization.Encoding.PEM)
        + key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return ca_path, server_path


class FakeHosts:
    """Routes are (host, path) -> Reply; unknown routes get 404, like the real hosts. W&B runs
    are answered from `wandb_runs` in the shape of W&B's GraphQL API."""

    def __init__(self, directory: Path) -> None:
        self.ca_path, server_pem = make_certificates(directory)
        self.routes: dict[tuple[str, str], Reply] = {}
        self.wandb_runs: dict[tuple[str, str, str], dict[str, Any]] = {}
        self.seen: list[Seen] = []
        self.sni: list[str] = []
        self._lock = threading.Lock()
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(server_pem)
        tls.sni_callback = self._record_sni
        self._server = _QuietServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        # The handshake happens in the request's thread (Handler.setup), so one slow or
        # failing client never blocks the accept loop.
        self._server.socket = tls.wrap_socket(
            self._server.socket, server_side=True, do_handshake_on_connect=False
        )
        self.port = int(self._server.server_address[1])
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def _record_sni(self, _sock: Any, name: str | None, _context: Any) -> None:
        with self._lock:
            self.sni.append(name or "")

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def env(self) -> dict[str, str]:
        """The settings that point the fetcher here."""
        return {
            "SOTAV_URL_FETCH_OVERRIDE": self.url,
            "SOTAV_URL_FETCH_CA_BUNDLE": str(self.ca_path),
        }

    def add(self, host: str, path: str, reply: Reply | None = None, **fields: Any) -> None:
        with self._lock:
            self.routes[(host, path)] = reply if reply is not None else Reply(**fields)

    def text(self, host: str, path: str, text: str) -> None:
        self.add(host, path, body=text.encode(), headers={"Content-Type": "text/plain"})

    def wandb_run(
        self, entity: str, project: str, run_id: str, summary: dict[str, Any], state: str
    ) -> None:
        with self._lock:
            self.wandb_runs[(entity, project, run_id)] = {"summary": summary, "state": state}

    def requests_to(self, host: str) -> list[Seen]:
        with self._lock:
            return [s for s in self.seen if s.host == host]

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # --- answers ----------------------------------------------------------------------------

    def reply_for(self, seen: Seen) -> Reply:
        with self._lock:
            self.seen.append(seen)
            route = self.routes.get((seen.host, seen.path))
            runs = dict(self.wandb_runs)
        if route is not None:
            return route
        if seen.host == "api.wandb.ai" and seen.path == "/graphql" and seen.method == "POST":
            return _graphql(seen.body, runs)
        return Reply(404, b"Not Found", {"Content-Type": "text/plain"})


def _graphql(body: bytes, runs: dict[tuple[str, str, str], dict[str, Any]]) -> Reply:
    """W&B's answer to the public API's Run query: the run, `project: null` for an unknown
    project, `run: null` for an unknown run."""
    request = json.loads(body)
    query, variables = request.get("query", ""), request.get("variables") or {}
    if "project(name: $project, entityName: $entity)" not in query or "summaryMetrics" not in query:
        answer: dict[str, Any] = {"errors": [{"message": "unsupported query"}], "data": None}
    else:
        key = (variables.get("entity"), variables.get("project"), variables.get("name"))
        projects = {(e, p) for e, p, _ in runs}
        run = runs.get(key)  # type: ignore[arg-type]
        if (key[0], key[1]) not in projects:
            answer = {"data": {"project": None}}
        elif run is None:
            answer = {"data": {"project": {"run": None}}}
        else:
            answer = {
                "data": {
                    "project": {
                        "run": {
                            "name": key[2],
                            "state": run["state"],
                            "summaryMetrics": json.dumps(run["summary"]),
                        }
                    }
                }
            }
    return Reply(200, json.dumps(answer).encode(), {"Content-Type": "application/json"})


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that refused our certificate or hung up: the test checks the client


def _handler(hosts: FakeHosts) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            self.request.settimeout(10)
            self.request.do_handshake()
            super().setup()

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _serve(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            host = (self.headers.get("Host") or "").lower()
            reply = hosts.reply_for(Seen(host, method, self.path, body))
            if reply.delay:
                time.sleep(reply.delay)
            try:
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                if reply.pieces is not None:
                    self.send_header("Connection", "close")
                    self.end_headers()
                    for piece, wait in reply.pieces():
                        if wait:
                            time.sleep(wait)
                        self.wfile.write(piece)
                        self.wfile.flush()
                    self.close_connection = True
                    return
                if reply.content_length:
                    self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError, OSError):
                self.close_connection = True

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

    return Handler


@contextmanager
def fake_hosts(directory: Path) -> Iterator[FakeHosts]:
    hosts = FakeHosts(directory)
    try:
        yield hosts
    finally:
        hosts.stop()
