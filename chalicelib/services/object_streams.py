"""Uploaded objects read as streams: S3's body in chunks, gunzipped on the fly when the grant
said gzip, never more than a decoded-size cap, never whole; and excerpts (head and tail) of
large logs for the review page. Standard library only (the review page imports it).

The review page never decompresses a gzip log: the validator, which reads every log whole
anyway, keeps its first and last `EXCERPT_BYTES` (decoded) and stores them with its verdict
(`validation.excerpt`), and the page shows those. (Decompressing on the page cost up to 256 MiB
of inflating per log, ten logs a page: a few bombs queued for review slowed every reviewer's
page towards the API's timeout.) A plain log not validated yet is read by two ranged GETs; a
gzip one says it has not been read yet."""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass
from typing import Any

from chalicelib.db import uploads as objects
from chalicelib.domain.uploads import GZIP_MAGIC, MAX_DECODED_BYTES, human_bytes
from chalicelib.errors import StorageUnavailable

CHUNK_BYTES = 256 * 1024
EXCERPT_BYTES = 2_000  # the head and the tail of an uploaded log the review page shows


class UploadUnreadable(Exception):
    """The uploaded object cannot be read as what it claims to be (the message says why)."""


class NotStoredYet(Exception):
    """The object is not in the bucket (yet)."""


@dataclass
class ReadStats:
    sent_bytes: int = 0  # as stored (compressed or not)
    decoded_bytes: int = 0
    units: int = 0  # lines or steps
    keep: int = 0  # how many decoded bytes of the head and the tail to keep (0: none)
    head: bytes = b""
    tail: bytes = b""

    def note(self, data: bytes) -> None:
        """Keep the first and last `keep` decoded bytes."""
        if len(self.head) < self.keep:
            self.head += data[: self.keep - len(self.head)]
        self.tail = (self.tail + data[-self.keep :])[-self.keep :]

    def excerpt(self) -> dict[str, Any]:
        """What `LogExcerpt.stored` reads back: the head and the tail (when the log is longer
        than the two), decoded, and how much lies between them."""
        total = self.decoded_bytes
        if total <= 2 * self.keep:  # all of it: the head and what the tail holds after it
            rest = total - len(self.head)
            whole = self.head + (self.tail[-rest:] if rest > 0 else b"")
            return {"head": _text(whole), "tail": "", "skipped_bytes": 0, "total_bytes": total}
        skipped = total - len(self.head) - len(self.tail)
        return {
            "head": _text(self.head),
            "tail": _text(self.tail),
            "skipped_bytes": skipped,
            "total_bytes": total,
        }

    def describe(self, encoding: str, unit: str) -> str:
        packed = f", {human_bytes(self.decoded_bytes)} decoded" if encoding == "gzip" else ""
        return f"{human_bytes(self.sent_bytes)} as sent{packed}, {self.units:,} {unit}"


class _DecodedReader(io.RawIOBase):
    """The object's bytes, gunzipped when `gzip` (every member), at most `limit` of them."""

    def __init__(self, body: Any, gzip: bool, limit: int, stats: ReadStats) -> None:
        self._body = body
        self._limit = limit
        self._stats = stats
        self._inflate = zlib.decompressobj(wbits=31) if gzip else None
        self._raw = bytes(body.read(CHUNK_BYTES))  # raw bytes not yet decoded
        stats.sent_bytes += len(self._raw)
        self._out = memoryview(b"")  # decoded bytes not yet handed out
        if gzip and self._raw and not self._raw.startswith(GZIP_MAGIC):
            raise UploadUnreadable(
                "the upload was granted as gzip but is not gzip-compressed; request a grant "
                "without content_encoding for plain text, or gzip the file"
            )
        if not gzip and self._raw.startswith(GZIP_MAGIC):
            raise UploadUnreadable(
                "the upload is gzip-compressed but its grant did not say so; request the grant "
                'with content_encoding "gzip"'
            )

    def readable(self) -> bool:
        return True

    def _fill(self) -> bool:
        """Decode more into `_out`; False at the end of the object."""
        while True:
            if not self._raw:
                self._raw = bytes(self._body.read(CHUNK_BYTES))
                self._stats.sent_bytes += len(self._raw)
                if not self._raw:
                    if self._inflate is not None and not self._inflate.eof:
                        raise UploadUnreadable("the gzip data ends early; upload it again")
                    return False
            if self._inflate is None:
                data, self._raw = self._raw, b""
            else:
                data = self._inflate_some()
            if data:
                self._stats.decoded_bytes += len(data)
                if self._stats.keep:
                    self._stats.note(data)
                if self._stats.decoded_bytes > self._limit:
                    raise UploadUnreadable(
                        f"the log is over {human_bytes(self._limit)} once decompressed; split "
                        "or trim it"
                    )
                self._out = memoryview(data)
                return True

    def _inflate_some(self) -> bytes:
        inflate = self._inflate
        assert inflate is not None
        if inflate.eof:  # the next gzip member, or trailing bytes that are not one
            if not self._raw.startswith(GZIP_MAGIC):
                raise UploadUnreadable("the gzip data has trailing garbage; upload it again")
            inflate = self._inflate = zlib.decompressobj(wbits=31)
        try:
            # Bounded output per call: a small, highly compressed input cannot expand at once.
            data = inflate.decompress(self._raw, CHUNK_BYTES * 4)
        except zlib.error as exc:
            raise UploadUnreadable(f"the gzip data is corrupt ({exc}); upload it again") from exc
        self._raw = inflate.unconsumed_tail or inflate.unused_data
        return data

    def readinto(self, buffer: Any) -> int:
        if not self._out and not self._fill():
            return 0
        size = min(len(buffer), len(self._out))
        buffer[:size] = self._out[:size]
        self._out = self._out[size:]
        return size

    def close(self) -> None:
        self._body.close()
        super().close()


def open_decoded(stored: dict[str, Any], kind: str, stats: ReadStats) -> io.BufferedReader:
    """A buffered, decoded stream of an uploaded log (`stored` is what the reproduction item
    records: s3_key, bytes, content_encoding)."""
    opened = objects.open_stream(stored["s3_key"])
    if opened is None:
        raise NotStoredYet(stored["s3_key"])
    body, length = opened
    if length > int(stored["bytes"]):
        body.close()
        raise UploadUnreadable(
            f"the stored log holds {length:,} bytes, more than the {int(stored['bytes']):,} granted"
        )
    gzip = stored.get("content_encoding") == "gzip"
    reader = _DecodedReader(body, gzip, MAX_DECODED_BYTES[kind], stats)
    return io.BufferedReader(reader, CHUNK_BYTES)


# --- excerpts for the review page ------------------------------------------------------------


class LogExcerpt(str):
    """The head and the tail of a large uploaded log (the text is the two joined), and how
    much lies between them."""

    head: str
    tail: str
    skipped_bytes: int
    total_bytes: int  # decoded

    @classmethod
    def of(cls, head: str, tail: str, skipped: int, total: int) -> LogExcerpt:
        joined = head if not tail else f"{head}\n…\n{tail}"
        excerpt = cls(joined)
        excerpt.head, excerpt.tail = head, tail
        excerpt.skipped_bytes, excerpt.total_bytes = skipped, total
        return excerpt

    @classmethod
    def stored(cls, excerpt: dict[str, Any]) -> LogExcerpt:
        """The excerpt the validator stored (`ReadStats.excerpt`)."""
        return cls.of(
            str(excerpt.get("head", "")),
            str(excerpt.get("tail", "")),
            int(excerpt.get("skipped_bytes", 0)),
            int(excerpt.get("total_bytes", 0)),
        )


def log_excerpt(
    stored: dict[str, Any], validation: dict[str, Any] | None = None
) -> LogExcerpt | None:
    """The first and last `EXCERPT_BYTES` of an uploaded run log, decoded: what the validator
    stored when it read the log; before that, two ranged GETs of a plain log. None for a gzip
    log the validator has not read (never decompressed here), and when the object is missing
    or S3 failed (the page says so)."""
    if validation and isinstance(validation.get("excerpt"), dict):
        return LogExcerpt.stored(validation["excerpt"])
    if stored.get("content_encoding") == "gzip":
        return None
    try:
        return _plain_excerpt(stored, EXCERPT_BYTES, EXCERPT_BYTES)
    except (NotStoredYet, StorageUnavailable):
        return None


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _plain_excerpt(stored: dict[str, Any], head_bytes: int, tail_bytes: int) -> LogExcerpt:
    total = int(stored["bytes"])
    if total <= head_bytes + tail_bytes:
        opened = objects.open_stream(stored["s3_key"])
        if opened is None:
            raise NotStoredYet(stored["s3_key"])
        body, _ = opened
        return LogExcerpt.of(_text(body.read(total)), "", 0, total)
    head = objects.open_stream(stored["s3_key"], f"bytes=0-{head_bytes - 1}")
    tail = objects.open_stream(stored["s3_key"], f"bytes=-{tail_bytes}")
    if head is None or tail is None:
        raise NotStoredYet(stored["s3_key"])
    return LogExcerpt.of(
        _text(head[0].read()), _text(tail[0].read()), total - head_bytes - tail_bytes, total
    )
