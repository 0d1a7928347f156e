"""Reproductions table repository."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from chalicelib.db import codec
from chalicelib.db.cursors import decode_cursor, encode_cursor, query_fingerprint
from chalicelib.db.dynamo import ddb, error_code, query_all, storage_errors
from chalicelib.db.tables import REPRODUCTIONS

_CURSOR_FIELDS = frozenset(
    {"reproduction_id", "paper_id", "submitter_id", "pending_queue", "submitted_key"}
)

# Every write to a reproduction adds 1 to its `write_rev`, in the write itself: a counter that
# only grows, whatever the writers' clocks say. `updated_at` is the writer's time, computed
# before its write lands, so a write can land after another one and carry an earlier time
# (a decision in flight while a verdict lands, two Lambdas' clocks apart): ordering inputs by
# it made the newest write's recompute look older than the one before, and refused.
WRITE_REV = "write_rev = if_not_exists(write_rev, :rev_none) + :rev_one"
WRITE_REV_VALUES = {":rev_none": {"N": "0"}, ":rev_one": {"N": "1"}}


def write_rev(item: dict[str, Any]) -> int:
    """How many writes the item has had (0: none since revisions were counted)."""
    return int(item.get("write_rev") or 0)


def input_stamp(reproductions: list[dict[str, Any]]) -> str:
    """What a recompute read, as a string that compares higher for newer inputs: how many
    reproductions, then the sum of their write revisions (each write adds 1 to one of them, so
    a read after a write sums higher than any read before it). The `r` after `#` sorts above
    the digits of the timestamps earlier stamps carried there (`00000002#2026-...`): a stored
    stamp of that format never refuses a recompute of the same reproductions."""
    revisions = sum(write_rev(r) for r in reproductions)
    return f"{len(reproductions):08d}#r{revisions:012d}"


def with_fresher(
    listed: list[dict[str, Any]], fresher: Iterable[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Items read through an index (`list_for_paper`, `list_for_submitter`), which DynamoDB
    never reads consistently: right after a write it may still show the old item, or not yet
    the new one. `fresher` are items known to be current (a stream record's new image): each
    replaces the listed version unless that one is newer (`write_rev`, then `updated_at` for
    items written before revisions were counted), and is added when the index does not list
    it yet."""
    by_id = {item["reproduction_id"]: item for item in listed}
    for item in fresher:
        rid = item.get("reproduction_id")
        known = by_id.get(rid) if isinstance(rid, str) else None
        if isinstance(rid, str) and (known is None or _version(known) <= _version(item)):
            by_id[rid] = item
    return list(by_id.values())


def _version(item: dict[str, Any]) -> tuple[int, str]:
    return write_rev(item), str(item.get("updated_at", ""))


def list_for_paper(paper_id: str) -> list[dict[str, Any]]:
    """Every reproduction of a paper, oldest first (follows pages). Read through an index:
    see `with_fresher`."""
    return _query_index("by_paper", "paper_id", paper_id)


def current_for_paper(paper_id: str) -> list[dict[str, Any]]:
    """Every reproduction of a paper as its latest write left it, oldest first: the index
    names them, the base table gives each one (strongly consistent). For a recompute: an
    index may still show an item as it was before its last write (a promotion a moment ago),
    and a result derived from that copy would be stored as if current (`with_fresher` adds
    the items the index does not list yet)."""
    return _current(_listed_ids("by_paper", "paper_id", paper_id))


def current_for_submitter(submitter_id: str) -> list[dict[str, Any]]:
    """Every reproduction an account submitted, each as its latest write left it (see
    `current_for_paper`)."""
    return _current(_listed_ids("by_submitter", "submitter_id", submitter_id))


def _listed_ids(index: str, key_name: str, key_value: str) -> list[str]:
    """The ids an index lists under a key, in its order (follows pages)."""
    items = _query_index(index, key_name, key_value, projection="reproduction_id")
    return [item["reproduction_id"] for item in items]


def _query_index(
    index: str, key_name: str, key_value: str, projection: str | None = None
) -> list[dict[str, Any]]:
    """Every item an index lists under a key, in its order (follows pages)."""
    kwargs: dict[str, Any] = {
        "TableName": REPRODUCTIONS.physical_name(),
        "IndexName": index,
        "KeyConditionExpression": "#k = :v",
        "ExpressionAttributeNames": {"#k": key_name},
        "ExpressionAttributeValues": {":v": {"S": key_value}},
        **({"ProjectionExpression": projection} if projection else {}),
    }
    return query_all(kwargs, f"Query reproductions {index}")


def _current(reproduction_ids: list[str]) -> list[dict[str, Any]]:
    from chalicelib.db.dynamo import batch_get

    if not reproduction_ids:
        return []
    keys = [{"reproduction_id": {"S": rid}} for rid in dict.fromkeys(reproduction_ids)]
    found = {
        item["reproduction_id"]: item
        for item in map(
            codec.from_item, batch_get(REPRODUCTIONS.physical_name(), keys, consistent=True)
        )
    }
    return [found[rid] for rid in dict.fromkeys(reproduction_ids) if rid in found]


def get(reproduction_id: str, consistent: bool = False) -> dict[str, Any] | None:
    """`consistent`: a strongly consistent read, for a caller that must see the write that
    made its own conditional write fail (an eventually consistent read may not yet)."""
    with storage_errors("GetItem reproductions"):
        item = (
            ddb()
            .get_item(
                TableName=REPRODUCTIONS.physical_name(),
                Key={"reproduction_id": {"S": reproduction_id}},
                ConsistentRead=consistent,
            )
            .get("Item")
        )
    return codec.from_item(item) if item else None


def put_new(item: dict[str, Any]) -> bool:
    """Store a new reproduction; False if that id exists already (an idempotent retry)."""
    from botocore.exceptions import ClientError

    with storage_errors("PutItem reproductions"):
        try:
            ddb().put_item(
                TableName=REPRODUCTIONS.physical_name(),
                Item=codec.to_item({**item, "write_rev": 1}),
                ConditionExpression="attribute_not_exists(reproduction_id)",
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return False
            raise
    return True


def query_page(
    index: str,
    key_name: str,
    key_value: str,
    *,
    limit: int,
    cursor: str | None,
    newest_first: bool,
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query page on a GSI, with an opaque cursor bound to this query."""
    fingerprint = query_fingerprint("reproductions", index, key_value)
    kwargs: dict[str, Any] = {
        "TableName": REPRODUCTIONS.physical_name(),
        "IndexName": index,
        "KeyConditionExpression": "#k = :v",
        "ExpressionAttributeNames": {"#k": key_name},
        "ExpressionAttributeValues": {":v": {"S": key_value}},
        "ScanIndexForward": not newest_first,
        "Limit": limit,
    }
    if cursor:
        kwargs["ExclusiveStartKey"] = decode_cursor(
            cursor,
            fingerprint,
            _CURSOR_FIELDS,
            required=frozenset({"reproduction_id", key_name, "submitted_key"}),
            partition=(key_name, key_value),
        )
    with storage_errors("Query reproductions"):
        response = ddb().query(**kwargs)
    items = [codec.from_item(i) for i in response.get("Items", [])]
    return items, encode_cursor(response.get("LastEvaluatedKey"), fingerprint)


def decide(
    reproduction_id: str,
    *,
    status: str,
    decided_by: str,
    decided_at: str,
    require_settled_validation: bool,
    require_not_duplicate: bool = False,
) -> dict[str, Any] | None:
    """agent_pending -> verified|rejected, once. Returns the new item, or None when the
    condition failed (caller reads the item to explain why).

    A promotion also requires, in the same conditional write, a validation that has settled as
    passed or unchecked, and a submitter other than the reviewer: no interleaving with the
    validator can end with `verified` + `failed` (the validator's own write refuses to fail a
    verified item, see `store_verdict`). `require_not_duplicate`: a reproduction flagged as a
    copy (`duplicate_of`) is promoted only with the reviewer's confirmation, in this condition."""
    from botocore.exceptions import ClientError

    condition = "#status = :pending"
    values: dict[str, Any] = {
        ":pending": {"S": "agent_pending"},
        ":status": {"S": status},
        ":by": {"S": decided_by},
        ":at": {"S": decided_at},
        **WRITE_REV_VALUES,
    }
    if require_settled_validation:
        condition += " AND validation.#state IN (:passed, :unchecked) AND submitter_id <> :by"
        values[":passed"] = {"S": "passed"}
        values[":unchecked"] = {"S": "unchecked"}
    if require_not_duplicate:
        condition += " AND attribute_not_exists(duplicate_of)"
    with storage_errors("UpdateItem decide reproduction"):
        try:
            response = ddb().update_item(
                TableName=REPRODUCTIONS.physical_name(),
                Key={"reproduction_id": {"S": reproduction_id}},
                UpdateExpression=(
                    "SET #status = :status, decided_by = :by, decided_at = :at, updated_at = :at, "
                    f"{WRITE_REV} REMOVE pending_queue"
                ),
                ConditionExpression=condition,
                ExpressionAttributeNames={
                    "#status": "status",
                    **({"#state": "state"} if require_settled_validation else {}),
                },
                ExpressionAttributeValues=values,
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return None
            raise
    return codec.from_item(response["Attributes"])


def store_verdict(
    reproduction_id: str,
    validation: dict[str, Any],
    trajectory: dict[str, Any] | None,
    trust_tier: int,
    now: str,
    compute: dict[str, Any] | None = None,
    duplicate_of: str | None = None,
) -> bool:
    """Store a recomputed verdict. Once a reviewer verified a reproduction on a passed (or
    unchecked) validation, no later validator run may turn it into a pending or failed one
    (a re-delivered event re-reading a URL that changed, say): the write refuses, in its
    condition, and returns False."""
    from botocore.exceptions import ClientError

    condition = "attribute_exists(reproduction_id)"
    values: dict[str, Any] = {
        ":v": codec.to_value(validation),
        ":t": codec.to_value(trajectory) if trajectory is not None else {"NULL": True},
        ":tier": {"N": str(trust_tier)},
        ":now": {"S": now},
        ":c": codec.to_value(compute) if compute is not None else {"NULL": True},
        **WRITE_REV_VALUES,
    }
    update = (
        "SET validation = :v, trajectory = :t, trust_tier = :tier, updated_at = :now, "
        f"compute = :c, {WRITE_REV}"
    )
    if duplicate_of is not None:  # an uploaded log's copy, found by the validator; never unset
        update += ", duplicate_of = :dup"
        values[":dup"] = {"S": duplicate_of}
    if validation.get("state") not in ("passed", "unchecked"):
        condition += " AND #status <> :verified"
        values[":verified"] = {"S": "verified"}
    with storage_errors("UpdateItem reproduction verdict"):
        try:
            ddb().update_item(
                TableName=REPRODUCTIONS.physical_name(),
                Key={"reproduction_id": {"S": reproduction_id}},
                UpdateExpression=update,
                ConditionExpression=condition,
                ExpressionAttributeValues=values,
                **(
                    {"ExpressionAttributeNames": {"#status": "status"}}
                    if ":verified" in values
                    else {}
                ),
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return False
            raise
    return True


def list_for_submitter(submitter_id: str) -> list[dict[str, Any]]:
    """Every reproduction an account submitted (follows pages)."""
    return _query_index("by_submitter", "submitter_id", submitter_id)


def get_many(reproduction_ids: list[str]) -> dict[str, dict[str, Any]]:
    """Reproductions by id (one BatchGetItem per 100); missing ids are left out."""
    from chalicelib.db.dynamo import batch_get

    if not reproduction_ids:
        return {}
    keys = [{"reproduction_id": {"S": rid}} for rid in dict.fromkeys(reproduction_ids)]
    items = batch_get(REPRODUCTIONS.physical_name(), keys)
    return {item["reproduction_id"]: item for item in map(codec.from_item, items)}
