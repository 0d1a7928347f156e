"""Response models of the API's index and health check (chalicelib/api/meta.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from chalicelib.api.models.base import _Out


class IndexView(_Out):
    name: str
    openapi: str
    docs: str = Field(description="Interactive documentation (Swagger UI)")
    health: str
    examples: list[str]


class HealthCheckView(_Out):
    name: Literal["dynamodb", "s3"]
    ok: bool
    detail: str
    latency_ms: float


class HealthView(_Out):
    status: Literal["ok"]
    checks: list[HealthCheckView]
