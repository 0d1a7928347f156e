"""Idempotency records for submissions (SPEC 5: `Idempotency-Key`, scoped per account).

Not Powertools' Idempotency utility: the record has to be written in the same transaction as
the quota count and the run reservation (one DynamoDB call for all three, and a refused quota
or run leaves no record behind), and the reproduction item itself is the "completed" state
(its id derives from the key), which saves the utility's second write per submission.
"""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, storage_errors
from chalicelib.db.tables import IDEMPOTENCY


def record_id(account_id: str, key: str) -> str:
    return f"{account_id}#{key}"


def claim_put(
    account_id: str,
    key: str,
    body_hash: str,
    reproduction_id: str,
    in_progress_until: int,
    expiration: int,
) -> dict[str, Any]:
    """A TransactWriteItems `Put` that claims the key (fails if someone already has)."""
    return {
        "Put": {
            "TableName": IDEMPOTENCY.physical_name(),
            "Item": codec.to_item(
                {
                    "id": record_id(account_id, key),
                    "body_hash": body_hash,
                    "reproduction_id": reproduction_id,
                    "in_progress_until": in_progress_until,
                    "expiration": expiration,
                }
            ),
            "ConditionExpression": "attribute_not_exists(id)",
        }
    }


def takeover_update(
    account_id: str, key: str, body_hash: str, now: int, in_progress_until: int
) -> dict[str, Any]:
    """Re-claim a record whose attempt stalled (crashed before storing the reproduction)."""
    return {
        "Update": {
            "TableName": IDEMPOTENCY.physical_name(),
            "Key": {"id": {"S": record_id(account_id, key)}},
            "UpdateExpression": "SET in_progress_until = :until",
            "ConditionExpression": "body_hash = :h AND in_progress_until < :now",
            "ExpressionAttributeValues": {
                ":h": {"S": body_hash},
                ":now": {"N": str(now)},
                ":until": {"N": str(in_progress_until)},
            },
        }
    }


def get(account_id: str, key: str) -> dict[str, Any] | None:
    with storage_errors("GetItem idempotency"):
        item = (
            ddb()
            .get_item(
                TableName=IDEMPOTENCY.physical_name(),
                Key={"id": {"S": record_id(account_id, key)}},
                ConsistentRead=True,
            )
            .get("Item")
        )
    return codec.from_item(item) if item else None
