"""Upload grants table (`uploads`): one item per POST /api/v1/uploads.

Item: upload_id, account_id, kind ("run_log" | "replay_log"), bytes (the granted size),
content_encoding ("identity" | "gzip"), s3_key, created_at, url_expires_at (epoch: the PUT
must start before), expires_at (epoch, TTL: the upload must be referenced before), and once a
submission references it, used_by (the reproduction id) and used_at.
"""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, error_code, storage_errors
from chalicelib.db.tables import UPLOADS


def put_item(grant: dict[str, Any]) -> dict[str, Any]:
    """A TransactWriteItems `Put` of a new grant (never over an existing one)."""
    return {
        "Put": {
            "TableName": UPLOADS.physical_name(),
            "Item": codec.to_item(grant),
            "ConditionExpression": "attribute_not_exists(upload_id)",
        }
    }


def get(upload_id: str) -> dict[str, Any] | None:
    with storage_errors("GetItem uploads"):
        item = (
            ddb()
            .get_item(
                TableName=UPLOADS.physical_name(),
                Key={"upload_id": {"S": upload_id}},
                ConsistentRead=True,
            )
            .get("Item")
        )
    return codec.from_item(item) if item else None


def use_update(
    upload_id: str,
    *,
    account_id: str,
    kind: str,
    reproduction_id: str,
    received_bytes: int,
    now_epoch: int,
    now_iso: str,
) -> dict[str, Any]:
    """A TransactWriteItems `Update` that marks the upload used by `reproduction_id`. It holds
    only for the grant's own account, the right kind, before the grant expires, for an object
    no larger than granted, and when no other reproduction used it; a retry of the same
    submission (same reproduction id) passes again. This condition, not a read before it, is
    what makes an upload usable once."""
    return {
        "Update": {
            "TableName": UPLOADS.physical_name(),
            "Key": {"upload_id": {"S": upload_id}},
            "UpdateExpression": "SET used_by = :rid, used_at = if_not_exists(used_at, :at)",
            "ConditionExpression": (
                "account_id = :me AND kind = :kind AND expires_at > :now AND #bytes >= :size "
                "AND (attribute_not_exists(used_by) OR used_by = :rid)"
            ),
            "ExpressionAttributeNames": {"#bytes": "bytes"},
            "ExpressionAttributeValues": {
                ":me": {"S": account_id},
                ":kind": {"S": kind},
                ":rid": {"S": reproduction_id},
                ":now": {"N": str(now_epoch)},
                ":size": {"N": str(received_bytes)},
                ":at": {"S": now_iso},
            },
        }
    }


def release(upload_id: str, reproduction_id: str) -> None:
    """Undo `use_update` when the submission could not be completed (best effort: only if
    this reproduction still holds it)."""
    from botocore.exceptions import ClientError

    with storage_errors("UpdateItem uploads (release)"):
        try:
            ddb().update_item(
                TableName=UPLOADS.physical_name(),
                Key={"upload_id": {"S": upload_id}},
                UpdateExpression="REMOVE used_by, used_at",
                ConditionExpression="used_by = :rid",
                ExpressionAttributeValues={":rid": {"S": reproduction_id}},
            )
        except ClientError as exc:
            if error_code(exc) != "ConditionalCheckFailedException":
                raise
