"""Strict JSON parsing for request bodies (PLATFORM_NOTES: json.loads accepts NaN, and
Chalice's json_body turns deep nesting into a 500)."""

from __future__ import annotations

import json
from typing import Any

from chalicelib.errors import InvalidRequest

MAX_DEPTH = 32
TOO_LARGE = "an integer in the body is too large (limit 2^53)"


class BodyError(InvalidRequest):
    code = "invalid_json"


def _reject_constant(name: str) -> Any:
    raise BodyError(f"{name} is not valid JSON; send finite numbers only")


def _parse_int(digits: str) -> int:
    """Past 16 digits an integer is over 2^53 whatever they are; refused before Python
    converts it (past 4,300 digits int() raises an error that told the client to call
    sys.set_int_max_str_digits())."""
    if len(digits.lstrip("-")) > len(str(2**53)):
        raise BodyError(TOO_LARGE)
    return int(digits)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BodyError(f"duplicate key '{key[:50]}' in the JSON body; send each field once")
        out[key] = value
    return out


def _depth_ok(text: str) -> bool:
    """Bracket depth outside strings, without recursion."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_json_body(raw: bytes | str | None) -> Any:
    if not raw:
        raise BodyError("the request body is empty; send a JSON object")
    if isinstance(raw, str):
        raw = raw.encode("utf-8", errors="surrogatepass")
    try:
        text = raw.decode("utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        raise BodyError("the request body is not UTF-8") from exc
    if not _depth_ok(text):
        raise BodyError(f"the JSON body is nested deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            object_pairs_hook=_no_duplicates,
        )
    except BodyError:
        raise
    except (ValueError, RecursionError) as exc:
        raise BodyError(f"the request body is not valid JSON: {str(exc)[:120]}") from exc
    _check_numbers_and_strings(value)
    return value


def _check_numbers_and_strings(value: Any) -> None:
    """Reject 1e400 (parsed as inf), integers too large to be meaningful, lone surrogates."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and (item != item or item in (float("inf"), float("-inf"))):
            raise BodyError("a number in the body is out of range; send finite numbers only")
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > 2**53:
            raise BodyError(TOO_LARGE)
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise BodyError("a string in the body contains a lone surrogate") from exc
        elif isinstance(item, dict):
            for key in item:
                stack.append(key)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
