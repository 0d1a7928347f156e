"""Views of an account's own state (``/me``): the submission quota, your runs, your account."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sotaverified._models.parsing import JsonDict, _int, _list, _str

# --- an account's own view ----------------------------------------------------------------------


@dataclass(frozen=True)
class Quota:
    """The hourly submission quota: ``remaining`` of ``limit`` until ``resets_at``."""

    limit: int
    used: int
    remaining: int
    reset_seconds: int
    resets_at: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Quota:
        return cls(
            limit=_int(data.get("limit")),
            used=_int(data.get("used")),
            remaining=_int(data.get("remaining")),
            reset_seconds=_int(data.get("reset_seconds")),
            resets_at=str(data.get("resets_at", "")),
        )


@dataclass(frozen=True)
class MyRun:
    """One of your runs (``GET /api/v1/me/runs``): ``status`` is ``active``, ``used`` or
    ``expired``; a used run names its reproduction and that reproduction's verdict."""

    run_id: str
    paper_id: str
    started_at: str
    expires_at: str
    memoryless: bool
    attempt: int
    status: str
    reproduction: dict[str, Any] | None
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MyRun:
        reproduction = data.get("reproduction")
        return cls(
            run_id=str(data["run_id"]),
            paper_id=str(data.get("paper_id", "")),
            started_at=str(data.get("started_at", "")),
            expires_at=str(data.get("expires_at", "")),
            memoryless=bool(data.get("memoryless")),
            attempt=_int(data.get("attempt"), 1),
            status=str(data.get("status", "")),
            reproduction=dict(reproduction) if isinstance(reproduction, Mapping) else None,
            raw=dict(data),
        )


@dataclass(frozen=True)
class Me:
    """``GET /api/v1/me``: your account, the submission quota left this hour and your
    active runs."""

    account_id: str
    name: str
    role: str
    created_at: str | None
    submission_quota: Quota
    active_runs: list[MyRun]
    max_active_runs: int
    raw: JsonDict = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Me:
        quota = data.get("submission_quota")
        return cls(
            account_id=str(data.get("account_id", "")),
            name=str(data.get("name", "")),
            role=str(data.get("role", "")),
            created_at=_str(data.get("created_at")),
            submission_quota=Quota.from_dict(quota if isinstance(quota, Mapping) else {}),
            active_runs=[MyRun.from_dict(r) for r in _list(data, "active_runs")],
            max_active_runs=_int(data.get("max_active_runs")),
            raw=dict(data),
        )
