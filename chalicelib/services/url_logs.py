"""Read a URL run log (SPEC 7): fetch its raw form and validate it like pasted output.

The validator calls `url_log_verdict`
(`url_log_verdicts.py`). Which URL is fetched for a page comes from
`chalicelib.domain.log_sources` (pure); this module does the I/O, standard library only
(`http.client`, `ssl`, `socket`):

- HTTPS only, certificate and host name verified (the system's CAs, or
  `SOTAV_URL_FETCH_CA_BUNDLE`), TLS 1.2 or newer;
- only hosts in `FETCH_HOSTS`; each host name is resolved here and refused when any address is
  not public (private, loopback, link-local, ...), then the connection goes to the checked
  address, so a DNS answer cannot point a fetch inside the network;
- redirects (at most 5) only to a host of the same service in `FETCH_HOSTS`, never to an IP
  literal or another host (`redirect_target`); the W&B query follows none;
- timeouts: 5 s to connect (and for the TLS handshake), 10 s without a byte, 15 s of waiting
  on the hosts in all (DNS, connects, redirects, body), and 25 s for the whole read and check
  including metric extraction;
- at most 50 MiB (the cap of uploaded run logs), counted while reading; a larger
  Content-Length is refused before reading, and reading stops past the cap.

Any of these failures leaves the log unread: the verdict is `unchecked`, with a `run_log_read`
check that says why, never `passed`. A log that was read is checked exactly like pasted
output (`metrics_extracted`, `metric_in_log`), streaming its lines through
`extract_metrics_from_lines`; a W&B run's summary values are its metrics.

`SOTAV_URL_FETCH_OVERRIDE` (tests only) sends every connection to a local HTTPS server instead;
SNI, certificate check and Host header still carry the real host name.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import math
import socket
import ssl
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from chalicelib.domain.copies import ContentHasher, hashing
from chalicelib.domain.log_metrics import (
    ExtractedMetric,
    extract_metrics_from_lines,
)
from chalicelib.domain.log_sources import (
    FETCH_HOSTS,
    MAX_LOG_BYTES,
    MAX_REDIRECTS,
    WANDB_GRAPHQL_URL,
    NotReadable,
    RawFile,
    RedirectRefused,
    WandbAnswerError,
    WandbRun,
    lines_of_chunks,
    log_source,
    non_public_address,
    redirect_target,
    wandb_request_body,
    wandb_summary,
)
from chalicelib.settings import get_settings

USER_AGENT = "SOTAVerified-validator/1 (reads run logs submitted as evidence)"
_CHUNK = 64 * 1024
_REDIRECTS = {301, 302, 303, 307, 308}
_LFS_POINTER = b"version https://git-lfs.github.com/spec/"


@dataclass(frozen=True)
class FetchLimits:
    connect_timeout: float = 5.0  # TCP connect, and the TLS handshake
    read_timeout: float = 10.0  # longest wait for the next bytes
    deadline: float = 15.0  # all waiting on the hosts: DNS, connects, redirects, the body
    # The whole read and check, including the time spent extracting metrics from the lines
    # already read (tens of seconds for a 50 MiB log with today's extractor): what one log
    # may cost the validator.
    check_deadline: float = 25.0
    max_bytes: int = MAX_LOG_BYTES
    max_redirects: int = MAX_REDIRECTS


DEFAULT_LIMITS = FetchLimits()


class NotRead(Exception):
    """The log could not be read; the message says why, for a person."""


class OutOfTime(Exception):
    """The validator's invocation has too little time left to read this log. Not a verdict:
    the message fails and the queue delivers it again, to an invocation with time to spare."""


# When the current invocation must be done with URL logs (monotonic clock), if known.
_INVOCATION_ENDS: ContextVar[float | None] = ContextVar("url_log_invocation_ends", default=None)
SAFETY_MARGIN = 5.0  # seconds kept for storing the verdict and finishing the batch
MIN_TIME_TO_READ = 5.0  # less than this left: leave the log to a later delivery


@contextmanager
def invocation_time(remaining_seconds: float) -> Iterator[None]:
    """Within this block, reading URL logs stops `SAFETY_MARGIN` seconds before
    `remaining_seconds` run out (Lambda's remaining time): a batch of slow logs never runs
    into the function's timeout; the logs it has no time for raise `OutOfTime`."""
    token = _INVOCATION_ENDS.set(time.monotonic() + remaining_seconds - SAFETY_MARGIN)
    try:
        yield
    finally:
        _INVOCATION_ENDS.reset(token)


@dataclass
class LogRead:
    """What was read: the raw URL (or W&B run), its size and SHA-256, and the metrics."""

    source: str
    metrics: list[ExtractedMetric]
    size: int = 0
    sha256: str = ""
    notes: list[str] = field(default_factory=list)
    content_hash: str = ""  # of the normalised text (a raw file): the copy check's key


# --- connections --------------------------------------------------------------------------------


class _Clock:
    def __init__(self, limits: FetchLimits) -> None:
        self.limits = limits
        started = time.monotonic()
        self.ends = started + limits.deadline  # moved on by the time spent checking lines
        self.check_ends = started + limits.check_deadline
        self.invocation_ends = _INVOCATION_ENDS.get() or math.inf
        if self.invocation_ends - started < MIN_TIME_TO_READ:
            raise OutOfTime("too little time left in this invocation to read a URL log")
        self.step = "starting"  # what the fetch is waiting for, for a timeout's reason

    def left(self) -> float:
        now = time.monotonic()
        if now >= self.invocation_ends:
            raise OutOfTime("the invocation ran out of time while reading a URL log")
        if now >= self.check_ends:
            raise NotRead(self.too_slow())
        if now >= self.ends:
            raise NotRead(f"reading took longer than the {self.limits.deadline:g} s limit")
        return min(self.ends, self.check_ends, self.invocation_ends) - now

    def too_slow(self) -> str:
        return f"the log could not be read and checked within {self.limits.check_deadline:g} s"

    def timeout(self, wanted: float) -> float:
        return min(wanted, self.left())


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to `host`, over a TCP connection to an address checked beforehand. SNI, the
    certificate's host name and the Host header are `host`; only the address differs."""

    def __init__(
        self,
        host: str,
        address: tuple[str, int],
        tls: ssl.SSLContext,
        clock: _Clock,
    ) -> None:
        super().__init__(host, 443, context=tls, timeout=clock.limits.read_timeout)
        self._address = address
        self._tls = tls
        self._clock = clock

    def connect(self) -> None:
        self._clock.step = (
            f"connecting to {self.host} (limit {self._clock.limits.connect_timeout:g} s)"
        )
        raw = socket.create_connection(
            self._address, timeout=self._clock.timeout(self._clock.limits.connect_timeout)
        )
        try:
            raw.settimeout(self._clock.timeout(self._clock.limits.connect_timeout))
            self.sock = self._tls.wrap_socket(raw, server_hostname=self.host)
            self.sock.settimeout(self._clock.timeout(self._clock.limits.read_timeout))
            self._clock.step = (
                f"waiting for {self.host} to answer (limit {self._clock.limits.read_timeout:g} s)"
            )
        except BaseException:
            raw.close()
            raise


def _tls_context() -> ssl.SSLContext:
    bundle = get_settings().url_fetch_ca_bundle
    context = ssl.create_default_context(cafile=bundle) if bundle else ssl.create_default_context()
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def _resolve(host: str, timeout: float) -> list[str]:
    """The addresses of `host` (IPv4 first), within `timeout` seconds."""
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        future = pool.submit(socket.getaddrinfo, host, 443, type=socket.SOCK_STREAM)
        infos = future.result(timeout=timeout)
    finally:
        pool.shutdown(wait=False)
    infos.sort(key=lambda info: info[0] != socket.AF_INET)
    return [str(info[4][0]) for info in infos]


def _address(host: str, clock: _Clock) -> tuple[str, int]:
    if host not in FETCH_HOSTS:  # the mapping and redirect checks make this unreachable
        raise NotRead(f"{host} is not on the fetch allow-list")
    override = get_settings().url_fetch_override
    if override:  # tests: a local server stands in for every host
        parts = urlsplit(override)
        return (parts.hostname or "127.0.0.1", parts.port or 443)
    try:
        addresses = _resolve(host, clock.timeout(clock.limits.connect_timeout))
    except FutureTimeout:
        raise NotRead(f"looking up {host} timed out") from None
    except OSError as exc:
        raise NotRead(f"could not look up {host}: {exc}") from None
    bad = non_public_address(addresses)
    if bad is not None:
        raise NotRead(f"{host} resolves to {bad}, which is not a public address; not fetched")
    if not addresses:
        raise NotRead(f"{host} has no address")
    return (addresses[0], 443)


def _open(
    method: str, url: str, body: bytes | None, headers: dict[str, str], clock: _Clock
) -> tuple[http.client.HTTPSConnection, http.client.HTTPResponse]:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if parts.scheme != "https" or parts.port is not None or parts.username is not None:
        raise NotRead(f"{url} is not an https URL on a readable host")
    connection = _PinnedHTTPSConnection(host, _address(host, clock), _tls_context(), clock)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request(
            method,
            path,
            body=body,
            headers={
                "User-Agent": USER_AGENT,
                "Accept-Encoding": "identity",
                **headers,
            },
        )
        return connection, connection.getresponse()
    except BaseException:
        connection.close()
        raise


def _status_problem(status: int, reason: str, url: str) -> str:
    host = urlsplit(url).hostname
    if status in (404, 410):
        return f"{host} answered {status} {reason}: the file does not exist, or it is private"
    if status in (401, 403):
        return f"{host} answered {status} {reason}: the log is private or needs a sign-in"
    if status == 429:
        return f"{host} answered 429 {reason}: rate limited; it will be read on a later event"
    return f"{host} answered {status} {reason}"


def _read_body(
    connection: http.client.HTTPSConnection,
    response: http.client.HTTPResponse,
    clock: _Clock,
    read: LogRead,
) -> Iterator[bytes]:
    """The response body in chunks, counting and hashing it; stops past the size cap. Each
    wait for bytes is bounded by the read timeout and by what is left of the deadline."""
    digest = hashlib.sha256()
    limit = clock.limits.max_bytes
    clock.step = f"waiting for more of the log (limit {clock.limits.read_timeout:g} s)"
    while True:
        if connection.sock is not None:
            connection.sock.settimeout(clock.timeout(clock.limits.read_timeout))
        chunk = response.read1(_CHUNK)
        clock.left()
        if not chunk:
            break
        read.size += len(chunk)
        if read.size > limit:
            raise NotRead(
                f"the log is larger than {limit // (1024 * 1024)} MiB (the limit for run logs); "
                "reading stopped there"
            )
        digest.update(chunk)
        paused = time.monotonic()
        yield chunk  # the consumer extracts metrics from it: not time spent on the host
        resumed = time.monotonic()
        clock.ends += resumed - paused
        if resumed > clock.check_ends:
            raise NotRead(f"{clock.too_slow()} ({size_text(read.size)} read so far)")
    read.sha256 = digest.hexdigest()


def _refuse_lfs_pointer(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The chunks, unless the file is a Git LFS pointer (what raw.githubusercontent.com serves
    for a file stored with LFS) rather than the log."""
    head: bytes | None = b""
    for chunk in chunks:
        if head is not None:
            head += chunk
            if len(head) < len(_LFS_POINTER):
                continue
            if head.startswith(_LFS_POINTER):
                raise NotRead(
                    "the file is a Git LFS pointer, not the log itself; link a log stored in "
                    "the repository itself, a gist or a Hugging Face repository"
                )
            chunk, head = head, None
        yield chunk
    if head:
        yield head


def _checked_response(
    method: str, url: str, body: bytes | None, headers: dict[str, str], clock: _Clock
) -> tuple[str, http.client.HTTPSConnection, http.client.HTTPResponse]:
    """Open `url`, following allowed redirects (GET only). Returns the final URL and an open
    200 response."""
    for _ in range(clock.limits.max_redirects + 1):
        connection, response = _open(method, url, body, headers, clock)
        if response.status == 200:
            length = response.getheader("Content-Length")
            if length and length.isdigit() and int(length) > clock.limits.max_bytes:
                connection.close()
                raise NotRead(
                    f"the log is {int(length):,} bytes, over the "
                    f"{clock.limits.max_bytes // (1024 * 1024)} MiB limit for run logs; not read"
                )
            return url, connection, response
        location = response.getheader("Location")
        connection.close()
        if response.status not in _REDIRECTS:
            raise NotRead(_status_problem(response.status, response.reason, url))
        if method != "GET":
            raise NotRead(f"{urlsplit(url).hostname} answered with an unexpected redirect")
        try:
            url = redirect_target(url, location)
        except RedirectRefused as exc:
            raise NotRead(f"refused {exc}") from None
    raise NotRead(f"more than {clock.limits.max_redirects} redirects")


def _read_raw_file(source: RawFile, clock: _Clock) -> LogRead:
    final_url, connection, response = _checked_response("GET", source.url, None, {}, clock)
    read = LogRead(source=source.url, metrics=[])
    if final_url != source.url:
        read.notes.append(f"redirected to {urlsplit(final_url).hostname}")
    try:
        encoding = (response.getheader("Content-Encoding") or "identity").strip().lower()
        if encoding != "identity":
            raise NotRead(f"the host sent the log {encoding}-encoded, though asked not to")
        content_type = (response.getheader("Content-Type") or "").lower()
        if content_type.startswith("text/html"):
            raise NotRead(
                f"{urlsplit(final_url).hostname} answered with a web page (text/html), not the "
                "raw log"
            )
        hasher = ContentHasher()
        lines = hashing(
            lines_of_chunks(_refuse_lfs_pointer(_read_body(connection, response, clock, read))),
            hasher,
        )
        read.metrics = extract_metrics_from_lines(lines)
        for _ in lines:  # whatever the extractor did not read is hashed too
            pass
        read.content_hash = hasher.hexdigest()
    finally:
        connection.close()
    return read


def _read_wandb_run(run: WandbRun, clock: _Clock) -> LogRead:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    body = wandb_request_body(run)
    _, connection, response = _checked_response("POST", WANDB_GRAPHQL_URL, body, headers, clock)
    read = LogRead(source=f"the W&B run summary of {run.path}", metrics=[])
    try:
        raw = b"".join(_read_body(connection, response, clock, read))
    finally:
        connection.close()
    try:
        answer: Any = json.loads(raw)
    except ValueError:
        raise NotRead("W&B answered something that is not JSON") from None
    try:
        state, values = wandb_summary(answer, run)
    except WandbAnswerError as exc:
        raise NotRead(str(exc)) from None
    read.metrics = [ExtractedMetric(name, value, "wandb") for name, value in values]
    if state and state != "finished":
        read.notes.append(f"the run's state is {state}")
    return read


def read_url_log(canonical_url: str, limits: FetchLimits | None = None) -> LogRead:
    """Read the log behind an allow-listed URL. Raises `NotRead` with the reason."""
    limits = limits or DEFAULT_LIMITS
    source = log_source(canonical_url)
    if isinstance(source, NotReadable):
        raise NotRead(source.reason)
    clock = _Clock(limits)
    try:
        if isinstance(source, WandbRun):
            return _read_wandb_run(source, clock)
        return _read_raw_file(source, clock)
    except NotRead:
        raise
    except ssl.SSLCertVerificationError as exc:
        raise NotRead(f"the certificate could not be verified: {exc.verify_message}") from None
    except TimeoutError:
        waiting_for = clock.step
    except ssl.SSLError as exc:
        raise NotRead(f"the TLS connection failed: {exc.reason or exc}") from None
    except (OSError, http.client.HTTPException) as exc:
        raise NotRead(f"the connection failed: {type(exc).__name__}: {exc}"[:300]) from None
    # A socket timed out: one of our deadlines (clock.left() raises its reason), or the host.
    clock.left()
    raise NotRead(f"timed out {waiting_for}")


def size_text(size: int) -> str:
    if size < 10 * 1024:
        return f"{size:,} bytes"
    return f"{size / (1024 * 1024):.1f} MiB" if size >= 1024 * 1024 else f"{size / 1024:.0f} KiB"
