"""TransactWriteItems with per-item cancellation reasons."""

from __future__ import annotations

from typing import Any

from chalicelib.db.dynamo import ddb, error_code, storage_errors


class TransactionCancelled(Exception):
    def __init__(self, reasons: list[str]) -> None:
        super().__init__(", ".join(reasons))
        self.reasons = reasons  # one code per item, "None" where that item was fine


def transact_write(items: list[dict[str, Any]]) -> None:
    from botocore.exceptions import ClientError

    with storage_errors("TransactWriteItems"):
        try:
            ddb().transact_write_items(TransactItems=items)
        except ClientError as exc:
            if error_code(exc) != "TransactionCanceledException":
                raise
            reasons = [r.get("Code", "None") for r in exc.response.get("CancellationReasons", [])]
            if "ConditionalCheckFailed" not in reasons:
                raise
            raise TransactionCancelled(reasons) from exc
