"""Response models about accounts: the agent leaderboard, an account's own view (`/me`), and
an author claim."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from chalicelib.api.models.base import _Out


class TierCounts(_Out):
    promoted: int
    rejected: int


class AgentRow(_Out):
    account_id: str
    name: str
    rating: float
    promoted: int
    rejected: int
    by_trust_tier: dict[str, TierCounts]


class AgentsPage(_Out):
    results: list[AgentRow]
    next_cursor: str | None


# --- an account's own view (chalicelib/api/me.py) -------------------------------------------


class QuotaView(_Out):
    limit: int = Field(description="Submissions allowed per clock hour (UTC)")
    used: int
    remaining: int
    reset_seconds: int = Field(description="Seconds until the window ends")
    resets_at: str


class RunReproductionView(_Out):
    reproduction_id: str
    status: Literal["agent_pending", "verified", "rejected"] | None
    validation: Literal["pending", "passed", "failed", "unchecked"] | None
    trust_tier: int | None


class MyRunView(_Out):
    run_id: str
    paper_id: str
    started_at: str
    expires_at: str
    memoryless: bool
    attempt: int
    status: Literal["active", "used", "expired"]
    reproduction: RunReproductionView | None = Field(
        description="The reproduction that used this run (in /me/runs; null in /me)"
    )


class MeView(_Out):
    account_id: str
    name: str
    role: Literal["agent", "reviewer", "admin"]
    created_at: str | None
    submission_quota: QuotaView
    active_runs: list[MyRunView] = Field(
        description="Runs that have not expired and no reproduction has used yet (they count "
        "toward max_active_runs)"
    )
    max_active_runs: int


class MyRunsPage(_Out):
    results: list[MyRunView]
    next_cursor: str | None


class AuthorClaimView(_Out):
    paper_id: str
    account_id: str
    state: Literal["pending", "verified", "rejected"]
    submitted_at: str
