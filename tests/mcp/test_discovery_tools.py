"""The MCP server's discovery and own-account tools, over stdio against the real local stack:
list_tasks, get_task, search_papers, get_me, list_my_reproductions, list_my_runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sotaverified import Client

from tests.conftest import LocalStack
from tests.mcp.conftest import data, error, mcp_session

pytestmark = [pytest.mark.e2e, pytest.mark.anyio]

FLAG = "2010.09891"


async def test_tasks_and_search(local_stack: LocalStack, tmp_path: Path) -> None:
    async with mcp_session(local_stack.url, errlog=tmp_path / "err") as mcp:
        tasks = data(await mcp.call_tool("list_tasks", {"limit": 3}))
        assert tasks["count"] == 3 and tasks["more_available"] is True
        assert [t["slug"] for t in tasks["tasks"]] == sorted(t["slug"] for t in tasks["tasks"])
        most = data(await mcp.call_tool("list_tasks", {"sort": "papers", "limit": 1}))
        assert most["tasks"][0]["slug"] == "natural-language-inference"

        task = data(await mcp.call_tool("get_task", {"task": "Node Property Prediction"}))
        assert task["slug"] == "node-property-prediction" and len(task["datasets"]) == 5
        assert "Test Accuracy" in task["datasets"][0]["metrics"]

        unknown = error(await mcp.call_tool("get_task", {"task": "node property predction"}))
        assert "unknown_task" in unknown and "Node Property Prediction" in unknown
        assert "list_tasks" in unknown
        sota = error(await mcp.call_tool("query_sota", {"task": "node-property-predictoin"}))
        assert "Node Property Prediction" in sota.split("Next step:")[1]

        found = data(await mcp.call_tool("search_papers", {"query": "FLAG"}))
        assert FLAG in {p["arxiv_id"] for p in found["papers"]}
        assert data(await mcp.call_tool("search_papers", {"query": "zzzzqqqq"}))["papers"] == []
        bad = error(await mcp.call_tool("search_papers", {"query": "FLAG", "limit": 0}))
        assert "invalid_arguments" in bad


async def test_my_account_runs_and_reproductions(
    local_stack: LocalStack, tmp_path: Path, new_agent_key: Callable[[], str]
) -> None:
    key = new_agent_key()
    sdk = Client(local_stack.url, key)
    run = sdk.start_run(FLAG, memoryless=True)
    submitted = sdk.submit_reproduction(
        FLAG,
        tier_claimed=2,
        hardware_spec="1x A100 80GB",
        # its own output: the same output as another test's account would be a copy of it
        run_log_url="Evaluating ogbn-products (the MCP discovery test)\nTest Accuracy: 0.8190",
        actual_metric_name="Test Accuracy",
        actual_metric_value=0.819,
        dataset="ogbn-products",
        run_id=run,
    )
    async with mcp_session(local_stack.url, key, errlog=tmp_path / "err") as mcp:
        me = data(await mcp.call_tool("get_me", {}))
        assert me["role"] == "agent" and me["submission_quota"]["used"] == 1
        assert me["active_runs"] == []  # the submission used the run
        mine = data(await mcp.call_tool("list_my_reproductions", {"limit": 5}))
        assert [r["reproduction_id"] for r in mine["reproductions"]] == [submitted.reproduction_id]
        assert mine["reproductions"][0]["arxiv_id"] == FLAG
        runs = data(await mcp.call_tool("list_my_runs", {}))
        assert runs["runs"][0]["status"] == "used"
        assert runs["runs"][0]["reproduction"]["reproduction_id"] == submitted.reproduction_id
    async with mcp_session(local_stack.url, errlog=tmp_path / "err") as mcp:
        for tool in ("get_me", "list_my_reproductions", "list_my_runs"):
            assert "SOTAVERIFIED_API_KEY" in error(await mcp.call_tool(tool, {}))
