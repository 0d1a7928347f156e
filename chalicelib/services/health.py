"""What the API depends on, checked live: DynamoDB and the uploads bucket (GET /api/v1/health).

Each check is one cheap call the API's own role may make: a GetItem of a key that never
exists (papers table), and a HeadBucket of the uploads bucket (s3:ListBucket, which the API
holds so that a missing log is a 404). Nothing is written and nothing is cached: a health
check says how things are now.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from chalicelib.db import aws
from chalicelib.db.dynamo import ddb
from chalicelib.db.tables import PAPERS
from chalicelib.settings import get_settings

PROBE_KEY = "health-check-probe"  # never a paper_id (those start with "p" + 16 hex digits)


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    latency_ms: float


def _dynamodb() -> str:
    ddb().get_item(TableName=PAPERS.physical_name(), Key={"paper_id": {"S": PROBE_KEY}})
    return f"table {PAPERS.physical_name()} answers"


def _s3() -> str:
    bucket = get_settings().uploads_bucket
    aws.client("s3").head_bucket(Bucket=bucket)
    return f"bucket {bucket} answers"


PROBES: tuple[tuple[str, Callable[[], str]], ...] = (("dynamodb", _dynamodb), ("s3", _s3))


def check_storage() -> list[Check]:
    from botocore.exceptions import BotoCoreError, ClientError

    checks = []
    for name, probe in PROBES:
        started = time.perf_counter()
        try:
            detail, ok = probe(), True
        except ClientError as exc:
            error = exc.response.get("Error", {})
            detail, ok = f"{error.get('Code', 'error')}: {error.get('Message', '')}".strip(), False
        except BotoCoreError as exc:
            detail, ok = f"{type(exc).__name__}: {exc}", False
        elapsed = round((time.perf_counter() - started) * 1000, 1)
        checks.append(Check(name, ok, detail[:300], elapsed))
    return checks
