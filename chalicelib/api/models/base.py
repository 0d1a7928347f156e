"""The base of every response model, and the error body every endpoint may answer with."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> Any:
        """Build from a stored map. Storage leaves out null attributes (chalicelib/db/codec.py),
        so an absent attribute reads as the field's default, or null, never as a missing
        field (rows stored before a field existed read the same way)."""
        values = {
            name: stored.get(name)
            for name, info in cls.model_fields.items()
            if name in stored or info.is_required()
        }
        return cls.model_validate(values)


class ErrorBody(_Out):
    code: str
    message: str
    details: list[Any]


class ErrorResponse(_Out):
    error: ErrorBody
