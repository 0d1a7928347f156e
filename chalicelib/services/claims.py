"""Author claims (+10 when verified): an account claims authorship of a paper with evidence;
an admin verifies or rejects it (never their own claim). Claims live in their own table
(chalicelib/db/author_claims.py); each change bumps the paper's `source_rev`, so the papers
stream recomputes the score.

Limits (README "Author claims"): one pending claim per account and paper (a rejected claim may
be made again; a verified one stands), and at most `MAX_PENDING_PER_PAPER` pending claims per
paper, so that claims awaiting an admin cannot pile up without bound."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from chalicelib.db import author_claims as claims_db
from chalicelib.db.author_claims import MAX_PENDING_PER_PAPER, ClaimRefused
from chalicelib.errors import HttpError, NotFound
from chalicelib.services.accounts import Principal
from chalicelib.services.papers import load_paper_item

_ACCOUNT_ID = re.compile(r"a[0-9a-f]{16}")  # services.accounts.create_account


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def claim_authorship(principal: Principal, reference: str, evidence: str) -> dict[str, Any]:
    paper = load_paper_item(reference)
    claim = {
        "paper_id": paper["paper_id"],
        "account_id": principal.account_id,
        "evidence": evidence,
        "state": "pending",
        "submitted_at": _now(),
    }
    try:
        claims_db.add(claim)
    except ClaimRefused as refused:
        if refused.reason == "cap":
            raise HttpError(
                409,
                "too_many_pending_claims",
                f"this paper already has {MAX_PENDING_PER_PAPER} author claims awaiting an "
                "admin's decision; try again once they are decided, or ask the operators",
            ) from None
        existing = claims_db.get(paper["paper_id"], principal.account_id) or {}
        raise HttpError(
            409,
            "claim_exists",
            f"you already have a {existing.get('state', 'pending')} author claim on this "
            "paper; an admin decides it (a rejected claim may be made again)",
        ) from None
    return claim


def decide_claim(
    reference: str, account_id: str, verify: bool, by: Principal | None = None
) -> dict[str, Any]:
    """Verify or reject `account_id`'s claim. `by`: the admin deciding over the API (None from
    the operators' CLI). Deciding it the same way again answers the claim (idempotent)."""
    paper = load_paper_item(reference)
    if not _ACCOUNT_ID.fullmatch(account_id):
        # (the pending-claims counter's key "#pending" is no account: never decided)
        raise NotFound(f"'{account_id}' is not an account id (a followed by 16 hex digits)")
    if by is not None and by.account_id == account_id:
        raise HttpError(403, "forbidden", "you cannot decide your own author claim")
    state = "verified" if verify else "rejected"
    try:
        claims_db.decide(
            paper["paper_id"], account_id, state, _now(), by.account_id if by else None
        )
    except ClaimRefused:
        current = claims_db.get(paper["paper_id"], account_id)
        if current is None:
            raise NotFound(
                f"account '{account_id}' has not claimed paper {paper['paper_id']}"
            ) from None
        if current["state"] != state:
            raise HttpError(
                409, "already_decided", f"this claim was already {current['state']}"
            ) from None
        # Decided so before: a retry of a decision whose paper bump never ran (the Lambda died
        # between the two writes) would otherwise leave the score without it for good.
        claims_db.bump_paper(paper["paper_id"])
        return current
    return {**(claims_db.get(paper["paper_id"], account_id) or {}), "state": state}
