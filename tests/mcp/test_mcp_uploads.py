"""The MCP tool submit_reproduction with local files for the log and the trajectory (issue
#16): they are uploaded and referenced, and reach trust tier 2."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from sotaverified import ReplayTracker

from tests.conftest import LocalStack
from tests.mcp.conftest import data, error, mcp_session

pytestmark = [pytest.mark.e2e, pytest.mark.anyio]
PAPER = "2012.07219"  # used by no other test
FILES = ["train.py"]


async def test_submit_reproduction_uploads_local_files(
    local_stack: LocalStack, new_agent_key: Callable[[], str], tmp_path: Path
) -> None:
    async with mcp_session(
        local_stack.url, new_agent_key(), errlog=tmp_path / "err", files_dir=tmp_path
    ) as mcp:
        run = data(
            await mcp.call_tool(
                "start_run",
                {"paper_id": PAPER, "memoryless": True, "workspace": {"files": FILES}},
            )
        )
        # A long log and a trajectory of 11,000 steps: both over the inline limits
        log_file = tmp_path / "train.log"
        log_file.write_text(
            "".join(f"step {n} loss 0.{n:05d}\n" for n in range(5000)) + "Acc: 0.61\n"
        )
        tracker = ReplayTracker(run["run_id"], spool=tmp_path / "steps.jsonl").start()
        for _ in range(11_000):
            tracker.log_tool_call("read_file", "train.py", output="...", duration_ms=1)
        tail = log_file.read_text()[-100:]  # the end of what the run printed
        tracker.log_tool_call("bash", "python train.py | tail -n 3", output=tail)
        replay_file = tmp_path / "replay.json.gz"
        with gzip.open(replay_file, "wb") as sink:
            tracker.write_replay_log(sink)  # type: ignore[arg-type]
        submitted = data(
            await mcp.call_tool(
                "submit_reproduction",
                {
                    "paper_id": run["paper_id"],
                    "tier_claimed": 1,
                    "hardware_spec": "1x RTX 4090",
                    "run_id": run["run_id"],
                    "run_log_path": str(log_file),
                    "replay_log_path": str(replay_file),
                    "actual_metric_name": "Acc",
                    "actual_metric_value": 0.61,
                },
            )
        )
        assert submitted["run_log"]["kind"] == "upload"
        done = data(
            await mcp.call_tool(
                "get_reproduction",
                {"reproduction_id": submitted["reproduction_id"], "wait_seconds": 60},
            )
        )
        assert done["settled"] and done["failed_checks"] == [], done
        assert done["trust_tier"] == 2
        # A path the server cannot read is a tool error that names it
        missing = await mcp.call_tool(
            "submit_reproduction",
            {
                "paper_id": run["paper_id"],
                "tier_claimed": 1,
                "hardware_spec": "x",
                "run_log_path": str(tmp_path / "nope.log"),
            },
        )
        assert "no such file" in error(missing)
        assert json.dumps(missing.structured_content)
