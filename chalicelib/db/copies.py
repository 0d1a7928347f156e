"""Content claims: which reproduction first submitted a run output for a paper (issue 18).

Items live in the idempotency table under their own key prefix, `content#<paper_id>#<sha256
of the normalised output>` (see keys.py), with the reproduction and account that claimed it
and no expiry attribute, so TTL never removes them. Not in the papers table: it has a stream,
and no transaction may touch it.

The claim is a `Put` in the submission's own transaction, with `attribute_not_exists(id)`:
of any number of parallel submissions of one output, exactly one is first, and the others
read the first one's claim from the cancellation reason (`ReturnValuesOnConditionCheckFailure`).

An uploaded log, or the file behind a log URL, is claimed only when the validator reads it,
which may be after a later submission pasted the same output. Who was first is the
submission time (`submitted_at`, then the reproduction id): `claim` takes over a claim held by
a later submission of another account, and marks that one as the copy, in one transaction
(`_take_over`).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, error_code, storage_errors
from chalicelib.db.reproductions import WRITE_REV, WRITE_REV_VALUES
from chalicelib.db.tables import IDEMPOTENCY, REPRODUCTIONS
from chalicelib.errors import StorageUnavailable

PREFIX = "content#"
# A pasted submission claims its output in its transaction and stores its reproduction right
# after. A claim of a reproduction not stored this long after its submission was abandoned
# (a retry with its Idempotency-Key claims again, in a new transaction).
UNSTORED_GRACE = timedelta(minutes=2)
TAKEOVER_ROUNDS = 5


class OwnerNotStoredYet(Exception):
    """A later submission holds the claim but its reproduction is not stored yet: retry."""


def claim_id(paper_id: str, digest: str) -> str:
    return f"{PREFIX}{paper_id}#{digest}"


def claim_put(
    paper_id: str, digest: str, reproduction_id: str, account_id: str, claimed_at: str
) -> dict[str, Any]:
    """A TransactWriteItems `Put` that claims the output for this reproduction; when another
    submission was first, the transaction is cancelled with that claim as the reason's Item."""
    return {
        "Put": {
            "TableName": IDEMPOTENCY.physical_name(),
            "Item": codec.to_item(
                {
                    "id": claim_id(paper_id, digest),
                    "reproduction_id": reproduction_id,
                    "account_id": account_id,
                    "claimed_at": claimed_at,
                }
            ),
            "ConditionExpression": "attribute_not_exists(id)",
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
        }
    }


def get_claim(put: dict[str, Any]) -> dict[str, Any] | None:
    """The stored claim a `claim_put` collided with (when the cancellation did not carry it)."""
    with storage_errors("GetItem content claim"):
        item = (
            ddb()
            .get_item(
                TableName=IDEMPOTENCY.physical_name(),
                Key={"id": put["Put"]["Item"]["id"]},
                ConsistentRead=True,
            )
            .get("Item")
        )
    return codec.from_item(item) if item else None


def owner_of(item: dict[str, Any] | None) -> dict[str, Any] | None:
    """The claim in a cancellation reason's Item (attribute-value map), as a plain dict."""
    return codec.from_item(item) if item else None


def claim(
    paper_id: str,
    digest: str,
    reproduction_id: str,
    account_id: str,
    submitted_at: str,
    may_take_over: bool = True,
) -> dict[str, Any]:
    """The claim that stands for this output: this reproduction's, made now (or already), or
    the earlier one's. For an uploaded log or a log URL, whose content only the validator
    reads: one conditional PutItem, so of parallel validations exactly one is first; a
    redelivered event finds its own claim and changes nothing.

    First is the earlier submission (`submitted_at`, then the id), not the earlier read: a
    claim held by a later submission of another account is taken over (`_take_over`). An
    account's own later submission keeps its claim (it makes no copy). `may_take_over`
    False: the content was read too long after its submission to say it was there then (a
    mutable log URL): the earlier claim stands, whoever submitted it."""
    put = claim_put(paper_id, digest, reproduction_id, account_id, submitted_at)["Put"]
    mine = {"reproduction_id": reproduction_id, "account_id": account_id}
    for _ in range(TAKEOVER_ROUNDS):
        owner = _put_or_owner(put, reproduction_id)
        if owner is None:
            return mine
        if (
            not may_take_over
            or owner.get("account_id") == account_id
            or _order(owner) < (submitted_at, reproduction_id)
        ):
            return owner
        if _take_over(put, owner, reproduction_id):
            return mine
        # another validator changed the claim between our reads: read it again
    raise StorageUnavailable("the content claim kept changing; retry")


def _order(owner: dict[str, Any]) -> tuple[str, str]:
    """Submission order of a claim: its submission time (`claimed_at` is the submitter's
    `submitted_at`, server-stamped), then the reproduction id."""
    return str(owner.get("claimed_at", "")), str(owner["reproduction_id"])


def _put_or_owner(put: dict[str, Any], reproduction_id: str) -> dict[str, Any] | None:
    """Claim the output (or find our own claim again): None, or the claim that stands."""
    from botocore.exceptions import ClientError

    with storage_errors("PutItem content claim"):
        try:
            ddb().put_item(
                TableName=put["TableName"],
                Item=put["Item"],
                ConditionExpression="attribute_not_exists(id) OR reproduction_id = :r",
                ExpressionAttributeValues={":r": {"S": reproduction_id}},
                ReturnValuesOnConditionCheckFailure="ALL_OLD",
            )
        except ClientError as exc:
            if error_code(exc) != "ConditionalCheckFailedException":
                raise
            earlier = owner_of(exc.response.get("Item")) or get_claim({"Put": put})
            if earlier is not None:
                return earlier
            raise
    return None


def _take_over(put: dict[str, Any], later: dict[str, Any], reproduction_id: str) -> bool:
    """Take the claim from a later submission of another account, in one transaction with the
    mark on that later reproduction. Returns False when the claim no longer names it (another
    validator took it first: the caller reads it again).

    - not promoted (pending or rejected): it gets `duplicate_of` = this reproduction, on the
      condition `status <> verified`. A one-click promotion requires `status = agent_pending
      AND attribute_not_exists(duplicate_of)`: whichever write comes first fails the other's
      condition, so it is never both promoted without confirmation and marked.
    - promoted already (`verified`): its decision stands (decisions are final); it gets
      `copy_of_earlier` = this reproduction, which the paper page shows for a reviewer.
    - not stored yet: retried (`OwnerNotStoredYet`) while its submission may still be storing
      it; after that the claim is taken without a mark (a retry of that submission then finds
      this claim in its own transaction and is stored as a copy)."""
    from chalicelib.db.transact import TransactionCancelled, transact_write

    later_id = str(later["reproduction_id"])
    take = {
        "Put": {
            "TableName": put["TableName"],
            "Item": put["Item"],
            "ConditionExpression": "reproduction_id = :later",
            "ExpressionAttributeValues": {":later": {"S": later_id}},
        }
    }
    now = datetime.now(UTC).isoformat(timespec="microseconds")
    for mark in (_mark_copy, _mark_promoted_copy):
        try:
            transact_write([take, mark(later_id, reproduction_id, now)])
        except TransactionCancelled as cancelled:
            if cancelled.reasons[0] == "ConditionalCheckFailed":
                return False  # the claim changed
            continue  # the later reproduction's status is not what this mark needs
        return True
    from chalicelib.db import reproductions as reproductions_db

    if reproductions_db.get(later_id, consistent=True) is not None:
        return False  # stored (or promoted) between the two tries: go again
    claimed_at = datetime.fromisoformat(str(later.get("claimed_at") or now))
    if datetime.now(UTC) - claimed_at < UNSTORED_GRACE:
        raise OwnerNotStoredYet(f"reproduction {later_id} holds the claim but is not stored yet")
    try:
        transact_write([take])
    except TransactionCancelled:
        return False
    return True


def _mark_copy(later_id: str, earlier_id: str, now: str) -> dict[str, Any]:
    return {
        "Update": {
            "TableName": REPRODUCTIONS.physical_name(),
            "Key": {"reproduction_id": {"S": later_id}},
            "UpdateExpression": f"SET duplicate_of = :earlier, updated_at = :now, {WRITE_REV}",
            "ConditionExpression": "attribute_exists(reproduction_id) AND #status <> :verified",
            "ExpressionAttributeNames": {"#status": "status"},
            "ExpressionAttributeValues": {
                ":earlier": {"S": earlier_id},
                ":now": {"S": now},
                ":verified": {"S": "verified"},
                **WRITE_REV_VALUES,
            },
        }
    }


def _mark_promoted_copy(later_id: str, earlier_id: str, now: str) -> dict[str, Any]:
    return {
        "Update": {
            "TableName": REPRODUCTIONS.physical_name(),
            "Key": {"reproduction_id": {"S": later_id}},
            "UpdateExpression": f"SET copy_of_earlier = :earlier, updated_at = :now, {WRITE_REV}",
            "ConditionExpression": "#status = :verified",
            "ExpressionAttributeNames": {"#status": "status"},
            "ExpressionAttributeValues": {
                ":earlier": {"S": earlier_id},
                ":now": {"S": now},
                ":verified": {"S": "verified"},
                **WRITE_REV_VALUES,
            },
        }
    }
