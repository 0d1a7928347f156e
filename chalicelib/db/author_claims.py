"""Author claims table (see keys.py): one item per (paper, account), plus one counter item per
paper (`account_id = "#pending"`) holding how many of its claims await a decision.

Every change is one TransactWriteItems on this table (the claim and the counter, whose
condition caps pending claims at `MAX_PENDING_PER_PAPER`), then one UpdateItem on the paper
bumping `claims_rev` and `source_rev`, which makes the papers stream recompute the score. The
transaction never includes the paper: the papers table has a stream, and a refused
transaction must not touch it."""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb, query_all, storage_errors
from chalicelib.db.tables import AUTHOR_CLAIMS, PAPERS
from chalicelib.db.transact import TransactionCancelled, transact_write

MAX_PENDING_PER_PAPER = 20
PENDING_COUNTER = "#pending"  # account ids never start with "#"


class ClaimRefused(Exception):
    def __init__(self, reason: str) -> None:  # "claim" | "cap"
        super().__init__(reason)
        self.reason = reason


def _counter(paper_id: str, change: int, cap: bool) -> dict[str, Any]:
    update: dict[str, Any] = {
        "TableName": AUTHOR_CLAIMS.physical_name(),
        "Key": {"paper_id": {"S": paper_id}, "account_id": {"S": PENDING_COUNTER}},
        "UpdateExpression": "ADD n :change",
        "ExpressionAttributeValues": {":change": {"N": str(change)}},
    }
    if cap:
        update["ConditionExpression"] = "attribute_not_exists(n) OR n < :cap"
        update["ExpressionAttributeValues"][":cap"] = {"N": str(MAX_PENDING_PER_PAPER)}
    return {"Update": update}


def bump_paper(paper_id: str) -> None:
    """Make the papers stream recompute the paper's score (its claims changed). Repeating it
    costs one recompute and changes nothing else."""
    with storage_errors("UpdateItem paper (claims)"):
        ddb().update_item(
            TableName=PAPERS.physical_name(),
            Key={"paper_id": {"S": paper_id}},
            UpdateExpression=(
                "SET claims_rev = if_not_exists(claims_rev, :zero) + :one, "
                "source_rev = if_not_exists(source_rev, :zero) + :one"
            ),
            ConditionExpression="attribute_exists(paper_id)",
            ExpressionAttributeValues={":zero": {"N": "0"}, ":one": {"N": "1"}},
        )


def add(claim: dict[str, Any]) -> None:
    """Store a pending claim, unless this account has a pending or verified claim on the paper
    (a rejected one may be claimed again) or the paper has MAX_PENDING_PER_PAPER pending."""
    try:
        transact_write(
            [
                {
                    "Put": {
                        "TableName": AUTHOR_CLAIMS.physical_name(),
                        "Item": codec.to_item({**claim, "state": "pending"}),
                        "ConditionExpression": "attribute_not_exists(paper_id) OR #s = :rejected",
                        "ExpressionAttributeNames": {"#s": "state"},
                        "ExpressionAttributeValues": {":rejected": {"S": "rejected"}},
                    }
                },
                _counter(claim["paper_id"], +1, cap=True),
            ]
        )
    except TransactionCancelled as cancelled:
        failed = [r == "ConditionalCheckFailed" for r in cancelled.reasons]
        raise ClaimRefused("claim" if failed and failed[0] else "cap") from None
    bump_paper(claim["paper_id"])


def decide(paper_id: str, account_id: str, state: str, at: str, by: str | None) -> None:
    """pending -> verified | rejected, once; never by the claiming account itself."""
    values: dict[str, Any] = {
        ":pending": {"S": "pending"},
        ":state": {"S": state},
        ":at": {"S": at},
    }
    condition = "#s = :pending"
    update = "SET #s = :state, decided_at = :at"
    if by is not None:
        values[":by"] = {"S": by}
        condition += " AND account_id <> :by"
        update += ", decided_by = :by"
    try:
        transact_write(
            [
                {
                    "Update": {
                        "TableName": AUTHOR_CLAIMS.physical_name(),
                        "Key": {"paper_id": {"S": paper_id}, "account_id": {"S": account_id}},
                        "UpdateExpression": update,
                        "ConditionExpression": condition,
                        "ExpressionAttributeNames": {"#s": "state"},
                        "ExpressionAttributeValues": values,
                    }
                },
                _counter(paper_id, -1, cap=False),
            ]
        )
    except TransactionCancelled:
        raise ClaimRefused("claim") from None
    bump_paper(paper_id)


def get(paper_id: str, account_id: str) -> dict[str, Any] | None:
    with storage_errors("GetItem author claim"):
        item = (
            ddb()
            .get_item(
                TableName=AUTHOR_CLAIMS.physical_name(),
                Key={"paper_id": {"S": paper_id}, "account_id": {"S": account_id}},
                ConsistentRead=True,
            )
            .get("Item")
        )
    return codec.from_item(item) if item else None


def list_for_paper(paper_id: str) -> list[dict[str, Any]]:
    """Every claim on a paper (not its counter), read strongly consistently: the recompute
    that reads them handles the stream record of a decision just made."""
    kwargs: dict[str, Any] = {
        "TableName": AUTHOR_CLAIMS.physical_name(),
        "KeyConditionExpression": "paper_id = :p",
        "ExpressionAttributeValues": {":p": {"S": paper_id}},
        "ConsistentRead": True,
    }
    items = query_all(kwargs, "Query author claims")
    return [item for item in items if item["account_id"] != PENDING_COUNTER]
