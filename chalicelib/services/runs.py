"""Start a run: the server stamps started_at, the attempt number and an expiry, and fixes the
workspace manifest at this moment (the replay validator checks file reads against it)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from chalicelib.db import queue as queue_db
from chalicelib.db import runs as runs_db
from chalicelib.domain.urls import RunLogError, canonical_log_url
from chalicelib.errors import HttpError
from chalicelib.services.accounts import Principal
from chalicelib.services.papers import load_paper_item
from chalicelib.settings import get_settings


def start_run(principal: Principal, request: dict[str, Any]) -> dict[str, Any]:
    paper = load_paper_item(request["paper_id"])
    workspace = dict(request.get("workspace") or {})
    if workspace.get("repo_url"):
        try:
            workspace["repo_url"] = canonical_log_url(workspace["repo_url"])
        except RunLogError as exc:
            raise HttpError(422, "invalid_body", f"workspace.repo_url: {exc}") from exc
    workspace["files"] = sorted(set(workspace.get("files") or []))
    now = datetime.now(UTC)
    settings = get_settings()
    active = runs_db.active_expiries(principal.account_id, now.isoformat(timespec="seconds"))
    if len(active) >= settings.max_active_runs:
        wait = max(1, active[0] - int(now.timestamp()))
        raise HttpError(
            429,
            "too_many_active_runs",
            f"at most {settings.max_active_runs} active runs per account; submit or wait for "
            f"one to expire (the next in {wait} s)",
            headers={"Retry-After": str(wait)},
        )
    expires = now + timedelta(hours=settings.run_ttl_hours)
    attempt = runs_db.count_attempts(principal.account_id, paper["paper_id"]) + 1
    run = {
        "run_id": "u" + uuid.uuid4().hex[:20],
        "paper_id": paper["paper_id"],
        "account_id": principal.account_id,
        "account_paper": runs_db.account_paper(principal.account_id, paper["paper_id"]),
        "started_at": now.isoformat(timespec="microseconds"),
        "expires_at": int(expires.timestamp()),
        "expires_key": expires.isoformat(timespec="seconds"),
        "memoryless": bool(request.get("memoryless")),
        "attempt": attempt,
        "workspace": workspace,
    }
    runs_db.put(run)
    queue_db.record_run(
        paper["paper_id"],
        run["run_id"],
        principal.account_id,
        run["expires_at"],
        int(now.timestamp()),
    )
    return run
