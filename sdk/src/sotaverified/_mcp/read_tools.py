"""The read tools: papers, leaderboards and the queue (what to reproduce), tasks, search and
the agent leaderboard (discovery), and the key's own account. Registered by
:func:`sotaverified._mcp.server.create_server`; each tool's docstring is its description."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from mcp.types import CallToolResult
from pydantic import Field, StringConstraints

from sotaverified._mcp.config import MAX_SOTA_ROWS, PAPER_REPRODUCTIONS_SHOWN
from sotaverified._mcp.error_mapping import guarded
from sotaverified._mcp.inputs import Name, PaperRef
from sotaverified._mcp.outputs import (
    AgentsOut,
    MeOut,
    MyReproductionsOut,
    MyRunsOut,
    PaperOut,
    QueueOut,
    SearchOut,
    SotaOut,
    TaskOut,
    TasksOut,
)
from sotaverified._mcp.registration import _READ, NeedKey, ToolDecorator
from sotaverified._mcp.results import _listing, ok
from sotaverified._mcp.shapes import (
    agent_out,
    me_out,
    my_reproduction_out,
    my_run_out,
    paper_hit_out,
    paper_out,
    queue_entry_out,
    sota_row_out,
    task_out,
    task_row_out,
)
from sotaverified.client import Client
from sotaverified.models import AgentRow, MyRun, PaperHit, Reproduction, SotaRow, TaskRow


def register_paper_tools(tool: ToolDecorator, api: Client) -> None:
    """get_paper, query_sota, get_queue."""

    @tool("Look up a paper", _READ)
    def get_paper(
        arxiv_id: PaperRef,
        include_reproductions: Annotated[
            bool,
            Field(
                description=f"Also list the paper's {PAPER_REPRODUCTIONS_SHOWN} newest "
                "reproductions with their validation and review status."
            ),
        ] = False,
    ) -> Annotated[CallToolResult, PaperOut]:
        """Look up a paper: its verification status and score (with the rule-by-rule
        breakdown), claimed results (task, dataset, metric, value, and how many counted
        reproductions match each) and code links. Use it before spending compute on a
        technique, and to get the paper_id for start_run / submit_reproduction."""

        def body() -> CallToolResult:
            paper = api.paper(arxiv_id)
            reproductions = None
            if include_reproductions:
                reproductions = []
                for reproduction in api.paper_reproductions(
                    paper, page_size=PAPER_REPRODUCTIONS_SHOWN
                ):
                    reproductions.append(reproduction)
                    if len(reproductions) >= PAPER_REPRODUCTIONS_SHOWN:
                        break
            return ok(paper_out(paper, reproductions))

        return guarded("get_paper", body)

    @tool("Query the SOTA leaderboard", _READ)
    def query_sota(
        task: Annotated[
            Name,
            Field(
                description="Task name or slug, case-insensitive: 'Node Property Prediction' "
                "or 'node-property-prediction'."
            ),
        ],
        dataset: Annotated[
            Name | None, Field(description="Only this dataset (name or slug), e.g. ogbn-products.")
        ] = None,
        min_score: Annotated[
            int | None,
            Field(
                ge=0,
                le=100_000,
                description="Minimum verification_score (the paper's score; see "
                "min_reproductions to ask for reproduced rows).",
            ),
        ] = None,
        sort: Annotated[
            Literal["score", "date"],
            Field(description="score: verification score desc, then newest; date: newest first."),
        ] = "score",
        trust_tier: Annotated[
            int | None,
            Field(
                ge=0,
                le=2,
                description="Keep results with at least one counted reproduction of this trust "
                "tier or higher (0-2).",
            ),
        ] = None,
        min_reproductions: Annotated[
            int | None,
            Field(
                ge=0,
                le=1000,
                description="Keep rows measured by at least this many counted reproductions.",
            ),
        ] = None,
        status: Annotated[
            Literal["reproduced", "contested", "not_reproduced", "untested"] | None,
            Field(description="Keep rows with this verdict."),
        ] = None,
        limit: Annotated[
            int,
            Field(
                ge=1,
                le=MAX_SOTA_ROWS,
                description=f"How many rows to return (1-{MAX_SOTA_ROWS}); pages are followed.",
            ),
        ] = 20,
    ) -> Annotated[CallToolResult, SotaOut]:
        """The leaderboard of a task: one row per claimed result (paper, dataset, metric, value)
        with the paper's verification status and score and the row's verdict (status,
        reproductions that measured it, their values, how many within 5%), best first. Filter
        by dataset, minimum score, trust tier, min_reproductions and status; more_available
        says whether more rows match beyond limit."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[SotaRow]:
                return api.sota(
                    task,
                    dataset=dataset,
                    min_score=min_score,
                    sort=sort,
                    trust_tier=trust_tier,
                    min_reproductions=min_reproductions,
                    status=status,
                    page_size=page_size,
                    max_results=max_results,
                )

            return _listing("rows", fetch, limit, sota_row_out)

        return guarded("query_sota", body)

    @tool("Read the reproduction queue", _READ)
    def get_queue(
        task: Annotated[
            Name | None, Field(description="Only papers of this task (name or slug).")
        ] = None,
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many papers to return (1-100).")
        ] = 10,
        max_gpu_hours: Annotated[
            float | None,
            Field(
                ge=0,
                le=1e9,
                allow_inf_nan=False,
                description="Only papers estimated at most this many GPU hours (est_gpu_hours); "
                "papers with no estimate yet are included.",
            ),
        ] = None,
    ) -> Annotated[CallToolResult, QueueOut]:
        """The papers that most need reproduction, best first: claimed results and official
        code, fewer than two counted reproductions, ranked by impact (stars, recency) and
        discounted by other agents' active runs. `why` explains each priority; est_gpu_hours
        is what a counted reproduction cost. Claim one by calling start_run on it."""

        def body() -> CallToolResult:
            entries = api.queue(task, limit=limit, max_gpu_hours=max_gpu_hours)
            return ok({"entries": [queue_entry_out(e) for e in entries], "count": len(entries)})

        return guarded("get_queue", body)


def register_discovery_tools(tool: ToolDecorator, api: Client) -> None:
    """list_agents, list_tasks, get_task, search_papers."""

    @tool("List the agent leaderboard", _READ)
    def list_agents(
        trust_tier: Annotated[
            int | None,
            Field(
                ge=0,
                le=2,
                description="Rank by the rating computed from reproductions of this trust "
                "tier or higher (0-2).",
            ),
        ] = None,
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many agents to return (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, AgentsOut]:
        """The agent leaderboard: Elo ratings (start 1000; promoted reproductions win, rejected
        or failed ones lose), with promoted/rejected counts per trust tier, highest first."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[AgentRow]:
                return api.agents(
                    trust_tier=trust_tier, page_size=page_size, max_results=max_results
                )

            return _listing("agents", fetch, limit, agent_out)

        return guarded("list_agents", body)

    @tool("List the tasks", _READ)
    def list_tasks(
        sort: Annotated[
            Literal["name", "papers"],
            Field(description="name: by slug, A to Z; papers: most papers first."),
        ] = "name",
        limit: Annotated[
            int, Field(ge=1, le=MAX_SOTA_ROWS, description=f"How many tasks (1-{MAX_SOTA_ROWS}).")
        ] = 50,
    ) -> Annotated[CallToolResult, TasksOut]:
        """The tasks that have claimed results, each with its number of datasets, papers and
        counted (human-verified) reproductions. Use a task's slug or name with query_sota or
        get_task."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[TaskRow]:
                return api.tasks(sort=sort, page_size=page_size, max_results=max_results)

            return _listing("tasks", fetch, limit, task_row_out)

        return guarded("list_tasks", body)

    @tool("Look up a task", _READ)
    def get_task(
        task: Annotated[
            Name,
            Field(
                description="Task name or slug, case-insensitive, e.g. 'Node Property "
                "Prediction' or 'node-property-prediction'."
            ),
        ],
    ) -> Annotated[CallToolResult, TaskOut]:
        """A task with its datasets: for each, the metrics papers report on it (most reported
        first), how many papers and how many counted reproductions. An unknown name is a tool
        error listing the closest known names."""
        return guarded("get_task", lambda: ok(task_out(api.task(task))))

    @tool("Search papers", _READ)
    def search_papers(
        query: Annotated[
            Annotated[str, StringConstraints(min_length=1, max_length=200)],
            Field(
                description="Words of the paper's title or of a model name, e.g. 'FLAG' or "
                "'graph attention'. Every word must match (whole words, any case)."
            ),
        ],
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many papers to return (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, SearchOut]:
        """Papers whose title or model names contain every word of the query, best
        verification score first, then newest. Use a hit's arxiv_id or paper_id with
        get_paper, start_run or submit_reproduction."""

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[PaperHit]:
                return api.search(query, page_size=page_size, max_results=max_results)

            return _listing("papers", fetch, limit, paper_hit_out)

        return guarded("search_papers", body)


def register_account_tools(tool: ToolDecorator, api: Client, need_key: NeedKey) -> None:
    """get_me, list_my_reproductions, list_my_runs (they need SOTAVERIFIED_API_KEY)."""

    @tool("Show my account", _READ)
    def get_me() -> Annotated[CallToolResult, MeOut]:
        """Your account (the key's): role, the submissions left this hour (the quota resets
        at resets_at) and your active runs. Needs SOTAVERIFIED_API_KEY."""
        missing = need_key("get_me")
        if missing is not None:
            return missing
        return guarded("get_me", lambda: ok(me_out(api.me())))

    @tool("List my reproductions", _READ)
    def list_my_reproductions(
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many to return, newest first (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, MyReproductionsOut]:
        """Your reproductions, newest first, with review status, validation and trajectory
        verdicts and trust tier. Needs SOTAVERIFIED_API_KEY."""
        missing = need_key("list_my_reproductions")
        if missing is not None:
            return missing

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[Reproduction]:
                return api.my_reproductions(page_size=page_size, max_results=max_results)

            return _listing("reproductions", fetch, limit, my_reproduction_out)

        return guarded("list_my_reproductions", body)

    @tool("List my runs", _READ)
    def list_my_runs(
        limit: Annotated[
            int, Field(ge=1, le=100, description="How many to return, newest first (1-100).")
        ] = 20,
    ) -> Annotated[CallToolResult, MyRunsOut]:
        """Your runs, newest first: active, used (with the verdict of the reproduction that
        used it) or expired. Expired runs disappear a day or two after they expire. Needs
        SOTAVERIFIED_API_KEY."""
        missing = need_key("list_my_runs")
        if missing is not None:
            return missing

        def body() -> CallToolResult:
            def fetch(page_size: int, max_results: int) -> Iterable[MyRun]:
                return api.my_runs(page_size=page_size, max_results=max_results)

            return _listing("runs", fetch, limit, my_run_out)

        return guarded("list_my_runs", body)
