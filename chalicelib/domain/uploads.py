"""Upload grants (large run logs and replay logs sent straight to S3): kinds, size limits and
object keys. Pure rules; the service is chalicelib/services/uploads.py.

Decisions:
- Limits are on the bytes *as sent*: 50 MiB for a run log, 200 MiB for a replay log, gzip
  allowed for both (`content_encoding: "gzip"`). Decoded, a log may be larger, up to
  `MAX_DECODED_BYTES` (a gzip bomb stops there and fails its check, saying so).
- The granted size is the most the URL accepts: S3 enforces it through the signed
  Content-Length, and the server checks it again (HeadObject at submission, the object's
  length in the validator), because an emulator (moto) does not enforce signed lengths.
- Objects are received under `uploads/`, which a lifecycle rule empties after a day; a
  submission that references an upload copies it under `runlogs/` or `replays/` (the keys
  of inline logs), so the validated and reviewed bytes are fixed at submission, and an
  upload nobody referenced disappears on its own.
"""

from __future__ import annotations

import re
import secrets
from typing import Literal

UploadKind = Literal["run_log", "replay_log"]
ContentEncoding = Literal["identity", "gzip"]

MiB = 1024 * 1024
MAX_UPLOAD_BYTES: dict[str, int] = {"run_log": 50 * MiB, "replay_log": 200 * MiB}
# Decoded (gunzipped) sizes the validator reads at most.
MAX_DECODED_BYTES: dict[str, int] = {"run_log": 256 * MiB, "replay_log": 1024 * MiB}
MAX_UPLOADED_STEPS = 1_000_000

URL_TTL_SECONDS = 3600  # the presigned PUT must be started within an hour
REFERENCE_TTL_SECONDS = 24 * 3600  # and the upload referenced by a submission within a day
UPLOADS_PREFIX = "uploads/"
LIFECYCLE_DAYS = 1  # S3 removes what is left under uploads/ after a day

UPLOAD_ID_PATTERN = r"^u[0-9a-f]{24}$"
_UPLOAD_ID = re.compile(UPLOAD_ID_PATTERN)
GZIP_MAGIC = b"\x1f\x8b"


def new_upload_id() -> str:
    return "u" + secrets.token_hex(12)


def is_upload_id(value: str) -> bool:
    return bool(_UPLOAD_ID.fullmatch(value))


def upload_key(upload_id: str) -> str:
    """Where the agent's PUT lands."""
    return f"{UPLOADS_PREFIX}{upload_id}"


def size_problem(kind: str, size: int) -> str | None:
    """Why `size` bytes of `kind` cannot be granted (None: it can)."""
    limit = MAX_UPLOAD_BYTES[kind]
    if size > limit:
        what = "run logs" if kind == "run_log" else "replay logs"
        return (
            f"{what} are at most {limit // MiB} MiB ({limit:,} bytes) as sent; this one would be "
            f'{size:,} bytes: compress it with gzip (send content_encoding "gzip") or trim it'
        )
    return None


def human_bytes(size: int) -> str:
    if size >= MiB:
        return f"{size / MiB:,.1f} MiB"
    if size >= 1024:
        return f"{size / 1024:,.1f} KiB"
    return f"{size:,} bytes"
