"""TransactWriteItems with per-item cancellation reasons."""

from __future__ import annotations

from typing import Any

from chalicelib.db.dynamo import ddb, error_code, storage_errors


class TransactionCancelled(Exception):
    def __init__(
        self, reasons: list[str], items: list[dict[str, Any] | None] | None = None
    ) -> None:
        super().__init__(", ".join(reasons))
        self.reasons = reasons  # one code per item, "None" where that item was fine
        # per item: the stored item that failed its condition, when the request asked for it
        # (ReturnValuesOnConditionCheckFailure=ALL_OLD), else None
        self.items = items or [None] * len(reasons)


def transact_write(items: list[dict[str, Any]]) -> None:
    from botocore.exceptions import ClientError

    with storage_errors("TransactWriteItems"):
        try:
            ddb().transact_write_items(TransactItems=items)
        except ClientError as exc:
            if error_code(exc) != "TransactionCanceledException":
                raise
            cancelled = exc.response.get("CancellationReasons", [])
            reasons = [r.get("Code", "None") for r in cancelled]
            if "ConditionalCheckFailed" not in reasons:
                raise
            raise TransactionCancelled(reasons, [r.get("Item") for r in cancelled]) from exc
