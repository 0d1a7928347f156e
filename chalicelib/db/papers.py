"""Papers table repository (see chalicelib/db/keys.py for the access patterns)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import (
    batch_get,
    batch_write,
    batch_write_tables,
    ddb,
    error_code,
    storage_errors,
)
from chalicelib.db.tables import PAPERS, TableSpec

# Attributes written only by recomputation (everything else is source data).
DERIVED_FIELDS = (
    "verification",
    "verification_score",
    "author_claim_state",
    "score_breakdown",
    "leaderboard",
    "leaderboard_row_ids",
    "queue_row_ids",
    "counted_submitters",
    "search_row_ids",
    "task_member_slugs",
    "computed_source_rev",
    "computed_repro_stamp",
    "updated_at",
)


def get_paper(paper_id: str, consistent: bool = False) -> dict[str, Any] | None:
    """`consistent`: a strongly consistent read (a recompute must see the write whose stream
    record it handles; reads for clients need not)."""
    with storage_errors("GetItem papers"):
        response = ddb().get_item(
            TableName=PAPERS.physical_name(),
            Key={"paper_id": {"S": paper_id}},
            ConsistentRead=consistent,
        )
    item = response.get("Item")
    return codec.from_item(item) if item else None


def get_papers(paper_ids: list[str], consistent: bool = False) -> dict[str, dict[str, Any]]:
    """The papers that exist among `paper_ids`, by id (BatchGetItem, 100 keys a call).
    `consistent`: strongly consistent reads (a stream batch's recompute, see `get_paper`)."""
    keys = [{"paper_id": {"S": pid}} for pid in dict.fromkeys(paper_ids)]
    items = batch_get(PAPERS.physical_name(), keys, consistent=consistent)
    return {item["paper_id"]: item for item in map(codec.from_item, items)}


def put_papers(papers: list[dict[str, Any]]) -> int:
    """Write whole paper items in batches; returns the number of BatchWriteItem calls."""
    requests = [{"PutRequest": {"Item": codec.to_item(p)}} for p in papers]
    return batch_write(PAPERS.physical_name(), requests)


def write_derived(paper_id: str, derived: dict[str, Any]) -> bool:
    """Store a recompute's derived fields on the paper, only if no newer recompute has already
    written (guard on the input stamps). Returns False when a newer recompute won.

    One UpdateItem. (Not a transaction with the leaderboard rows: moto deep-copies every
    table on TransactWriteItems, which makes the local stack quadratic; see
    `services.recompute.recompute_paper` for how rows stay consistent.)
    """
    from botocore.exceptions import ClientError

    names = {f"#d{i}": name for i, name in enumerate(derived)}
    values = {f":d{i}": codec.to_value(derived[name]) for i, name in enumerate(derived)}
    sets = ", ".join(f"#d{i} = :d{i}" for i in range(len(derived)))
    values[":rev"] = codec.to_value(derived["computed_source_rev"])
    values[":stamp"] = codec.to_value(derived["computed_repro_stamp"])
    with storage_errors("UpdateItem papers (derived)"):
        try:
            ddb().update_item(
                TableName=PAPERS.physical_name(),
                Key={"paper_id": {"S": paper_id}},
                UpdateExpression=f"SET {sets}",
                ConditionExpression=(
                    "attribute_exists(paper_id) AND (attribute_not_exists(computed_source_rev)"
                    " OR (computed_source_rev <= :rev AND computed_repro_stamp <= :stamp))"
                ),
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return False
            raise
    return True


def computed_stamp(paper_id: str) -> tuple[int, str] | None:
    """The input stamps of the paper's stored derived fields (a consistent read)."""
    with storage_errors("GetItem papers (stamp)"):
        item = (
            ddb()
            .get_item(
                TableName=PAPERS.physical_name(),
                Key={"paper_id": {"S": paper_id}},
                ProjectionExpression="computed_source_rev, computed_repro_stamp",
                ConsistentRead=True,
            )
            .get("Item")
        )
    if not item or "computed_source_rev" not in item:
        return None
    data = codec.from_item(item)
    return int(data["computed_source_rev"]), str(data["computed_repro_stamp"])


def write_index_rows(
    rows: list[tuple[TableSpec, dict[str, Any]]], stale: list[tuple[TableSpec, dict[str, str]]]
) -> int:
    """Put the derived rows (leaderboard, queue, search, task membership) and delete stale
    ones (by key), in as few BatchWriteItem calls as fit (25 requests each)."""
    requests: list[tuple[str, dict[str, Any]]] = [
        (spec.physical_name(), {"PutRequest": {"Item": codec.to_item(row)}}) for spec, row in rows
    ]
    requests += [
        (spec.physical_name(), {"DeleteRequest": {"Key": codec.to_item(key)}})
        for spec, key in stale
    ]
    return batch_write_tables(requests) if requests else 0
