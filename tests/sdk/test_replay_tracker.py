"""ReplayTracker (no server): the logs it produces match the server's replay-log model
(chalicelib/domain/replay.py) exactly, stay within its limits, and pass its checks."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sotaverified import MAX_IO_CHARS, MAX_RESPONSE_CHARS, MAX_STEPS, ReplayTracker

from chalicelib.domain import replay as server


def server_accepts(log: dict[str, Any]) -> server.ReplayLog:
    """The server's own model of a replay log (strict: unknown fields, limits, timestamps)."""
    return server.ReplayLog.model_validate(log)


def test_steps_have_exactly_the_servers_fields() -> None:
    tracker = ReplayTracker("u123").start()
    tracker.log_tool_call("read_file", "train.py", "import torch", 4)
    tracker.log_tool_call("bash", "python x.py", None, 12.6, error="exit status 1")
    tracker.log_llm_call("gpt-x", 120, 40, 800, response_text="run it")
    tracker.log_llm_call("gpt-x", 10, 0, 5, error=TimeoutError("model timed out"))

    log = tracker.to_replay_log()
    assert log["run_id"] == "u123" and tracker.to_replay_log("u9")["run_id"] == "u9"
    read, failed, llm, llm_failed = log["steps"]
    assert set(read) == {"type", "ts", "tool", "input", "output", "duration_ms"}
    assert (read["type"], read["tool"], read["input"], read["output"]) == (
        "tool_call",
        "read_file",
        "train.py",
        "import torch",
    )
    assert failed["duration_ms"] == 13 and failed["error"] == "exit status 1"
    assert "output" not in failed
    assert set(llm) == {
        "type",
        "ts",
        "model",
        "input_tokens",
        "output_tokens",
        "duration_ms",
        "response_text",
    }
    assert llm_failed["error"] == "TimeoutError: model timed out"
    for step in log["steps"]:
        ts = datetime.fromisoformat(step["ts"])
        assert ts.utcoffset() == timedelta(0)  # UTC, with its timezone written out
    parsed = server_accepts(log)
    assert [s["type"] for s in parsed.steps] == ["tool_call", "tool_call", "llm_call", "llm_call"]
    assert [set(s) for s in parsed.steps] == [set(step) for step in log["steps"]]


def test_fields_are_truncated_to_the_servers_limits() -> None:
    tracker = ReplayTracker().start()
    long_io = "x" * (MAX_IO_CHARS + 1000)
    tracker.log_tool_call("t" * 300, long_io, long_io, 1, error=long_io)
    tracker.log_llm_call("m" * 300, 1, 1, 1, response_text="y" * (MAX_RESPONSE_CHARS + 5))
    tracker.log_tool_call("read_file", "a" * MAX_IO_CHARS, "b" * MAX_IO_CHARS, 1)  # at the limit

    tool, llm, exact = tracker.steps
    assert len(tool["tool"]) == 200 and len(llm["model"]) == 200
    for name in ("input", "output", "error"):
        assert len(tool[name]) == MAX_IO_CHARS
        assert tool[name].endswith(f"…[truncated; {MAX_IO_CHARS + 1000:,} chars in all]")
    assert len(llm["response_text"]) == MAX_RESPONSE_CHARS
    assert exact["input"] == "a" * MAX_IO_CHARS  # nothing cut at exactly the limit
    assert tracker.truncated_fields == 6 and tracker.dropped_steps == 0 and tracker.truncated
    server_accepts(tracker.to_replay_log("u1"))


def test_steps_beyond_the_limit_are_dropped_and_counted() -> None:
    tracker = ReplayTracker(max_bytes=None).start()
    for index in range(MAX_STEPS + 7):
        tracker.log_tool_call("bash", str(index), None, 0)
    assert len(tracker) == MAX_STEPS and tracker.dropped_steps == 7
    assert tracker.log_llm_call("m", 1, 1, 1) is None and tracker.dropped_steps == 8
    assert tracker.steps[-1]["input"] == str(MAX_STEPS - 1)  # the first 10,000 are kept
    assert "8 dropped" in tracker.summary()
    server_accepts(tracker.to_replay_log())

    small = ReplayTracker(max_steps=2).start()
    for _ in range(3):
        small.log_llm_call("m", 1, 1, 1)
    assert (len(small), small.dropped_steps) == (2, 1)


def test_the_encoded_log_stays_under_the_byte_budget() -> None:
    tracker = ReplayTracker(max_bytes=60_000).start()
    for _ in range(20):
        tracker.log_tool_call("bash", "i" * 4000, "o" * 4000, 1)
    assert 0 < len(tracker) < 20 and tracker.dropped_steps == 20 - len(tracker)
    import json

    assert len(json.dumps(tracker.to_replay_log()).encode()) <= 60_000 + 100
    # The default budget keeps a full-size log's request under the server's 1 MB body limit.
    full = ReplayTracker().start()
    for _ in range(300):
        full.log_tool_call("bash", "i" * 5000, "o" * 5000, 1)
    assert full.dropped_steps > 0
    assert len(json.dumps(full.to_replay_log(), ensure_ascii=False).encode()) < 1_000_000 - 80_000


def test_logging_before_start_is_refused() -> None:
    tracker = ReplayTracker()
    with pytest.raises(RuntimeError, match=r"start\(\)"):
        tracker.log_tool_call("bash", "ls", "", 1)
    assert tracker.start() is tracker and tracker.started
    with pytest.raises(ValueError, match="non-empty"):
        tracker.log_tool_call("  ", "ls", "", 1)
    with pytest.raises(TypeError):
        tracker.log_llm_call("m", "12", 1, 1)  # type: ignore[arg-type]


def test_wrap_times_the_call_and_records_errors() -> None:
    tracker = ReplayTracker().start()
    assert tracker.wrap("bash", "echo hi", lambda: "hi\n") == "hi\n"
    assert tracker.wrap("ls", ".", sorted, ["b", "a"], output=len) == ["a", "b"]

    def boom() -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        tracker.wrap("write_file", {"path": "out.txt"}, boom)

    echo, listing, failed = tracker.steps
    assert (echo["input"], echo["output"]) == ("echo hi", "hi\n")
    assert listing["output"] == "2"
    assert failed["input"] == '{"path": "out.txt"}'  # JSON input: the server reads the path
    assert failed["error"] == "OSError: disk full" and "output" not in failed
    assert all(isinstance(s["duration_ms"], int) and s["duration_ms"] >= 0 for s in tracker.steps)
    server_accepts(tracker.to_replay_log())


def test_the_tool_decorator_records_calls_and_reraises_errors() -> None:
    tracker = ReplayTracker().start()
    files = {"train.py": "import torch"}

    @tracker.tool("read_file")
    def read_file(path: str) -> str:
        return files[path]

    @tracker.tool("grep")
    def grep(pattern: str, path: str = ".", *, limit: int = 10) -> list[str]:
        return [pattern]

    class Shell:
        @tracker.tool("bash", output=lambda r: f"exit {r}")
        def run(self, command: str) -> int:
            return 0

    assert read_file("train.py") == "import torch"
    with pytest.raises(KeyError):
        read_file("missing.py")
    assert grep("torch", limit=3) == ["torch"]
    assert Shell().run("nvidia-smi") == 0
    assert read_file.__name__ == "read_file"  # functools.wraps

    ok, missing, grepped, shell = tracker.steps
    assert (ok["tool"], ok["input"], ok["output"]) == ("read_file", "train.py", "import torch")
    assert missing["input"] == "missing.py" and missing["error"] == "KeyError: 'missing.py'"
    assert grepped["input"] == '{"pattern": "torch", "limit": 3}'
    assert (shell["input"], shell["output"]) == ("nvidia-smi", "exit 0")

    # The server's replay check sees both reads, the failed one too: an agent cannot hide a
    # read outside its workspace behind an error (README "Trajectories").
    def replayed(files: set[str]) -> list[Any]:
        run = server.RunFacts(
            started_at=datetime.now(UTC) - timedelta(seconds=1),
            memoryless=True,
            attempt=1,
            workspace_files=frozenset(files),
        )
        log = server_accepts(tracker.to_replay_log())
        checks = server.check_replay(log, run, datetime.now(UTC))
        assert server.trust_tier(checks, run) == (2 if all(c.ok for c in checks) else 0)
        return checks

    unlisted = next(c for c in replayed({"train.py"}) if c.name == "file_read_replay")
    assert not unlisted.ok and "missing.py" in unlisted.detail
    assert all(check.ok for check in replayed({"train.py", "missing.py"}))


def test_the_decorator_supports_coroutines() -> None:
    tracker = ReplayTracker().start()

    @tracker.tool("fetch")
    async def fetch(url: str) -> str:
        await asyncio.sleep(0)
        if "bad" in url:
            raise ValueError("bad url")
        return "<html>"

    assert asyncio.run(fetch("https://example.org")) == "<html>"
    with pytest.raises(ValueError, match="bad url"):
        asyncio.run(fetch("https://bad.example.org"))
    good, bad = tracker.steps
    assert good["output"] == "<html>" and bad["error"] == "ValueError: bad url"


def test_timestamps_are_utc_with_a_timezone() -> None:
    tracker = ReplayTracker().start()
    paris = timezone(timedelta(hours=2))
    step = tracker.log_tool_call("bash", "ls", "", 1, ts=datetime(2024, 5, 1, 14, 0, tzinfo=paris))
    assert step is not None and step["ts"] == "2024-05-01T12:00:00.000000+00:00"
    with pytest.raises(ValueError, match="timezone-aware"):
        tracker.log_tool_call("bash", "ls", "", 1, ts=datetime(2024, 5, 1, 12, 0))
    assert datetime.fromisoformat(tracker.started_at or "").tzinfo is not None


def test_steps_may_be_logged_from_several_threads() -> None:
    tracker = ReplayTracker().start()

    def work(worker: int) -> None:
        for index in range(250):
            tracker.log_tool_call("bash", f"{worker}-{index}", "", 0)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(tracker) == 2000 and len({s["input"] for s in tracker.steps}) == 2000
