"""The tools' argument types: a paper reference, the replay log's steps and the workspace
manifest. Each is a JSON Schema in the tool's input schema, with descriptions and bounds."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from sotaverified.replay import MAX_IO_CHARS, MAX_RESPONSE_CHARS, MAX_STEPS

Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]
PaperRef = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=200),
    Field(
        description="The paper: an arXiv id (2010.09891, 2010.09891v2, arXiv:2010.09891, "
        "https://arxiv.org/abs/2010.09891, old-style hep-th/9901001) or its paper_id.",
        examples=["2010.09891"],
    ),
]
IoText = Annotated[str, StringConstraints(max_length=MAX_IO_CHARS)]
Timestamp = Annotated[
    str,
    StringConstraints(min_length=1, max_length=64),
    Field(
        description="When the step started: ISO-8601 with a timezone, e.g. "
        "2024-05-01T12:00:00.123Z. Must lie between the run's started_at and the submission "
        "(5 s clock skew allowed)."
    ),
]
NonNegativeInt = Annotated[int, Field(ge=0)]


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class ToolCallStep(_Input):
    """A tool call the agent made. Reads (tool read, read_file, file_read or open_file) must
    name, in input, a file listed in the run's workspace.files."""

    type: Literal["tool_call"]
    ts: Timestamp
    tool: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="The tool's name, e.g. read_file, bash, python."
    )
    input: IoText = Field(
        description="The tool's input as text: for a file read, the path relative to the "
        "workspace (or JSON with a path key)."
    )
    output: IoText | None = Field(default=None, description="What the tool returned (text).")
    duration_ms: NonNegativeInt = Field(description="How long the call took, in milliseconds.")
    error: IoText | None = Field(default=None, description="The error, if the call failed.")


class LlmCallStep(_Input):
    """An LLM call the agent made."""

    type: Literal["llm_call"]
    ts: Timestamp
    model: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="The model's name."
    )
    input_tokens: NonNegativeInt
    output_tokens: NonNegativeInt
    duration_ms: NonNegativeInt = Field(description="How long the call took, in milliseconds.")
    response_text: Annotated[str, StringConstraints(max_length=MAX_RESPONSE_CHARS)] | None = None
    error: IoText | None = Field(default=None, description="The error, if the call failed.")


Step = Annotated[ToolCallStep | LlmCallStep, Field(discriminator="type")]


class ReplayLogInput(_Input):
    """The agent's trajectory for the run (what sotaverified.ReplayTracker.to_replay_log()
    returns). The server checks it asynchronously: non_empty, timestamp_bounds (every ts
    within the run), file_read_replay (every file read is in the run's workspace),
    output_in_trajectory (a tool call's output printed the run-log line with the reported
    number) and evaluator_untouched (no step writes the run's eval_files)."""

    run_id: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = Field(
        default=None, description="The run this log belongs to (defaults to the tool's run_id)."
    )
    steps: Annotated[list[Step], Field(max_length=MAX_STEPS)] = Field(
        description=f"The steps in order, at most {MAX_STEPS:,}: tool_call or llm_call objects."
    )


class WorkspaceInput(_Input):
    """The run's workspace manifest, fixed when the run starts."""

    repo_url: Annotated[str, StringConstraints(min_length=1, max_length=2048)] | None = Field(
        default=None, description="The repository worked on, e.g. the paper's official code."
    )
    commit: Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{7,64}$")] | None = Field(
        default=None, description="The commit checked out (7-64 hex digits)."
    )
    files: Annotated[
        list[Annotated[str, StringConstraints(min_length=1, max_length=500)]],
        Field(max_length=10_000),
    ] = Field(
        default_factory=list,
        description="Every file (path relative to the workspace) the agent will read: the "
        "replay log's file reads are checked against this list.",
    )
    eval_files: Annotated[
        list[Annotated[str, StringConstraints(min_length=1, max_length=500)]],
        Field(max_length=1_000),
    ] = Field(
        default_factory=list,
        description="The evaluation code (paths relative to the workspace): a step that "
        "writes one of them makes the replay log invalid (evaluator_untouched).",
    )
