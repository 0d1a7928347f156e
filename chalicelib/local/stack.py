"""The whole system on one machine: a moto server, the resources, the sample data, the event
pump and the HTTP API (Chalice's local server) — `make run` / `python -m chalicelib.local`.

With `--data-dir` (`make run` gives `.local-data`) the data is kept between runs: see
chalicelib/local/persistence.py. Without it, everything lives in memory only.
"""

from __future__ import annotations

import argparse
import importlib
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
from chalicelib.local.servers import (
    atomic_moto_server,
    http_server,
    per_thread_requests,
    request_handler,
)
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
    moto = atomic_moto_server(gate)(ip_address=host, port=moto_port, verbose=False)
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

    per_thread_requests(app)
    config = CLIFactory(str(ROOT)).create_config_obj(chalice_stage_name="dev")
    http = LocalDevServer(
        app, config, host, port, handler_cls=request_handler(), server_cls=http_server()
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
