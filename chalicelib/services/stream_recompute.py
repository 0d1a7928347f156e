"""DynamoDB-stream handlers: which records make a paper dirty, and the batch loop.

Records of one paper in a batch are coalesced into one recompute (the recompute reads the
current state, which already includes every record of the batch). A failing paper fails only
its own records (`batchItemFailures`), the others are processed.

After the records, each task that a record touched gets its summary recomputed once
(`services.tasks`): the tasks of every recomputed paper, and for a change of a paper's source
data the tasks named in its old and new images, so that a retried batch still recomputes a
task that the paper left. A failing task fails the records that touched it.
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


def task_slugs_of_images(record: dict[str, Any]) -> set[str]:
    """The tasks a papers-stream record's old and new images name (tasks and claims)."""
    from chalicelib.db.codec import from_item
    from chalicelib.domain.text import slugify

    slugs: set[str] = set()
    for which in ("OldImage", "NewImage"):
        image = from_item(_image(record, which))
        names = [*image.get("tasks", []), *(c.get("task", "") for c in image.get("claims", []))]
        slugs |= {slugify(n) for n in names if isinstance(n, str)}
    return {s for s in slugs if s}


def new_images(event: dict[str, Any]) -> list[dict[str, Any]]:
    """The items as the batch's records leave them (a later record of an item wins)."""
    from chalicelib.db.codec import from_item

    latest: dict[str, dict[str, Any]] = {}
    for record in event.get("Records") or []:
        image = _image(record, "NewImage")
        if image:
            item = from_item(image)
            latest[str(item.get("reproduction_id"))] = item
    return list(latest.values())


def read_dirty_papers(event: dict[str, Any], table: str) -> dict[str, dict[str, Any] | None]:
    """The papers the batch's records make dirty, by id (None: not there), read strongly
    consistently in BatchGetItems; empty if that read fails (each recompute then reads its
    own paper, and a failure fails only that paper's records)."""
    from chalicelib.db import papers as papers_db

    dirty = (
        dirty_paper_from_papers_record
        if table == "papers"
        else dirty_paper_from_reproductions_record
    )
    paper_ids = list(dict.fromkeys(p for r in event.get("Records") or [] if (p := dirty(r))))
    if not paper_ids:
        return {}
    try:
        found = papers_db.get_papers(paper_ids, consistent=True)
    except Exception:
        return {}
    return {paper_id: found.get(paper_id) for paper_id in paper_ids}


def handle_stream_batch(event: dict[str, Any], table: str) -> dict[str, Any]:
    from aws_lambda_powertools.utilities.batch import (
        BatchProcessor,
        EventType,
        process_partial_response,
    )

    from chalicelib.services.agent_ratings import recompute_agent

    once = _Once()
    paper_tasks: dict[str, set[str]] = {}  # paper -> tasks it was or is in
    touched: dict[str, list[str]] = {}  # task slug -> sequence numbers of its records
    # The batch's reproductions as its records leave them: the recomputes read them through
    # indexes, which may not show these writes yet (reproductions_db.with_fresher).
    fresher = new_images(event) if table == "reproductions" else []
    # Every dirty paper of the batch read at once (one BatchGetItem per 100), not one GetItem
    # each: the batch's records were all written before it was delivered.
    read_already = read_dirty_papers(event, table)

    def recompute(paper_id: str) -> None:
        recompute_paper(paper_id, paper_tasks.setdefault(paper_id, set()), fresher, read_already)

    def rate(account_id: str) -> None:
        recompute_agent(account_id, fresher)

    def touch(raw: dict[str, Any], slugs: set[str]) -> None:
        sequence = str(raw.get("dynamodb", {}).get("SequenceNumber", ""))
        for slug in slugs:
            touched.setdefault(slug, []).append(sequence)

    def record_handler(record: Any) -> None:
        raw = record.raw_event
        if table == "papers":
            paper_id = dirty_paper_from_papers_record(raw)
            if paper_id:
                once("paper", paper_id, recompute)
                touch(raw, paper_tasks.get(paper_id, set()) | task_slugs_of_images(raw))
            return
        paper_id = dirty_paper_from_reproductions_record(raw)
        if paper_id:
            once("paper", paper_id, recompute)
            touch(raw, paper_tasks.get(paper_id, set()))
        account_id = dirty_agent_from_reproductions_record(raw)
        if account_id:
            once("agent", account_id, rate)

    response: dict[str, Any] = process_partial_response(  # type: ignore[assignment]
        event=event,
        record_handler=record_handler,
        processor=BatchProcessor(event_type=EventType.DynamoDBStreams),
    )
    return _with_task_recomputes(response, touched)


def _with_task_recomputes(
    response: dict[str, Any], touched: dict[str, list[str]]
) -> dict[str, Any]:
    from chalicelib.services.tasks import recompute_tasks

    failed = recompute_tasks(set(touched))
    if not failed:
        return response
    failures = list(response.get("batchItemFailures") or [])
    listed = {f["itemIdentifier"] for f in failures}
    for slug in failed:
        for sequence in touched[slug]:
            if sequence not in listed:
                failures.append({"itemIdentifier": sequence})
                listed.add(sequence)
    return {**response, "batchItemFailures": failures}
