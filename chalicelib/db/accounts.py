"""Accounts table: accounts, API-key hashes, quota counters (see keys.py for the layout).

Items:
  ACCOUNT#<account_id>  {account_id, name, role, created_at, revoked_at?, key_hashes[]}
  KEY#<sha256>          {account_id, role, name, key_id, created_at, revoked_at?}
  KEYID#<key_id>        {key_hash}                       (revoke by public key id)
  QUOTA#<account>#<hour> {n, expires_at}                  (TTL)
  UPLOADQUOTA#<account>#<hour> {granted, expires_at}      (TTL; bytes of upload grants)
"""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import batch_write, ddb, error_code, storage_errors
from chalicelib.db.tables import ACCOUNTS
from chalicelib.errors import NotFound


def _get(pk: str, *, consistent: bool = False) -> dict[str, Any] | None:
    with storage_errors("GetItem accounts"):
        item = (
            ddb()
            .get_item(
                TableName=ACCOUNTS.physical_name(), Key={"pk": {"S": pk}}, ConsistentRead=consistent
            )
            .get("Item")
        )
    return codec.from_item(item) if item else None


def get_account(account_id: str) -> dict[str, Any] | None:
    return _get(f"ACCOUNT#{account_id}")


def get_key(key_hash: str) -> dict[str, Any] | None:
    """Strongly consistent: a revoked key is refused from the moment its revocation is
    written, not a replica's lag later (one read unit instead of half a unit per request)."""
    return _get(f"KEY#{key_hash}", consistent=True)


def put_account(account: dict[str, Any]) -> None:
    with storage_errors("PutItem account"):
        ddb().put_item(
            TableName=ACCOUNTS.physical_name(),
            Item=codec.to_item({"pk": f"ACCOUNT#{account['account_id']}", **account}),
            ConditionExpression="attribute_not_exists(pk)",
        )


class AccountRevoked(Exception):
    """The account was revoked (or does not exist) when a key was to join it."""


def put_key(key_hash: str, key: dict[str, Any], at: str) -> None:
    """The key item and its public-id pointer (one batch), then the hash on the account, in
    an update that holds only while the account exists and is not revoked. When it fails,
    the key just written is revoked (`at`) and AccountRevoked raised: a revocation that ran
    meanwhile returned the account's hashes without this one, so nothing else would."""
    from botocore.exceptions import ClientError

    batch_write(
        ACCOUNTS.physical_name(),
        [
            {"PutRequest": {"Item": codec.to_item({"pk": f"KEY#{key_hash}", **key})}},
            {
                "PutRequest": {
                    "Item": codec.to_item({"pk": f"KEYID#{key['key_id']}", "key_hash": key_hash})
                }
            },
        ],
    )
    with storage_errors("UpdateItem account keys"):
        try:
            ddb().update_item(
                TableName=ACCOUNTS.physical_name(),
                Key={"pk": {"S": f"ACCOUNT#{key['account_id']}"}},
                UpdateExpression="SET key_hashes = list_append(if_not_exists(key_hashes, :e), :h)",
                ConditionExpression="attribute_exists(pk) AND attribute_not_exists(revoked_at)",
                ExpressionAttributeValues={":e": {"L": []}, ":h": {"L": [{"S": key_hash}]}},
            )
        except ClientError as exc:
            if error_code(exc) != "ConditionalCheckFailedException":
                raise
            revoke_key(key_hash, at)
            raise AccountRevoked from None


def key_hash_for_id(key_id: str) -> str | None:
    item = _get(f"KEYID#{key_id}")
    return item["key_hash"] if item else None


def revoke_key(key_hash: str, at: str) -> bool:
    """Mark a key revoked; False if there is no such key."""
    from botocore.exceptions import ClientError

    with storage_errors("UpdateItem revoke key"):
        try:
            ddb().update_item(
                TableName=ACCOUNTS.physical_name(),
                Key={"pk": {"S": f"KEY#{key_hash}"}},
                UpdateExpression="SET revoked_at = if_not_exists(revoked_at, :at)",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":at": {"S": at}},
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return False
            raise
    return True


def revoke_account(account_id: str, at: str) -> list[str]:
    """Mark the account revoked and revoke every key its own write returns: a key created
    before that write is in the list; one created after it cannot join (see put_key)."""
    from botocore.exceptions import ClientError

    with storage_errors("UpdateItem revoke account"):
        try:
            response = ddb().update_item(
                TableName=ACCOUNTS.physical_name(),
                Key={"pk": {"S": f"ACCOUNT#{account_id}"}},
                UpdateExpression="SET revoked_at = if_not_exists(revoked_at, :at)",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":at": {"S": at}},
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                raise NotFound(f"no account '{account_id}'") from None
            raise
    hashes = list(codec.from_item(response["Attributes"]).get("key_hashes", []))
    for key_hash in hashes:
        revoke_key(key_hash, at)
    return hashes


def quota_update(account_id: str, hour: str, limit: int, expires_at: int) -> dict[str, Any]:
    """A TransactWriteItems `Update` that counts one submission in this hour's window."""
    return {
        "Update": {
            "TableName": ACCOUNTS.physical_name(),
            "Key": {"pk": {"S": f"QUOTA#{account_id}#{hour}"}},
            "UpdateExpression": "ADD n :one SET expires_at = :exp",
            "ConditionExpression": "attribute_not_exists(n) OR n < :limit",
            "ExpressionAttributeValues": {
                ":one": {"N": "1"},
                ":limit": {"N": str(limit)},
                ":exp": {"N": str(expires_at)},
            },
        }
    }


def upload_quota_update(
    account_id: str, hour: str, size: int, limit: int, expires_at: int
) -> dict[str, Any]:
    """A TransactWriteItems `Update` that counts `size` granted upload bytes in this hour's
    window; it fails when they would take the window past `limit`."""
    return {
        "Update": {
            "TableName": ACCOUNTS.physical_name(),
            "Key": {"pk": {"S": f"UPLOADQUOTA#{account_id}#{hour}"}},
            "UpdateExpression": "ADD granted :size SET expires_at = :exp",
            "ConditionExpression": "attribute_not_exists(granted) OR granted <= :room",
            "ExpressionAttributeValues": {
                ":size": {"N": str(size)},
                ":room": {"N": str(limit - size)},
                ":exp": {"N": str(expires_at)},
            },
        }
    }


def store_ratings(
    account_id: str, ratings: dict[str, Any], stamp: str, now: str
) -> dict[str, Any] | None:
    """Store recomputed ratings unless a recompute from newer inputs already did; returns the
    updated account, or None when a newer recompute won."""
    from botocore.exceptions import ClientError

    with storage_errors("UpdateItem ratings"):
        try:
            response = ddb().update_item(
                TableName=ACCOUNTS.physical_name(),
                Key={"pk": {"S": f"ACCOUNT#{account_id}"}},
                UpdateExpression="SET ratings = :r, ratings_stamp = :s, ratings_at = :now",
                ConditionExpression=(
                    "attribute_exists(pk) AND "
                    "(attribute_not_exists(ratings_stamp) OR ratings_stamp <= :s)"
                ),
                ExpressionAttributeValues={
                    ":r": codec.to_value(ratings),
                    ":s": {"S": stamp},
                    ":now": {"S": now},
                },
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return None
            raise
    return codec.from_item(response["Attributes"])


# --- review-page sessions (chalicelib/web/sessions.py) -------------------------------------
#   SESSION#<sha256 of the cookie token>  {account_id, role, name, key_hash, csrf_token,
#                                          created_at, expires_at}    (TTL, also checked on read)


def put_session(token_hash: str, session: dict[str, Any]) -> None:
    with storage_errors("PutItem session"):
        ddb().put_item(
            TableName=ACCOUNTS.physical_name(),
            Item=codec.to_item({"pk": f"SESSION#{token_hash}", **session}),
            ConditionExpression="attribute_not_exists(pk)",
        )


def get_session(token_hash: str) -> dict[str, Any] | None:
    """Strongly consistent: a signed-out session ends when its item is deleted, and a new
    one works on the very next page."""
    return _get(f"SESSION#{token_hash}", consistent=True)


def delete_session(token_hash: str) -> None:
    with storage_errors("DeleteItem session"):
        ddb().delete_item(
            TableName=ACCOUNTS.physical_name(), Key={"pk": {"S": f"SESSION#{token_hash}"}}
        )
