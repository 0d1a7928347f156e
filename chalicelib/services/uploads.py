"""Upload grants (POST /api/v1/uploads) and submissions that reference uploads.

An agent asks for a grant (kind, size, encoding) and gets a presigned S3 PUT that accepts
exactly that many bytes; it sends the log there, then submits a reproduction naming the
upload (`run_log_upload` / `replay_log_upload`). The submission:

1. checks each referenced upload with one GetItem on its grant and one HeadObject on its
   object (another account's, unknown or expired, the wrong kind, used by another
   reproduction, never received, larger than granted -> 422 with the reason, nothing stored);
2. marks it used inside the submission's own TransactWriteItems (`use_update`): the
   condition (same account, right kind, not expired, not larger than granted, not used by
   another reproduction) is what makes an upload usable once, even for parallel submissions;
3. copies exactly the checked object (If-Match its ETag) to the reproduction's own key under
   `runlogs/` or `replays/`. That copy is what the validator reads (S3 -> SQS ->
   validate_upload, as for inline logs) and what reviewers see; the original under
   `uploads/` is removed by the bucket's lifecycle rule after a day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from chalicelib.db import accounts as accounts_db
from chalicelib.db import upload_grants
from chalicelib.db import uploads as objects
from chalicelib.db.transact import TransactionCancelled, transact_write
from chalicelib.domain.uploads import (
    REFERENCE_TTL_SECONDS,
    URL_TTL_SECONDS,
    human_bytes,
    is_upload_id,
    new_upload_id,
    size_problem,
    upload_key,
)
from chalicelib.errors import HttpError
from chalicelib.services.accounts import Principal
from chalicelib.services.quota import WINDOW_SECONDS, hour_key, window_end
from chalicelib.settings import get_settings

# Submission field -> the kind of upload it takes.
REFERENCE_FIELDS = {"run_log_upload": "run_log", "replay_log_upload": "replay_log"}
CONTENT_TYPES = {"run_log": "text/plain; charset=utf-8", "replay_log": "application/json"}


def _refuse(code: str, message: str, field: str | None = None) -> HttpError:
    details = [{"field": field, "message": message}] if field else None
    return HttpError(422, code, message, details)


def require_agent(principal: Principal) -> None:
    if principal.role != "agent":
        raise HttpError(
            403,
            "forbidden",
            f"uploads are made with an agent key; yours is a {principal.role} key. Create an "
            "agent account (python -m chalicelib.cli accounts create --role agent --name NAME) "
            "and use its key",
        )


def grant_upload(principal: Principal, request: dict[str, Any]) -> dict[str, Any]:
    """Record a grant and return the presigned PUT for it (the UploadGrantView fields)."""
    require_agent(principal)
    kind, size = request["kind"], int(request["bytes"])
    encoding = request.get("content_encoding") or "identity"
    problem = size_problem(kind, size)
    if problem:
        raise _refuse("upload_too_large", problem, "bytes")
    now = datetime.now(UTC)
    now_epoch = int(now.timestamp())
    upload_id = new_upload_id()
    key = upload_key(upload_id)
    url_expires = now_epoch + URL_TTL_SECONDS
    grant = {
        "upload_id": upload_id,
        "account_id": principal.account_id,
        "kind": kind,
        "bytes": size,
        "content_encoding": encoding,
        "s3_key": key,
        "created_at": now.isoformat(timespec="microseconds"),
        "url_expires_at": url_expires,
        "expires_at": now_epoch + REFERENCE_TTL_SECONDS,
    }
    # The grant and the hour's byte count in one transaction: parallel grants of one account
    # cannot together pass the hourly budget (the condition is in the write, not a read).
    limit = get_settings().upload_bytes_per_hour
    if size > limit:
        raise _refuse(
            "upload_too_large",
            f"{human_bytes(size)} is more than the {human_bytes(limit)} of uploads an account "
            "may be granted per hour on this stage; send the log gzip-compressed",
            "bytes",
        )
    hour_end = window_end(now)
    try:
        transact_write(
            [
                upload_grants.put_item(grant),
                accounts_db.upload_quota_update(
                    principal.account_id,
                    hour_key(now),
                    size,
                    limit,
                    int(hour_end.timestamp()) + WINDOW_SECONDS,
                ),
            ]
        )
    except TransactionCancelled as cancelled:
        if cancelled.reasons[1:2] != ["ConditionalCheckFailed"]:
            raise  # a clash of fresh random upload ids: an error, never a silent overwrite
        retry_after = max(1, int((hour_end - now).total_seconds()))
        raise HttpError(
            429,
            "upload_quota_exceeded",
            f"at most {human_bytes(limit)} ({limit} bytes) of uploads may be granted per hour "
            f"per account; this grant of {size} bytes would pass it. Retry after {retry_after} s, "
            "or send the log gzip-compressed (content_encoding gzip)",
            headers={"Retry-After": str(retry_after)},
        ) from None
    return {
        "upload_id": upload_id,
        "kind": kind,
        "method": "PUT",
        "url": objects.presigned_put(key, size, URL_TTL_SECONDS),
        # Content-Length is signed (S3 takes exactly that many bytes). Content-Type is not;
        # it is named so that clients do not send a form type (curl --data-binary, urllib).
        "headers": {"Content-Length": str(size), "Content-Type": "application/octet-stream"},
        "expires_at": _iso(url_expires),
        "reference_by": _iso(now_epoch + REFERENCE_TTL_SECONDS),
        "max_bytes": size,
        "content_encoding": encoding,
    }


def _iso(epoch: int) -> str:
    return datetime.fromtimestamp(epoch, UTC).isoformat()


@dataclass(frozen=True)
class ReferencedUpload:
    """An upload a submission names, checked and ready to be marked used and copied."""

    field: str  # "run_log_upload" | "replay_log_upload"
    upload_id: str
    kind: str
    source_key: str
    received_bytes: int
    etag: str
    content_encoding: str

    def transact_item(
        self, principal: Principal, reproduction_id: str, now: datetime
    ) -> dict[str, Any]:
        return upload_grants.use_update(
            self.upload_id,
            account_id=principal.account_id,
            kind=self.kind,
            reproduction_id=reproduction_id,
            received_bytes=self.received_bytes,
            now_epoch=int(now.timestamp()),
            now_iso=now.isoformat(timespec="microseconds"),
        )

    def target_key(self, reproduction_id: str) -> str:
        folder = "runlogs" if self.kind == "run_log" else "replays"
        return f"{folder}/{reproduction_id}.upload"

    def stored(self, reproduction_id: str) -> dict[str, Any]:
        """What the reproduction item records about the log."""
        return {
            "s3_key": self.target_key(reproduction_id),
            "upload_id": self.upload_id,
            "bytes": self.received_bytes,
            "content_encoding": self.content_encoding,
        }


def referenced_uploads(
    principal: Principal, fields: dict[str, Any], reproduction_id: str, now: datetime
) -> list[ReferencedUpload]:
    """Check every upload the submission names (see the module docstring, step 1)."""
    named = [(f, fields[f]) for f in REFERENCE_FIELDS if fields.get(f) is not None]
    if len(named) == 2 and named[0][1] == named[1][1]:
        field, upload_id = named[0]
        if _grant_of(upload_id) is None:  # an id never issued: the 404 of any unknown upload
            raise _unknown_upload(field, upload_id)
        raise _refuse(
            "upload_wrong_kind",
            "run_log_upload and replay_log_upload name the same upload; each needs its own",
            "replay_log_upload",
        )
    return [
        _check_reference(principal, field, upload_id, reproduction_id, now)
        for field, upload_id in named
    ]


def _check_reference(
    principal: Principal, field: str, upload_id: str, reproduction_id: str, now: datetime
) -> ReferencedUpload:
    kind = REFERENCE_FIELDS[field]
    grant = _grant_of(upload_id)
    problem = _grant_problem(principal, field, upload_id, grant, reproduction_id, now)
    if problem:
        raise problem
    assert grant is not None
    head = objects.head(grant["s3_key"])
    if head is None:
        raise _refuse(
            "upload_not_received",
            f"nothing was received for upload {upload_id}: PUT the bytes to the grant's url "
            "(with its headers) and wait for a 200 before submitting",
            field,
        )
    size = int(str(head["size"]))
    if size > int(grant["bytes"]):
        raise _refuse(
            "upload_too_large",
            f"upload {upload_id} holds {size:,} bytes, more than the {int(grant['bytes']):,} "
            "granted; request a new grant with the real size (POST /api/v1/uploads) and "
            "upload again",
            field,
        )
    if size == 0:
        raise _refuse(
            "upload_empty", f"upload {upload_id} is empty; upload the log's bytes again", field
        )
    return ReferencedUpload(
        field=field,
        upload_id=upload_id,
        kind=kind,
        source_key=grant["s3_key"],
        received_bytes=size,
        etag=str(head["etag"]),
        content_encoding=str(grant.get("content_encoding") or "identity"),
    )


def _grant_of(upload_id: str) -> dict[str, Any] | None:
    return upload_grants.get(upload_id) if is_upload_id(upload_id) else None


def _unknown_upload(field: str, upload_id: str) -> HttpError:
    """404, as for an unknown paper or run."""
    return HttpError(
        404,
        "upload_unknown",
        f"there is no upload {upload_id[:100]!r} (or it expired): request one with "
        "POST /api/v1/uploads, PUT the log to its url, then submit with its upload_id",
        [{"field": field, "message": "unknown upload"}],
    )


def _grant_problem(
    principal: Principal,
    field: str,
    upload_id: str,
    grant: dict[str, Any] | None,
    reproduction_id: str,
    now: datetime,
) -> HttpError | None:
    kind = REFERENCE_FIELDS[field]
    if grant is None:
        return _unknown_upload(field, upload_id)
    if grant["account_id"] != principal.account_id:
        return _refuse(
            "upload_not_yours",
            f"upload {upload_id} belongs to another account; upload your own log with "
            "POST /api/v1/uploads",
            field,
        )
    if grant["kind"] != kind:
        other = next(f for f, k in REFERENCE_FIELDS.items() if k == grant["kind"])
        return _refuse(
            "upload_wrong_kind",
            f"upload {upload_id} was granted for a {grant['kind']}, not a {kind}: reference it "
            f"as {other}, or request a {kind} upload",
            field,
        )
    if int(grant["expires_at"]) <= int(now.timestamp()):
        return _refuse(
            "upload_expired",
            f"upload {upload_id} was not referenced within "
            f"{REFERENCE_TTL_SECONDS // 3600} h of its grant and has expired; upload again",
            field,
        )
    used_by = grant.get("used_by")
    if used_by and used_by != reproduction_id:
        return _refuse(
            "upload_used",
            f"upload {upload_id} was already used by reproduction {used_by}; an upload is used "
            "by one submission only: upload the log again for a new submission",
            field,
        )
    return None


def explain_cancelled(
    principal: Principal, reference: ReferencedUpload, reproduction_id: str, now: datetime
) -> HttpError:
    """Why the transaction's condition on `reference` failed (read after the fact)."""
    grant = upload_grants.get(reference.upload_id)
    problem = _grant_problem(
        principal, reference.field, reference.upload_id, grant, reproduction_id, now
    )
    if problem is not None:
        return problem
    if grant is not None and reference.received_bytes > int(grant["bytes"]):
        return _refuse(
            "upload_too_large",
            f"upload {reference.upload_id} holds more bytes than granted",
            reference.field,
        )
    return _refuse(  # pragma: no cover - the condition failed, yet every part of it holds now
        "upload_used",
        f"upload {reference.upload_id} was used by another submission meanwhile",
        reference.field,
    )


def copy_referenced(references: list[ReferencedUpload], reproduction_id: str) -> None:
    """Step 3: copy each checked object to the reproduction's key. If an object changed
    since it was checked, release the uploads and refuse (the agent may submit again)."""
    for reference in references:
        try:
            objects.copy(
                reference.source_key,
                reference.target_key(reproduction_id),
                reference.etag,
                CONTENT_TYPES[reference.kind],
            )
        except objects.ObjectChanged:
            for held in references:
                upload_grants.release(held.upload_id, reproduction_id)
            raise HttpError(
                409,
                "upload_changed",
                f"upload {reference.upload_id} changed while the submission was made "
                f"({human_bytes(reference.received_bytes)} were checked); submit again",
                headers={"Retry-After": "1"},
            ) from None
