"""Submit a reproduction (SPEC 5).

DynamoDB calls per submission (bench/ measures them): authenticate (1 GetItem, in the API
layer) + the paper and this hour's quota counter (1 BatchGetItem, for the RateLimit headers)
+ one transaction that counts the quota and, when given,
claims the Idempotency-Key and reserves the run (1 TransactWriteItems) + the reproduction
(1 PutItem) = 4. S3: one PutObject per uploaded object (run output, replay log).

Order matters: the logs go to S3 before the reproduction item is stored, so the item never
points at logs that are missing; a validator that sees a log before its item retries.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from chalicelib.db import copies as copies_db
from chalicelib.db import idempotency as idempotency_db
from chalicelib.db import queue as queue_db
from chalicelib.db import reproductions as reproductions_db
from chalicelib.db import uploads
from chalicelib.db.accounts import quota_update
from chalicelib.db.runs import first_attempt_used, release_active_slot, reserve_update
from chalicelib.db.runs import get as get_run
from chalicelib.db.transact import TransactionCancelled, transact_write
from chalicelib.domain.copies import content_hash
from chalicelib.domain.urls import RunLogError, parse_run_log
from chalicelib.errors import Conflict, HttpError, InvalidRequest, NotFound
from chalicelib.services.accounts import Principal
from chalicelib.services.quota import load_paper_with_quota
from chalicelib.services.uploads import (
    ReferencedUpload,
    copy_referenced,
    explain_cancelled,
    referenced_uploads,
)
from chalicelib.settings import get_settings

IN_PROGRESS_SECONDS = 30
IDEMPOTENCY_TTL = timedelta(hours=24)
_IDEMPOTENCY_KEY_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:")


Rejected = HttpError


@dataclass(frozen=True)
class Submitted:
    item: dict[str, Any]
    created: bool  # False when an idempotent retry returned the first response
    quota_used: int = 0  # submissions counted this hour before this one (RateLimit headers)


@dataclass
class ContentClaim:
    """The submission's claim to be the first of its run output on the paper (issue 18):
    made in the reservation transaction; `owner` is the earlier claim when it lost."""

    digest: str
    owner: dict[str, Any] | None = None

    def duplicate_of(self, principal: Principal) -> str | None:
        """The earlier reproduction of another account with this output, if any (the same
        account submitting its own output again makes no copy)."""
        if self.owner is None or self.owner.get("account_id") == principal.account_id:
            return None
        return str(self.owner["reproduction_id"])


def _body_hash(fields: dict[str, Any]) -> str:
    canonical = json.dumps(fields, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _check_idempotency_key(key: str) -> str:
    if not 1 <= len(key) <= 200 or not set(key) <= _IDEMPOTENCY_KEY_CHARS:
        raise InvalidRequest(
            "Idempotency-Key must be 1..200 characters of letters, digits and - _ . :"
        )
    return key


def _reproduction_id(principal: Principal, idempotency_key: str | None, body_hash: str) -> str:
    """With an Idempotency-Key, derived from (account, key, body): a retry finds the first
    submission, and a key reused with another body after its record expired (TTL) names a new
    reproduction, never the older one."""
    if idempotency_key is None:
        return "r" + uuid.uuid4().hex[:20]
    digest = hashlib.sha256(
        f"{principal.account_id}#{idempotency_key}#{body_hash}".encode()
    ).hexdigest()
    return "r" + digest[:20]


def submit_reproduction(
    principal: Principal, fields: dict[str, Any], idempotency_key: str | None
) -> Submitted:
    """`fields` is the validated body (ReproductionSubmission.model_dump())."""
    if idempotency_key is not None:
        _check_idempotency_key(idempotency_key)
    try:
        # None when the run log was uploaded (`run_log_upload`, chalicelib/services/uploads.py)
        run_log = parse_run_log(fields["run_log_url"]) if fields.get("run_log_url") else None
    except RunLogError as exc:
        raise Rejected(422, "invalid_run_log", str(exc)) from exc

    now = datetime.now(UTC)
    paper, quota_used = load_paper_with_quota(fields["paper_id"], principal.account_id, now)
    _require_dataset_when_ambiguous(paper, fields)
    body_hash = _body_hash(fields)
    reproduction_id = _reproduction_id(principal, idempotency_key, body_hash)
    references = referenced_uploads(principal, fields, reproduction_id, now)

    # pasted output is claimed here; an uploaded log by the validator, which reads it
    pasted = run_log is not None and run_log.kind == "pasted"
    content = ContentClaim(content_hash(run_log.text or "")) if run_log and pasted else None
    first = _reserve(
        principal,
        fields,
        paper["paper_id"],
        reproduction_id,
        body_hash,
        idempotency_key,
        now,
        references,
        content=content,
    )
    if first is not None:
        return Submitted(first, created=False, quota_used=quota_used)

    copy_referenced(references, reproduction_id)
    uploaded = {reference.kind: reference.stored(reproduction_id) for reference in references}
    run_log_item: dict[str, Any] = {"kind": run_log.kind if run_log else "upload"}
    if run_log is None:
        run_log_item.update(uploaded["run_log"])
    elif run_log.kind == "url":
        # The URL is recorded as an object too, so that every submission reaches the
        # validator through the same S3 -> SQS path.
        run_log_item["url"] = run_log.url
        run_log_item["s3_key"] = uploads.run_log_key(reproduction_id, "url")
        uploads.put_text(run_log_item["s3_key"], run_log.url or "")
    else:
        run_log_item["s3_key"] = uploads.run_log_key(reproduction_id)
        uploads.put_text(run_log_item["s3_key"], run_log.text or "")
    replay = fields.get("replay_log")
    replay_key = uploaded["replay_log"]["s3_key"] if "replay_log" in uploaded else None
    if replay is not None:
        replay_key = uploads.replay_log_key(reproduction_id)
        uploads.put_text(replay_key, json.dumps(replay, default=str), "application/json")

    submitted_at = now.isoformat(timespec="microseconds")
    item = {
        "reproduction_id": reproduction_id,
        "paper_id": paper["paper_id"],
        "arxiv_id": paper.get("arxiv_id"),
        "submitter_id": principal.account_id,
        "status": "agent_pending",
        "pending_queue": "PENDING",
        "tier_claimed": fields["tier_claimed"],
        "hardware_spec": fields["hardware_spec"],
        "run_log": run_log_item,
        "actual_metric_name": fields.get("actual_metric_name"),
        "actual_metric_value": fields.get("actual_metric_value"),
        "dataset": fields.get("dataset"),
        "run_id": fields.get("run_id"),
        "replay_s3_key": replay_key,
        "submitted_at": submitted_at,
        "submitted_key": f"{submitted_at}#{reproduction_id}",
        "validation": {"state": "pending", "checks": [], "extracted_metrics": []},
        "trajectory": {"state": "pending", "checks": []} if replay_key is not None else None,
        "trust_tier": 0,
        "body_hash": body_hash,
        "updated_at": submitted_at,
        # the earlier submission of another account with the same output (issue 18)
        "duplicate_of": content.duplicate_of(principal) if content else None,
        "content_hash": content.digest if content else None,
    }
    if "replay_log" in uploaded:
        item["replay_upload"] = uploaded["replay_log"]
    if not reproductions_db.put_new(item):
        existing = reproductions_db.get(reproduction_id, consistent=True)
        if existing is None:  # pragma: no cover - put refused yet nothing there
            raise Conflict("the reproduction could not be stored; retry")
        return Submitted(existing, created=False, quota_used=quota_used)
    if fields.get("run_id"):
        queue_db.forget_run(paper["paper_id"], fields["run_id"])
    return Submitted(item, created=True, quota_used=quota_used)


def _require_dataset_when_ambiguous(paper: dict[str, Any], fields: dict[str, Any]) -> None:
    """A reproduction backs a claimed result only if it names the dataset it measured; when the
    paper claims the metric on several datasets, one must be named (SPEC 6)."""
    name = fields.get("actual_metric_name")
    if name is None or fields.get("dataset") is not None:
        return
    from chalicelib.domain.scoring import ClaimedResult, datasets_for_metric

    claims = [
        ClaimedResult(c["task"], c["dataset"], c["metric"], c.get("value"))
        for c in paper.get("claims", [])
    ]
    datasets = datasets_for_metric(name, claims)
    if len(datasets) > 1:
        raise Rejected(
            422,
            "dataset_required",
            f"the paper claims {name!r} on {len(datasets)} datasets; name the one this "
            f"reproduction measured in 'dataset': {', '.join(datasets[:20])}",
            [{"field": "dataset", "choices": datasets}],
        )


def _reserve(
    principal: Principal,
    fields: dict[str, Any],
    paper_id: str,
    reproduction_id: str,
    body_hash: str,
    idempotency_key: str | None,
    now: datetime,
    references: Sequence[ReferencedUpload] = (),
    content: ContentClaim | None = None,
) -> dict[str, Any] | None:
    """One transaction: quota + (idempotency claim) + (run reservation) + (uploads used) +
    (content claim).
    Returns the stored reproduction when this is a retry of a submission that already
    completed."""
    settings = get_settings()
    now_epoch = int(now.timestamp())
    hour_end = now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    items: list[dict[str, Any]] = []
    roles: list[str] = []
    if idempotency_key is not None:
        items.append(
            idempotency_db.claim_put(
                principal.account_id,
                idempotency_key,
                body_hash,
                reproduction_id,
                now_epoch + IN_PROGRESS_SECONDS,
                int((now + IDEMPOTENCY_TTL).timestamp()),
            )
        )
        roles.append("idempotency")
    items.append(
        quota_update(
            principal.account_id,
            now.strftime("%Y%m%d%H"),
            settings.submissions_per_hour,
            int(hour_end.timestamp()) + 3600,
        )
    )
    roles.append("quota")
    if fields.get("run_id"):
        items.append(
            reserve_update(
                fields["run_id"],
                account_id=principal.account_id,
                paper_id=paper_id,
                reproduction_id=reproduction_id,
                now_epoch=now_epoch,
            )
        )
        roles.append("run")
        # the run stops being active now (for the cap), in the same write
        items.append(release_active_slot(principal.account_id, fields["run_id"]))
        roles.append("active")
    else:
        items.append(first_attempt_used(principal.account_id, paper_id))  # no attempt 1 later
        roles.append("attempts")
    for reference in references:
        items.append(reference.transact_item(principal, reproduction_id, now))
        roles.append(reference.field)
    if content is not None:
        claimed_at = now.isoformat(timespec="microseconds")
        account = principal.account_id
        items.append(
            copies_db.claim_put(paper_id, content.digest, reproduction_id, account, claimed_at)
        )
        roles.append("content")
    failed = _transact(items, roles, content)
    if failed:
        if "idempotency" in failed:
            return _replay_or_wait(
                principal, idempotency_key or "", body_hash, reproduction_id, now
            )
        if "quota" in failed:
            retry_after = max(1, int((hour_end - now).total_seconds()))
            raise Rejected(
                429,
                "quota_exceeded",
                f"at most {settings.submissions_per_hour} submissions per hour per account; "
                f"retry after {retry_after} s",
                headers={"Retry-After": str(retry_after)},
            ) from None
        for reference in references:
            if reference.field in failed:
                raise explain_cancelled(principal, reference, reproduction_id, now) from None
        _explain_run(fields["run_id"], principal, paper_id, now_epoch)
    return None


def _transact(
    items: list[dict[str, Any]], roles: list[str], content: ContentClaim | None = None
) -> set[str]:
    """Run the transaction; the roles whose condition failed (empty when it went through). A
    run started before active runs were tracked has no slot to release: go on without it. An
    output another submission claimed first is no refusal: its claim is kept in `content`
    and the submission goes on without claiming (it is that one's copy, or its own again)."""
    try:
        transact_write(items)
    except TransactionCancelled as cancelled:
        failed = {
            role
            for role, code in zip(roles, cancelled.reasons, strict=False)
            if code == "ConditionalCheckFailed"
        }
        if content is not None and "content" in failed:
            index = roles.index("content")
            item = cancelled.items[index] if index < len(cancelled.items) else None
            content.owner = copies_db.owner_of(item) or copies_db.get_claim(items[index])
        if failed and failed <= {"active", "content"}:
            kept = [pair for pair in zip(items, roles, strict=True) if pair[1] not in failed]
            return _transact([i for i, _ in kept], [r for _, r in kept], content)
        return failed
    return set()


def _replay_or_wait(
    principal: Principal, key: str, body_hash: str, reproduction_id: str, now: datetime
) -> dict[str, Any] | None:
    record = idempotency_db.get(principal.account_id, key)
    if record is None:  # expired between the two calls: treat as a fresh claim next time
        raise Rejected(
            409, "idempotency_in_progress", "retry this request", headers={"Retry-After": "1"}
        )
    if record["body_hash"] != body_hash:
        raise Rejected(
            422,
            "idempotency_key_reused",
            "this Idempotency-Key was used with a different body; use a new key for a new "
            "submission",
        )
    existing = reproductions_db.get(reproduction_id, consistent=True)
    if existing is not None:
        return existing
    now_epoch = int(now.timestamp())
    if int(record["in_progress_until"]) > now_epoch:
        wait = int(record["in_progress_until"]) - now_epoch
        raise Rejected(
            409,
            "idempotency_in_progress",
            f"the first request with this Idempotency-Key is still being processed; retry in "
            f"{wait} s",
            headers={"Retry-After": str(max(1, wait))},
        )
    # The first attempt stalled before storing the reproduction: take over and go on.
    try:
        transact_write(
            [
                idempotency_db.takeover_update(
                    principal.account_id, key, body_hash, now_epoch, now_epoch + IN_PROGRESS_SECONDS
                )
            ]
        )
    except TransactionCancelled:
        raise Rejected(
            409, "idempotency_in_progress", "retry this request", headers={"Retry-After": "1"}
        ) from None
    return None


def _explain_run(run_id: str, principal: Principal, paper_id: str, now_epoch: int) -> None:
    # consistent: the run may have been started or used a moment ago (the reason must be true)
    run = get_run(run_id, consistent=True)
    if run is None:
        raise NotFound(f"no run '{run_id}'; start one with POST /api/v1/runs")
    if run["account_id"] != principal.account_id:
        raise Rejected(403, "forbidden", "this run belongs to another account")
    if run["paper_id"] != paper_id:
        raise Rejected(
            422,
            "run_paper_mismatch",
            f"run '{run_id}' was started on paper {run['paper_id']}, not {paper_id}",
        )
    if int(run["expires_at"]) <= now_epoch:
        raise Rejected(409, "run_expired", "this run has expired; start a new run")
    raise Rejected(409, "run_used", f"run '{run_id}' was already used by a reproduction")
