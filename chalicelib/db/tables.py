"""Table definitions: the one source for the local stack, the tests and `infra/`.

Every table is on-demand (PAY_PER_REQUEST). Key builders and the access pattern each GSI
serves are documented in `chalicelib/db/keys.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chalicelib.settings import Settings, get_settings


@dataclass(frozen=True)
class Index:
    name: str
    partition_key: str
    sort_key: str | None = None


@dataclass(frozen=True)
class TableSpec:
    logical_name: str  # "papers" -> physical "<prefix>-papers"
    partition_key: str
    sort_key: str | None = None
    indexes: tuple[Index, ...] = ()
    stream: bool = False  # NEW_AND_OLD_IMAGES when on
    ttl_attribute: str | None = None
    attribute_types: dict[str, str] = field(default_factory=dict)  # non-"S" key attributes

    def physical_name(self, settings: Settings | None = None) -> str:
        return f"{(settings or get_settings()).resource_prefix}-{self.logical_name}"

    def key_attributes(self) -> list[str]:
        names = [self.partition_key] + ([self.sort_key] if self.sort_key else [])
        for index in self.indexes:
            names += [index.partition_key] + ([index.sort_key] if index.sort_key else [])
        return list(dict.fromkeys(names))

    def create_table_kwargs(self, settings: Settings | None = None) -> dict[str, Any]:
        """Arguments for DynamoDB `CreateTable` (also rendered into CloudFormation by infra/)."""

        def key_schema(pk: str, sk: str | None) -> list[dict[str, str]]:
            schema = [{"AttributeName": pk, "KeyType": "HASH"}]
            if sk:
                schema.append({"AttributeName": sk, "KeyType": "RANGE"})
            return schema

        kwargs: dict[str, Any] = {
            "TableName": self.physical_name(settings),
            "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": key_schema(self.partition_key, self.sort_key),
            "AttributeDefinitions": [
                {"AttributeName": name, "AttributeType": self.attribute_types.get(name, "S")}
                for name in self.key_attributes()
            ],
        }
        if self.indexes:
            kwargs["GlobalSecondaryIndexes"] = [
                {
                    "IndexName": index.name,
                    "KeySchema": key_schema(index.partition_key, index.sort_key),
                    "Projection": {"ProjectionType": "ALL"},
                }
                for index in self.indexes
            ]
        if self.stream:
            kwargs["StreamSpecification"] = {
                "StreamEnabled": True,
                "StreamViewType": "NEW_AND_OLD_IMAGES",
            }
        return kwargs


PAPERS = TableSpec(logical_name="papers", partition_key="paper_id", stream=True)

LEADERBOARD = TableSpec(
    logical_name="leaderboard",
    partition_key="row_id",
    indexes=(
        Index("by_task_score", "task_slug", "score_key"),
        Index("by_task_date", "task_slug", "date_key"),
        Index("by_task_dataset_score", "task_dataset", "score_key"),
        Index("by_task_dataset_date", "task_dataset", "date_key"),
    ),
)

REPRODUCTIONS = TableSpec(
    logical_name="reproductions",
    partition_key="reproduction_id",
    indexes=(
        Index("by_paper", "paper_id", "submitted_key"),
        Index("by_submitter", "submitter_id", "submitted_key"),
        Index("pending", "pending_queue", "submitted_key"),
    ),
    stream=True,
)

ACCOUNTS = TableSpec(logical_name="accounts", partition_key="pk", ttl_attribute="expires_at")

RUNS = TableSpec(
    logical_name="runs",
    partition_key="run_id",
    indexes=(
        Index("by_account_paper", "account_paper", "started_at"),
        Index("by_account", "account_id", "expires_key"),
    ),
    ttl_attribute="expires_at",
)

QUEUE = TableSpec(
    logical_name="queue",
    partition_key="row_id",
    indexes=(Index("by_task_priority", "task_slug", "priority_key"),),
)

AGENT_RATINGS = TableSpec(
    logical_name="agent_ratings",
    partition_key="row_id",
    indexes=(Index("by_rating", "tier", "rating_key"),),
)

IDEMPOTENCY = TableSpec(logical_name="idempotency", partition_key="id", ttl_attribute="expiration")

AUTHOR_CLAIMS = TableSpec(
    logical_name="author_claims", partition_key="paper_id", sort_key="account_id"
)

# Inverted index of paper words (GET /api/v1/papers?q=): one row per (word, paper), written
# and cleaned by the paper recompute; a search page is one Query on by_word.
SEARCH = TableSpec(
    logical_name="search",
    partition_key="row_id",
    indexes=(Index("by_word", "word", "rank_key"),),
)

# Task catalogue (GET /api/v1/tasks, /tasks/{task}, "did you mean"): per task one partition
# with a membership row per paper (written by the paper recompute), the derived summary and
# one row per dataset (written by the task recompute). Composite key, so that the task
# recompute reads its partition with a strongly consistent Query.
TASKS = TableSpec(
    logical_name="tasks",
    partition_key="pk",
    sort_key="sk",
    indexes=(
        Index("by_name", "listed", "task_slug"),
        Index("by_papers", "listed", "papers_key"),
    ),
)

# Upload grants (POST /api/v1/uploads): who may PUT how many bytes of which kind, and which
# reproduction used the upload. TTL: a grant lives as long as its object may be referenced.
UPLOADS = TableSpec(logical_name="uploads", partition_key="upload_id", ttl_attribute="expires_at")

ALL_TABLES: tuple[TableSpec, ...] = (
    PAPERS,
    LEADERBOARD,
    REPRODUCTIONS,
    ACCOUNTS,
    RUNS,
    IDEMPOTENCY,
    QUEUE,
    AGENT_RATINGS,
    AUTHOR_CLAIMS,
    SEARCH,
    TASKS,
    UPLOADS,
)


def create_all(dynamodb: Any, settings: Settings | None = None) -> None:
    """Create every table that does not exist yet (idempotent), with TTL where declared."""
    existing = set(dynamodb.list_tables()["TableNames"])
    for spec in ALL_TABLES:
        name = spec.physical_name(settings)
        if name in existing:
            continue
        dynamodb.create_table(**spec.create_table_kwargs(settings))
        if spec.ttl_attribute:
            dynamodb.update_time_to_live(
                TableName=name,
                TimeToLiveSpecification={"Enabled": True, "AttributeName": spec.ttl_attribute},
            )


def stream_arn(dynamodb: Any, spec: TableSpec, settings: Settings | None = None) -> str:
    return str(
        dynamodb.describe_table(TableName=spec.physical_name(settings))["Table"]["LatestStreamArn"]
    )
