"""Read use cases of SPEC 8 and 9: the reproduction queue and the agent leaderboard."""

from __future__ import annotations

import time
from typing import Any

from chalicelib.db import queue as queue_db
from chalicelib.domain.queue import QueueFacts, discounted, explain
from chalicelib.domain.text import slugify


def queue(
    task: str | None,
    limit: int,
    cursor: str | None,
    viewer: str | None = None,
    max_gpu_hours: float | None = None,
) -> tuple[list[dict[str, Any]], str | None]:
    """One Query on the precomputed index (by base priority) + one BatchGetItem of the page's
    active runs. The discount for other agents' live runs re-orders the entries of the page.
    `max_gpu_hours` filters in the Query (entries without an estimate stay), so a page may
    hold fewer than `limit` entries: follow `next_cursor`."""
    slug = slugify(task) if task is not None else "*"
    if not slug:
        return [], None  # a name without letters or digits names no task
    rows, next_cursor = queue_db.queue_page(slug, limit, cursor, max_gpu_hours)
    runs = queue_db.active_runs([r["paper_id"] for r in rows])
    now = int(time.time())
    entries = []
    for row in rows:
        live = [
            r
            for r in runs.get(row["paper_id"], {}).values()
            if int(r["expires_at"]) > now and r["account_id"] != viewer
        ]
        agents = len({r["account_id"] for r in live})  # one agent's runs discount it once
        priority = discounted(row["base_priority"], agents)
        facts = QueueFacts(
            row["stars"], row.get("published"), row["claimed_results"], row["counted_reproductions"]
        )
        entries.append(
            {
                "paper_id": row["paper_id"],
                "arxiv_id": row.get("arxiv_id"),
                "title": row.get("title", ""),
                "tasks": row.get("tasks", []),
                "priority": priority,
                "base_priority": row["base_priority"],
                "active_runs": len(live),
                "counted_reproductions": row["counted_reproductions"],
                "est_gpu_hours": row.get("est_gpu_hours"),
                "why": explain(facts, row["priority_parts"], len(live), priority, agents),
            }
        )
    entries.sort(key=lambda e: (-e["priority"], e["paper_id"]))
    return entries, next_cursor


def agents(
    trust_tier: int | None, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    rows, next_cursor = queue_db.ratings_page(trust_tier or 0, limit, cursor)
    return [
        {
            k: row[k]
            for k in ("account_id", "name", "rating", "promoted", "rejected", "by_trust_tier")
        }
        for row in rows
    ], next_cursor
