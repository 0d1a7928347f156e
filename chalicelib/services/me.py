"""An account's own view (GET /api/v1/me, /me/reproductions, /me/runs).

DynamoDB calls: `/me` is the key's GetItem (authentication) + one BatchGetItem (the account
and this hour's quota counter) + one Query (active runs on runs.by_account); `/me/reproductions`
one Query on reproductions.by_submitter; `/me/runs` one Query on runs.by_account plus one
BatchGetItem for the verdicts of the reproductions that used the page's runs.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from chalicelib.db import quota as quota_db
from chalicelib.db import reproductions as reproductions_db
from chalicelib.db import runs as runs_db
from chalicelib.services import quota
from chalicelib.services.accounts import Principal
from chalicelib.settings import get_settings


def run_status(run: dict[str, Any], now_epoch: int) -> str:
    """`used` once a reproduction closed it, else `expired` past its expiry, else `active`."""
    if run.get("used_by"):
        return "used"
    return "expired" if int(run["expires_at"]) <= now_epoch else "active"


def run_view(
    run: dict[str, Any], now_epoch: int, reproduction: dict[str, Any] | None
) -> dict[str, Any]:
    view = {
        "run_id": run["run_id"],
        "paper_id": run["paper_id"],
        "started_at": run["started_at"],
        "expires_at": run["expires_key"],
        "memoryless": bool(run.get("memoryless")),
        "attempt": int(run.get("attempt", 1)),
        "status": run_status(run, now_epoch),
        "reproduction": None,
    }
    if run.get("used_by"):
        view["reproduction"] = {
            "reproduction_id": run["used_by"],
            "status": reproduction["status"] if reproduction else None,
            "validation": (reproduction.get("validation") or {}).get("state")
            if reproduction
            else None,
            "trust_tier": int(reproduction.get("trust_tier", 0)) if reproduction else None,
        }
    return view


def me(principal: Principal) -> dict[str, Any]:
    now = datetime.now(UTC)
    account, used = quota_db.account_and_quota_used(principal.account_id, quota.hour_key(now))
    live = runs_db.active_for_account(principal.account_id, now.isoformat(timespec="seconds"))
    active = [r for r in live if not r.get("used_by")]  # a used run stops counting at once
    now_epoch = int(now.timestamp())
    return {
        "account_id": principal.account_id,
        "name": principal.name,
        "role": principal.role,
        "created_at": (account or {}).get("created_at"),
        "submission_quota": quota.state(used, now).as_dict(),
        "active_runs": [run_view(r, now_epoch, None) for r in active],
        "max_active_runs": get_settings().max_active_runs,
    }


def my_reproductions(
    principal: Principal, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    return reproductions_db.query_page(
        "by_submitter",
        "submitter_id",
        principal.account_id,
        limit=limit,
        cursor=cursor,
        newest_first=True,
    )


def my_runs(
    principal: Principal, limit: int, cursor: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    runs, next_cursor = runs_db.account_page(principal.account_id, limit, cursor)
    used = reproductions_db.get_many([r["used_by"] for r in runs if r.get("used_by")])
    now_epoch = int(datetime.now(UTC).timestamp())
    return [run_view(r, now_epoch, used.get(r.get("used_by", ""))) for r in runs], next_cursor
