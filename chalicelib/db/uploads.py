"""The uploads bucket: pasted run output and replay logs. Each object-created event goes to
the validator queue (S3 -> SQS -> Lambda)."""

from __future__ import annotations

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
