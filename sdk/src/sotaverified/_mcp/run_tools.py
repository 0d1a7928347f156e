"""The tools of a reproduction: start_run, submit_reproduction (local run-log and replay-log
files are uploaded) and get_reproduction (its verdicts, waiting up to 60 s). Registered by
:func:`sotaverified._mcp.server.create_server`; each tool's docstring is its description."""

from __future__ import annotations

import contextlib
import math
import uuid
from typing import Annotated, Any

from mcp.types import CallToolResult
from pydantic import Field, StringConstraints

from sotaverified._mcp.config import MAX_WAIT_SECONDS
from sotaverified._mcp.error_mapping import guarded
from sotaverified._mcp.inputs import Name, PaperRef, ReplayLogInput, WorkspaceInput
from sotaverified._mcp.local_files import open_uploadable
from sotaverified._mcp.outputs import ReproductionOut, RunOut
from sotaverified._mcp.registration import _READ, _WRITE, NeedKey, ToolDecorator
from sotaverified._mcp.results import ok
from sotaverified._mcp.shapes import reproduction_out, run_out
from sotaverified.client import Client
from sotaverified.errors import ValidationTimeout
from sotaverified.models import Reproduction


def register_run_tools(
    tool: ToolDecorator, api: Client, need_key: NeedKey, files_dir: str | None
) -> None:
    """start_run, submit_reproduction, get_reproduction. `files_dir`: the only directory
    submit_reproduction uploads local files from (:mod:`sotaverified._mcp.local_files`)."""

    @tool("Start a run", _WRITE)
    def start_run(
        paper_id: PaperRef,
        workspace: Annotated[
            WorkspaceInput,
            Field(
                description="The workspace manifest: repo_url, commit, and files (every file "
                "you will read). Fixed from now on."
            ),
        ],
        memoryless: Annotated[
            bool,
            Field(
                description="True if the agent starts without memory of earlier attempts on "
                "this paper (needed for trust tier 2)."
            ),
        ] = True,
    ) -> Annotated[CallToolResult, RunOut]:
        """Start a run (claim work) on a paper before working on it. The server stamps
        started_at (replay-log timestamps must come after it), the attempt number (1 = your
        first run on this paper) and an expiry, and fixes the workspace manifest. Needs
        SOTAVERIFIED_API_KEY. Not idempotent: each call is a new attempt, and only a
        memoryless first attempt can reach trust tier 2. Agents may have at most 5 active
        runs."""
        missing = need_key("start_run")
        if missing is not None:
            return missing

        def body() -> CallToolResult:
            run = api.start_run(
                paper_id,
                memoryless=memoryless,
                workspace=workspace.model_dump(exclude_none=True),
            )
            return ok(run_out(run))

        return guarded("start_run", body)

    @tool("Submit a reproduction", _WRITE)
    def submit_reproduction(
        paper_id: PaperRef,
        tier_claimed: Annotated[
            int,
            Field(
                ge=1,
                le=3,
                description="1 the code runs, 2 reproduces the result with the official code, "
                "3 independent reproduction.",
            ),
        ],
        hardware_spec: Annotated[
            str,
            StringConstraints(min_length=1, max_length=500),
            Field(description="GPU model and count, VRAM, OS, e.g. '1x A100 80GB, Ubuntu 22.04'."),
        ],
        run_log_url: Annotated[
            str | None,
            StringConstraints(min_length=1, max_length=10_000),
            Field(
                description="The run's output: pasted terminal output (at most 10,000 "
                "characters; the validator extracts metrics from it) or an https URL on "
                "github.com, gist.github.com, wandb.ai, colab.research.google.com or "
                "huggingface.co. The validator reads a GitHub file (.../blob/<ref>/<path>), a "
                "gist, a Hugging Face file (.../blob/<rev>/<path>) or a public W&B run's "
                "summary (wandb.ai/<entity>/<project>/runs/<id>); other URLs, Colab included, "
                "are not read and their validation is unchecked. Give this or run_log_path."
            ),
        ] = None,
        run_log_path: Annotated[
            str | None,
            StringConstraints(min_length=1, max_length=4096),
            Field(
                description="A local file holding the run's terminal output (any size up to "
                "50 MiB gzip-compressed; a .gz file is sent as it is): it is uploaded and "
                "referenced. Only a regular, visible file under the server's files directory "
                "(SOTAVERIFIED_FILES_DIR, else where it was started; a relative path starts "
                "there) is uploaded. Give this or run_log_url."
            ),
        ] = None,
        run_id: Annotated[
            str | None,
            Field(
                min_length=1,
                max_length=100,
                description="The run_id from start_run (needed for the timestamp and "
                "file-read checks, so for trust tier 1 or 2).",
            ),
        ] = None,
        replay_log: Annotated[
            ReplayLogInput | None,
            Field(description="The trajectory of the run, validated by the server."),
        ] = None,
        replay_log_path: Annotated[
            str | None,
            StringConstraints(min_length=1, max_length=4096),
            Field(
                description="Instead of replay_log: a local JSON file holding the replay log "
                '{"run_id", "steps"} (or a .gz of it), for long runs: up to 1,000,000 steps '
                "and 200 MiB compressed. It is uploaded and referenced; the same rules as "
                "run_log_path."
            ),
        ] = None,
        actual_metric_name: Annotated[
            Name | None,
            Field(description="The metric you measured, named as the paper does."),
        ] = None,
        actual_metric_value: Annotated[
            float | None,
            Field(
                allow_inf_nan=False,
                description="Its value, as printed in the run log (finite; percent or fraction "
                "as the paper states it).",
            ),
        ] = None,
        dataset: Annotated[
            Name | None, Field(description="The dataset the metric refers to.")
        ] = None,
        idempotency_key: Annotated[
            str | None,
            Field(
                min_length=1,
                max_length=200,
                description="Reuse the key from an earlier failed attempt of this same "
                "submission so a retry cannot create a duplicate; a new one is made otherwise.",
            ),
        ] = None,
    ) -> Annotated[CallToolResult, ReproductionOut]:
        """Submit a reproduction of a paper with its run log and, for trust tier 1-2, the run_id
        and the replay log. Validators then check it asynchronously (metrics in the log,
        replay-log timestamps and file reads): poll get_reproduction with wait_seconds.
        Large logs: pass run_log_path / replay_log_path (local files); they are uploaded.
        Needs SOTAVERIFIED_API_KEY."""
        missing = need_key("submit_reproduction")
        if missing is not None:
            return missing
        key = idempotency_key or None

        def body() -> CallToolResult:
            if (run_log_url is None) == (run_log_path is None):
                raise ValueError("give exactly one of run_log_url and run_log_path")
            if replay_log is not None and replay_log_path is not None:
                raise ValueError("give at most one of replay_log and replay_log_path")
            with contextlib.ExitStack() as opened:
                run_log_file = replay_log_file = None
                if run_log_path is not None:
                    run_log_file = opened.enter_context(
                        open_uploadable(run_log_path, "run_log", files_dir)
                    )
                if replay_log_path is not None:
                    replay_log_file = opened.enter_context(
                        open_uploadable(replay_log_path, "replay_log", files_dir)
                    )
                return submit(run_log_file, replay_log_file)

        def submit(run_log_file: Any, replay_log_file: Any) -> CallToolResult:
            log: dict[str, Any] | None = None
            if replay_log is not None:
                log = replay_log.model_dump(exclude_none=True)
                if run_id is not None and "run_id" not in log:
                    log["run_id"] = run_id
            if actual_metric_value is not None and not math.isfinite(actual_metric_value):
                raise ValueError("actual_metric_value must be finite")
            used_key = key or str(uuid.uuid4())
            reproduction = api.submit_reproduction(
                paper_id,
                tier_claimed=tier_claimed,
                hardware_spec=hardware_spec,
                run_log_url=run_log_url,
                run_log_file=run_log_file,
                actual_metric_name=actual_metric_name,
                actual_metric_value=actual_metric_value,
                dataset=dataset,
                run_id=run_id,
                replay_log=log,
                replay_log_file=replay_log_file,
                idempotency_key=used_key,
            )
            return ok(reproduction_out(reproduction, idempotency_key=used_key))

        return guarded("submit_reproduction", body)

    @tool("Check a reproduction's validation", _READ)
    def get_reproduction(
        reproduction_id: Annotated[
            str,
            StringConstraints(strip_whitespace=True, min_length=1, max_length=200),
            Field(description="The reproduction_id that submit_reproduction returned."),
        ],
        wait_seconds: Annotated[
            float,
            Field(
                ge=0,
                le=MAX_WAIT_SECONDS,
                description="Wait up to this many seconds (0-60) for the validators to finish "
                "before answering; 0 answers at once.",
            ),
        ] = 0,
    ) -> Annotated[CallToolResult, ReproductionOut]:
        """A reproduction with its verdicts: validation (metrics extracted from the run log,
        the claimed value found in it), the replay-log trajectory checks, the trust tier and the
        review status. settled is false while a verdict is pending; validation is unchecked when
        the server could not read a URL log (settled: nobody has checked it, a reviewer will);
        failed_checks says what to fix."""

        def body() -> CallToolResult:
            if wait_seconds <= 0:
                return ok(reproduction_out(api.reproduction(reproduction_id)))
            try:
                done = api.wait_for_validation(reproduction_id, timeout=wait_seconds, poll=0.5)
            except ValidationTimeout as timeout:
                last = timeout.reproduction
                if not isinstance(last, Reproduction):
                    raise
                return ok(reproduction_out(last, waited=wait_seconds))
            return ok(reproduction_out(done))

        return guarded("get_reproduction", body)
