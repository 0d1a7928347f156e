"""The Lambda functions of the Chalice app, what triggers each, and what data each may touch.

`chalice package` turns every route into one `APIHandler` function and every event handler,
authorizer and `@app.lambda_function` into a function of its own, named after the handler
(`recompute_from_papers_stream` -> `RecomputeFromPapersStream`). This module reads the same
app object and gives infra/ the same list, so the merge template can address those resources.

Least privilege is declared here, per function (`ACCESS`). A new handler without an entry fails
the build with a message saying what to add: deciding what a function may touch is part of
adding it.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from chalice.app import (
    BuiltinAuthConfig,
    Chalice,
    DynamoDBEventConfig,
    LambdaFunction,
    SQSEventConfig,
)
from chalice.utils import to_cfn_resource_name

from chalicelib.db.tables import (
    ACCOUNTS,
    AGENT_RATINGS,
    ALL_TABLES,
    AUTHOR_CLAIMS,
    IDEMPOTENCY,
    LEADERBOARD,
    PAPERS,
    QUEUE,
    REPRODUCTIONS,
    RUNS,
    SEARCH,
    TASKS,
    UPLOADS,
    TableSpec,
)
from chalicelib.settings import _ENV, reset_settings
from infra.stage import BuildError, Stage

Trigger = Literal["api", "authorizer", "lambda", "dynamodb", "sqs"]

API_HANDLER = "api_handler"  # chalice's resource name for the function serving every route


@dataclass(frozen=True)
class Access:
    """The data a function may touch. Tables by spec; each grant becomes one IAM statement."""

    read: tuple[TableSpec, ...] = ()  # GetItem, BatchGetItem, Query (table and its GSIs)
    write: tuple[TableSpec, ...] = ()  # PutItem, UpdateItem, DeleteItem, BatchWriteItem
    read_uploads: bool = False  # s3:GetObject on the uploads bucket
    write_uploads: bool = False  # s3:PutObject on the logs' own keys (runlogs/*, replays/*)
    # s3:PutObject on uploads/* only: what a presigned PUT (POST /api/v1/uploads) is signed
    # with, so agents' uploads can land nowhere else.
    presign_uploads: bool = False


# Keyed by chalice function name (the handler's Python name; `api_handler` for the routes).
# Triggers add their own permissions (stream read + on-failure queue, queue consume).
ACCESS: dict[str, Access] = {
    # Read API and write API (submissions, runs, review, accounts/keys, author claims).
    # Never writes the leaderboard: rows are derived by the stream recompute.
    # POST /runs also records the run on the paper's active-run item in the queue table.
    # The review pages read the pasted log excerpts from the uploads bucket. GET /health
    # probes DynamoDB with a GetItem and the bucket with a HeadBucket (s3:ListBucket, which
    # read_uploads grants). Never writes the search index or the task catalogue (derived).
    # Uploads: grants in the uploads table; presigned PUTs under uploads/; a submission reads
    # (HeadObject, CopyObject's source) the upload and copies it to the log's own key.
    API_HANDLER: Access(
        read=ALL_TABLES,
        write=(PAPERS, REPRODUCTIONS, ACCOUNTS, RUNS, IDEMPOTENCY, QUEUE, AUTHOR_CLAIMS, UPLOADS),
        read_uploads=True,
        write_uploads=True,
        presign_uploads=True,
    ),
    # Recompute a paper's score, breakdown, leaderboard rows, queue rows, search-index rows
    # and task memberships from the paper and its reproductions; then the summaries of the
    # tasks it touched (a consistent Query of each task's partition).
    "recompute_from_papers_stream": Access(
        read=(PAPERS, REPRODUCTIONS, LEADERBOARD, QUEUE, AUTHOR_CLAIMS, TASKS),
        write=(PAPERS, LEADERBOARD, QUEUE, SEARCH, TASKS),
    ),
    # The same, plus agent ratings (SPEC 9) and their leaderboard rows, which change when a
    # reproduction is decided.
    "recompute_from_reproductions_stream": Access(
        read=(
            PAPERS,
            REPRODUCTIONS,
            LEADERBOARD,
            QUEUE,
            ACCOUNTS,
            AGENT_RATINGS,
            AUTHOR_CLAIMS,
            TASKS,
        ),
        write=(PAPERS, LEADERBOARD, QUEUE, SEARCH, TASKS, ACCOUNTS, AGENT_RATINGS),
    ),
    # Validator (S3 -> SQS -> Lambda): reads the uploaded logs, the reproduction and its run
    # (start time, workspace manifest); writes its verdict on the reproduction. An uploaded
    # run log's content claim (copies, issue 18) is a conditional Put in the idempotency
    # table (GetItem when the refusal carries no item).
    "validate_upload": Access(
        read=(REPRODUCTIONS, RUNS, IDEMPOTENCY),
        write=(REPRODUCTIONS, IDEMPOTENCY),
        read_uploads=True,
    ),
}


@dataclass(frozen=True)
class Function:
    name: str  # chalice's name: the handler's Python name, or "api_handler"
    trigger: Trigger
    handler: str  # "app.recompute_from_papers_stream"
    table: TableSpec | None = None  # dynamodb: the table whose stream triggers it
    queue: str | None = None  # sqs: the queue name
    event_name: str | None = None  # key under Properties.Events in chalice's SAM output

    @property
    def cfn_name(self) -> str:
        return "APIHandler" if self.name == API_HANDLER else to_cfn_resource_name(self.name)

    @property
    def access(self) -> Access:
        try:
            return ACCESS[self.name]
        except KeyError:
            raise BuildError(
                f"function {self.name!r} has no entry in infra/functions.py ACCESS: declare the "
                "tables it reads and writes and whether it reads or writes uploads"
            ) from None


def functions_of(app: Chalice, stage: Stage) -> list[Function]:
    """Every function `chalice package` creates for `app`, with its trigger."""
    tables_by_arn = {stage.inspection_stream_arn(spec): spec for spec in ALL_TABLES if spec.stream}
    out: list[Function] = []
    if app.websocket_handlers:
        raise BuildError("websocket handlers are not supported by infra/")
    if app.routes:
        out.append(Function(API_HANDLER, "api", handler="app.app"))
    auth: BuiltinAuthConfig
    for auth in app.builtin_auth_handlers:
        out.append(Function(auth.name, "authorizer", handler=auth.handler_string))
    pure: LambdaFunction
    for pure in app.pure_lambda_functions:
        out.append(Function(pure.name, "lambda", handler=pure.handler_string))
    for source in app.event_sources:
        if isinstance(source, DynamoDBEventConfig):
            table = tables_by_arn.get(source.stream_arn)
            if table is None:
                raise BuildError(
                    f"stream handler {source.name!r} reads {source.stream_arn!r}, which is not "
                    "a table stream ARN from settings (use settings.<table>_stream_arn)"
                )
            out.append(
                Function(
                    source.name,
                    "dynamodb",
                    handler=source.handler_string,
                    table=table,
                    event_name=to_cfn_resource_name(f"{source.name}-dynamodb-event-source"),
                )
            )
        elif isinstance(source, SQSEventConfig):
            queue = source.queue or (source.queue_arn or "").rsplit(":", 1)[-1]
            out.append(
                Function(
                    source.name,
                    "sqs",
                    handler=source.handler_string,
                    queue=queue,
                    event_name=to_cfn_resource_name(f"{source.name}-sqs-event-source"),
                )
            )
        else:
            raise BuildError(
                f"{type(source).__name__} handler {source.name!r} is not supported by infra/ "
                "(`chalice package` cannot wire S3 events: use S3 -> SQS -> on_sqs_message)"
            )
    for function in out:
        _ = function.access  # fail early when a function declares no access
    return out


def import_app(stage: Stage, project_dir: Path) -> Chalice:
    """Import `app.py` as the deployed stage would, with a distinct stream ARN per table so
    that each stream handler can be matched to its table."""
    env = dict(stage.config_env)
    for field, spec in stage.stream_tables().items():
        env[_ENV[field]] = stage.inspection_stream_arn(spec)
    for var in _ENV.values():  # nothing from the caller's environment (tests set SOTAV_*)
        os.environ.pop(var, None)
    os.environ.update(env)
    os.environ.setdefault("AWS_DEFAULT_REGION", stage.region)
    reset_settings()
    sys.path.insert(0, str(project_dir))
    try:
        sys.modules.pop("app", None)
        module: Any = importlib.import_module("app")
    finally:
        sys.path.remove(str(project_dir))
    app: Chalice = module.app
    return app
