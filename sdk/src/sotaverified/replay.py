"""Record an agent's trajectory as a replay log (SPEC 7).

A replay log is ``{"run_id": ..., "steps": [...]}``; each step is a ``tool_call``
``{type, ts, tool, input, output?, duration_ms, error?}`` or an ``llm_call``
``{type, ts, model, input_tokens, output_tokens, duration_ms, response_text?, error?}``.
The server checks that every ``ts`` lies between the run's start and the submission (5 s
grace) and that every file read (tools ``read``, ``read_file``, ``file_read``, ``open_file``)
names a file of the run's workspace manifest — so start the run first, then the tracker, and
list the files the agent reads in the run's workspace.

The tracker keeps every step within the server's limits, so a log it produces is never refused
for its size: ``input``/``output``/``error`` are cut to 5,000 characters, ``response_text`` to
50,000, ``tool``/``model`` to 200, and it keeps at most 10,000 steps. It also keeps the encoded
log under ``max_bytes`` (default 900,000 bytes of UTF-8 JSON: the whole request body must stay
under the server's 1,000,000 bytes, so in practice this, not the step count, is the limit
that binds; pass ``max_bytes=None`` to turn it off). Steps beyond either limit are dropped
(counted in ``dropped_steps``) and cut fields are counted in ``truncated_fields``; a cut field
ends with a marker giving the original length.

Long runs: ``ReplayTracker(run_id, spool=True)`` (or ``spool="path/steps.jsonl"``) writes each
step to a file as it is recorded instead of keeping it in memory, so memory stays flat however
long the run; it keeps up to 1,000,000 steps (the limit of uploaded replay logs) and no byte
limit. The client then uploads the log (``Client.upload``) instead of sending it inline:
``write_replay_log`` streams it from the spool.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import datetime, timezone
from typing import IO, Any, ParamSpec, TypeVar

MAX_STEPS = 10_000
MAX_UPLOADED_STEPS = 1_000_000
MAX_IO_CHARS = 5_000
MAX_RESPONSE_CHARS = 50_000
MAX_NAME_CHARS = 200
MAX_RUN_ID_CHARS = 200
DEFAULT_MAX_BYTES = 900_000

P = ParamSpec("P")
R = TypeVar("R")

Step = dict[str, Any]


def utc_now_iso() -> str:
    """Now, in UTC, ISO-8601 with the timezone (``2024-05-01T12:00:00.123456+00:00``)."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _as_timestamp(ts: datetime | str | None) -> str:
    if ts is None:
        return utc_now_iso()
    if isinstance(ts, datetime):
        if ts.tzinfo is None:
            raise ValueError("ts must be timezone-aware (e.g. datetime.now(timezone.utc))")
        return ts.astimezone(timezone.utc).isoformat(timespec="microseconds")
    if isinstance(ts, str):
        return ts
    raise TypeError("ts must be a datetime or an ISO-8601 string")


def as_text(value: Any) -> str | None:
    """A tool's input or output as text: strings as they are, bytes decoded, dicts/lists as
    JSON (so ``{"path": "train.py"}`` is understood by the file-read check), else ``str()``."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8", errors="replace")
    if isinstance(value, dict | list | tuple | int | float | bool):
        try:
            return json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            return str(value)
    return str(value)


def describe_error(error: BaseException | str | None) -> str | None:
    if error is None:
        return None
    if isinstance(error, BaseException):
        text = str(error)
        return f"{type(error).__name__}: {text}" if text else type(error).__name__
    return str(error)


def _non_negative_int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{name} must be finite")
    return max(0, round(value))


class ReplayTracker:
    """Collects the tool and LLM calls of one run into a replay log.

    >>> tracker = ReplayTracker().start()
    >>> text = tracker.wrap("read_file", "train.py", lambda: "import torch")
    >>> @tracker.tool("read_file")
    ... def read_file(path: str) -> str: ...
    >>> tracker.log_llm_call("gpt-x", input_tokens=120, output_tokens=40, duration_ms=800)
    >>> log = tracker.to_replay_log(run_id)

    Thread-safe: steps may be logged from several threads.
    """

    def __init__(
        self,
        run_id: str | None = None,
        *,
        max_steps: int | None = None,
        max_bytes: int | None = DEFAULT_MAX_BYTES,
        spool: bool | str | os.PathLike[str] = False,
    ) -> None:
        limit = MAX_UPLOADED_STEPS if spool else MAX_STEPS
        if max_steps is None:
            max_steps = limit
        if not 0 <= max_steps <= limit:
            raise ValueError(f"max_steps must be between 0 and {limit}")
        self.run_id = run_id
        self.max_steps = max_steps
        self.max_bytes = None if spool else max_bytes
        self.started_at: str | None = None
        self.dropped_steps = 0
        self.truncated_fields = 0
        self._steps: list[Step] = []
        self._count = 0
        self._bytes = 0
        self._lock = threading.Lock()
        self._spool: IO[str] | None = None
        self.spool_path: str | None = None
        if spool:
            if spool is True:
                handle, path = tempfile.mkstemp(prefix="sotav-replay-", suffix=".jsonl")
                os.close(handle)
            else:
                path = os.fspath(spool)
            self.spool_path = path
            self._spool = open(path, "w", encoding="utf-8")  # noqa: SIM115 - kept open

    # --- lifecycle ---------------------------------------------------------------------------

    def start(self) -> ReplayTracker:
        """Start recording (call it after starting the run: steps before the run's start fail
        the server's timestamp check). Returns the tracker. Calling it again is harmless."""
        with self._lock:
            if self.started_at is None:
                self.started_at = utc_now_iso()
        return self

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def spooled(self) -> bool:
        return self.spool_path is not None

    @property
    def steps(self) -> list[Step]:
        """A copy of the recorded steps (read back from the spool file when spooling: prefer
        ``iter_steps`` or ``write_replay_log`` for long runs)."""
        if self.spooled:
            return list(self.iter_steps())
        with self._lock:
            return [dict(step) for step in self._steps]

    def iter_steps(self) -> Iterator[Step]:
        """The recorded steps one at a time (from the spool file when spooling)."""
        if self.spool_path is None:
            yield from self.steps
            return
        with self._lock:
            if self._spool is not None:
                self._spool.flush()
        with open(self.spool_path, encoding="utf-8") as spool:
            for line in spool:
                yield json.loads(line)

    @property
    def encoded_bytes(self) -> int:
        """About how many bytes the steps take as JSON."""
        return self._bytes

    def __len__(self) -> int:
        return self._count

    @property
    def truncated(self) -> bool:
        """True if any field was cut or any step dropped."""
        return bool(self.dropped_steps or self.truncated_fields)

    # --- recording ---------------------------------------------------------------------------

    def log_tool_call(
        self,
        tool: str,
        input: Any,
        output: Any = None,
        duration_ms: float = 0,
        error: BaseException | str | None = None,
        *,
        ts: datetime | str | None = None,
    ) -> Step | None:
        """Record a tool call. ``input``/``output`` may be text, bytes or JSON-able values;
        ``ts`` defaults to now (pass the time the call started if you log it afterwards).
        Returns the recorded step, or None if it was dropped (over a limit)."""
        step: Step = {
            "type": "tool_call",
            "ts": _as_timestamp(ts),
            "tool": self._name(tool, "tool"),
            "input": self._cut(as_text(input) or "", MAX_IO_CHARS),
        }
        text = as_text(output)
        if text is not None:
            step["output"] = self._cut(text, MAX_IO_CHARS)
        step["duration_ms"] = _non_negative_int(duration_ms, "duration_ms")
        message = describe_error(error)
        if message is not None:
            step["error"] = self._cut(message, MAX_IO_CHARS)
        return self._append(step)

    def log_llm_call(
        self,
        model: str,
        input_tokens: int,
        output_tokens: int,
        duration_ms: float,
        response_text: str | None = None,
        error: BaseException | str | None = None,
        *,
        ts: datetime | str | None = None,
    ) -> Step | None:
        """Record an LLM call. Returns the recorded step, or None if it was dropped."""
        step: Step = {
            "type": "llm_call",
            "ts": _as_timestamp(ts),
            "model": self._name(model, "model"),
            "input_tokens": _non_negative_int(input_tokens, "input_tokens"),
            "output_tokens": _non_negative_int(output_tokens, "output_tokens"),
            "duration_ms": _non_negative_int(duration_ms, "duration_ms"),
        }
        if response_text is not None:
            step["response_text"] = self._cut(str(response_text), MAX_RESPONSE_CHARS)
        message = describe_error(error)
        if message is not None:
            step["error"] = self._cut(message, MAX_IO_CHARS)
        return self._append(step)

    def wrap(
        self,
        tool: str,
        input: Any,
        fn: Callable[..., R],
        *args: Any,
        output: Callable[[R], Any] | None = None,
        **kwargs: Any,
    ) -> R:
        """Call ``fn(*args, **kwargs)``, time it and record it as tool call ``tool`` with
        ``input``. Its result is the step's output (``output=`` maps it first, e.g. to keep
        only a summary). An exception is recorded as the step's error and re-raised."""
        ts = utc_now_iso()
        began = time.perf_counter()
        try:
            result = fn(*args, **kwargs)
        except Exception as exc:
            self.log_tool_call(tool, input, None, _elapsed_ms(began), error=exc, ts=ts)
            raise
        self.log_tool_call(
            tool, input, output(result) if output else result, _elapsed_ms(began), ts=ts
        )
        return result

    def tool(
        self,
        name: str,
        *,
        input: Callable[..., Any] | None = None,
        output: Callable[[Any], Any] | None = None,
    ) -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Decorator: record every call of the function as tool call ``name``.

        The step's input is ``input(*args, **kwargs)`` if given; otherwise the single string
        argument (``read_file("train.py")`` -> ``train.py``) or the bound arguments as JSON
        (``{"path": "train.py", "limit": 10}``). Coroutine functions are supported.
        """

        def decorate(fn: Callable[P, R]) -> Callable[P, R]:
            describe = input or functools.partial(_describe_call, inspect.signature(fn))

            if inspect.iscoroutinefunction(fn):
                afn: Callable[..., Awaitable[Any]] = fn

                @functools.wraps(fn)
                async def arecorded(*args: Any, **kwargs: Any) -> Any:
                    tool_input = describe(*args, **kwargs)
                    ts = utc_now_iso()
                    began = time.perf_counter()
                    try:
                        result = await afn(*args, **kwargs)
                    except Exception as exc:
                        self.log_tool_call(name, tool_input, None, _elapsed_ms(began), exc, ts=ts)
                        raise
                    shown = output(result) if output else result
                    self.log_tool_call(name, tool_input, shown, _elapsed_ms(began), ts=ts)
                    return result

                return arecorded  # type: ignore[return-value]

            @functools.wraps(fn)
            def recorded(*args: P.args, **kwargs: P.kwargs) -> R:
                tool_input = describe(*args, **kwargs)
                result: R = self.wrap(name, tool_input, fn, *args, output=output, **kwargs)
                return result

            return recorded

        return decorate

    # --- output ------------------------------------------------------------------------------

    def to_replay_log(self, run_id: str | None = None) -> dict[str, Any]:
        """``{"run_id": ..., "steps": [...]}`` as the server expects it (``run_id`` defaults to
        the tracker's own)."""
        return {"run_id": self._run_id(run_id), "steps": self.steps}

    def _run_id(self, run_id: str | None) -> str | None:
        chosen = run_id if run_id is not None else self.run_id
        return None if chosen is None else str(chosen)[:MAX_RUN_ID_CHARS]

    def write_replay_log(self, out: IO[bytes], run_id: str | None = None) -> int:
        """Write the replay log as JSON to a binary file object, one step at a time (memory
        stays flat for a spooled tracker); returns the bytes written."""
        head = json.dumps({"run_id": self._run_id(run_id)})[:-1] + ', "steps": ['
        written = out.write(head.encode("utf-8"))
        for number, step in enumerate(self.iter_steps()):
            text = ("," if number else "") + json.dumps(step, ensure_ascii=False)
            written += out.write(text.encode("utf-8"))
        written += out.write(b"]}")
        return written

    def close(self) -> None:
        """Close the spool file (it is kept: remove ``spool_path`` when done with it)."""
        with self._lock:
            if self._spool is not None:
                self._spool.close()
                self._spool = None

    def summary(self) -> str:
        text = f"{len(self)} step(s)"
        if self.dropped_steps:
            text += f", {self.dropped_steps} dropped (over the limits)"
        if self.truncated_fields:
            text += f", {self.truncated_fields} field(s) truncated"
        return text

    # --- internals ---------------------------------------------------------------------------

    def _name(self, value: str, what: str) -> str:
        text = str(value).strip()
        if not text:
            raise ValueError(f"{what} must be a non-empty name")
        return self._cut(text, MAX_NAME_CHARS, marker=False)

    def _cut(self, text: str, limit: int, *, marker: bool = True) -> str:
        if len(text) <= limit:
            return text
        with self._lock:
            self.truncated_fields += 1
        if not marker:
            return text[:limit]
        note = f"…[truncated; {len(text):,} chars in all]"
        return text[: limit - len(note)] + note

    def _append(self, step: Step) -> Step | None:
        if self.started_at is None:
            raise RuntimeError("call ReplayTracker.start() before logging steps")
        encoded = json.dumps(step, ensure_ascii=False)
        size = len(encoded.encode("utf-8")) + 1
        with self._lock:
            over_bytes = self.max_bytes is not None and self._bytes + size > self.max_bytes
            if self._count >= self.max_steps or over_bytes:
                self.dropped_steps += 1
                return None
            if self._spool is not None:
                self._spool.write(encoded + "\n")
            elif self.spool_path is not None:
                raise RuntimeError("this tracker's spool was closed; start a new tracker")
            else:
                self._steps.append(step)
            self._count += 1
            self._bytes += size
        return step


def _elapsed_ms(began: float) -> int:
    return max(0, round((time.perf_counter() - began) * 1000))


def _describe_call(signature: inspect.Signature, *args: Any, **kwargs: Any) -> Any:
    if len(args) == 1 and not kwargs and isinstance(args[0], str):
        return args[0]
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return {"args": list(args), "kwargs": kwargs}
    arguments = dict(bound.arguments)
    arguments.pop("self", None)
    if len(arguments) == 1:
        (only,) = arguments.values()
        if isinstance(only, str):
            return only
    return arguments
