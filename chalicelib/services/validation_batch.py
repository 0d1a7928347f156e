"""The validator's SQS batch: S3 event notifications -> validate each reproduction once per
batch, reporting failures per message (Powertools BatchProcessor)."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

from chalicelib.services.validation import object_keys, reproduction_id_of, validate_reproduction


def _time_left(context: Any) -> AbstractContextManager[None]:
    """Reading URL logs stops before the invocation's remaining time runs out (services/
    url_logs.py); without a Lambda context there is no such limit."""
    remaining = getattr(context, "get_remaining_time_in_millis", None)
    if remaining is None:
        return nullcontext()
    from chalicelib.services.url_logs import invocation_time

    return invocation_time(remaining() / 1000)


def handle_validation_batch(event: dict[str, Any], context: Any = None) -> dict[str, Any]:
    from aws_lambda_powertools.utilities.batch import (
        BatchProcessor,
        EventType,
        process_partial_response,
    )

    outcome: dict[str, Exception | None] = {}

    def validate_once(reproduction_id: str) -> None:
        if reproduction_id not in outcome:
            try:
                validate_reproduction(reproduction_id)
                outcome[reproduction_id] = None
            except Exception as exc:
                outcome[reproduction_id] = exc
        failure = outcome[reproduction_id]
        if failure is not None:
            raise failure

    def record_handler(record: Any) -> None:
        # s3:TestEvent and unrelated keys carry nothing to validate: they succeed.
        for key in object_keys(record.body):
            reproduction_id = reproduction_id_of(key)
            if reproduction_id:
                validate_once(reproduction_id)

    with _time_left(context):
        response: dict[str, Any] = process_partial_response(  # type: ignore[assignment]
            event=event,
            record_handler=record_handler,
            processor=BatchProcessor(event_type=EventType.SQS),
        )
    return response
