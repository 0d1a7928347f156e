"""The uploads bucket: pasted run output and replay logs. Each object-created event goes to
the validator queue (S3 -> SQS -> Lambda)."""

from __future__ import annotations

from typing import Any

from chalicelib.db import aws
from chalicelib.db.dynamo import storage_errors
from chalicelib.settings import get_settings


def run_log_key(reproduction_id: str, extension: str = "txt") -> str:
    return f"runlogs/{reproduction_id}.{extension}"


def replay_log_key(reproduction_id: str) -> str:
    return f"replays/{reproduction_id}.json"


def put_text(key: str, text: str, content_type: str = "text/plain; charset=utf-8") -> None:
    with storage_errors("S3 PutObject"):
        aws.client("s3").put_object(
            Bucket=get_settings().uploads_bucket,
            Key=key,
            Body=text.encode("utf-8"),
            ContentType=content_type,
        )


def get_text(key: str) -> str | None:
    from botocore.exceptions import ClientError

    with storage_errors("S3 GetObject"):
        try:
            body = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket, Key=key)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                return None
            raise
        return str(body["Body"].read().decode("utf-8"))


# --- uploads sent straight to S3 (presigned PUTs, see chalicelib/services/uploads.py) ---------


def presigned_put(key: str, content_length: int, expires_in: int) -> str:
    """A URL that accepts one PUT of exactly `content_length` bytes to `key` (the length is
    signed: S3 refuses any other). Signing makes no AWS call."""
    url: str = aws.s3_presigner().generate_presigned_url(
        "put_object",
        Params={
            "Bucket": get_settings().uploads_bucket,
            "Key": key,
            "ContentLength": content_length,
        },
        ExpiresIn=expires_in,
        HttpMethod="PUT",
    )
    return url


def head(key: str) -> dict[str, object] | None:
    """`{"size", "etag"}` of an object, or None when there is none."""
    from botocore.exceptions import ClientError

    with storage_errors("S3 HeadObject"):
        try:
            meta = aws.client("s3").head_object(Bucket=get_settings().uploads_bucket, Key=key)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404", "NotFound"):
                return None
            raise
    return {"size": int(meta["ContentLength"]), "etag": str(meta["ETag"])}


class ObjectChanged(Exception):
    """The source object is no longer the one that was checked (its ETag moved)."""


def copy(source_key: str, target_key: str, etag: str, content_type: str) -> None:
    """Server-side copy of exactly the checked version of `source_key` (If-Match its ETag)."""
    from botocore.exceptions import ClientError

    bucket = get_settings().uploads_bucket
    with storage_errors("S3 CopyObject"):
        try:
            aws.client("s3").copy_object(
                Bucket=bucket,
                Key=target_key,
                CopySource={"Bucket": bucket, "Key": source_key},
                CopySourceIfMatch=etag,
                ContentType=content_type,
                MetadataDirective="REPLACE",
            )
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code")
            if code in ("PreconditionFailed", "412", "NoSuchKey", "404"):
                raise ObjectChanged(source_key) from exc
            raise


def open_stream(key: str, byte_range: str | None = None) -> tuple[Any, int] | None:
    """The object's body as a stream (read in chunks, never whole) and its length; None if
    there is no such object."""
    from botocore.exceptions import ClientError

    kwargs = {"Bucket": get_settings().uploads_bucket, "Key": key}
    if byte_range:
        kwargs["Range"] = byte_range
    with storage_errors("S3 GetObject"):
        try:
            response = aws.client("s3").get_object(**kwargs)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                return None
            raise
    return response["Body"], int(response["ContentLength"])
