"""Field types of the API models: vocabularies (Literal), constrained text, numbers and ids,
and the regular expressions the OpenAPI document states for them (the validators give the
messages)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints, WithJsonSchema
from pydantic.json_schema import SkipJsonSchema

from chalicelib.db.codec import STORABLE_MAX, STORABLE_MIN, is_storable_number
from chalicelib.domain.replay import integral_float_to_int
from chalicelib.domain.text import clean_text, refused_class, workspace_path


def _written_in_digits(pattern: str, example: str) -> Any:
    """A query-string number as JSON writes it: pydantic's lax parsing also took '1_0' (10),
    '+5' and ' 5 ' (Python's int() and float() syntax)."""
    compiled = re.compile(pattern)

    def check(value: Any) -> Any:
        if isinstance(value, str) and not compiled.fullmatch(value):
            raise ValueError(f"write the number in ASCII digits as JSON does, e.g. {example}")
        return value

    return BeforeValidator(check)


# Markers for query-string numbers, outside any `| None` (`Annotated[int | None, IN_DIGITS]`),
# where the Field's bounds still apply and show: a whole number (JSON Schema's integer: 20 or
# 20.0), and a number in JSON's syntax.
IN_DIGITS = _written_in_digits(r"-?[0-9]+(?:\.0+)?", "20")
IN_JSON_NUMBER = _written_in_digits(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?", "2.5")

Verification = Literal["unverified", "agent_pending", "community_verified", "disputed"]
# A task or dataset name to look up. Any text: one that slugs to nothing (no letters or
# digits) names no task, and finds nothing. Not stripped: the length is that of what was sent.
Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]
# What the server accepts as a paper reference (documented in the OpenAPI document; the check
# itself is chalicelib.services.papers.resolve_paper_id, which also accepts arxiv.org URLs).
# arXiv's scheme: YYMM.NNNN from 0704 to 1412, YYMM.NNNNN from 1501; versions from v1.
# ASCII digits, spelled [0-9]: Python's \d (which the fuzz tests read it with) takes any.
PAPER_REFERENCE_PATTERN = (
    r"^(?:(?:arXiv:)?(?:(?:07(?:0[4-9]|1[0-2])|(?:0[89]|1[0-4])(?:0[1-9]|1[0-2]))\.[0-9]{4}"
    r"|(?:1[5-9]|[2-9][0-9])(?:0[1-9]|1[0-2])\.[0-9]{5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/[0-9]{7})"
    r"(?:v[1-9][0-9]{0,3})?|p[0-9a-f]{16})$"
)
PaperReference = Annotated[
    str,
    StringConstraints(min_length=1, max_length=200),
    Field(json_schema_extra={"pattern": PAPER_REFERENCE_PATTERN}),
]


RowStatus = Literal["reproduced", "contested", "not_reproduced", "untested"]


def _storable(value: float) -> float:
    if not is_storable_number(value):
        raise ValueError(
            f"must be 0 or have a magnitude between {STORABLE_MIN:g} and {STORABLE_MAX:g}"
        )
    return value


# A finite number the ledger can store (DynamoDB's range), documented as such.
MetricValue = Annotated[
    float,
    Field(strict=True, allow_inf_nan=False),
    AfterValidator(_storable),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "number", "minimum": STORABLE_MIN, "maximum": STORABLE_MAX},
                {"type": "number", "minimum": -STORABLE_MAX, "maximum": -STORABLE_MIN},
                {"const": 0},
            ]
        }
    ),
]
# An allow-listed log URL, as chalicelib.domain.urls.canonical_log_url checks it: https, an
# exact host of the allow-list, then a path, query or fragment of visible ASCII (no backslash).
LOG_URL_PATTERN = (
    r"^https://(?:github\.com|gist\.github\.com|wandb\.ai|colab\.research\.google\.com|"
    r"huggingface\.co)(?:[/?#][!#-&(-;=?-\[\]^_a-z|~]*)?$"
)
# Pasted output: no NUL, and not only whitespace (Python's str.isspace, spelled out so that
# every regex dialect reads it the same).
WHITESPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
RUN_LOG_PATTERN = rf"^[^\x00]*[^\x00{WHITESPACE}][^\x00]*$"

NotNull = SkipJsonSchema[None]  # None is the default only: the schema shows no null
RunLogText = Annotated[str, StringConstraints(min_length=1, max_length=10_000)]


UploadId = Annotated[
    str,
    StringConstraints(pattern=r"^u[0-9a-f]{24}$"),
    Field(examples=["u0123456789abcdef01234567"]),
]
StrictTier = Annotated[int, Field(strict=True, ge=1, le=3), BeforeValidator(integral_float_to_int)]


def _max_length(limit: int) -> Any:
    def check(text: str) -> str:
        if len(text) > limit:  # NFKC can lengthen text ("ﷺ" is 18 characters)
            raise ValueError(f"is {len(text)} characters after normalisation; at most {limit}")
        return text

    return AfterValidator(check)


def _clean_line(value: str) -> str:
    return clean_text(value)


def _clean_lines(value: str) -> str:
    return clean_text(value, multiline=True)


# Free text (README "Text"): NFKC-normalised and trimmed; zero-width, bidi and other invisible
# characters, NUL and control characters refused (422 naming the field); not only whitespace.
# The OpenAPI document states the same rule as a pattern (the validators give the message).
_REFUSED = refused_class()
_REFUSED_BUT_BREAKS = refused_class(allow="\t\n\r")
# (whitespace around the text is trimmed first, so any may surround it)


def _text_pattern(refused: str, first: str = "") -> str:
    inner = f"[^{refused}{WHITESPACE}]"
    head = f"[^{refused}{WHITESPACE}{first}]"
    return rf"^[{WHITESPACE}]*{head}(?:[^{refused}]*{inner})?[{WHITESPACE}]*$"


TEXT_PATTERN = _text_pattern(_REFUSED)
MULTILINE_TEXT_PATTERN = _text_pattern(_REFUSED_BUT_BREAKS)
# Relative paths also may not start with "/", "\\" or "~" (nor name a drive or climb with "..").
PATH_PATTERN = _text_pattern(_REFUSED, first="/\\\\~")
ShortText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=200),
    AfterValidator(_clean_line),
    _max_length(200),
    Field(json_schema_extra={"pattern": TEXT_PATTERN}),
]
HardwareText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=500),
    AfterValidator(_clean_line),
    _max_length(500),
    Field(json_schema_extra={"pattern": TEXT_PATTERN}),
]
EvidenceText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=2000),
    AfterValidator(_clean_lines),
    _max_length(2000),
    Field(json_schema_extra={"pattern": MULTILINE_TEXT_PATTERN}),
]
# A path relative to the run's workspace: not absolute, no drive, no "~", no ".." segment.
RelativePath = Annotated[
    str,
    StringConstraints(min_length=1, max_length=500),
    AfterValidator(workspace_path),
    _max_length(500),
    Field(json_schema_extra={"pattern": PATH_PATTERN}),
]
# Server-issued ids: letters, digits, "-" and "_".
IdText = Annotated[
    str, StringConstraints(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")
]
