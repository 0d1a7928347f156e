"""Author claims (+10 when verified): an account claims authorship of a paper with evidence;
an admin verifies or rejects it. The claim lives on the paper item and bumps its
`source_rev`, so the papers stream recomputes the score."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from chalicelib.db import papers as papers_db
from chalicelib.errors import HttpError, NotFound
from chalicelib.services.accounts import Principal
from chalicelib.services.papers import load_paper_item


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def claim_authorship(principal: Principal, reference: str, evidence: str) -> dict[str, Any]:
    paper = load_paper_item(reference)
    claim = {
        "account_id": principal.account_id,
        "evidence": evidence,
        "state": "pending",
        "submitted_at": _now(),
    }
    papers_db.add_author_claim(paper["paper_id"], claim)
    return {"paper_id": paper["paper_id"], **claim}


def decide_claim(reference: str, account_id: str, verify: bool) -> dict[str, Any]:
    paper = load_paper_item(reference)
    claims = paper.get("author_claims", [])
    index = next((i for i, c in enumerate(claims) if c["account_id"] == account_id), None)
    if index is None:
        raise NotFound(f"account '{account_id}' has not claimed paper {paper['paper_id']}")
    state = "verified" if verify else "rejected"
    if not papers_db.set_author_claim_state(paper["paper_id"], index, account_id, state, _now()):
        raise HttpError(409, "conflict", "the claims of this paper changed meanwhile; retry")
    claim = {**claims[index], "state": state}
    return {"paper_id": paper["paper_id"], **claim}
