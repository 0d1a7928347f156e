"""Open a Papers-with-Code dump file as a list of records, or say clearly why it cannot be.

The dumps are published gzipped (`evaluation-tables.json.gz`, ...) and copies of them circulate
as JSON Lines: both are read as they are, next to plain JSON arrays. A file that is not JSON,
not UTF-8, cut short, or another dump than the one its flag names (the papers file passed as
`--links`, say) raises `DumpFileError` naming the file and what to do; `ingest` parses every
file before it writes anything, so a bad file leaves the table as it was.

Parsing is Python's `json`, not a streaming parser: the dumps were written by Python, whose
`json.dump` writes `NaN`, `Infinity` and numbers past a double's range, which `ijson` refuses.
"""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path
from typing import Any, Literal

from chalicelib.errors import DomainError

Kind = Literal["evaluation-tables", "links", "papers"]

# The keys that tell each dump's records apart (any one of them is enough), and its flag.
_KINDS: dict[Kind, tuple[frozenset[str], str, str]] = {
    "evaluation-tables": (
        frozenset({"task", "datasets", "subtasks"}),
        "--evaluation-tables",
        "evaluation-tables.json",
    ),
    "links": (
        frozenset({"repo_url", "paper_arxiv_id", "mentioned_in_github"}),
        "--links",
        "links-between-papers-and-code.json",
    ),
    "papers": (
        frozenset({"title", "abstract", "arxiv_id", "authors"}),
        "--papers",
        "papers-with-abstracts.json",
    ),
}
_GZIP_MAGIC = b"\x1f\x8b"


class DumpFileError(DomainError):
    code = "invalid_dump_file"


def read_records(path: Path, kind: Kind) -> list[Any]:
    """The file's records: the items of its top-level JSON array, or one per line of JSON
    Lines (or the one top-level object). Gzip is recognised by its magic bytes."""
    text = _text(path)
    start = text.lstrip()[:1]
    if start == "[":
        records = _loads(path, text)
    elif start == "{":
        records = _json_lines(path, text)
    elif not start:
        raise DumpFileError(f"{path}: the file is empty; nothing was ingested")
    else:
        raise DumpFileError(
            f"{path}: not a Papers-with-Code dump (a JSON array or JSON Lines; it starts with "
            f"{text.lstrip()[:20]!r}); nothing was ingested"
        )
    _check_kind(path, kind, records)
    return records


def _text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == _GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as exc:
            raise DumpFileError(
                f"{path}: a gzip file that cannot be read to its end ({exc}); download it "
                "again; nothing was ingested"
            ) from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DumpFileError(
            f"{path}: not UTF-8 text (byte {exc.start}); the dumps are UTF-8 JSON, gzipped or "
            "not; nothing was ingested"
        ) from exc


def _loads(path: Path, text: str, line: int | None = None) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {line}" if line is not None else f"line {exc.lineno}, column {exc.colno}"
        raise DumpFileError(
            f"{path}: invalid JSON at {where}: {exc.msg} (a file cut short by an interrupted "
            "download ends like this); nothing was ingested"
        ) from exc


def _json_lines(path: Path, text: str) -> list[Any]:
    try:
        return [json.loads(text)]  # one object, however it is laid out
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            raise DumpFileError(
                f"{path}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}; "
                "nothing was ingested"
            ) from exc
    return [
        _loads(path, line, number)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]


def _check_kind(path: Path, kind: Kind, records: list[Any]) -> None:
    """The first record that is an object must carry one of its dump's keys; when it carries
    another dump's, say which flag the file belongs to."""
    first = next((r for r in records if isinstance(r, dict)), None)
    if first is None:
        if records:
            raise DumpFileError(f"{path}: its records are not JSON objects; nothing was ingested")
        return  # an empty array: nothing to ingest, nothing wrong
    keys, _, name = _KINDS[kind]
    if keys & first.keys():
        return
    for other, (other_keys, flag, other_name) in _KINDS.items():
        if other != kind and other_keys & first.keys():
            raise DumpFileError(
                f"{path}: this looks like {other_name}, not {name}: pass it with {flag}; "
                "nothing was ingested"
            )
    shown = ", ".join(sorted(first)[:8]) or "none"
    raise DumpFileError(
        f"{path}: not {name}: its first record has none of its fields (it has: {shown}); "
        "nothing was ingested"
    )
