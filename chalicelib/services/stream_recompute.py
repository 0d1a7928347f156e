"""DynamoDB-stream handlers: which records make a paper dirty, and the batch loop.

Records of one paper in a batch are coalesced into one recompute (the recompute reads the
current state, which already includes every record of the batch). A failing paper fails only
its own records (`batchItemFailures`), the others are processed.
"""

from __future__ import annotations

from collections.abc import Callable
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


def dirty_agent_from_reproductions_record(record: dict[str, Any]) -> str | None:
    """A decision, a validation verdict or a trust tier changed: re-rate the submitter."""
    new, old = _image(record, "NewImage"), _image(record, "OldImage")
    watched = ("status", "validation", "trust_tier")
    if record.get("eventName") == "MODIFY" and all(new.get(k) == old.get(k) for k in watched):
        return None
    return _attr(new, "submitter_id") or _attr(old, "submitter_id")


class _Once:
    """Run each (kind, key) once per batch; later records of the same key share the result."""

    def __init__(self) -> None:
        self.outcome: dict[tuple[str, str], Exception | None] = {}

    def __call__(self, kind: str, key: str, work: Callable[[str], object]) -> None:
        if (kind, key) not in self.outcome:
            try:
                work(key)
                self.outcome[(kind, key)] = None
            except Exception as exc:
                self.outcome[(kind, key)] = exc
        failure = self.outcome[(kind, key)]
        if failure is not None:
            raise failure


def handle_stream_batch(event: dict[str, Any], table: str) -> dict[str, Any]:
    from aws_lambda_powertools.utilities.batch import (
        BatchProcessor,
        EventType,
        process_partial_response,
    )

    from chalicelib.services.agent_ratings import recompute_agent

    once = _Once()

    def record_handler(record: Any) -> None:
        raw = record.raw_event
        if table == "papers":
            paper_id = dirty_paper_from_papers_record(raw)
            if paper_id:
                once("paper", paper_id, recompute_paper)
            return
        paper_id = dirty_paper_from_reproductions_record(raw)
        if paper_id:
            once("paper", paper_id, recompute_paper)
        account_id = dirty_agent_from_reproductions_record(raw)
        if account_id:
            once("agent", account_id, recompute_agent)

    response: dict[str, Any] = process_partial_response(  # type: ignore[assignment]
        event=event,
        record_handler=record_handler,
        processor=BatchProcessor(event_type=EventType.DynamoDBStreams),
    )
    return response
