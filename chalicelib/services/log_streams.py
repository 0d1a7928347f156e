"""Uploaded logs, read as streams with bounded memory (SPEC 7; issue #16).

An uploaded log (chalicelib/services/uploads.py) can be 50 MiB of run output or a 200 MiB,
1,000,000-step replay log, more than a 512 MB validator should ever hold. So nothing here
reads a whole object: S3's body is read in chunks, gunzipped on the fly when the grant said
gzip, and

- a run log goes line by line through `extract_metrics_from_batches` (the extractor's
  streaming form, a list of lines per block of text read); over-long lines are cut into
  pieces of `MAX_LINE_CHARS`;
- a replay log goes through ijson (yajl2 C backend): the few top-level keys are read with
  its event parser, then `steps` item by item; steps are validated in batches against the
  same step types as inline logs, and checked by the same `ReplayChecker`, batch by batch.

Before reading, the object's length is held against the grant (moto does not enforce a
presigned URL's signed Content-Length, and a check of our own costs nothing). A log that
cannot be read (not gzip though declared so, gzip though not declared, more than
`MAX_DECODED_BYTES` decoded, not JSON, a step that breaks the rules, more than 1,000,000
steps) fails with a check that says what is wrong; it is never retried.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import asdict
from datetime import datetime
from functools import cache
from typing import Any

from chalicelib.domain.copies import ContentHasher
from chalicelib.domain.replay import Check, ReplayChecker, RunFacts, trust_tier
from chalicelib.domain.uploads import MAX_UPLOADED_STEPS, human_bytes
from chalicelib.services.object_streams import (
    EXCERPT_BYTES,
    NotStoredYet,
    ReadStats,
    UploadUnreadable,
    open_decoded,
)

MAX_LINE_CHARS = 64 * 1024
READ_CHARS = 256 * 1024  # text read at a time from the decoded stream
STEP_BATCH = 1000
MAX_HEAD_BYTES = 1024 * 1024  # the top-level keys before `steps` fit in this
CHECK_RUN_LOG_UPLOAD = "run_log_upload"
CHECK_REPLAY_LOG_FORMAT = "replay_log_format"


# --- run logs --------------------------------------------------------------------------------


def iter_lines(stream: io.BufferedReader, stats: ReadStats) -> Iterator[str]:
    """Decoded text lines (UTF-8, undecodable bytes replaced), each at most MAX_LINE_CHARS,
    with their line ends (`readline`): the reference `line_batches` gives the same lines as."""
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline=None)
    readline = text.readline
    count = 0
    while line := readline(MAX_LINE_CHARS):
        count += 1
        yield line
    stats.units = count


def line_batches(
    stream: io.BufferedReader,
    stats: ReadStats,
    hasher: ContentHasher | None = None,
    *,
    read_chars: int = READ_CHARS,
    max_chars: int = MAX_LINE_CHARS,
) -> Iterator[list[str]]:
    """The lines of `iter_lines`, without their line ends, a list per `read_chars` of text
    read (a large read and one `split` cost far less a line than `readline`); `hasher` is fed
    the same text (the copy check's content hash, issue 18)."""
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline=None)
    read = text.read
    carry = ""  # the line being read
    count = 0
    while chunk := read(read_chars):
        if hasher is not None:
            hasher.feed_text(chunk)
        block = carry + chunk if carry else chunk
        lines = block.split("\n")
        carry = lines.pop()
        if _may_hold(block, max_chars) and (
            len(carry) >= max_chars or (lines and max(map(len, lines)) >= max_chars)
        ):
            lines, carry = _cut(lines, carry, max_chars)
        count += len(lines)
        yield lines
    if carry:
        count += 1
        yield [carry]
    stats.units = count


def _may_hold(text: str, max_chars: int) -> bool:
    """False when no line of `text` is `max_chars` long or more, found without measuring every
    line: such a line holds a whole window of `max_chars // 2` characters starting at a
    multiple of that, and each window of `text` holding a line end rules that out."""
    width = max_chars // 2
    if width < 1:
        return True
    find = text.find
    return any(find("\n", at, at + width) < 0 for at in range(0, len(text) - width + 1, width))


def _cut(lines: list[str], carry: str, max_chars: int) -> tuple[list[str], str]:
    """Lines over `max_chars` in pieces as `readline(max_chars)` cuts them: `max_chars` at a
    time, the rest (maybe empty, as the line end alone) last; of the line still being read,
    the whole pieces, and the rest is carried on."""
    cut: list[str] = []
    for line in lines:
        if len(line) < max_chars:
            cut.append(line)
        else:
            cut += [line[i : i + max_chars] for i in range(0, len(line) + 1, max_chars)]
    whole = len(carry) - len(carry) % max_chars
    cut += [carry[i : i + max_chars] for i in range(0, whole, max_chars)]
    return cut, carry[whole:]


def run_log_metrics(
    stored: dict[str, Any], stats: ReadStats, hasher: ContentHasher | None = None
) -> list[Any]:
    """The metrics `extract_metrics_from_batches` finds in an uploaded run log; `hasher` also
    sees every line (the copy check's content hash, issue 18)."""
    from chalicelib.domain.log_metrics import extract_metrics_from_batches

    with open_decoded(stored, "run_log", stats) as stream:
        batches = line_batches(stream, stats, hasher)
        metrics = extract_metrics_from_batches(batches)
        for _ in batches:  # whatever the extractor did not read is hashed too
            pass
        return metrics


def uploaded_run_log_verdict(
    repro: dict[str, Any], verdict: Callable[..., dict[str, Any]]
) -> dict[str, Any]:
    """The `validation` of a reproduction whose run log was uploaded: `verdict` is
    chalicelib.services.validation.log_verdict (the checks every run log gets), given the
    streamed metrics; a first check, `run_log_upload`, says what was read (or why not)."""
    stored = repro["run_log"]
    stats = ReadStats(keep=EXCERPT_BYTES)  # the review page shows the head and the tail
    hasher = ContentHasher()
    try:
        metrics = run_log_metrics(stored, stats, hasher)
    except NotStoredYet:
        raise
    except UploadUnreadable as exc:
        check = {"name": CHECK_RUN_LOG_UPLOAD, "ok": False, "detail": str(exc)}
        return {"state": "failed", "checks": [check], "extracted_metrics": []}
    validation = verdict(repro, metrics)
    encoding = str(stored.get("content_encoding") or "identity")
    read = {
        "name": CHECK_RUN_LOG_UPLOAD,
        "ok": True,
        "detail": f"uploaded log read: {stats.describe(encoding, 'lines')}",
    }
    validation["checks"] = [read, *validation["checks"]]
    validation["content_hash"] = hasher.hexdigest()  # who was first with it: see validation.py
    validation["excerpt"] = stats.excerpt()
    return validation


# --- replay logs -----------------------------------------------------------------------------


class _Recorder:
    """A file object over `stream` that keeps what it hands out while `recording`, and the
    last bytes it handed out."""

    def __init__(self, stream: io.BufferedReader) -> None:
        self.stream = stream
        self.recording = True
        self.head = bytearray()
        self.replay = b""
        self.tail = b""

    def read(self, size: int = -1) -> bytes:
        if self.replay:
            data, self.replay = self.replay[:size], self.replay[size:]
        else:
            data = self.stream.read(size)
        if self.recording:
            self.head += data
            if len(self.head) > MAX_HEAD_BYTES:
                raise UploadUnreadable(
                    f"no steps list within the first {human_bytes(MAX_HEAD_BYTES)}; a replay "
                    'log is {"run_id": ..., "steps": [...]}'
                )
        if data:
            self.tail = (self.tail + data)[-64:]
        return data

    def rewind(self) -> None:
        """Stop recording and hand out the recorded bytes again."""
        self.recording = False
        self.replay, self.head = bytes(self.head), bytearray()


@cache
def _steps_adapter() -> Any:
    from pydantic import TypeAdapter

    from chalicelib.domain.replay import Step

    return TypeAdapter(list[Step])


def _read_head(source: _Recorder) -> str | None:
    """The run_id before `steps`, checking the top-level shape on the way."""
    import ijson

    run_id: str | None = None
    events = ijson.parse(source, buf_size=64 * 1024)
    for number, (prefix, event, value) in enumerate(events):
        if number == 0 and event != "start_map":
            raise UploadUnreadable('a replay log is a JSON object {"run_id": ..., "steps": [...]}')
        if prefix == "" and event == "map_key" and value not in ("run_id", "steps"):
            raise UploadUnreadable(
                f"unknown field {str(value)[:80]!r} in the replay log; it holds run_id and steps"
            )
        if prefix == "run_id":
            if event not in ("string", "null") or (
                value is not None and not 1 <= len(value) <= 200
            ):
                raise UploadUnreadable("run_id must be a string of 1..200 characters or null")
            run_id = value
        elif prefix == "steps":
            if event != "start_array":
                raise UploadUnreadable("steps must be a list of tool_call and llm_call steps")
            return run_id
    raise UploadUnreadable('the replay log has no steps list: {"run_id": ..., "steps": [...]}')


def _invalid_step(exc: Any, base: int) -> UploadUnreadable:
    error = exc.errors(include_url=False, include_input=False)[0]
    loc = list(error["loc"])
    index = base + int(loc[0]) if loc and isinstance(loc[0], int) else base
    field = ".".join(str(part) for part in loc[1:])
    where = f"steps.{index}" + (f".{field}" if field else "")
    return UploadUnreadable(f"{where}: {error['msg']}; fix that step (or drop it) and upload again")


def check_replay_stream(
    stream: io.BufferedReader,
    run: RunFacts | None,
    submitted_at: datetime,
    submitted_run_id: str | None = None,
    also: Any | None = None,
) -> tuple[str | None, ReplayChecker]:
    """Validate and check every step of a replay log stream in one pass (`submitted_run_id`:
    the run the submission closes, for `run_id_matches`; `also`: more checks fed the same
    validated steps, `also.feed(steps, base)`: the evidence checks of issue 18)."""
    import ijson
    from pydantic import ValidationError

    source = _Recorder(stream)
    try:
        run_id = _read_head(source)
        source.rewind()
        checks = ReplayChecker(run, submitted_at, submitted_run_id, run_id)
        validate = _steps_adapter().validate_python
        batch: list[Any] = []
        for step in ijson.items(source, "steps.item", use_float=True, buf_size=64 * 1024):
            batch.append(step)
            if len(batch) == STEP_BATCH:
                _check_batch(batch, checks, validate, ValidationError, also)
                batch = []
        _check_batch(batch, checks, validate, ValidationError, also)
    except ijson.JSONError as exc:
        raise UploadUnreadable(
            f"the replay log is not valid JSON ({exc}); upload it again"
        ) from exc
    tail = source.tail.rstrip()
    if not tail.endswith(b"}") or not tail[:-1].rstrip().endswith(b"]"):
        raise UploadUnreadable(
            "unexpected data after the steps list; a replay log holds run_id and steps"
        )
    return run_id, checks


def _check_batch(
    batch: list[Any], checks: ReplayChecker, validate: Any, error_type: Any, also: Any = None
) -> None:
    if not batch:
        return
    if checks.count + len(batch) > MAX_UPLOADED_STEPS:
        raise UploadUnreadable(
            f"the replay log has more than {MAX_UPLOADED_STEPS:,} steps; keep the run's steps "
            "within that"
        )
    try:
        steps = validate(batch)
    except error_type as exc:
        raise _invalid_step(exc, checks.count) from exc
    if also is not None:
        also.feed(steps, checks.count)
    checks.feed(steps)


def uploaded_replay_verdict(
    repro: dict[str, Any], run: RunFacts | None, evidence: Any | None = None
) -> tuple[dict[str, Any] | None, int]:
    """The trajectory verdict and trust tier of an uploaded replay log. `evidence`: the
    `EvidenceChecks` (chalicelib/domain/evidence.py) fed the same steps in the same pass."""
    stored = repro["replay_upload"]
    stored = {**stored, "s3_key": repro["replay_s3_key"]}
    stats = ReadStats()
    submitted_at = datetime.fromisoformat(repro["submitted_at"])
    try:
        with open_decoded(stored, "replay_log", stats) as stream:
            _run_id, checks = check_replay_stream(
                stream, run, submitted_at, repro.get("run_id"), evidence
            )
    except UploadUnreadable as exc:
        failed = Check(CHECK_REPLAY_LOG_FORMAT, False, str(exc))
        return {"state": "invalid", "checks": [asdict(failed)]}, 0
    stats.units = checks.count
    encoding = str(stored.get("content_encoding") or "identity")
    read = Check(
        CHECK_REPLAY_LOG_FORMAT,
        True,
        f"uploaded replay log read: {stats.describe(encoding, 'steps')}",
    )
    results = [read, *checks.finish()]
    found: dict[str, Any] = {}
    if evidence is not None:
        more, found = evidence.finish()
        results += more
    trajectory: dict[str, Any] = {
        "state": "valid" if all(c.ok for c in results) else "invalid",
        "checks": [asdict(c) for c in results],
    }
    if evidence is not None:
        trajectory["evidence"] = {k: v for k, v in found.items() if v}
    return trajectory, trust_tier(results, run)
