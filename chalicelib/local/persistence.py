"""Keeping the local stack's data between runs: `make run` saves moto's state under
`.local-data/` and restores it on the next start (`--data-dir`; `--fresh` starts over).

How it works:
- What is saved: moto's backends for the services the app uses (DynamoDB with every item and
  each stream's records, S3 with every object, SQS with every message, including those in
  flight and their receive counts), pickled, plus the event pump's stream checkpoints, in one
  file `moto-state.snapshot` (a JSON header line, then the pickle).
- Why pickle: moto 5.2.5 has no persistence of its own. Its recorder appends every request
  (the pump's polls too) and replays them, which cannot restore receipt handles, shard
  positions or server-generated ids. Exporting through the AWS API (Scan, GetObject) loses the
  messages in flight and the stream positions, and restoring it would replay every item
  through the streams. The backends are plain Python objects; pickling them is what moto's
  maintainers suggest (getmoto/moto#1069), and it restores exactly what was there. The price:
  a snapshot is tied to the moto version that wrote it. The header records that version, and
  another version (or an unreadable file) stops the start with a message saying how to start
  over (`make run FRESH=1`), instead of a traceback from inside moto.
- When: every `interval` seconds if anything changed (a request that can change state went
  through the gate), and once more on Ctrl-C / SIGTERM. After `kill -9` at most the last
  interval is lost. The file is written atomically (temp file, fsync, rename, fsync of the
  directory), so a crash mid-write leaves the previous snapshot intact.
- Consistency: a snapshot is taken with the pump paused between passes and no moto request
  running (`RequestGate`), so the stream checkpoints match the data: every record before a
  checkpoint has been handled and its effects are in the snapshot. Records after it are
  delivered after the restore; SQS messages in flight become visible again and are
  redelivered. Every handler is idempotent, so a redelivery is harmless.
- One stack per folder: a lock file (`flock`, released when the process dies, even by
  `kill -9`) refuses a second stack on the same folder.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chalicelib.local.moto_state import (
    capture_state,
    install_state,
    moto_version,
    trim_stream_records,
)
from chalicelib.local.request_gate import RequestGate

log = logging.getLogger("sotaverified.local")

SNAPSHOT_NAME = "moto-state.snapshot"
LOCK_NAME = "lock"
MAGIC = b"SOTAVERIFIED-LOCAL-SNAPSHOT\n"
FORMAT = 1  # bump when the layout of the file or of the header changes
DEFAULT_INTERVAL = 2.0  # seconds between snapshots (when something changed)


class LocalDataError(RuntimeError):
    """The saved data cannot be used; the message says what to do."""


def start_over_hint(data_dir: Path) -> str:
    return (
        f"To start over with empty tables (and the sample data loaded again), run "
        f"`make run FRESH=1` (or `python -m chalicelib.local --data-dir {data_dir} --fresh`): "
        f"it deletes the saved state in {data_dir}/."
    )


# --- the folder -----------------------------------------------------------------------------


@dataclass
class Restored:
    """What a snapshot brought back."""

    saved_at: str
    size: int
    sample_loaded: bool
    checkpoints: dict[str, dict[str, str]] = field(default_factory=dict)


class LocalData:
    """The data folder of one local stack: its lock, its snapshot."""

    def __init__(self, data_dir: Path) -> None:
        self.dir = data_dir
        self.snapshot = data_dir / SNAPSHOT_NAME
        self._lock_file: Any = None

    def lock(self) -> None:
        """Take the folder for this process, or explain who has it."""
        self.dir.mkdir(parents=True, exist_ok=True)
        handle = (self.dir / LOCK_NAME).open("a+")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise LocalDataError(
                f"{self.dir}/ is in use by another local stack ({holder}). Stop that one "
                "(Ctrl-C in its terminal), or give this one a folder of its own with "
                "--data-dir (the Makefile: `make run DATA=path`)."
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}\n")
        handle.flush()
        self._lock_file = handle

    def unlock(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()  # closing releases the flock
            self._lock_file = None

    def forget(self) -> None:
        """--fresh: delete the saved state (only our own files)."""
        self.snapshot.unlink(missing_ok=True)
        self._remove_partial_writes()

    def _remove_partial_writes(self) -> None:
        for partial in self.dir.glob(f".{SNAPSHOT_NAME}.*.tmp"):
            partial.unlink(missing_ok=True)

    def read(self) -> tuple[dict[str, Any], bytes] | None:
        """The saved header and pickle, or None if nothing was saved yet."""
        self._remove_partial_writes()  # left by a crash mid-write; the snapshot is whole
        if not self.snapshot.exists():
            return None
        data = self.snapshot.read_bytes()
        where = f"{self.snapshot} ({len(data):,} bytes)"
        if not data.startswith(MAGIC):
            raise LocalDataError(
                f"{where} is not a snapshot of the local stack. {start_over_hint(self.dir)}"
            )
        header_line, _, payload = data[len(MAGIC) :].partition(b"\n")
        try:
            header = json.loads(header_line)
        except ValueError:
            raise LocalDataError(
                f"{where} has a damaged header. {start_over_hint(self.dir)}"
            ) from None
        if not isinstance(header, dict):
            raise LocalDataError(f"{where} has a damaged header. {start_over_hint(self.dir)}")
        if header.get("format") != FORMAT or header.get("moto") != moto_version():
            raise LocalDataError(
                f"{where} was saved by another version of the local stack (snapshot format "
                f"{header.get('format')}, moto {header.get('moto')}; this checkout has format "
                f"{FORMAT}, moto {moto_version()}), and moto's state cannot be carried across "
                f"versions. {start_over_hint(self.dir)}"
            )
        if len(payload) != header.get("payload_bytes"):
            raise LocalDataError(
                f"{where} is incomplete ({len(payload):,} of {header.get('payload_bytes')} "
                f"bytes of state). {start_over_hint(self.dir)}"
            )
        return header, payload

    def restore(self) -> Restored | None:
        """Load the saved state into moto's backends (before the moto server starts)."""
        saved = self.read()
        if saved is None:
            return None
        header, payload = saved
        try:
            install_state(payload)
        except Exception as exc:  # any failure inside moto's classes: name it, say what to do
            raise LocalDataError(
                f"{self.snapshot} could not be loaded ({type(exc).__name__}: {exc}). "
                f"{start_over_hint(self.dir)}"
            ) from exc
        return Restored(
            saved_at=str(header.get("saved_at")),
            size=len(payload),
            sample_loaded=bool(header.get("sample_loaded")),
            checkpoints=dict(header.get("pump_checkpoints") or {}),
        )

    def write(self, payload: bytes, header: dict[str, Any]) -> None:
        """Replace the snapshot atomically: temp file, fsync, rename, fsync the folder."""
        header = {
            "format": FORMAT,
            "moto": moto_version(),
            "saved_at": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "payload_bytes": len(payload),
            **header,
        }
        partial = self.dir / f".{SNAPSHOT_NAME}.{os.getpid()}.tmp"
        with partial.open("wb") as handle:
            handle.write(MAGIC)
            handle.write(json.dumps(header).encode() + b"\n")
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, self.snapshot)
        folder = os.open(self.dir, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


# --- the periodic snapshots -----------------------------------------------------------------


class Snapshotter:
    """Saves the state every `interval` seconds when it changed, and on `stop()`."""

    def __init__(
        self,
        data: LocalData,
        gate: RequestGate,
        pump: Any,
        *,
        interval: float = DEFAULT_INTERVAL,
        sample_loaded: bool,
    ) -> None:
        self.data = data
        self.gate = gate
        self.pump = pump
        self.interval = interval
        self.sample_loaded = sample_loaded
        self.saved_generation: int | None = None
        self.snapshots = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def save(self, *, force: bool = False) -> bool:
        """One snapshot if anything changed since the last one (or `force`). Whether the
        folder now holds the state (False: postponed, moto requests kept running)."""
        with self.pump.paused(), self.gate.exclusive(timeout=10) as quiet:
            if not quiet:
                log.warning("snapshot postponed: moto requests kept running for 10 s")
                return False
            generation = self.gate.generation
            if generation == self.saved_generation and not force:
                return True
            checkpoints = self.pump.checkpoints()
            trim_stream_records(checkpoints)
            payload = capture_state()
        self.data.write(
            payload, {"sample_loaded": self.sample_loaded, "pump_checkpoints": checkpoints}
        )
        self.saved_generation = generation
        self.snapshots += 1
        return True

    def start(self) -> None:
        def loop() -> None:
            while not self._stop.wait(self.interval):
                try:
                    self.save()
                except Exception as exc:  # keep the stack up; say so, try again next time
                    log.warning("snapshot failed: %s: %s", type(exc).__name__, exc)

        self._thread = threading.Thread(target=loop, name="snapshots", daemon=True)
        self._thread.start()

    def stop(self) -> bool:
        """Stop the periodic snapshots and save a last one; whether everything is saved."""
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=30)
        try:
            return self.save()
        except Exception as exc:  # e.g. a full disk: the previous snapshot is still whole
            log.warning("the last snapshot failed: %s: %s", type(exc).__name__, exc)
            return False


# --- the tables the code expects vs the restored ones ----------------------------------------


def _keys(schema: list[dict[str, str]]) -> list[tuple[str, str]]:
    return [(key["AttributeName"], key["KeyType"]) for key in schema]


def _indexes(table: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    return {i["IndexName"]: _keys(i["KeySchema"]) for i in table.get("GlobalSecondaryIndexes", [])}


def table_differences(dynamodb: Any, settings: Any = None) -> list[str]:
    """How the restored tables differ from chalicelib/db/tables.py (keys, indexes, streams).
    A table the snapshot does not have is no difference: it is created as usual."""
    from chalicelib.db import tables

    existing = set(dynamodb.list_tables()["TableNames"])
    differences = []
    for spec in tables.ALL_TABLES:
        wanted = spec.create_table_kwargs(settings)
        name = wanted["TableName"]
        if name not in existing:
            continue
        have = dynamodb.describe_table(TableName=name)["Table"]
        if _keys(have["KeySchema"]) != _keys(wanted["KeySchema"]):
            differences.append(
                f"{name}: key {_keys(have['KeySchema'])}, expected {_keys(wanted['KeySchema'])}"
            )
        have_indexes, wanted_indexes = _indexes(have), _indexes(wanted)
        for index in sorted(set(have_indexes) | set(wanted_indexes)):
            if index not in have_indexes:
                differences.append(f"{name}: index {index} is missing")
            elif index not in wanted_indexes:
                differences.append(f"{name}: index {index} is no longer defined")
            elif have_indexes[index] != wanted_indexes[index]:
                differences.append(
                    f"{name}: index {index} has key {have_indexes[index]}, expected "
                    f"{wanted_indexes[index]}"
                )
        stream_on = bool(have.get("StreamSpecification", {}).get("StreamEnabled"))
        if stream_on != ("StreamSpecification" in wanted):
            now, expected = ("on", "off") if stream_on else ("off", "on")
            differences.append(f"{name}: stream {now}, expected {expected}")
    return differences
