"""The run methods: starting a run, uploading large logs, submitting a reproduction
(idempotently), waiting for the validators, and the whole ``reproduce()`` workflow."""

from __future__ import annotations

import gzip
import json
import math
import os
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any, BinaryIO

from sotaverified._client.http import API, _Retry, _TransportError, logger
from sotaverified._client.reads import PaperRef, ReadMethods, paper_ref
from sotaverified.errors import (
    ApiConnectionError,
    SotaVerifiedError,
    ValidationError,
    ValidationTimeout,
)
from sotaverified.models import Reproduction, Run, Workspace
from sotaverified.replay import MAX_STEPS, ReplayTracker

#: Fields a solver may return from :meth:`Client.reproduce` (the submission's own fields).
SUBMISSION_FIELDS = frozenset(
    {
        "tier_claimed",
        "hardware_spec",
        "run_log_url",
        "run_log_file",
        "actual_metric_name",
        "actual_metric_value",
        "dataset",
    }
)
REQUIRED_SUBMISSION_FIELDS = ("tier_claimed", "hardware_spec")
GZIP_MAGIC = b"\x1f\x8b"
#: Pasted output longer than this is uploaded instead of sent inline.
MAX_PASTED_CHARS = 10_000
#: A replay log whose JSON is larger than this is uploaded (the body limit is 1,000,000 bytes).
INLINE_REPLAY_BYTES = 900_000
UPLOAD_KINDS = ("run_log", "replay_log")

Solver = Callable[[Run, ReplayTracker], Mapping[str, Any]]


class RunMethods(ReadMethods):
    """The client's writes and the reproduce() workflow."""

    # --- writes ------------------------------------------------------------------------------

    def start_run(
        self,
        paper: PaperRef,
        *,
        memoryless: bool = False,
        workspace: Workspace | Mapping[str, Any] | None = None,
    ) -> Run:
        """Start a run on a paper. ``workspace`` (``{"repo_url", "commit", "files"}``) fixes
        the manifest the replay validator checks file reads against: list every file the agent
        will read, relative to the workspace."""
        body: dict[str, Any] = {"paper_id": paper_ref(paper), "memoryless": bool(memoryless)}
        if workspace is not None:
            body["workspace"] = (
                workspace.to_dict() if isinstance(workspace, Workspace) else dict(workspace)
            )
        data = self._request("POST", f"{API}/runs", body=body, auth=True, retry=_Retry.UNSAFE)
        return Run.from_dict(data)

    def upload(
        self,
        kind: str,
        data: bytes | str | None = None,
        *,
        path: str | os.PathLike[str] | None = None,
        file: BinaryIO | None = None,
        compress: bool = True,
    ) -> str:
        """Upload a log too large to send inline and return its ``upload_id``, to submit as
        ``run_log_upload`` (``kind="run_log"``: terminal output) or ``replay_log_upload``
        (``kind="replay_log"``: a replay log's JSON). Give the content (``data``) or a local
        file (``path``; a ``.gz`` file is sent as it is) or an open binary ``file`` (read from
        where it stands; sent as it is when it starts as gzip does). The bytes are
        gzip-compressed (``compress``) into a temporary file and streamed, so memory stays
        flat. Limits, as sent: 50 MiB for a run log, 200 MiB for a replay log."""
        if kind not in UPLOAD_KINDS:
            raise ValueError(f"kind must be one of {', '.join(UPLOAD_KINDS)}, not {kind!r}")
        if sum(x is not None for x in (data, path, file)) != 1:
            raise ValueError("give exactly one of data, path and file")
        if path is not None:
            with open(path, "rb") as source:
                gz = os.fspath(path).endswith(".gz")
                return self._upload_source(kind, b"", source, gz=gz, compress=compress)
        if file is not None:
            head = file.read(2)
            gz = head == GZIP_MAGIC
            return self._upload_source(kind, head, file, gz=gz, compress=compress)
        assert data is not None
        head = data.encode("utf-8") if isinstance(data, str) else data
        return self._upload_source(kind, head, None, gz=False, compress=compress)

    def _upload_source(
        self, kind: str, head: bytes, source: BinaryIO | None, *, gz: bool, compress: bool
    ) -> str:
        """Spool ``head`` then the rest of ``source`` to a temporary file, gzip-compressed
        unless it is already (``gz``) or ``compress`` is off, and upload it."""
        with tempfile.TemporaryFile() as spooled:
            packing = compress and not gz
            sink: Any = (
                gzip.GzipFile(fileobj=spooled, mode="wb", compresslevel=6) if packing else spooled
            )
            sink.write(head)
            if source is not None:
                shutil.copyfileobj(source, sink, 1024 * 1024)
            if packing:
                sink.close()
            return self._upload_file(kind, spooled, "gzip" if gz or compress else "identity")

    def _upload_local(self, kind: str, local: str | os.PathLike[str] | BinaryIO) -> str:
        """A local file given as a path or as an open binary file."""
        if isinstance(local, (str, os.PathLike)):
            return self.upload(kind, path=local)
        return self.upload(kind, file=local)

    def _upload_file(self, kind: str, spooled: Any, encoding: str) -> str:
        size = spooled.seek(0, os.SEEK_END)
        grant = self._request(
            "POST",
            f"{API}/uploads",
            body={"kind": kind, "bytes": size, "content_encoding": encoding},
            auth=True,
            retry=_Retry.SAFE,  # a retry makes one more grant, which nobody uses: harmless
        )
        attempt = 0
        while True:  # a PUT of the same bytes to the same key is idempotent
            spooled.seek(0)
            try:
                response = self._send(
                    grant["method"], grant["url"], spooled, dict(grant["headers"])
                )
            except _TransportError as exc:
                if attempt >= self.max_retries:
                    raise ApiConnectionError(
                        f"the upload did not reach storage: {exc.cause!r}",
                        code="connection_error",
                        method="PUT",
                        url=grant["url"],
                    ) from exc.cause
            else:
                if 200 <= response.status < 300:
                    return str(grant["upload_id"])
                if response.status < 500 or attempt >= self.max_retries:
                    raise SotaVerifiedError(
                        f"storage refused the upload: HTTP {response.status} "
                        f"{response.body[:300].decode('utf-8', 'replace')}",
                        status=response.status,
                        code="upload_failed",
                        method="PUT",
                        url=grant["url"],
                    )
            self._sleep(self._backoff(attempt))
            attempt += 1

    def _upload_replay(self, tracker: ReplayTracker, run_id: str | None) -> str:
        with tempfile.TemporaryFile() as spooled:
            with gzip.GzipFile(fileobj=spooled, mode="wb", compresslevel=6) as sink:
                tracker.write_replay_log(sink, run_id)  # type: ignore[arg-type]
            return self._upload_file("replay_log", spooled, "gzip")

    def submit_reproduction(
        self,
        paper: PaperRef,
        *,
        tier_claimed: int,
        hardware_spec: str,
        run_log_url: str | None = None,
        actual_metric_name: str | None = None,
        actual_metric_value: float | None = None,
        dataset: str | None = None,
        run_id: str | Run | None = None,
        replay_log: ReplayTracker | Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
        run_log_file: str | os.PathLike[str] | BinaryIO | None = None,
        replay_log_file: str | os.PathLike[str] | BinaryIO | None = None,
        run_log_upload: str | None = None,
        replay_log_upload: str | None = None,
    ) -> Reproduction:
        """Submit a reproduction (SPEC 5). The run log is one of: ``run_log_url`` (an
        allow-listed https URL or the pasted terminal output), ``run_log_file`` (a local file
        of terminal output: a path or an open binary file) or ``run_log_upload`` (an
        ``upload_id`` from :meth:`upload`).
        Pasted output over 10,000 characters and any file are uploaded for you. The replay
        log, optional, is ``replay_log`` (a dict or a :class:`ReplayTracker`),
        ``replay_log_file`` (a local JSON file, or ``.gz``) or ``replay_log_upload``; one over
        the inline budget (``INLINE_REPLAY_BYTES``, 10,000 steps) or spooled is uploaded.
        An ``Idempotency-Key`` (uuid4 unless given) makes retries safe: they return the first
        reproduction instead of creating a second one. If it still fails, the error's
        ``idempotency_key`` says which key to resubmit with."""
        if isinstance(run_id, Run):
            run_id = run_id.run_id
        logs = [run_log_url, run_log_file, run_log_upload]
        if sum(x is not None for x in logs) != 1:
            raise ValueError("give exactly one of run_log_url, run_log_file and run_log_upload")
        replays = [replay_log, replay_log_file, replay_log_upload]
        if sum(x is not None for x in replays) > 1:
            raise ValueError("give at most one of replay_log, replay_log_file, replay_log_upload")
        if run_log_file is not None:
            run_log_upload = self._upload_local("run_log", run_log_file)
        elif run_log_url is not None and _needs_upload(run_log_url):
            run_log_upload = self.upload("run_log", run_log_url)
            run_log_url = None
        if replay_log_file is not None:
            replay_log_upload = self._upload_local("replay_log", replay_log_file)
            replay_log = None
        elif replay_log is not None and _replay_too_large(replay_log):
            tracker = replay_log if isinstance(replay_log, ReplayTracker) else None
            if tracker is not None:
                replay_log_upload = self._upload_replay(tracker, run_id)
            else:
                replay_log_upload = self.upload(
                    "replay_log",
                    json.dumps(dict(replay_log), ensure_ascii=False),  # type: ignore[arg-type]
                )
            replay_log = None
        body: dict[str, Any] = {
            "paper_id": paper_ref(paper),
            "tier_claimed": tier_claimed,
            "hardware_spec": hardware_spec,
        }
        if run_log_upload is not None:
            body["run_log_upload"] = run_log_upload
        else:
            body["run_log_url"] = run_log_url
        if replay_log_upload is not None:
            body["replay_log_upload"] = replay_log_upload
        if actual_metric_name is not None:
            body["actual_metric_name"] = actual_metric_name
        if actual_metric_value is not None:
            if isinstance(actual_metric_value, bool) or not math.isfinite(actual_metric_value):
                raise ValidationError(
                    "actual_metric_value must be a finite number", code="invalid_body"
                )
            body["actual_metric_value"] = float(actual_metric_value)
        if dataset is not None:
            body["dataset"] = dataset
        if run_id is not None:
            body["run_id"] = run_id
        if isinstance(replay_log, ReplayTracker):
            body["replay_log"] = replay_log.to_replay_log(run_id)
        elif replay_log is not None:
            body["replay_log"] = dict(replay_log)
        key = idempotency_key or str(uuid.uuid4())
        try:
            data = self._request(
                "POST",
                f"{API}/reproductions",
                body=body,
                auth=True,
                retry=_Retry.KEYED,
                headers={"Idempotency-Key": key},
            )
        except SotaVerifiedError as error:
            error.idempotency_key = key
            raise
        return Reproduction.from_dict(data)

    def wait_for_validation(
        self,
        reproduction: str | Reproduction,
        *,
        timeout: float = 60.0,
        poll: float = 0.5,
    ) -> Reproduction:
        """Poll a reproduction until its validation is no longer pending (``passed``,
        ``failed`` or ``unchecked``: a URL log the server could not read is settled too) and,
        when a replay log was sent, its trajectory verdict neither. Raises
        :class:`ValidationTimeout` (a :class:`TimeoutError`) after ``timeout`` seconds."""
        if isinstance(reproduction, Reproduction):
            if reproduction.settled:
                return reproduction
            reproduction_id = reproduction.reproduction_id
        else:
            reproduction_id = reproduction
        deadline = time.monotonic() + timeout
        while True:
            current = self.reproduction(reproduction_id)
            if current.settled:
                return current
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                pending = ["validation"] if current.validation.state == "pending" else []
                if current.trajectory is not None and current.trajectory.state == "pending":
                    pending.append("trajectory (replay log)")
                raise ValidationTimeout(
                    f"reproduction {reproduction_id}: {' and '.join(pending)} still pending "
                    f"after {timeout:g} s; the validators may be slow or stopped — poll "
                    f"GET {API}/reproductions/{reproduction_id} later",
                    reproduction=current,
                )
            self._sleep(min(poll, remaining))

    def reproduce(
        self,
        paper: PaperRef,
        solver: Solver,
        *,
        memoryless: bool = True,
        workspace: Workspace | Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
        wait: bool = False,
        wait_timeout: float = 60.0,
        poll: float = 0.5,
        spool: bool | str | os.PathLike[str] = False,
    ) -> Reproduction:
        """The whole agent workflow for one paper:

        1. start a run (``memoryless``, ``workspace``: the files the solver will read);
        2. call ``solver(run, tracker)`` with a started :class:`ReplayTracker`; the solver
           records its tool and LLM calls on the tracker and returns the submission fields:
           ``tier_claimed``, ``hardware_spec``, ``run_log_url`` (pasted output or a log URL)
           or ``run_log_file`` (a local file of output), and optionally
           ``actual_metric_name``, ``actual_metric_value``, ``dataset``;
        3. submit them with the run id and the tracker's replay log (idempotently), uploading
           a log or trajectory over the inline limits (``spool=True``: the tracker writes
           steps to a file, for long runs, and the log is always uploaded);
        4. with ``wait=True``, wait for the validators' verdicts.

        ``paper`` is a :class:`Paper` (or anything with a ``paper_id``), a paper_id or an arXiv
        id. If the solver raises, nothing is submitted and the exception propagates."""
        run = self.start_run(paper, memoryless=memoryless, workspace=workspace)
        tracker = ReplayTracker(run.run_id, spool=spool).start()
        try:
            fields = _submission_fields(solver(run, tracker))
        finally:
            tracker.close()
        logger.info("run %s: submitting with a replay log of %s", run.run_id, tracker.summary())
        try:
            submitted = self.submit_reproduction(
                run.paper_id or paper_ref(paper),
                run_id=run.run_id,
                replay_log=tracker,
                idempotency_key=idempotency_key,
                **fields,
            )
        finally:
            if spool is True and tracker.spool_path:  # our temporary file; a named one is kept
                os.remove(tracker.spool_path)
        if wait:
            return self.wait_for_validation(submitted, timeout=wait_timeout, poll=poll)
        return submitted


# --- helpers ----------------------------------------------------------------------------------


def _needs_upload(run_log: str) -> bool:
    """Pasted output over the inline limit (a URL is never uploaded)."""
    return len(run_log) > MAX_PASTED_CHARS and not run_log.lstrip().startswith("https://")


def _replay_too_large(replay_log: ReplayTracker | Mapping[str, Any]) -> bool:
    if isinstance(replay_log, ReplayTracker):
        return (
            replay_log.spooled
            or len(replay_log) > MAX_STEPS
            or replay_log.encoded_bytes > INLINE_REPLAY_BYTES
        )
    steps = replay_log.get("steps")
    if isinstance(steps, list) and len(steps) > MAX_STEPS:
        return True
    encoded = json.dumps(dict(replay_log), ensure_ascii=False, default=str)
    return len(encoded.encode("utf-8")) > INLINE_REPLAY_BYTES


def _submission_fields(fields: Any) -> dict[str, Any]:
    if not isinstance(fields, Mapping):
        raise TypeError(
            "the solver must return a dict of submission fields "
            f"({', '.join(sorted(SUBMISSION_FIELDS))}), not {type(fields).__name__}"
        )
    unknown = sorted(set(fields) - SUBMISSION_FIELDS)
    if unknown:
        raise ValueError(
            f"the solver returned fields that cannot be submitted: {', '.join(unknown)} "
            f"(allowed: {', '.join(sorted(SUBMISSION_FIELDS))}; the run id and the replay log "
            "are added by reproduce())"
        )
    missing = [name for name in REQUIRED_SUBMISSION_FIELDS if fields.get(name) is None]
    if fields.get("run_log_url") is None and fields.get("run_log_file") is None:
        missing.append("run_log_url (or run_log_file)")
    if missing:
        raise ValueError(f"the solver's result lacks required field(s): {', '.join(missing)}")
    return dict(fields)
