"""Human review: the pending queue, promote and reject (SPEC 5).

A decision is one conditional UpdateItem (agent_pending -> verified|rejected), so two
reviewers acting at once or a retried request can never corrupt a reproduction: the second
one finds it decided and gets the same answer (idempotent) or a 409 (the other decision).
The status change lands on the reproductions stream, which recomputes the paper.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from chalicelib.db import reproductions as reproductions_db
from chalicelib.errors import HttpError, NotFound
from chalicelib.services.accounts import Principal

DECISIONS = {"promote": "verified", "reject": "rejected"}
VALIDATION_RETRY_SECONDS = 5


def pending_page(limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
    return reproductions_db.query_page(
        "pending", "pending_queue", "PENDING", limit=limit, cursor=cursor, newest_first=False
    )


def decide(
    principal: Principal, reproduction_id: str, action: str, *, confirm_duplicate: bool = False
) -> dict[str, Any]:
    """`confirm_duplicate`: the reviewer has seen that the submission is flagged as a copy of
    an earlier one (`duplicate_of`) and promotes it anyway (the second click)."""
    status = DECISIONS[action]
    current = reproductions_db.get(reproduction_id)
    if current is None:
        raise NotFound(f"no reproduction '{reproduction_id}'")
    if action == "promote" and current["submitter_id"] == principal.account_id:
        raise HttpError(
            403, "forbidden", "you cannot promote a reproduction your account submitted"
        )
    # The write's condition decides; a failed condition is re-read to say why. When the
    # re-read shows the item decidable after all (its validation settled between the write
    # and the read), the write is tried again.
    for _ in range(3):
        if not _decidable(current, principal, action):
            break
        decided = reproductions_db.decide(
            reproduction_id,
            status=status,
            decided_by=principal.account_id,
            decided_at=datetime.now(UTC).isoformat(timespec="microseconds"),
            require_settled_validation=(action == "promote"),
            require_not_duplicate=(action == "promote" and not confirm_duplicate),
        )
        if decided is not None:
            return decided
        # lost a race: re-read what beat us (consistently: a replica may not have it yet)
        current = reproductions_db.get(reproduction_id, consistent=True) or current
    if current["status"] == status:
        return current  # idempotent: already decided this way
    state = (current.get("validation") or {}).get("state")
    if current["status"] == "agent_pending" and state == "failed":
        raise HttpError(
            409,
            "validation_failed",
            "this reproduction failed validation and cannot be promoted; reject it instead",
        )
    if current["status"] == "agent_pending" and state not in ("passed", "unchecked"):
        raise HttpError(
            409,
            "validation_pending",
            "this reproduction is still being validated; promote it once its validation has "
            f"settled (retry in {VALIDATION_RETRY_SECONDS} s)",
            headers={"Retry-After": str(VALIDATION_RETRY_SECONDS)},
        )
    if current["status"] == "agent_pending" and current["submitter_id"] == principal.account_id:
        raise HttpError(
            403, "forbidden", "you cannot promote a reproduction your account submitted"
        )
    if current["status"] == "agent_pending" and current.get("duplicate_of"):
        raise HttpError(
            409,
            "duplicate_confirmation_required",
            f"this reproduction's run output is the same as that of {current['duplicate_of']}, "
            "submitted earlier by another account: check that it is an independent run, then "
            'promote again with {"confirm_duplicate": true}',
            [{"duplicate_of": current["duplicate_of"]}],
        )
    raise HttpError(
        409,
        "already_decided",
        f"this reproduction was already {current['status']} by {current.get('decided_by')}; "
        "decisions are final",
    )


def _decidable(current: dict[str, Any], principal: Principal, action: str) -> bool:
    if current["status"] != "agent_pending":
        return False
    if action != "promote":
        return True
    state = (current.get("validation") or {}).get("state")
    return state in ("passed", "unchecked") and current["submitter_id"] != principal.account_id
