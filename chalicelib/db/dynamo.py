"""Thin helpers over the DynamoDB client: ClientError -> domain errors, batching."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from chalicelib.db import aws, codec
from chalicelib.errors import InvalidRequest, StorageUnavailable

logger = logging.getLogger(__name__)
BUSY = "the ledger's storage is busy or unreachable; retry shortly"

BATCH_WRITE_MAX = 25
BATCH_GET_MAX = 100
_RETRYABLE = {
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "InternalServerError",
}


def ddb() -> Any:
    return aws.client("dynamodb")


@contextmanager
def storage_errors(action: str) -> Iterator[None]:
    """Turn botocore errors into domain errors; callers catch specific codes first.

    DynamoDB refuses a request with ValidationException when a value in it cannot be used (a
    key too long or empty, a start key outside the query): that is the client's input, so it
    is a 400, never "retry shortly". Everything else is StorageUnavailable (503). Messages
    never name backend operations or error codes; the log does."""
    from botocore.exceptions import BotoCoreError, ClientError

    try:
        yield
    except ClientError as exc:
        code = exc.response.get("Error", {}).get("Code", "")
        if code == "ValidationException":
            logger.warning("%s refused: %s", action, exc)
            raise InvalidRequest(
                "a value in this request cannot be looked up or stored (too long, empty or "
                "malformed); check the ids, cursor and text fields you sent"
            ) from exc
        logger.warning("%s failed: %s", action, code)
        raise StorageUnavailable(BUSY) from exc
    except BotoCoreError as exc:
        logger.warning("%s failed: %s", action, type(exc).__name__)
        raise StorageUnavailable(BUSY) from exc


def query_all(kwargs: dict[str, Any], action: str) -> list[dict[str, Any]]:
    """Every item a Query finds, decoded, following its pages (`action` names it in errors)."""
    items: list[dict[str, Any]] = []
    while True:
        with storage_errors(action):
            response = ddb().query(**kwargs)
        items.extend(codec.from_item(i) for i in response.get("Items", []))
        if "LastEvaluatedKey" not in response:
            return items
        kwargs = {**kwargs, "ExclusiveStartKey": response["LastEvaluatedKey"]}


def error_code(exc: BaseException) -> str:
    response = getattr(exc, "response", None) or {}
    return str(response.get("Error", {}).get("Code", ""))


def chunks(items: list[Any], size: int) -> Iterator[list[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def batch_write(table: str, requests: list[dict[str, Any]]) -> int:
    """BatchWriteItem in chunks of 25, retrying unprocessed items with backoff. Returns calls."""
    return batch_write_tables([(table, request) for request in requests])


def batch_write_tables(requests: list[tuple[str, dict[str, Any]]]) -> int:
    """Like batch_write, for requests on several tables (one call carries up to 25)."""
    calls = 0
    for chunk in chunks(requests, BATCH_WRITE_MAX):
        pending: dict[str, Any] = {}
        for table, request in chunk:
            pending.setdefault(table, []).append(request)
        for attempt in range(8):
            with storage_errors("BatchWriteItem"):
                response = ddb().batch_write_item(RequestItems=pending)
            calls += 1
            pending = response.get("UnprocessedItems") or {}
            if not pending:
                break
            time.sleep(min(0.05 * 2**attempt, 2.0))
        else:
            raise StorageUnavailable(BUSY)
    return calls


def batch_get(
    table: str, keys: list[dict[str, Any]], *, consistent: bool = False
) -> list[dict[str, Any]]:
    """BatchGetItem in chunks of 100, retrying unprocessed keys. Returns raw items.
    `consistent`: strongly consistent reads (each item as its latest write left it)."""
    found: list[dict[str, Any]] = []
    for chunk in chunks(keys, BATCH_GET_MAX):
        pending: dict[str, Any] = {table: {"Keys": chunk, "ConsistentRead": consistent}}
        for attempt in range(8):
            with storage_errors("BatchGetItem"):
                response = ddb().batch_get_item(RequestItems=pending)
            found.extend(response.get("Responses", {}).get(table, []))
            pending = response.get("UnprocessedKeys") or {}
            if not pending:
                break
            time.sleep(min(0.05 * 2**attempt, 2.0))
        else:
            raise StorageUnavailable(BUSY)
    return found


def batch_get_tables(keys: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """One BatchGetItem over several tables (at most 100 keys in all), retrying unprocessed
    keys. Returns raw items per table."""
    found: dict[str, list[dict[str, Any]]] = {table: [] for table in keys}
    pending: dict[str, Any] = {table: {"Keys": ks} for table, ks in keys.items() if ks}
    for attempt in range(8):
        if not pending:
            return found
        with storage_errors("BatchGetItem"):
            response = ddb().batch_get_item(RequestItems=pending)
        for table, items in response.get("Responses", {}).items():
            found.setdefault(table, []).extend(items)
        pending = response.get("UnprocessedKeys") or {}
        if pending:
            time.sleep(min(0.05 * 2**attempt, 2.0))
    if pending:
        raise StorageUnavailable("BatchGetItem kept returning unprocessed keys")
    return found
