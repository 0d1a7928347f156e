"""The hourly submission quota as clients see it: RateLimit-* headers and GET /me.

The window is the clock hour (UTC) that the submission's transaction counts in
(`chalicelib.services.submissions._reserve`). Headers follow the IETF draft
"RateLimit header fields for HTTP" (the -07 form the brief asks for):
`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds until the window ends)
and `RateLimit-Policy: <limit>;w=3600`. The counter is read in the same BatchGetItem as the
paper, before the transaction counts this submission, so `remaining` is exact for one client
and may be one or two high while several submissions of one account race; the transaction
itself never lets the quota be exceeded.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from chalicelib.db import quota as quota_db
from chalicelib.errors import NotFound
from chalicelib.settings import get_settings

WINDOW_SECONDS = 3600


@dataclass(frozen=True)
class QuotaState:
    limit: int
    used: int
    window_ends: datetime
    now: datetime

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)

    @property
    def reset_seconds(self) -> int:
        return max(1, int((self.window_ends - self.now).total_seconds()))

    def as_dict(self) -> dict[str, Any]:
        return {
            "limit": self.limit,
            "used": self.used,
            "remaining": self.remaining,
            "reset_seconds": self.reset_seconds,
            "resets_at": self.window_ends.isoformat(timespec="seconds"),
        }


def hour_key(now: datetime) -> str:
    return now.strftime("%Y%m%d%H")


def window_end(now: datetime) -> datetime:
    return now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)


def state(used: int, now: datetime) -> QuotaState:
    return QuotaState(get_settings().submissions_per_hour, used, window_end(now), now)


def rate_limit_headers(quota: QuotaState) -> dict[str, str]:
    return {
        "RateLimit-Limit": str(quota.limit),
        "RateLimit-Remaining": str(quota.remaining),
        "RateLimit-Reset": str(quota.reset_seconds),
        "RateLimit-Policy": f"{quota.limit};w={WINDOW_SECONDS}",
    }


def load_paper_with_quota(
    reference: str, account_id: str, now: datetime
) -> tuple[dict[str, Any], int]:
    """The paper a submission names (NotFound as `load_paper_item`) and the account's
    submissions already counted this hour, in one BatchGetItem."""
    from chalicelib.services.papers import resolve_paper_id

    paper, used = quota_db.paper_and_quota_used(
        resolve_paper_id(reference), account_id, hour_key(now)
    )
    if paper is None:
        raise NotFound(f"no paper '{reference[:80]}' is recorded; check the id or search /sota")
    return paper, used
