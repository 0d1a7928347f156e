"""DynamoDB-stream handlers: which records make a paper dirty, and the batch loop.

Records of one paper in a batch are coalesced into one recompute (the recompute reads the
current state, which already includes every record of the batch). A failing paper fails only
its own records (`batchItemFailures`), the others are processed.
"""

from __future__ import annotations

from typing import Any

from chalicelib.services.recompute import recompute_paper


def _image(record: dict[str, Any], which: str) -> dict[str, Any]:
    return record.get("dynamodb", {}).get(which) or {}


def _attr(image: dict[str, Any], name: str) -> str | None:
    value = image.get(name)
    if not value:
        return None
    return str(next(iter(value.values())))


def dirty_paper_from_papers_record(record: dict[str, Any]) -> str | None:
    """A paper row changed in its source data (not just its derived fields)."""
    new, old = _image(record, "NewImage"), _image(record, "OldImage")
    if record.get("eventName") == "REMOVE":
        return None  # nothing to recompute for a deleted paper
    if record.get("eventName") == "MODIFY" and _attr(new, "source_rev") == _attr(old, "source_rev"):
        return None  # our own derived-field write: no recompute loop
    return _attr(new, "paper_id")


def dirty_paper_from_reproductions_record(record: dict[str, Any]) -> str | None:
    return _attr(_image(record, "NewImage"), "paper_id") or _attr(
        _image(record, "OldImage"), "paper_id"
    )


def handle_stream_batch(event: dict[str, Any], table: str) -> dict[str, Any]:
    from aws_lambda_powertools.utilities.batch import (
        BatchProcessor,
        EventType,
        process_partial_response,
    )

    dirty_of = (
        dirty_paper_from_papers_record
        if table == "papers"
        else dirty_paper_from_reproductions_record
    )
    outcome: dict[str, Exception | None] = {}

    def recompute_once(paper_id: str) -> None:
        if paper_id not in outcome:
            try:
                recompute_paper(paper_id)
                outcome[paper_id] = None
            except Exception as exc:
                outcome[paper_id] = exc
        failure = outcome[paper_id]
        if failure is not None:
            raise failure

    def record_handler(record: Any) -> None:
        paper_id = dirty_of(record.raw_event)
        if paper_id:
            recompute_once(paper_id)

    response: dict[str, Any] = process_partial_response(  # type: ignore[assignment]
        event=event,
        record_handler=record_handler,
        processor=BatchProcessor(event_type=EventType.DynamoDBStreams),
    )
    return response
