"""The task catalogue: recompute a task's summary from its membership rows, list tasks, show
one task, and suggest names for an unknown task or dataset ("did you mean").

The paper recompute writes one membership row per (task, paper). After a stream batch, each
task that a recomputed paper was or is in gets `recompute_task`: one strongly consistent
Query of the task's partition, the summary and dataset rows derived from the membership rows
(`chalicelib.domain.catalog`), and a write of only what differs. Recomputes of one task can
run at once (two stream shards): after writing, it re-reads the partition; if a membership
row changed meanwhile, or the stored summary was computed from other rows, it goes again
(bounded), so the last one to finish stores the summary of the latest rows.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

from chalicelib.db import keys
from chalicelib.db import tasks as tasks_db
from chalicelib.domain.catalog import suggestions, summarise_task
from chalicelib.domain.text import slugify
from chalicelib.errors import HttpError

MAX_ROUNDS = 3
_VOLATILE = ("updated_at",)


def _fingerprint(members: list[dict[str, Any]]) -> str:
    material = sorted(
        json.dumps({k: v for k, v in m.items() if k not in _VOLATILE}, sort_keys=True, default=str)
        for m in members
    )
    return hashlib.sha256("\n".join(material).encode()).hexdigest()[:24]


def derive_task_rows(
    task_slug: str, members: list[dict[str, Any]], now: str
) -> list[dict[str, Any]]:
    """The summary and dataset rows of a task (none when no paper has it any more)."""
    if not members:
        return []
    summary = summarise_task(task_slug, members)
    pk = keys.task_pk(task_slug)
    rows: list[dict[str, Any]] = [
        {
            "pk": pk,
            "sk": keys.TASK_SUMMARY_SK,
            "listed": keys.TASK_LISTED,
            "task": summary["task"],
            "task_slug": task_slug,
            "papers": summary["papers"],
            "datasets": summary["datasets"],
            "counted_reproductions": summary["counted_reproductions"],
            "papers_key": keys.papers_key(summary["papers"], task_slug),
            "members_hash": _fingerprint(members),
            "updated_at": now,
        }
    ]
    rows += [
        {"pk": pk, "sk": keys.task_dataset_sk(d["dataset_slug"]), "task_slug": task_slug, **d}
        for d in summary["dataset_rows"]
    ]
    return rows


def _same(a: dict[str, Any] | None, b: dict[str, Any]) -> bool:
    if a is None:
        return False
    strip = lambda row: {k: v for k, v in row.items() if k not in _VOLATILE}  # noqa: E731
    return bool(strip(a) == strip(b))


def recompute_task(task_slug: str) -> bool:
    """Recompute one task's summary and dataset rows. Returns True if it wrote anything."""
    wrote = False
    for _ in range(MAX_ROUNDS):
        rows = tasks_db.partition(task_slug)
        members = [r for r in rows if r["sk"].startswith(keys.task_member_sk(""))]
        current = {r["sk"]: r for r in rows if not r["sk"].startswith(keys.task_member_sk(""))}
        now = datetime.now(UTC).isoformat(timespec="microseconds")
        wanted = derive_task_rows(task_slug, members, now)
        puts = [row for row in wanted if not _same(current.get(row["sk"]), row)]
        wanted_sks = {row["sk"] for row in wanted}
        deletes = [{"pk": r["pk"], "sk": sk} for sk, r in current.items() if sk not in wanted_sks]
        if not puts and not deletes:
            return wrote
        tasks_db.write_rows(puts, deletes)
        wrote = True
        after = tasks_db.partition(task_slug)
        mine = _fingerprint(members)
        after_members = [r for r in after if r["sk"].startswith(keys.task_member_sk(""))]
        summary = next((r for r in after if r["sk"] == keys.TASK_SUMMARY_SK), None)
        stored = summary["members_hash"] if summary else _fingerprint([])
        if _fingerprint(after_members) == mine and stored == mine:
            return wrote
    return wrote


def recompute_tasks(task_slugs: set[str]) -> dict[str, Exception]:
    """Recompute each task; returns the failures by slug (the others are done)."""
    failures: dict[str, Exception] = {}
    for slug in sorted(task_slugs):
        try:
            recompute_task(slug)
        except Exception as exc:  # reported to the caller, which fails the records behind it
            failures[slug] = exc
    return failures


# --- reads -----------------------------------------------------------------------------------


def list_tasks(
    sort: str, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    return tasks_db.list_page(sort, limit, cursor)


def check_task_known(asked: str, slug: str) -> None:
    """Nothing if the catalogue knows the task, else the 404 of `unknown_task`."""
    names = tasks_db.task_names()
    if not slug or slug not in names:
        raise unknown_task(asked, names)


def check_dataset_known(task_slug: str, asked: str, slug: str) -> None:
    rows = tasks_db.task_view(task_slug)
    known = {r["dataset_slug"]: r["dataset"] for r in rows if r["sk"].startswith("D#")}
    if not slug or slug not in known:
        raise unknown_dataset(task_slug, asked, known)


def unknown_task(asked: str, names: dict[str, str] | None = None) -> HttpError:
    """404 for a task no paper has, naming the closest known tasks."""
    close = suggestions(slugify(asked), tasks_db.task_names() if names is None else names)
    hint = f"; did you mean {', '.join(repr(n) for n in close)}?" if close else ""
    return HttpError(
        404,
        "unknown_task",
        f"no task '{asked[:100]}' is recorded{hint or ';'} GET /api/v1/tasks lists every task",
        [{"field": "task", "message": "no such task", "did_you_mean": close}],
    )


def unknown_dataset(task_slug: str, asked: str, known: dict[str, str]) -> HttpError:
    """404 for a dataset the task does not have, naming the task's closest datasets."""
    close = suggestions(slugify(asked), known)
    hint = f"; did you mean {', '.join(repr(n) for n in close)}?" if close else ""
    return HttpError(
        404,
        "unknown_dataset",
        f"task '{task_slug}' has no dataset '{asked[:100]}'{hint or ';'} "
        f"GET /api/v1/tasks/{task_slug} "
        "lists its datasets",
        [{"field": "dataset", "message": "no such dataset in this task", "did_you_mean": close}],
    )


def task_detail(asked: str) -> dict[str, Any]:
    slug = slugify(asked)
    rows = tasks_db.task_view(slug) if slug else []
    summary = next((r for r in rows if r["sk"] == keys.TASK_SUMMARY_SK), None)
    if summary is None:
        raise unknown_task(asked)
    datasets = [r for r in rows if r["sk"].startswith(keys.task_dataset_sk(""))]
    datasets.sort(key=lambda r: (-r["papers"], r["dataset_slug"]))
    return {**summary, "dataset_rows": datasets}
