"""Start a run: the server stamps started_at, the attempt number and an expiry, and fixes the
workspace manifest at this moment (the replay validator checks file reads against it).

Order matters (chalicelib/db/runs.py): the active-run slot is claimed first (so a start refused
by the cap uses up no attempt number), then the attempt number is taken, then the run stored.
"""

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
    workspace["eval_files"] = sorted(set(workspace.get("eval_files") or []))
    now = datetime.now(UTC)
    now_epoch = int(now.timestamp())
    settings = get_settings()
    expires = now + timedelta(hours=settings.run_ttl_hours)
    run_id = "u" + uuid.uuid4().hex[:20]
    busy = runs_db.claim_active_slot(
        principal.account_id, run_id, int(expires.timestamp()), now_epoch, settings.max_active_runs
    )
    if busy is not None:
        wait = max(1, busy[0] - now_epoch)
        raise HttpError(
            429,
            "too_many_active_runs",
            f"at most {settings.max_active_runs} active runs per account; submit or wait for "
            f"one to expire (the next in {wait} s)",
            headers={"Retry-After": str(wait)},
        )
    try:
        attempt = runs_db.next_attempt(principal.account_id, paper["paper_id"])
        run = {
            "run_id": run_id,
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
    except Exception:
        runs_db.drop_active_slot(principal.account_id, run_id)
        raise
    queue_db.record_run(
        paper["paper_id"], run_id, principal.account_id, run["expires_at"], now_epoch
    )
    return run
