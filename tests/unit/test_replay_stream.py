"""The replay checks fed batch by batch (uploaded logs) give exactly what check_replay gives
for the same steps, however the steps are batched (chalicelib/domain/replay.py ReplayChecker),
and a stream is read in one pass with the same result."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest

from chalicelib.domain.replay import ReplayChecker, RunFacts, check_replay
from chalicelib.services.log_streams import check_replay_stream
from chalicelib.services.object_streams import UploadUnreadable
from tests.unit.test_replay import STARTED, SUBMITTED, iso, llm_step, replay, tool_step

RUN = RunFacts(STARTED, True, 1, frozenset({"train.py", "configs/a.yaml"}))
LATE = iso(SUBMITTED + timedelta(minutes=1))
EARLY = iso(STARTED - timedelta(minutes=1))

LOGS: dict[str, list[dict[str, Any]]] = {
    "empty": [],
    "valid": [tool_step(tool="read_file", input="train.py"), llm_step(), tool_step()] * 3,
    "a step before the run": [llm_step(), tool_step(ts=EARLY), llm_step(ts=LATE)],
    "a step after the submission": [llm_step(), llm_step(), tool_step(ts=LATE)],
    "a read outside the manifest": [
        tool_step(tool="read_file", input="train.py"),
        tool_step(tool="Read", input='{"path": "./configs/a.yaml"}'),
        tool_step(tool="open_file", input="secret.py"),
        tool_step(tool="read", input="other.py"),
    ],
    "a read naming no file": [tool_step(tool="read_file", input='{"mode": "r"}')],
    "a failed read is replayed too": [tool_step(tool="read_file", input="x.py", error="ENOENT")],
    "a shell read outside the manifest": [tool_step(tool="bash", input="cat /etc/passwd")],
    "an unknown tool": [tool_step(tool="mystery_tool", input="x")],
    "no reads": [llm_step(), tool_step()],
}


@pytest.mark.parametrize("name", sorted(LOGS))
@pytest.mark.parametrize("run", [RUN, None], ids=["with a run", "without a run"])
@pytest.mark.parametrize("batch", [1, 2, 1000])
def test_streaming_checks_equal_check_replay(name: str, run: RunFacts | None, batch: int) -> None:
    log = replay(*LOGS[name])
    expected = check_replay(log, run, SUBMITTED, "run-1")
    streaming = ReplayChecker(run, SUBMITTED, "run-1", log.run_id)
    for start in range(0, len(log.steps), batch):
        streaming.feed(log.steps[start : start + batch])
    assert streaming.finish() == expected


def test_a_stream_is_read_in_one_pass_with_the_same_result() -> None:
    log = replay(*LOGS["a read outside the manifest"])
    raw = log.model_dump_json().encode()
    stream = io.BufferedReader(io.BytesIO(raw))  # type: ignore[arg-type]
    run_id, checks = check_replay_stream(stream, RUN, SUBMITTED, "run-2")
    assert run_id == "run-1"
    assert checks.finish() == check_replay(log, RUN, SUBMITTED, "run-2")
    assert not checks.finish()[-1].ok  # the log's run is not the submission's


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"run_id": "r", "steps": [{"type": "tool_call"}]}', "steps.0.tool_call.ts"),
        (b'{"run_id": 5, "steps": []}', "run_id must be a string"),
        (b'{"steps": {}}', "steps must be a list"),
        (b'{"steps": [], "extra": {"a": 1}}', "after the steps list"),
        (b'{"steps": [}', "not valid JSON"),
    ],
)
def test_malformed_streams_say_what_is_wrong(raw: bytes, message: str) -> None:
    with pytest.raises(UploadUnreadable, match=message.replace(".", r"\.")):
        check_replay_stream(io.BufferedReader(io.BytesIO(raw)), RUN, SUBMITTED)  # type: ignore[arg-type]
