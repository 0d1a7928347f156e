"""The hourly submission quota's counter, read alongside what a request reads anyway.

The counter is `QUOTA#<account>#<YYYYMMDDHH>` in the accounts table (`n`, counted by the
submission's transaction: `chalicelib.db.accounts.quota_update`). TransactWriteItems returns
no values, so a request that wants the count reads the counter in the BatchGetItem it makes
anyway: a submission with its paper, `GET /me` with its account. No extra DynamoDB call.
"""

from __future__ import annotations

from typing import Any

from chalicelib.db import codec
from chalicelib.db.dynamo import batch_get_tables
from chalicelib.db.tables import ACCOUNTS, PAPERS


def quota_pk(account_id: str, hour: str) -> str:
    return f"QUOTA#{account_id}#{hour}"


def _used(items: list[dict[str, Any]]) -> int:
    for item in map(codec.from_item, items):
        if str(item.get("pk", "")).startswith("QUOTA#"):
            return int(item.get("n", 0))
    return 0


def paper_and_quota_used(
    paper_id: str, account_id: str, hour: str
) -> tuple[dict[str, Any] | None, int]:
    """The paper (or None) and the account's submissions counted in this hour: one
    BatchGetItem over the papers and accounts tables."""
    papers, accounts = PAPERS.physical_name(), ACCOUNTS.physical_name()
    found = batch_get_tables(
        {
            papers: [{"paper_id": {"S": paper_id}}],
            accounts: [{"pk": {"S": quota_pk(account_id, hour)}}],
        }
    )
    paper = codec.from_item(found[papers][0]) if found.get(papers) else None
    return paper, _used(found.get(accounts, []))


def account_and_quota_used(account_id: str, hour: str) -> tuple[dict[str, Any] | None, int]:
    """The account item (or None) and its submissions counted in this hour: one BatchGetItem."""
    accounts = ACCOUNTS.physical_name()
    found = batch_get_tables(
        {
            accounts: [
                {"pk": {"S": f"ACCOUNT#{account_id}"}},
                {"pk": {"S": quota_pk(account_id, hour)}},
            ]
        }
    )
    items = [codec.from_item(i) for i in found.get(accounts, [])]
    account = next((i for i in items if str(i.get("pk", "")).startswith("ACCOUNT#")), None)
    return account, _used(found.get(accounts, []))
