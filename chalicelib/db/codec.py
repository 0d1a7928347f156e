"""Plain dicts <-> DynamoDB attribute maps.

boto3 rejects floats, so numbers are stored as `Decimal(str(x))`; reading turns integral
Decimals back into int and the rest into float.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

# DynamoDB numbers: magnitudes from 1e-130 to below 1e126 (and 0); boto3 refuses others.
STORABLE_MIN, STORABLE_MAX = 1e-130, 1e125


def is_storable_number(value: float) -> bool:
    """Whether DynamoDB can store `value` (0, or a magnitude within 1e-130 .. 1e125)."""
    return value == 0 or STORABLE_MIN <= abs(value) <= STORABLE_MAX


def _to_storable(value: Any) -> Any:
    if isinstance(value, float):
        return Decimal(str(value))
    if isinstance(value, dict):
        return {k: _to_storable(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_to_storable(v) for v in value]
    return value


def _from_stored(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: _from_stored(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_from_stored(v) for v in value]
    if isinstance(value, set):
        return sorted(_from_stored(v) for v in value)
    return value


def to_item(data: dict[str, Any]) -> dict[str, Any]:
    """A dict -> DynamoDB item. None-valued attributes are left out (absent == null)."""
    from boto3.dynamodb.types import TypeSerializer

    serializer = TypeSerializer()
    return {k: serializer.serialize(_to_storable(v)) for k, v in data.items() if v is not None}


def to_value(value: Any) -> dict[str, Any]:
    from boto3.dynamodb.types import TypeSerializer

    return dict(TypeSerializer().serialize(_to_storable(value)))


def from_item(item: dict[str, Any]) -> dict[str, Any]:
    from boto3.dynamodb.types import TypeDeserializer

    deserializer = TypeDeserializer()
    return {k: _from_stored(deserializer.deserialize(v)) for k, v in item.items()}
