"""The whole system on one machine: a moto server, the resources, the sample data, the event
pump and the HTTP API (Chalice's local server) — `make run` / `python -m chalicelib.local`.

With `--data-dir` (`make run` gives `.local-data`) the data is kept between runs: see
chalicelib/local/persistence.py. Without it, everything lives in memory only.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chalicelib.local.bootstrap import LocalResources, create_resources
from chalicelib.local.persistence import (
    DEFAULT_INTERVAL,
    LocalData,
    LocalDataError,
    Restored,
    Snapshotter,
    start_over_hint,
    table_differences,
)
from chalicelib.local.pump import EventPump
from chalicelib.local.request_gate import RequestGate
from chalicelib.settings import reset_settings

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_DATA = ROOT / "sample_data"
SAMPLE_EVALUATION_TABLES = sorted(SAMPLE_DATA.glob("*.json"))


@dataclass
class Stack:
    api_url: str
    moto_url: str
    resources: LocalResources
    pump: EventPump
    app: Any
    _moto: Any
    _http: Any
    _http_thread: threading.Thread
    restored: Restored | None = None
    snapshotter: Snapshotter | None = None
    local_data: LocalData | None = None

    def stop(self) -> bool:
        """Stop everything; False if the last snapshot could not be saved."""
        self.pump.stop()
        self._http.shutdown()
        self._http.server.server_close()
        self._http_thread.join(timeout=5)
        saved = True
        if self.snapshotter:
            saved = self.snapshotter.stop()  # the last one, with the pump and the API stopped
        self._moto.stop()
        if self.local_data:
            self.local_data.unlock()
        return saved


def _configure_environment(moto_url: str, prefix: str) -> None:
    os.environ.update(
        {
            "AWS_ACCESS_KEY_ID": "local",
            "AWS_SECRET_ACCESS_KEY": "local",
            "AWS_DEFAULT_REGION": "us-east-1",
            "SOTAV_AWS_ENDPOINT_URL": moto_url,
            "SOTAV_RESOURCE_PREFIX": prefix,
            "SOTAV_UPLOADS_BUCKET": f"{prefix}-uploads",
            "SOTAV_VALIDATOR_QUEUE": f"{prefix}-validate",
        }
    )
    reset_settings()


def start_stack(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    moto_port: int = 4566,
    load_sample: bool = True,
    fault_rate: float = 0.0,
    timeout_rate: float = 0.0,
    data_dir: Path | None = None,
    fresh: bool = False,
    snapshot_interval: float = DEFAULT_INTERVAL,
    log: Any = print,
) -> Stack:
    """Start everything. With `data_dir`, restore what was saved there (unless `fresh`) and
    keep saving; raises LocalDataError when the folder is taken or its state is unusable."""
    from chalice.cli import CLIFactory
    from chalice.local import LocalDevServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # moto's per-request log lines
    local_data = restored = gate = None
    if data_dir is not None:
        local_data = LocalData(data_dir)
        local_data.lock()
        try:
            if fresh:
                local_data.forget()
            started = time.monotonic()
            restored = local_data.restore()  # into moto's backends, before its server starts
        except BaseException:
            local_data.unlock()
            raise
        if restored:
            log(
                f"  restored the data saved at {restored.saved_at} from {data_dir}/ "
                f"({restored.size / 1e6:.1f} MB, {time.monotonic() - started:.1f}s)"
            )
        gate = RequestGate()
    moto = _atomic_moto_server(gate)(ip_address=host, port=moto_port, verbose=False)
    moto.start()
    moto_url = f"http://{host}:{moto.get_host_and_port()[1]}"
    _configure_environment(moto_url, prefix="sotav-local")
    try:
        resources = create_resources()  # creates only what the restored state lacks
        if restored and local_data:
            from chalicelib.db import aws

            differences = table_differences(aws.client("dynamodb"))
            if differences:
                raise LocalDataError(
                    f"The tables saved in {local_data.dir}/ do not match the table definitions "
                    f"of this checkout (chalicelib/db/tables.py): {'; '.join(differences)}. "
                    + start_over_hint(local_data.dir)
                )
    except BaseException:
        moto.stop()
        if local_data:
            local_data.unlock()
        raise
    os.environ["SOTAV_PAPERS_STREAM_ARN"] = resources.papers_stream_arn
    os.environ["SOTAV_REPRODUCTIONS_STREAM_ARN"] = resources.reproductions_stream_arn
    reset_settings()
    # Import the app only now: its stream handlers read the stream ARNs from settings.
    app_module = (
        importlib.reload(sys.modules["app"])
        if "app" in sys.modules
        else (importlib.import_module("app"))
    )
    app = app_module.app

    pump = EventPump(
        app,
        stream_failure_queue_url=resources.stream_failures_queue_url,
        fault_rate=fault_rate,
        timeout_rate=timeout_rate,
        checkpoints=restored.checkpoints if restored else None,
    )
    sample_loaded = bool(restored and restored.sample_loaded)
    if restored and sample_loaded:
        log("  sample data: already in the restored data (not loaded again)")
    elif load_sample:
        from chalicelib.services.ingest import ingest_files

        started = time.monotonic()
        report = ingest_files(
            evaluation_tables=SAMPLE_EVALUATION_TABLES,
            progress=lambda phase, done, total: log(f"  ingest {phase}: {done}/{total}"),
        )
        log(
            f"  sample data: {report.papers_created} new papers, "
            f"{report.metric_values} claimed metric values ({time.monotonic() - started:.1f}s)"
        )
        started = time.monotonic()
        delivered = pump.drain(timeout=120)
        log(
            f"  scores recomputed from {delivered} stream records "
            f"({time.monotonic() - started:.1f}s)"
        )
        sample_loaded = True
    snapshotter = None
    if local_data and gate:
        snapshotter = Snapshotter(
            local_data, gate, pump, interval=snapshot_interval, sample_loaded=sample_loaded
        )
        snapshotter.save()  # at once: a crash right after the start keeps the sample
        snapshotter.start()
    pump.start()

    _per_thread_requests(app)
    config = CLIFactory(str(ROOT)).create_config_obj(chalice_stage_name="dev")
    http = LocalDevServer(
        app, config, host, port, handler_cls=_request_handler(), server_cls=_http_server()
    )
    http_thread = threading.Thread(target=http.serve_forever, name="http", daemon=True)
    http_thread.start()
    api_port = http.server.server_address[1]
    return Stack(
        api_url=f"http://{host}:{api_port}",
        moto_url=moto_url,
        resources=resources,
        pump=pump,
        app=app,
        _moto=moto,
        _http=http,
        _http_thread=http_thread,
        restored=restored,
        snapshotter=snapshotter,
        local_data=local_data,
    )


def _atomic_moto_server(gate: RequestGate | None = None) -> Any:
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


def _per_thread_requests(app: Any) -> None:
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


def _request_handler() -> Any:
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
                    self._chunked_body = _read_chunked(self.rfile, MAX_LOCAL_BODY)
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


def _read_chunked(stream: Any, limit: int) -> bytes:
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


def _http_server() -> Any:
    """Chalice's threaded local server keeps http.server's listen backlog of 5: a burst of
    concurrent clients (agents submitting at once) got connection resets. Allow 128."""
    from chalice.local import ThreadedHTTPServer

    class HTTPServer(ThreadedHTTPServer):
        request_queue_size = 128

    return HTTPServer


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:  # also refuses NaN
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds > 0")
    return value


def _data_line(stack: Stack, data_dir: Path | None) -> str:
    if data_dir is None or stack.snapshotter is None:
        return "in memory only: gone when this stops (`make run` keeps it in .local-data/)"
    state = "restored" if stack.restored else "new"
    return (
        f"{data_dir}/ ({state}; saved every {stack.snapshotter.interval:g} s when it changes, "
        "and on Ctrl-C; `make run FRESH=1` starts over)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chalicelib.local", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--moto-port", type=int, default=int(os.environ.get("MOTO_PORT", "4566")))
    parser.add_argument("--no-sample", action="store_true", help="start without sample data")
    parser.add_argument(
        "--fault-rate",
        type=float,
        default=float(os.environ.get("SOTAV_PUMP_FAULT_RATE", "0")),
        help="share of handler invocations the pump fails on purpose (fault injection)",
    )
    parser.add_argument(
        "--timeout-rate",
        type=float,
        default=float(os.environ.get("SOTAV_PUMP_TIMEOUT_RATE", "0")),
        help="share of handler invocations the pump kills part-way, like a Lambda timeout",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        help="keep the data in this folder between runs (`make run`: .local-data); "
        "without it, everything is in memory only",
    )
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="with --data-dir: delete the saved data and start empty (`make run FRESH=1`)",
    )
    parser.add_argument(
        "--snapshot-interval",
        type=_seconds,
        default=DEFAULT_INTERVAL,
        metavar="SECONDS",
        help=f"with --data-dir: save a snapshot this often when something changed "
        f"(default {DEFAULT_INTERVAL:g}; after a kill -9 at most this much is lost)",
    )
    args = parser.parse_args(argv)
    if args.fresh and args.data_dir is None:
        parser.error("--fresh deletes saved data, so it needs --data-dir (`make run FRESH=1`)")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    print(f"Starting SOTAVerified locally (moto on {args.host}:{args.moto_port})...", flush=True)
    try:
        stack = start_stack(
            host=args.host,
            port=args.port,
            moto_port=args.moto_port,
            load_sample=not args.no_sample,
            fault_rate=args.fault_rate,
            timeout_rate=args.timeout_rate,
            data_dir=args.data_dir,
            fresh=args.fresh,
            snapshot_interval=args.snapshot_interval,
            log=lambda line: print(line, flush=True),
        )
    except LocalDataError as exc:
        print(f"Could not start: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(
            f"Could not start: {exc}. Is another `make run` using port {args.port} or "
            f"{args.moto_port}? Set PORT=... / MOTO_PORT=... to use others.",
            file=sys.stderr,
        )
        return 1
    api = stack.api_url
    moto_env = "" if args.moto_port == 4566 else f"MOTO_PORT={args.moto_port} "
    cli = f"{moto_env}.venv/bin/python -m chalicelib.cli"
    print(
        f"""
SOTAVerified is running.
  API        {api}   (OpenAPI: {api}/api/v1/openapi.json)
  Web pages  {api}/?task=node-property-prediction   (SOTA table, papers, agents)
  Review     {api}/review   (sign in with a reviewer key)
  moto       {stack.moto_url}
  Data       {_data_line(stack, args.data_dir)}
Try:
  curl -s {api}/api/v1/papers/2104.09376
  curl -s '{api}/api/v1/sota?task=node-property-prediction&sort=score'
Admin CLI against this stack (in another terminal):
  {cli} accounts create --role agent --name my-agent --json
  {cli} accounts create --role reviewer --name YOUR-NAME
    (prints a reviewer key once: paste it at {api}/login to review submissions)
Ready. Press Ctrl-C to stop.""",
        flush=True,
    )
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    # Ctrl-C, and `kill -INT` of a stack started in the background (where the shell starts it
    # with SIGINT ignored, which Python would keep): the same clean stop
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    try:
        while not stopping.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    print("Stopping...", flush=True)
    saved = stack.stop()
    if stack.snapshotter and saved:
        print(f"Data saved in {args.data_dir}/ (`make run` restores it).", flush=True)
    elif stack.snapshotter:
        print(
            f"Could not save the latest changes (see the warning above); {args.data_dir}/ "
            "keeps the last snapshot.",
            file=sys.stderr,
            flush=True,
        )
    print("Stopped.", flush=True)
    return 0 if saved else 1
