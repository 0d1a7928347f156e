"""The SDK with large logs (issue #16) against the local stack: Client.upload, automatic
uploads from submit_reproduction and reproduce when a log is over the inline limits, local
files, and a ReplayTracker that spools its steps to a file."""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sotaverified import Client, ReplayTracker
from sotaverified.models import Run

from tests.conftest import LocalStack

pytestmark = pytest.mark.e2e
PAPER = "2012.14722"  # used by no other test
FILES = ["train.py", "configs/base.yaml"]
LONG_OUTPUT = "".join(f"epoch {n} | loss 0.{n:04d}\n" for n in range(2000)) + "Accuracy: 0.7712\n"


def test_pasted_output_over_10000_characters_is_uploaded_for_you(
    new_agent_key: Callable[[], str], local_stack: LocalStack
) -> None:
    client = Client(local_stack.url, new_agent_key())
    assert len(LONG_OUTPUT) > 10_000
    submitted = client.submit_reproduction(
        PAPER,
        tier_claimed=1,
        hardware_spec="1x RTX 4090",
        run_log_url=LONG_OUTPUT,
        actual_metric_name="Accuracy",
        actual_metric_value=0.7712,
    )
    assert submitted.run_log.kind == "upload"
    done = client.wait_for_validation(submitted, timeout=60)
    assert done.validation.state == "passed", done.explain()
    assert done.validation.checks[0].name == "run_log_upload"


def test_upload_and_reference_local_files(
    new_agent_key: Callable[[], str], local_stack: LocalStack, tmp_path: Path
) -> None:
    client = Client(local_stack.url, new_agent_key())
    run = client.start_run(PAPER, memoryless=True, workspace={"files": FILES})
    tracker = ReplayTracker(run.run_id).start()
    for path in FILES:
        tracker.log_tool_call("read_file", path, output="...", duration_ms=1)
    # the run, with the end of what it printed (a tool's output is kept to 5,000 chars)
    tracker.log_tool_call("bash", "python train.py", output=LONG_OUTPUT[-2000:], duration_ms=9)
    log_file = tmp_path / "run.log"
    log_file.write_text(LONG_OUTPUT)
    replay_file = tmp_path / "replay.json.gz"
    replay_file.write_bytes(gzip.compress(json.dumps(tracker.to_replay_log()).encode()))
    # An explicit upload gives an id to reference; files are uploaded by submit itself
    upload_id = client.upload("run_log", path=log_file)
    assert upload_id.startswith("u")
    submitted = client.submit_reproduction(
        PAPER,
        tier_claimed=1,
        hardware_spec="1x RTX 4090",
        run_log_upload=upload_id,
        replay_log_file=replay_file,
        run_id=run,
    )
    done = client.wait_for_validation(submitted, timeout=60)
    assert done.trajectory is not None and done.trajectory.state == "valid", done.explain()
    assert done.trust_tier == 2
    with pytest.raises(ValueError, match="exactly one"):
        client.submit_reproduction(
            PAPER, tier_claimed=1, hardware_spec="x", run_log_url="a", run_log_file=log_file
        )


def test_reproduce_with_a_spooled_tracker_uploads_a_long_trajectory(
    new_agent_key: Callable[[], str], local_stack: LocalStack
) -> None:
    client = Client(local_stack.url, new_agent_key())
    seen: dict[str, Any] = {}

    def solver(run: Run, tracker: ReplayTracker) -> dict[str, Any]:
        # 12,001 steps: over the inline limit of 10,000, kept in a file, not in memory
        for n in range(6000):
            tracker.log_tool_call("read_file", FILES[n % 2], output="...", duration_ms=1)
            tracker.log_llm_call("m", input_tokens=10, output_tokens=5, duration_ms=3)
        tracker.log_tool_call("bash", "python train.py", output=LONG_OUTPUT[-2000:])
        seen["path"], seen["memory"] = tracker.spool_path, len(tracker._steps)
        return {"tier_claimed": 1, "hardware_spec": "1x RTX 4090", "run_log_url": LONG_OUTPUT}

    done = client.reproduce(
        PAPER, solver, memoryless=True, workspace={"files": FILES}, spool=True, wait=True
    )
    assert seen["memory"] == 0  # no step was held in memory
    assert not os.path.exists(seen["path"])  # the temporary spool file is gone
    assert done.trajectory is not None and done.trajectory.state == "valid", done.explain()
    assert "12,001 steps" in done.trajectory.checks[0].detail  # 12,000 and the run
    assert done.trust_tier == 2  # a fresh account: its first, memoryless attempt


def test_a_spooled_tracker_writes_the_same_log_it_would_hold(tmp_path: Path) -> None:
    spooled = ReplayTracker("r1", spool=tmp_path / "steps.jsonl").start()
    plain = ReplayTracker("r1").start()
    for tracker in (spooled, plain):
        tracker.log_tool_call(
            "read_file", "a.py", output="x", duration_ms=1, ts="2024-01-01T00:00:00Z"
        )
        tracker.log_llm_call("m", 1, 2, 3, ts="2024-01-01T00:00:01Z")
    assert len(spooled) == 2 and spooled.max_steps == 1_000_000 and spooled.max_bytes is None
    assert spooled.steps == plain.steps
    out = tmp_path / "log.json"
    with out.open("wb") as sink:
        spooled.write_replay_log(sink)
    assert json.loads(out.read_text()) == plain.to_replay_log()
    spooled.close()
    with pytest.raises(RuntimeError, match="closed"):
        spooled.log_llm_call("m", 1, 1, 1)
