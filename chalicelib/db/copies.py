"""Content claims: which reproduction first submitted a run output for a paper (issue 18).

Items live in the idempotency table under their own key prefix, `content#<paper_id>#<sha256
of the normalised output>` (see keys.py), with the reproduction and account that claimed it
and no expiry attribute, so TTL never removes them. Not in the papers table: it has a stream,
and no transaction may touch it.

The claim is a `Put` in the submission's own transaction, with `attribute_not_exists(id)`:
of any number of parallel submissions of one output, exactly one is first, and the others
read the first one's claim from the cancellation reason (`ReturnValuesOnConditionCheckFailure`).
"""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, error_code, storage_errors
from chalicelib.db.tables import IDEMPOTENCY

PREFIX = "content#"


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
    paper_id: str, digest: str, reproduction_id: str, account_id: str, claimed_at: str
) -> dict[str, Any]:
    """The claim that stands for this output: this reproduction's, made now (or already), or
    the earlier one's. For an uploaded log, whose content only the validator reads: one
    conditional PutItem, so of parallel validations exactly one is first; a redelivered event
    finds its own claim and changes nothing."""
    from botocore.exceptions import ClientError

    put = claim_put(paper_id, digest, reproduction_id, account_id, claimed_at)["Put"]
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
    return {"reproduction_id": reproduction_id, "account_id": account_id}
