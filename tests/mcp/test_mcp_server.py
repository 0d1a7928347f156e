"""The MCP server (`sotaverified-mcp`) end to end: a subprocess driven over stdio by the `mcp`
SDK's client, against the real local stack. Every tool is listed with its schemas and called;
a run is started and a reproduction submitted with a ReplayTracker log that the validators pass
at trust tier 2; bad arguments, a missing key, server errors and a 429 come back as tool errors
that say what to do next, and the server keeps answering after them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sotaverified import Client, ReplayTracker

from tests.conftest import LocalStack, free_port
from tests.mcp.conftest import data, error, mcp_session, text_of
from tests.sdk.stub_proxy import Fault, stub_proxy

pytestmark = [pytest.mark.e2e, pytest.mark.anyio]

FLAG = "2010.09891"  # claims Test Accuracy 0.8193 on ogbn-products, official code
NODE_TASK = "node-property-prediction"
TOOLS = {
    "get_paper",
    "query_sota",
    "get_queue",
    "start_run",
    "submit_reproduction",
    "get_reproduction",
    "list_agents",
    "list_tasks",
    "get_task",
    "search_papers",
    "get_me",
    "list_my_reproductions",
    "list_my_runs",
}
WRITE_TOOLS = {"start_run", "submit_reproduction"}
WORKSPACE_FILES = ["README.md", "ogb/nodeproppred/products/gnn.py"]
SUBMISSION: dict[str, Any] = {
    "tier_claimed": 2,
    "hardware_spec": "1x NVIDIA A100 80GB, Ubuntu 22.04",
    "run_log_url": "Epoch 499 | Test 0.8190\nTest Accuracy: 0.8190\n",
    "actual_metric_name": "Test Accuracy",
    "actual_metric_value": 0.819,
    "dataset": "ogbn-products",
}


async def test_lists_every_tool_with_schemas(local_stack: LocalStack, tmp_path: Path) -> None:
    async with mcp_session(local_stack.url, errlog=tmp_path / "err", console_script=True) as mcp:
        assert mcp.initialize_result is not None
        assert mcp.initialize_result.server_info.name == "sotaverified"
        assert "SOTAVERIFIED_API_KEY" in (mcp.initialize_result.instructions or "")
        tools = {tool.name: tool for tool in (await mcp.list_tools()).tools}

    assert set(tools) == TOOLS
    for name, tool in tools.items():
        assert tool.description and len(tool.description) > 80, name
        assert not tool.description.startswith(" "), name  # dedented docstrings
        schema = tool.input_schema
        assert schema["type"] == "object", name
        for field, spec in schema["properties"].items():
            assert spec.get("description"), f"{name}.{field} has no description"
        assert tool.output_schema is not None and tool.output_schema["type"] == "object", name
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is (name not in WRITE_TOOLS), name

    sota = tools["query_sota"].input_schema
    assert set(sota["properties"]) == {
        "task",
        "dataset",
        "min_score",
        "sort",
        "trust_tier",
        "min_reproductions",
        "status",
        "limit",
    }
    assert sota["required"] == ["task"]
    assert sota["properties"]["sort"]["enum"] == ["score", "date"]
    assert (sota["properties"]["limit"]["minimum"], sota["properties"]["limit"]["maximum"]) == (
        1,
        500,
    )
    tier = sota["properties"]["trust_tier"]["anyOf"][0]
    assert (tier["minimum"], tier["maximum"]) == (0, 2)

    submit = tools["submit_reproduction"].input_schema
    assert set(submit["required"]) == {"paper_id", "tier_claimed", "hardware_spec"}
    assert {"run_log_url", "run_log_path", "replay_log_path"} <= set(submit["properties"])
    assert {"run_id", "replay_log", "actual_metric_value", "dataset"} <= set(submit["properties"])
    assert submit["properties"]["tier_claimed"]["maximum"] == 3
    step_kinds = submit["$defs"]["ReplayLogInput"]["properties"]["steps"]["items"]
    assert step_kinds["discriminator"]["propertyName"] == "type"
    assert set(step_kinds["discriminator"]["mapping"]) == {"tool_call", "llm_call"}
    assert tools["get_reproduction"].input_schema["properties"]["wait_seconds"]["maximum"] == 60
    start = tools["start_run"].input_schema
    assert start["$defs"]["WorkspaceInput"]["properties"]["files"]["type"] == "array"


async def test_read_tools_answer_structured_results(
    local_stack: LocalStack, tmp_path: Path
) -> None:
    everything = list(Client(local_stack.url).sota(NODE_TASK))
    assert len(everything) > 20  # more than the default limit

    async with mcp_session(local_stack.url, errlog=tmp_path / "err") as mcp:
        paper = data(await mcp.call_tool("get_paper", {"arxiv_id": f"arXiv:{FLAG}v2"}))
        assert paper["arxiv_id"] == FLAG and paper["paper_id"]
        assert paper["reproductions"] is None
        claims = {(r["dataset"], r["metric"]): r["value"] for r in paper["claimed_results"]}
        assert claims[("ogbn-products", "Test Accuracy")] == 0.8193
        assert any(link["is_official"] for link in paper["code_links"])
        assert {"rule", "points", "detail"} <= set(paper["score_breakdown"][0])
        with_repros = data(
            await mcp.call_tool("get_paper", {"arxiv_id": FLAG, "include_reproductions": True})
        )
        assert isinstance(with_repros["reproductions"], list)

        top = data(
            await mcp.call_tool(
                "query_sota",
                {"task": "Node Property Prediction", "dataset": "ogbn-products", "limit": 3},
            )
        )
        assert top["count"] == len(top["rows"]) <= 3
        assert all(row["dataset"] == "ogbn-products" for row in top["rows"])
        assert set(top["rows"][0]) >= {"arxiv_id", "metric", "value", "verification_score"}
        assert set(top["rows"][0]) >= {
            "reproductions",
            "reproduced_values",
            "within_5pct",
            "status",
        }
        assert {"status", "within_5pct"} <= set(paper["claimed_results"][0])
        untested = data(
            await mcp.call_tool(
                "query_sota", {"task": NODE_TASK, "status": "untested", "limit": 500}
            )
        )
        expected = [r.paper_id for r in everything if r.status == "untested"]
        assert untested["count"] == len(expected) > 0
        assert {r["status"] for r in untested["rows"]} == {"untested"}

        every = data(await mcp.call_tool("query_sota", {"task": NODE_TASK, "limit": 500}))
        assert every["count"] == len(everything) and every["more_available"] is False
        assert [r["paper_id"] for r in every["rows"]] == [r.paper_id for r in everything]
        some = data(
            await mcp.call_tool(
                "query_sota",
                {"task": NODE_TASK, "limit": 5, "sort": "date", "min_score": 0},
            )
        )
        assert some["count"] == 5 and some["more_available"] is True
        dates = [row["published"] or "" for row in some["rows"]]
        assert dates == sorted(dates, reverse=True)
        # trust_tier keeps rows with a counted (human-verified) reproduction of that tier.
        verified = data(await mcp.call_tool("query_sota", {"task": NODE_TASK, "trust_tier": 0}))
        assert verified["count"] == len(verified["rows"])
        assert all(row["reproductions"] >= 1 for row in verified["rows"])

        queue = data(await mcp.call_tool("get_queue", {"task": NODE_TASK, "limit": 3}))
        assert 1 <= queue["count"] == len(queue["entries"]) <= 3
        assert all(entry["why"] and entry["paper_id"] for entry in queue["entries"])
        assert all("est_gpu_hours" in entry for entry in queue["entries"])
        cheap = data(await mcp.call_tool("get_queue", {"task": NODE_TASK, "max_gpu_hours": 0.25}))
        assert all(
            e["est_gpu_hours"] in (None,) or e["est_gpu_hours"] <= 0.25 for e in cheap["entries"]
        )

        agents = data(await mcp.call_tool("list_agents", {"limit": 5}))
        assert agents["count"] == len(agents["agents"]) <= 5
        assert isinstance(agents["more_available"], bool)
        tier2 = data(await mcp.call_tool("list_agents", {"trust_tier": 2}))
        assert tier2["count"] == len(tier2["agents"])


async def test_start_run_and_submit_reach_trust_tier_2(
    local_stack: LocalStack, new_agent_key: Callable[[], str], tmp_path: Path
) -> None:
    async with mcp_session(local_stack.url, new_agent_key(), errlog=tmp_path / "err") as mcp:
        run = data(
            await mcp.call_tool(
                "start_run",
                {
                    "paper_id": FLAG,
                    "memoryless": True,
                    "workspace": {
                        "repo_url": "https://github.com/devnkong/FLAG",
                        "commit": "0d8a1f3",
                        "files": WORKSPACE_FILES,
                    },
                },
            )
        )
        assert run["attempt"] == 1 and run["memoryless"] and run["tier2_possible"]
        assert run["workspace_files"] == WORKSPACE_FILES
        assert run["run_id"] in run["next_step"]

        # The agent's work, recorded by the SDK's tracker after the run started.
        tracker = ReplayTracker(run["run_id"]).start()
        for path in WORKSPACE_FILES:
            tracker.log_tool_call("read_file", path, output="...", duration_ms=2)
        tracker.log_llm_call("example-llm", input_tokens=900, output_tokens=40, duration_ms=700)
        tracker.log_tool_call("bash", "python gnn.py --flag", output="Test Accuracy: 0.8190")

        arguments = {
            "paper_id": run["paper_id"],
            "run_id": run["run_id"],
            "replay_log": tracker.to_replay_log(),
            **SUBMISSION,
        }
        submitted = data(await mcp.call_tool("submit_reproduction", arguments))
        assert submitted["status"] == "agent_pending" and submitted["run_id"] == run["run_id"]
        assert submitted["idempotency_key"]
        assert submitted["trajectory"] is not None  # the replay log was received

        done = data(
            await mcp.call_tool(
                "get_reproduction",
                {"reproduction_id": submitted["reproduction_id"], "wait_seconds": 30},
            )
        )
        assert done["settled"], done
        assert done["validation"]["state"] == "passed", done["failed_checks"]
        assert done["trajectory"]["state"] == "valid", done["failed_checks"]
        assert done["trust_tier"] == 2 and done["failed_checks"] == []
        # which step printed the number, and what the run cost
        assert done["trajectory"]["printed_by"]["tool"] == "bash"
        assert done["trajectory"]["eval_writes"] == []
        assert done["compute"]["gpu_model"] == "a100" and done["compute"]["gpu_count"] == 1
        assert done["duplicate_of"] is None
        assert {"name": "Test Accuracy", "value": 0.819} in done["validation"]["extracted_metrics"]
        assert "trust tier 2" in done["next_step"]

        # The same idempotency key returns the first reproduction, not a duplicate.
        again = data(
            await mcp.call_tool(
                "submit_reproduction",
                arguments | {"idempotency_key": submitted["idempotency_key"]},
            )
        )
        assert again["reproduction_id"] == submitted["reproduction_id"]

        now = data(
            await mcp.call_tool(
                "get_reproduction", {"reproduction_id": submitted["reproduction_id"]}
            )
        )
        assert now["trust_tier"] == 2 and now["settled"]

        # A new submission (new key) on the same run: the server's 409, and what to do.
        reused = await mcp.call_tool("submit_reproduction", arguments)
        assert "HTTP 409 run_used" in error(reused)
        assert reused.structured_content is not None
        assert "start_run" in reused.structured_content["error"]["next_step"]


async def test_write_tools_without_a_key_say_to_set_it(
    local_stack: LocalStack, tmp_path: Path
) -> None:
    async with mcp_session(local_stack.url, errlog=tmp_path / "err") as mcp:
        for name, arguments in (
            ("start_run", {"paper_id": FLAG, "workspace": {"files": ["README.md"]}}),
            ("submit_reproduction", {"paper_id": FLAG, **SUBMISSION}),
        ):
            result = await mcp.call_tool(name, arguments)
            assert "SOTAVERIFIED_API_KEY" in error(result)
            assert result.structured_content is not None
            assert result.structured_content["error"]["code"] == "no_api_key"
        # Reads need no key, and the server is still there.
        assert data(await mcp.call_tool("get_paper", {"arxiv_id": FLAG}))["arxiv_id"] == FLAG


async def test_bad_arguments_are_tool_errors_and_the_server_survives(
    local_stack: LocalStack, new_agent_key: Callable[[], str], tmp_path: Path
) -> None:
    submission = {"paper_id": FLAG, **SUBMISSION}
    schema_errors: list[tuple[str, dict[str, Any], str]] = [
        ("query_sota", {"task": NODE_TASK, "limit": "lots"}, "limit"),  # wrong type
        ("query_sota", {"task": NODE_TASK, "limit": 0}, "limit"),  # out of range
        ("query_sota", {"task": NODE_TASK, "limit": 501}, "limit"),
        ("query_sota", {"task": NODE_TASK, "sort": "best"}, "sort"),
        ("query_sota", {"task": NODE_TASK, "trust_tier": 3}, "trust_tier"),
        ("query_sota", {"task": NODE_TASK, "min_score": -1}, "min_score"),
        ("query_sota", {"dataset": "ogbn-products"}, "task"),  # missing
        ("get_paper", {"arxiv_id": ""}, "arxiv_id"),
        ("get_paper", {"arxiv_id": 2010.09891}, "arxiv_id"),
        ("get_queue", {"limit": 1000}, "limit"),
        ("get_queue", {"max_gpu_hours": -1}, "max_gpu_hours"),
        ("list_agents", {"trust_tier": -1}, "trust_tier"),
        ("get_reproduction", {"reproduction_id": "r", "wait_seconds": 3600}, "wait_seconds"),
        ("start_run", {"paper_id": FLAG, "workspace": {"files": "README.md"}}, "files"),
        ("start_run", {"paper_id": FLAG, "workspace": {"commit": "not-hex"}}, "commit"),
        ("submit_reproduction", submission | {"tier_claimed": 7}, "tier_claimed"),
        ("submit_reproduction", submission | {"tier_claimed": "two"}, "tier_claimed"),
        ("submit_reproduction", submission | {"actual_metric_value": "high"}, "actual_metric"),
        ("submit_reproduction", submission | {"hardware_spec": ""}, "hardware_spec"),
        ("submit_reproduction", submission | {"run_log_url": "x" * 10_001}, "run_log_url"),
        ("submit_reproduction", submission | {"replay_log": {"steps": "no"}}, "steps"),
        (
            "submit_reproduction",
            submission | {"replay_log": {"steps": [{"type": "thought", "ts": "now"}]}},
            "steps",
        ),
        (
            "submit_reproduction",
            submission
            | {"replay_log": {"steps": [{"type": "tool_call", "ts": "2024-01-01T00:00:00Z"}]}},
            "tool",
        ),
        # misspelt argument names are refused, not silently dropped
        ("query_sota", {"task": NODE_TASK, "limt": 5}, "limt"),
        ("get_paper", {"arxiv_id": FLAG, "arxivid": FLAG}, "arxivid"),
        ("submit_reproduction", submission | {"hardware": "1x A100"}, "hardware"),
    ]
    async with mcp_session(local_stack.url, new_agent_key(), errlog=tmp_path / "err") as mcp:
        for tool, arguments, field in schema_errors:
            result = await mcp.call_tool(tool, arguments)
            text = error(result)
            assert field in text and "Next step" in text, f"{tool}({arguments}): {text}"
            assert result.structured_content is not None
            refused = result.structured_content["error"]
            assert refused["code"] == "invalid_arguments" and tool in refused["next_step"]
            assert any(field in detail["field"] for detail in refused["details"]), refused

        # Errors from the server: its code and message, and what to do next.
        unknown = await mcp.call_tool("get_paper", {"arxiv_id": "2912.99999"})
        assert "not_found" in error(unknown) and "Next step" in text_of(unknown)
        assert unknown.structured_content is not None
        failure = unknown.structured_content["error"]
        assert (failure["status"], failure["code"]) == (404, "not_found")
        assert failure["message"] and "query_sota" in failure["next_step"]

        no_run = await mcp.call_tool(
            "start_run", {"paper_id": "2912.99999", "workspace": {"files": []}}
        )
        assert "not_found" in error(no_run)
        gone = await mcp.call_tool("get_reproduction", {"reproduction_id": "nope"})
        assert "HTTP 404" in error(gone)

        off_list = await mcp.call_tool(
            "submit_reproduction", submission | {"run_log_url": "https://evil.example.com/log"}
        )
        assert "HTTP 422" in error(off_list) and "run_log_url" in text_of(off_list)
        assert off_list.structured_content is not None
        rejected = off_list.structured_content["error"]
        assert rejected["status"] == 422 and rejected["code"]
        assert "run_log_url" in rejected["message"] and rejected["idempotency_key"]
        assert "submit_reproduction" in rejected["next_step"]

        assert "no_such_tool" in error(await mcp.call_tool("no_such_tool", {}))
        typo = await mcp.call_tool("query_sota", {"task": NODE_TASK, "sortt": "date"})
        assert "did you mean 'sort'?" in error(typo)

        # After all that, the same server still answers.
        paper = data(await mcp.call_tool("get_paper", {"arxiv_id": FLAG}))
        assert paper["arxiv_id"] == FLAG


async def test_a_429_says_when_to_retry_and_with_which_key(
    local_stack: LocalStack, new_agent_key: Callable[[], str], tmp_path: Path
) -> None:
    with stub_proxy(local_stack.url) as proxy:
        proxy.fail(
            "POST", "/api/v1/reproductions", Fault.answer(429, "quota_exceeded", "3600", "quota")
        )
        proxy.fail("GET", "/api/v1/papers/", Fault.answer(429, "slow_down", "120", "busy"))
        async with mcp_session(proxy.url, new_agent_key(), errlog=tmp_path / "err") as mcp:
            limited = await mcp.call_tool("submit_reproduction", {"paper_id": FLAG, **SUBMISSION})
            text = error(limited)
            assert "HTTP 429 quota_exceeded" in text and "3600" in text
            assert limited.structured_content is not None
            failure = limited.structured_content["error"]
            assert failure["retry_after"] == 3600
            sent = proxy.seen("POST", "/api/v1/reproductions")
            assert len(sent) == 1  # a long Retry-After is reported, not waited for
            assert failure["idempotency_key"] == sent[0].headers["Idempotency-Key"]
            assert failure["idempotency_key"] in failure["next_step"]

            busy = await mcp.call_tool("get_paper", {"arxiv_id": FLAG})
            assert busy.structured_content is not None
            assert busy.structured_content["error"]["retry_after"] == 120
            assert "wait 120 seconds" in error(busy)
            assert data(await mcp.call_tool("get_paper", {"arxiv_id": FLAG}))["arxiv_id"] == FLAG


async def test_an_unreachable_server_is_a_tool_error(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    async with mcp_session(url, errlog=tmp_path / "err") as mcp:
        result = await mcp.call_tool("list_agents", {})
        assert "connection_error" in error(result)
        assert result.structured_content is not None
        assert "SOTAVERIFIED_URL" in result.structured_content["error"]["next_step"]
        assert {tool.name for tool in (await mcp.list_tools()).tools} == TOOLS
