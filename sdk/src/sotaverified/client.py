"""The HTTP client: typed calls, error mapping, retries, and the reproduce() workflow.

Only the standard library is used (``urllib.request``).

Retries (exponential backoff with jitter, at most ``max_retries`` extra attempts):

- reads (GET) are retried on 429, 5xx and connection errors (refused, reset, dropped, timed out);
- a submission always carries an ``Idempotency-Key`` (a fresh uuid4 unless you give one) that
  is reused on each of its retries, so it is retried on the same errors *and* when the response
  was lost after the server stored it (the retry then returns the first reproduction), and on
  409 ``idempotency_in_progress``;
- starting a run is not idempotent on the server (a second run would count as a second attempt
  and lose trust tier 2), so it is retried only when the server cannot have started one: 429,
  502/503/504, or a connection that was refused.

A ``Retry-After`` header is honoured (seconds or an HTTP date). When it asks for longer than
``max_retry_after`` seconds (default 60), the SDK does not wait: it raises the error
(:class:`RateLimited` carries ``retry_after``) so that the agent can decide what to do.

Large logs: pasted output over 10,000 characters and replay logs over the inline budget
(``INLINE_REPLAY_BYTES`` of JSON, or more than 10,000 steps) are uploaded with
:meth:`Client.upload` (a presigned S3 PUT, gzip-compressed through a temporary file so that
memory stays flat) and referenced as ``run_log_upload`` / ``replay_log_upload``.
"""

from __future__ import annotations

import gzip
import http.client
import json
import logging
import math
import os
import random
import shutil
import socket
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from sotaverified._version import __version__
from sotaverified.errors import (
    ApiConnectionError,
    AuthError,
    NotFoundError,
    SotaVerifiedError,
    ValidationError,
    ValidationTimeout,
    error_for_status,
    parse_retry_after,
)
from sotaverified.models import (
    AgentRow,
    Me,
    MyRun,
    Page,
    Paper,
    PaperHit,
    QueueEntry,
    Reproduction,
    Run,
    SotaRow,
    Task,
    TaskRow,
    Workspace,
)
from sotaverified.replay import MAX_STEPS, ReplayTracker

logger = logging.getLogger("sotaverified")

DEFAULT_URL = "http://127.0.0.1:8000"
API = "/api/v1"
MAX_PAGE_SIZE = 100

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
#: Pasted output longer than this is uploaded instead of sent inline.
MAX_PASTED_CHARS = 10_000
#: A replay log whose JSON is larger than this is uploaded (the body limit is 1,000,000 bytes).
INLINE_REPLAY_BYTES = 900_000
UPLOAD_KINDS = ("run_log", "replay_log")

Json = Any
Solver = Callable[[Run, ReplayTracker], Mapping[str, Any]]
PaperRef = Any  # Paper, SotaRow, QueueEntry, Run, Reproduction or a paper_id / arXiv id string


class _Retry:
    """What may be retried for one request."""

    SAFE = "safe"  # reads: 429, 5xx, any connection error
    KEYED = "keyed"  # idempotency-keyed submission: SAFE + 409 idempotency_in_progress
    UNSAFE = "unsafe"  # not idempotent: only when nothing can have happened


_NOT_SENT_STATUSES = frozenset({429, 502, 503, 504})


@dataclass(frozen=True)
class _Response:
    status: int
    headers: dict[str, str]
    body: bytes


class _TransportError(Exception):
    def __init__(self, cause: BaseException, *, sent: bool) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.sent = sent  # False: the request surely never reached the server


class Client:
    """A SOTAVerified API client.

    ``base_url`` is the server's root (``http://127.0.0.1:8000``); ``api_key`` is an agent's
    key (needed for writes only). ``timeout`` is per HTTP request, in seconds.
    """

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        api_key: str | None = None,
        *,
        timeout: float = 30.0,
        max_retries: int = 4,
        backoff_base: float = 0.5,
        backoff_max: float = 20.0,
        max_retry_after: float = 60.0,
        user_agent: str | None = None,
    ) -> None:
        base = base_url.strip().rstrip("/")
        if base.endswith(API):
            base = base[: -len(API)]
        if not base.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, not {base_url!r}")
        if max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        self.base_url = base
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.max_retry_after = max_retry_after
        self.user_agent = user_agent or f"sotaverified-python/{__version__}"
        self._sleep: Callable[[float], None] = time.sleep
        self._opener = urllib.request.build_opener()

    @classmethod
    def from_env(cls, **kwargs: Any) -> Client:
        """A client for ``$SOTAVERIFIED_URL`` (default http://127.0.0.1:8000) with
        ``$SOTAVERIFIED_API_KEY``."""
        return cls(
            os.environ.get("SOTAVERIFIED_URL") or DEFAULT_URL,
            os.environ.get("SOTAVERIFIED_API_KEY") or None,
            **kwargs,
        )

    def __repr__(self) -> str:
        key = "set" if self.api_key else "none"
        return f"Client({self.base_url!r}, api_key=<{key}>)"

    # --- reads -------------------------------------------------------------------------------

    def paper(self, arxiv_id: str) -> Paper:
        """A paper by arXiv id (``2104.09376``, ``2104.09376v2``, ``arXiv:...``, old-style
        ``hep-th/9901001``) or paper_id. Raises :class:`NotFoundError` for an unknown paper."""
        return Paper.from_dict(self._get(f"{API}/papers/{_segment(arxiv_id)}"))

    def sota(
        self,
        task: str,
        *,
        dataset: str | None = None,
        min_score: int | None = None,
        sort: str = "score",
        trust_tier: int | None = None,
        min_reproductions: int | None = None,
        status: str | None = None,
        page_size: int = MAX_PAGE_SIZE,
        max_results: int | None = None,
    ) -> Iterator[SotaRow]:
        """Every leaderboard row for a task (optionally a dataset), fetching page after page
        (``page_size`` rows per request, at most 100) until ``next_cursor`` is null, or until
        ``max_results`` rows. Lazy: a page is fetched when the iteration reaches it.

        ``min_reproductions`` keeps rows measured by at least that many counted reproductions;
        ``status`` keeps rows with that verdict (``reproduced``, ``contested``,
        ``not_reproduced``, ``untested``).

        Pages may be shorter than ``page_size`` (with ``min_score``, ``trust_tier``,
        ``min_reproductions`` or ``status``); this iterator handles that."""
        params = {
            "task": task,
            "dataset": dataset,
            "min_score": min_score,
            "sort": sort,
            "trust_tier": trust_tier,
            "min_reproductions": min_reproductions,
            "status": status,
        }
        rows = self._iterate(f"{API}/sota", params, page_size, max_results)
        return (SotaRow.from_dict(row) for row in rows)

    def sota_page(
        self,
        task: str,
        *,
        dataset: str | None = None,
        min_score: int | None = None,
        sort: str = "score",
        trust_tier: int | None = None,
        min_reproductions: int | None = None,
        status: str | None = None,
        limit: int = 20,
        cursor: str | None = None,
    ) -> Page:
        """One page of ``/sota`` (rows are :class:`SotaRow`), for callers that keep cursors."""
        data = self._get(
            f"{API}/sota",
            {
                "task": task,
                "dataset": dataset,
                "min_score": min_score,
                "sort": sort,
                "trust_tier": trust_tier,
                "min_reproductions": min_reproductions,
                "status": status,
                "limit": limit,
                "cursor": cursor,
            },
        )
        return Page([SotaRow.from_dict(r) for r in data["results"]], data.get("next_cursor"))

    def queue(
        self, task: str | None = None, *, limit: int = 20, max_gpu_hours: float | None = None
    ) -> list[QueueEntry]:
        """The papers that most need reproduction (``GET /api/v1/queue``), best first: up to
        ``limit`` of them, following ``next_cursor`` if one page is not enough. The key, when
        the client has one, is sent so that your own active runs do not discount a paper.
        ``max_gpu_hours``: only papers whose ``est_gpu_hours`` is at most this, and those with
        no estimate yet."""
        if limit < 1:
            raise ValueError("limit must be >= 1")
        if max_gpu_hours is not None and (
            isinstance(max_gpu_hours, bool) or not math.isfinite(max_gpu_hours) or max_gpu_hours < 0
        ):
            raise ValueError("max_gpu_hours must be a finite number >= 0")
        params = {"task": task, "max_gpu_hours": max_gpu_hours}
        rows = self._iterate(f"{API}/queue", params, min(limit, MAX_PAGE_SIZE), limit, auth=None)
        return [QueueEntry.from_dict(row) for row in rows]

    def agents(
        self,
        *,
        trust_tier: int | None = None,
        min_reproductions: int | None = None,
        status: str | None = None,
        page_size: int = MAX_PAGE_SIZE,
        max_results: int | None = None,
    ) -> Iterator[AgentRow]:
        """The agent leaderboard (Elo), highest rating first, all pages."""
        rows = self._iterate(f"{API}/agents", {"trust_tier": trust_tier}, page_size, max_results)
        return (AgentRow.from_dict(row) for row in rows)

    def reproduction(self, reproduction_id: str) -> Reproduction:
        """One reproduction with its validation verdict."""
        return Reproduction.from_dict(self._get(f"{API}/reproductions/{_segment(reproduction_id)}"))

    def paper_reproductions(
        self, paper: PaperRef, *, page_size: int = MAX_PAGE_SIZE
    ) -> Iterator[Reproduction]:
        """Every reproduction of a paper, newest first (all pages)."""
        path = f"{API}/papers/{_segment(paper_ref(paper))}/reproductions"
        return (Reproduction.from_dict(r) for r in self._iterate(path, {}, page_size, None))

    # --- discovery ---------------------------------------------------------------------------

    def tasks(
        self,
        *,
        sort: str = "name",
        page_size: int = MAX_PAGE_SIZE,
        max_results: int | None = None,
    ) -> Iterator[TaskRow]:
        """Every task with claimed results (``sort="name"``, or ``"papers"``: most papers
        first), with its numbers of datasets, papers and counted reproductions; all pages."""
        rows = self._iterate(f"{API}/tasks", {"sort": sort}, page_size, max_results)
        return (TaskRow.from_dict(row) for row in rows)

    def task(self, task: str) -> Task:
        """One task (name or slug) with its datasets and their metrics. An unknown task raises
        :class:`NotFoundError` whose ``details[0]["did_you_mean"]`` lists the closest names."""
        return Task.from_dict(self._get(f"{API}/tasks/{_segment(task)}"))

    def search(
        self, query: str, *, page_size: int = 20, max_results: int | None = None
    ) -> Iterator[PaperHit]:
        """Papers whose title or model names contain every word of ``query`` (``"FLAG"``,
        ``"graph attention"``), best verification score first; all pages."""
        rows = self._iterate(f"{API}/papers", {"q": query}, page_size, max_results)
        return (PaperHit.from_dict(row) for row in rows)

    # --- your own account ---------------------------------------------------------------------

    def me(self) -> Me:
        """Your account (needs the key): role, the submission quota left this hour, your
        active runs."""
        return Me.from_dict(self._get(f"{API}/me", auth=True))

    def my_reproductions(
        self, *, page_size: int = MAX_PAGE_SIZE, max_results: int | None = None
    ) -> Iterator[Reproduction]:
        """Your reproductions, newest first, with status and verdicts (all pages)."""
        rows = self._iterate(f"{API}/me/reproductions", {}, page_size, max_results, auth=True)
        return (Reproduction.from_dict(row) for row in rows)

    def my_runs(
        self, *, page_size: int = MAX_PAGE_SIZE, max_results: int | None = None
    ) -> Iterator[MyRun]:
        """Your runs, newest first: active, used (with the verdict of the reproduction that
        used it) or expired (all pages; expired runs are deleted a day or two later)."""
        rows = self._iterate(f"{API}/me/runs", {}, page_size, max_results, auth=True)
        return (MyRun.from_dict(row) for row in rows)

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
        compress: bool = True,
    ) -> str:
        """Upload a log too large to send inline and return its ``upload_id``, to submit as
        ``run_log_upload`` (``kind="run_log"``: terminal output) or ``replay_log_upload``
        (``kind="replay_log"``: a replay log's JSON). Give the content (``data``) or a local
        file (``path``; a ``.gz`` file is sent as it is). The bytes are gzip-compressed
        (``compress``) into a temporary file and streamed, so memory stays flat. Limits, as
        sent: 50 MiB for a run log, 200 MiB for a replay log."""
        if kind not in UPLOAD_KINDS:
            raise ValueError(f"kind must be one of {', '.join(UPLOAD_KINDS)}, not {kind!r}")
        if (data is None) == (path is None):
            raise ValueError("give exactly one of data and path")
        with tempfile.TemporaryFile() as spooled:
            if path is not None and os.fspath(path).endswith(".gz"):
                with open(path, "rb") as source:
                    shutil.copyfileobj(source, spooled, 1024 * 1024)
                encoding = "gzip"
            else:
                if compress:
                    sink: Any = gzip.GzipFile(fileobj=spooled, mode="wb", compresslevel=6)
                else:
                    sink = spooled
                if path is not None:
                    with open(path, "rb") as source:
                        shutil.copyfileobj(source, sink, 1024 * 1024)
                else:
                    assert data is not None
                    sink.write(data.encode("utf-8") if isinstance(data, str) else data)
                if compress:
                    sink.close()
                encoding = "gzip" if compress else "identity"
            return self._upload_file(kind, spooled, encoding)

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
        run_log_file: str | os.PathLike[str] | None = None,
        replay_log_file: str | os.PathLike[str] | None = None,
        run_log_upload: str | None = None,
        replay_log_upload: str | None = None,
    ) -> Reproduction:
        """Submit a reproduction (SPEC 5). The run log is one of: ``run_log_url`` (an
        allow-listed https URL or the pasted terminal output), ``run_log_file`` (a local file
        of terminal output) or ``run_log_upload`` (an ``upload_id`` from :meth:`upload`).
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
            run_log_upload = self.upload("run_log", path=run_log_file)
        elif run_log_url is not None and _needs_upload(run_log_url):
            run_log_upload = self.upload("run_log", run_log_url)
            run_log_url = None
        if replay_log_file is not None:
            replay_log_upload = self.upload("replay_log", path=replay_log_file)
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

    # --- HTTP --------------------------------------------------------------------------------

    def _get(
        self, path: str, params: Mapping[str, Any] | None = None, *, auth: bool | None = False
    ) -> Json:
        return self._request("GET", path, params=params, auth=auth, retry=_Retry.SAFE)

    def _iterate(
        self,
        path: str,
        params: Mapping[str, Any],
        page_size: int,
        max_results: int | None,
        *,
        auth: bool | None = False,
    ) -> Iterator[Json]:
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise ValueError(f"page_size must be between 1 and {MAX_PAGE_SIZE}")
        cursor: str | None = None
        seen: set[str] = set()
        count = 0
        while max_results is None or count < max_results:
            data = self._get(path, {**params, "limit": page_size, "cursor": cursor}, auth=auth)
            for row in data.get("results", []):
                yield row
                count += 1
                if max_results is not None and count >= max_results:
                    return
            cursor = data.get("next_cursor")
            if not cursor:
                return
            if cursor in seen:
                raise SotaVerifiedError(
                    f"the server returned the same next_cursor twice for {path}",
                    code="cursor_loop",
                )
            seen.add(cursor)

    def _request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        body: Mapping[str, Any] | None = None,
        auth: bool | None = False,
        retry: str = _Retry.SAFE,
        headers: Mapping[str, str] | None = None,
    ) -> Json:
        url = self.base_url + path
        query = {k: _query_value(v) for k, v in (params or {}).items() if v is not None}
        if query:
            url += "?" + urllib.parse.urlencode(query)
        sent_headers = {"Accept": "application/json", "User-Agent": self.user_agent}
        if auth is None:  # optional: sent when the client has a key
            auth = bool(self.api_key)
        if auth:
            if not self.api_key:
                raise AuthError(
                    "this call needs an API key: Client(url, api_key=...) or "
                    "$SOTAVERIFIED_API_KEY with Client.from_env()",
                    code="no_api_key",
                    method=method,
                    url=url,
                )
            sent_headers["Authorization"] = f"Bearer {self.api_key}"
        data = None
        if body is not None:
            data = json.dumps(body, ensure_ascii=False, allow_nan=False).encode("utf-8")
            sent_headers["Content-Type"] = "application/json"
        sent_headers.update(headers or {})

        attempt = 0
        while True:
            try:
                response = self._send(method, url, data, sent_headers)
            except _TransportError as exc:
                retryable = retry != _Retry.UNSAFE or not exc.sent
                if not retryable or attempt >= self.max_retries:
                    raise ApiConnectionError(
                        f"no response from the server: {exc.cause!r}"
                        + (f" (after {attempt + 1} attempts)" if attempt else ""),
                        code="connection_error",
                        method=method,
                        url=url,
                    ) from exc.cause
                delay = self._backoff(attempt)
                logger.warning(
                    "%s %s: %r; retrying in %.2f s (%d/%d)",
                    method,
                    path,
                    exc.cause,
                    delay,
                    attempt + 1,
                    self.max_retries,
                )
            else:
                if 200 <= response.status < 300:
                    return _decode(response, method, url)
                error = _error(response, method, url)
                if attempt >= self.max_retries or not _retryable(retry, error):
                    raise error
                retry_after = parse_retry_after(response.headers.get("retry-after"))
                if retry_after is not None and retry_after > self.max_retry_after:
                    raise error  # the server asks for a longer wait than we are willing to sleep
                delay = retry_after if retry_after is not None else self._backoff(attempt)
                logger.warning(
                    "%s %s: HTTP %d %s; retrying in %.2f s (%d/%d)",
                    method,
                    path,
                    response.status,
                    error.code,
                    delay,
                    attempt + 1,
                    self.max_retries,
                )
            self._sleep(delay)
            attempt += 1

    def _backoff(self, attempt: int) -> float:
        """Exponential backoff with "equal jitter": between half and all of base * 2^attempt
        (capped at backoff_max)."""
        ceiling = min(self.backoff_max, self.backoff_base * (2.0**attempt))
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    def _send(
        self, method: str, url: str, data: bytes | None, headers: Mapping[str, str]
    ) -> _Response:
        # base_url is checked to be http(s) in __init__.
        request = urllib.request.Request(  # noqa: S310
            url, data=data, headers=dict(headers), method=method
        )
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                return _Response(response.status, _lower(response.headers), response.read())
        except urllib.error.HTTPError as error:
            try:
                body = error.read()
            except (OSError, http.client.HTTPException):
                body = b""
            finally:
                error.close()
            return _Response(error.code, _lower(error.headers), body)
        except urllib.error.URLError as error:
            reason = error.reason
            sent = not isinstance(reason, ConnectionRefusedError | socket.gaierror)
            raise _TransportError(
                reason if isinstance(reason, BaseException) else error, sent=sent
            ) from error
        except (OSError, http.client.HTTPException) as error:
            raise _TransportError(error, sent=True) from error


# --- helpers ----------------------------------------------------------------------------------


def paper_ref(paper: PaperRef) -> str:
    """The paper_id of a Paper/SotaRow/QueueEntry/Run/Reproduction, or the string itself."""
    if isinstance(paper, str):
        if not paper.strip():
            raise ValueError("a paper id must not be empty")
        return paper.strip()
    paper_id = getattr(paper, "paper_id", None)
    if isinstance(paper_id, str) and paper_id:
        return paper_id
    if isinstance(paper, Mapping) and isinstance(paper.get("paper_id"), str):
        return str(paper["paper_id"])
    raise TypeError(f"expected a Paper, a paper_id or an arXiv id, not {type(paper).__name__}")


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


def _segment(value: str) -> str:
    return urllib.parse.quote(str(value), safe="")


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _lower(headers: Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in (headers or {}).items()}


def _decode(response: _Response, method: str, url: str) -> Json:
    try:
        return json.loads(response.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise SotaVerifiedError(
            f"the server answered HTTP {response.status} with a body that is not JSON: "
            f"{response.body[:200]!r}",
            status=response.status,
            code="invalid_response",
            headers=response.headers,
            method=method,
            url=url,
        ) from exc


def _error(response: _Response, method: str, url: str) -> SotaVerifiedError:
    status = response.status
    code, message = f"http_{status}", ""
    details: list[Any] = []
    try:
        payload = json.loads(response.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        payload = None
    error = payload.get("error") if isinstance(payload, dict) else None
    if isinstance(error, dict):
        code = str(error.get("code") or code)
        message = str(error.get("message") or "")
        raw_details = error.get("details")
        details = list(raw_details) if isinstance(raw_details, list) else []
    elif isinstance(payload, dict) and isinstance(payload.get("message"), str):
        message = payload["message"]
    else:
        message = response.body[:500].decode("utf-8", errors="replace").strip()
    cls = error_for_status(status)
    if status == 403 and message == "Missing Authentication Token" and error is None:
        # API Gateway (and `chalice local`) answer an unknown route this way.
        cls, code = NotFoundError, "unknown_route"
        message = f"the server has no route {method} {urllib.parse.urlsplit(url).path}"
    return cls(
        message or f"HTTP {status}",
        status=status,
        code=code,
        details=details,
        headers=response.headers,
        method=method,
        url=url,
    )


def _retryable(retry: str, error: SotaVerifiedError) -> bool:
    status = error.status or 0
    if retry == _Retry.UNSAFE:
        return status in _NOT_SENT_STATUSES
    if status == 429 or status >= 500:
        return True
    return retry == _Retry.KEYED and status == 409 and error.code == "idempotency_in_progress"
